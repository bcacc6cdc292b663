"""``analyze`` / ``compare --threat FILE:UNIT [--bonus B]``: an enemy unit of a team file as the
threat (docs/rules.md D21), whole and with full magazines."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from builder.systems.laminim.derive import find_threat, threat_spec, unit_spec
from builder.systems.laminim.legality import resolve_unit
from builder.systems.laminim.rules import UnitState, state_odds, survival, unit_threat
from builder.systems.laminim.team import Unit

ROOT = Path(__file__).parents[4]
MINE = ROOT / "examples" / "laminim" / "my_team.yaml"
RIVALS = ROOT / "examples" / "laminim" / "rivals.yaml"


def spec(catalog, frame, *weapons):
    return unit_spec(resolve_unit(Unit(name=frame, frame=frame, weapons=list(weapons)), catalog))


def test_an_enemy_unit_threat_is_the_rules_cores_unit_threat(cli, catalog):
    result = cli("analyze", MINE, "--unit", "Bulwark", "--threat", f"{RIVALS}:Wren", "--json")
    assert result.code == 0, result.err
    data = json.loads(result.out)
    assert data["threat"] == f"{RIVALS}:Wren"
    bulwark = spec(catalog, "bastion", "gatling", "missile", "missile")
    wren = spec(catalog, "striker", "machine-gun", "rocket")
    expected = survival(bulwark, unit_threat(wren, 2), 6)
    got = data["units"][0]["rounds"]
    for mine, want in zip(got, expected.rounds, strict=True):
        assert mine["alive"] == want.alive
        assert mine["expected_remaining"] == want.expected_remaining
        assert mine["cook_off"] == want.cook_off


def test_the_enemy_fires_while_its_ammo_lasts_and_bonus_shapes_its_dice(catalog):
    threat = find_threat(f"{RIVALS}:Wren", catalog, 4)
    # machine gun: 12 ammo at 2 an attack = 6 rounds; rocket pod: 4 ammo at 1 = 4 rounds
    assert [(a.weapon, a.bonus, a.rounds) for a in threat.attacks] == [
        ("machine-gun", 4, 6),
        ("rocket", 0, 4),
    ]
    rook = find_threat(f"{RIVALS}:rook", catalog)  # names match whatever the case
    assert [a.weapon for a in rook.attacks] == ["gatling", "machine-gun"]  # a shield never fires
    spec_ = threat_spec(rook, catalog)
    assert [a.bonus for a in spec_.attacks] == [2, 2]


def test_an_enemy_unit_is_d21_full_health_before_round_one(catalog):
    """`analyze --threat FILE:UNIT` is the play mode's odds of a whole unit in round 1."""
    bulwark = spec(catalog, "bastion", "gatling", "missile", "missile")
    threat = threat_spec(find_threat(f"{RIVALS}:Heron", catalog), catalog)
    odds = state_odds(bulwark, UnitState.full(bulwark), threat, 1)
    assert odds.survival == survival(bulwark, threat, 6)


def test_compare_takes_an_enemy_unit(cli):
    args = ("compare", f"{MINE}:Kestrel", f"{MINE}:Swallow", "--threat", f"{RIVALS}:Rook")
    result = cli(*args, "--rounds", "3")
    assert result.code == 0, result.err
    assert "Rook (rivals.yaml, bonus 2)" in result.out
    data = json.loads(cli(*args, "--json", "--bonus", "3").out)
    assert data["threat"] == f"{RIVALS}:Rook"


def test_analyze_text_names_the_enemy_and_its_magazines(cli):
    result = cli(
        "analyze", MINE, "--unit", "Kestrel", "--threat", f"{RIVALS}:Wren", "--rounds", "2"
    )
    assert result.code == 0
    assert "Wren (rivals.yaml, bonus 2)" in result.out
    assert "rocket (rounds 1-4)" in result.out.replace("\n  ", " ")
    ja = cli("analyze", MINE, "--unit", "Kestrel", "--threat", f"{RIVALS}:Wren", "--lang", "ja")
    assert "ロケット（ラウンド 1〜4）" in ja.out.replace("\n  ", "")


@pytest.mark.parametrize(
    ("threat", "extra", "words"),
    [
        (f"{RIVALS}:Nobody", (), "no unit named 'Nobody'"),
        ("rifle-duel", ("--bonus", "3"), "--bonus is the bonus of an enemy unit"),
        (None, ("--bonus", "3"), "--bonus is the bonus of an enemy unit"),
        (
            str(ROOT / "parts_catalog" / "artifact" / "demo_force.yaml") + ":Nightingale",
            (),
            "needs a LAMINIM team file",
        ),
        (str(ROOT / "missing.yaml") + ":Rook", (), "missing.yaml"),
    ],
)
def test_bad_enemy_threats_exit_2_with_a_reason(cli, threat, extra, words):
    args = ["analyze", str(MINE), *extra]
    if threat is not None:
        args += ["--threat", threat]
    result = cli(*args)
    assert result.code == 2
    assert words in result.err
    assert "Traceback" not in result.err


def test_bad_enemy_threat_reasons_in_japanese(cli):
    result = cli("analyze", MINE, "--threat", "rifle-duel", "--bonus", "3", "--lang", "ja")
    assert result.code == 2
    assert "敵機体の修正" in result.err
    out = cli("analyze", MINE, "--threat", f"{RIVALS}:Nobody", "--lang", "ja")
    assert out.code == 2 and "Nobody" in out.err and "no unit" not in out.err


def test_bonus_out_of_range_is_refused(cli):
    with pytest.raises(SystemExit) as exc:  # argparse's own refusal, exit 2
        cli("analyze", MINE, "--threat", f"{RIVALS}:Rook", "--bonus", "9")
    assert exc.value.code == 2
