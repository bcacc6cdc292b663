"""``laminim check / parts / analyze / odds`` for artifact: exit codes, every reason, JSON shapes,
and numbers that agree with the independent reference of the rules tests to 1e-9."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest

from builder.cli import main

from .conftest import CATALOG_DIR
from .rules import independent as ref
from .rules.test_survival import reference_rounds

FORCES = Path(__file__).with_name("forces")
DEMO = CATALOG_DIR / "demo_force.yaml"
MS = ("nightingale", "rick-dias", "hi-nu-gundam", "byalant-custom")
SHIPS = ("rewloola", "ra-cailum")


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def run_json(capsys, *argv: str) -> dict:
    code, out, err = run(capsys, *argv, "--json")
    assert code == 0, err
    return json.loads(out)


# --- check ------------------------------------------------------------------------------------


def test_legal_force_checks_0(capsys):
    code, out, err = run(capsys, "check", DEMO)
    assert code == 0
    assert "Sleeves vanguard: LEGAL (0 errors, 0 warnings)" in out
    assert "ナイチンゲール" not in out and "Nightingale" in out
    assert err == ""


def test_illegal_force_exits_1_with_every_reason_at_its_line(capsys):
    path = FORCES / "illegal.yaml"
    code, out, err = run(capsys, "check", path)
    assert code == 1
    assert "ILLEGAL (4 errors" in out
    lines = err.strip().splitlines()
    assert lines == [
        f"{path}:5:26: ship.type: nightingale is an MS, not a battleship",
        f"{path}:7:3: units: a force needs at least 3 MS, this one has 2",
        f"{path}:8:12: units[1].name: unit name 'Rick Dias' is already used by units[0]; "
        "names must be unique",
        f"{path}:9:26: units[2].type: ra-cailum is a battleship; a force has exactly one, "
        "under 'ship'",
    ]


def test_broken_force_exits_2_with_lines_and_did_you_mean(capsys):
    path = FORCES / "broken.yaml"
    code, _, err = run(capsys, "check", path)
    assert code == 2
    lines = err.strip().splitlines()
    assert len(lines) == 4
    assert lines[0].startswith(
        f"{path}:4:26: ship.type: unknown battleship 'rewlola' (did you mean 'Rewloola'?)"
    )
    assert lines[1].startswith(
        f"{path}:7:29: units[1].type: unknown MS 'rick-dais' (did you mean 'Rick Dias'?)"
    )
    assert lines[2] == f"{path}:8:5: units[2].name: required field is missing"
    allowed = "allowed here: name, name_ja, type"
    assert lines[3] == f"{path}:9:51: units[3].colour: unknown field; {allowed}"
    assert "Traceback" not in err


def test_more_ms_than_capacity_is_a_warning_not_an_error(capsys):
    code, out, _ = run(capsys, "check", FORCES / "crowded.yaml")
    assert code == 0
    assert "13 MS but ra-cailum carries 12" in out
    data = run_json(capsys, "check", FORCES / "crowded.yaml")
    assert data["legal"] is True and data["errors"] == []
    assert data["warnings"][0]["severity"] == "warning"


def test_check_json_lists_the_ship_and_units(capsys):
    code, out, _ = run(capsys, "check", FORCES / "illegal.yaml", "--json")
    assert code == 1
    data = json.loads(out)
    assert data["legal"] is False
    assert data["ship"] == {"name": "Flag", "type": "nightingale", "kind": "ms"}
    assert [u["kind"] for u in data["units"]] == ["ms", "ms", "ship"]
    assert {e["field"] for e in data["errors"]} == {
        "ship.type",
        "units",
        "units[1].name",
        "units[2].type",
    }


def test_a_file_without_ship_or_units_lists_both(tmp_path, capsys):
    path = tmp_path / "f.yaml"
    path.write_text("system: artifact\nname: Empty\n", encoding="utf-8")
    code, _, err = run(capsys, "check", path)
    assert code == 2
    assert "ship: required field is missing" in err
    assert "units: required field is missing" in err


def test_a_broken_catalog_is_reported_at_its_file_and_line(tmp_path, capsys):
    for f in CATALOG_DIR.glob("*.yaml"):
        (tmp_path / f.name).write_text(f.read_text(encoding="utf-8"), encoding="utf-8")
    threats = tmp_path / "threats.yaml"
    threats.write_text(
        threats.read_text(encoding="utf-8").replace("weapon: fin-funnel", "weapon: fin-funel", 1),
        encoding="utf-8",
    )
    code, _, err = run(capsys, "check", DEMO, "--catalog", tmp_path)
    assert code == 2
    assert f"{threats}:" in err
    assert (
        "threats[0].attacks[0].weapon: hi-nu-gundam has no weapon 'fin-funel' "
        "(did you mean 'Fin funnel'?)" in err
    )


# --- parts ------------------------------------------------------------------------------------


def test_parts_json_has_the_design_shape(capsys):
    data = run_json(capsys, "parts", "--system", "artifact")
    assert set(data) == {"mobile_suits", "ships", "threats", "version", "digest"}
    assert [m["id"] for m in data["mobile_suits"]] == list(MS)
    assert [s["id"] for s in data["ships"]] == list(SHIPS)
    suit = data["mobile_suits"][0]
    assert set(suit) == {"id", "name", "name_ja", "move", "hp", "propellant", "weapons"}
    assert set(data["ships"][0]) == {"id", "name", "name_ja", "move", "hp", "capacity", "weapons"}
    assert set(suit["weapons"][0]) == {
        "id",
        "name",
        "name_ja",
        "range",
        "attacks",
        "to_hit_ms",
        "to_hit_ship",
        "damage",
    }
    assert suit["name_ja"] == "ナイチンゲール"
    assert suit["weapons"][1] == {
        "id": "funnel",
        "name": "Funnel",
        "name_ja": "ファンネル",
        "range": 20,
        "attacks": 3,
        "to_hit_ms": 3,
        "to_hit_ship": 3,
        "damage": 2,
    }


def test_parts_text_lists_every_unit_and_weapon(capsys):
    code, out, _ = run(capsys, "parts", "--system", "artifact")
    assert code == 0
    for word in (
        "ナイチンゲール",
        "バイアランカスタム",
        "ラーカイラム",
        "mega-particle-cannon",
        "hi-nu-fin-funnels (default)",
    ):
        assert word in out


# --- odds -------------------------------------------------------------------------------------


def test_seed_example_nightingale_funnel_minus_one(capsys):
    """Seed ②: the funnels at the ship get -1 for the enemy MS at 9 cm (3+ needs a 4)."""
    data = run_json(
        capsys,
        "odds",
        "--system",
        "artifact",
        "--attacker",
        "nightingale",
        "--weapon",
        "funnel",
        "--target",
        "ra-cailum",
        "--near",
        "1",
    )
    assert data["p_hit"] == 0.5
    assert data["p_evade"] is None
    assert data["hits"] == pytest.approx([1 / 8, 3 / 8, 3 / 8, 1 / 8], abs=1e-12)
    assert data["expected_damage"] == pytest.approx(3.0, abs=1e-12)
    assert data["p_kill"] == 0.0


def test_odds_json_keys_are_the_design_ones(capsys):
    data = run_json(
        capsys,
        "odds",
        "--system",
        "artifact",
        "--attacker",
        "hi-nu-gundam",
        "--weapon",
        "fin-funnel",
        "--target",
        "nightingale",
        "--evade",
        "--evade-near",
        "1",
        "--target-hp",
        "3",
    )
    assert list(data) == ["p_hit", "p_evade", "hits", "expected_damage", "p_kill"]
    assert data["p_evade"] == pytest.approx(1 / 3)
    # two dice at 2/3, each hit cancelled on 5+: a hit lands with 2/3 * 2/3 = 4/9
    q = 4 / 9
    assert data["p_kill"] == pytest.approx(1 - (1 - q) ** 2, abs=1e-12)


@pytest.mark.parametrize(("attacker", "target"), list(itertools.product(MS + SHIPS, MS + SHIPS)))
def test_odds_cli_agrees_with_the_independent_reference(attacker, target, units):
    """Every pair, modifiers 0-3, evasion on and off: the CLI's JSON to 1e-9."""
    import io
    from contextlib import redirect_stdout

    a, t = units[attacker], units[target]
    for w in a.weapons:
        n = w.to_hit(t.kind)
        evades: list[int | None] = [None, 0, 2] if t.kind == "ms" else [None]
        for near, ev in itertools.product(range(4), evades):
            argv = [
                "odds",
                "--system",
                "artifact",
                "--attacker",
                attacker,
                "--weapon",
                w.id,
                "--target",
                target,
                "--near",
                str(near),
                "--json",
            ]
            if ev is not None:
                argv += ["--evade", "--evade-near", str(ev)]
            buf = io.StringIO()
            with redirect_stdout(buf):
                assert main(argv) == 0
            got = json.loads(buf.getvalue())
            ph = ref.per_die(n, near, 1.0)
            pe = None if ev is None else ref.per_die(4, ev, 1.0)
            landed = ref.dice_dp(w.attacks, ph * (1 - (pe or 0.0)), 1.0)
            damage = [0.0] * (t.hp + 1)
            for k, p in enumerate(landed):
                damage[min(t.hp, k * w.damage)] += p
            assert got["p_hit"] == pytest.approx(ph, abs=1e-9)
            assert got["hits"] == pytest.approx(landed, abs=1e-9)
            assert got["expected_damage"] == pytest.approx(
                sum(d * p for d, p in enumerate(damage)), abs=1e-9
            )
            assert got["p_kill"] == pytest.approx(damage[t.hp], abs=1e-9)


def test_odds_text_shows_hit_chance_bars_and_kill(capsys):
    code, out, _ = run(
        capsys,
        "odds",
        "--system",
        "artifact",
        "--attacker",
        "nightingale",
        "--weapon",
        "funnel",
        "--target",
        "rick-dias",
        "--near",
        "1",
        "--evade",
    )
    assert code == 0
    assert "per-die hit 50.0%" in out and "per-hit evade 50.0%" in out
    assert "█" in out and "expected damage 1.500" in out and "kill (damage ≥ 10)" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (
            ["--attacker", "nightingal", "--weapon", "funnel", "--target", "rick-dias"],
            "--attacker: unknown unit 'nightingal' (did you mean 'Nightingale'?)",
        ),
        (
            ["--attacker", "nightingale", "--weapon", "funel", "--target", "rick-dias"],
            "--weapon: nightingale has no weapon 'funel' (did you mean 'Funnel'?)",
        ),
        (
            ["--attacker", "nightingale", "--weapon", "funnel", "--target", "ra-cailum", "--evade"],
            "--evade: ra-cailum is a battleship: a ship never evades",
        ),
        (
            [
                "--attacker",
                "nightingale",
                "--weapon",
                "funnel",
                "--target",
                "rick-dias",
                "--target-hp",
                "11",
            ],
            "--target-hp: must be between 1 and 10 (rick-dias), got 11",
        ),
    ],
)
def test_odds_bad_input_exits_2_with_one_line(argv, message, capsys):
    code, out, err = run(capsys, "odds", "--system", "artifact", *argv)
    assert code == 2
    assert err.startswith(message)
    assert out == ""


def test_odds_negative_modifier_is_bad_input(capsys):
    with pytest.raises(SystemExit) as exc:
        main(
            [
                "odds",
                "--system",
                "artifact",
                "--attacker",
                "nightingale",
                "--weapon",
                "funnel",
                "--target",
                "rick-dias",
                "--near",
                "-1",
            ]
        )
    assert exc.value.code == 2


# --- analyze ----------------------------------------------------------------------------------


def test_analyze_json_has_the_design_shape(capsys):
    data = run_json(capsys, "analyze", DEMO)
    assert data["threat"] == "hi-nu-fin-funnels"
    assert [u["name"] for u in data["units"]] == [
        "Rewloola",
        "Nightingale",
        "Rick Dias 1",
        "Rick Dias 2",
    ]
    ship, suit = data["units"][0], data["units"][1]
    assert ship["kind"] == "ship" and suit["kind"] == "ms"
    assert len(suit["rounds"]) == 6
    assert set(suit["rounds"][0]) == {"round", "alive", "expected_hp", "expected_propellant"}
    assert all(r["expected_propellant"] is None for r in ship["rounds"])


@pytest.mark.parametrize(
    "threat_id",
    [
        "hi-nu-fin-funnels",
        "nightingale-funnels",
        "ra-cailum-broadside",
        "londo-bell-crossfire",
        "rick-dias-pair-pressed",
    ],
)
def test_analyze_json_agrees_with_the_independent_chain(threat_id, capsys, units, threats):
    data = run_json(
        capsys, "analyze", FORCES / "londo_bell.yaml", "--threat", threat_id, "--rounds", "4"
    )
    types = {
        "Ra Cailum": "ra-cailum",
        "Amuro": "hi-nu-gundam",
        "Hi-ν 2": "hi-nu-gundam",
        "Quattro": "rick-dias",
    }
    for entry in data["units"]:
        want = reference_rounds(units[types[entry["name"]]], threats[threat_id], 4, 0, 1.0)
        for row, (alive, e_hp, e_p) in zip(entry["rounds"], want, strict=True):
            assert row["alive"] == pytest.approx(alive, abs=1e-9)
            assert row["expected_hp"] == pytest.approx(e_hp, abs=1e-9)
            if e_p is None:
                assert row["expected_propellant"] is None
            else:
                assert row["expected_propellant"] == pytest.approx(e_p, abs=1e-9)


def test_analyze_unit_and_threat_file(capsys):
    data = run_json(
        capsys,
        "analyze",
        FORCES / "londo_bell.yaml",
        "--unit",
        "Amuro",
        "--threat",
        FORCES / "threat_file.yaml",
        "--rounds",
        "2",
    )
    assert data["threat"] == "threat-file"
    assert [u["name"] for u in data["units"]] == ["Amuro"]
    # one fin-funnel attack a round at an evading Hi-ν: each die lands with 2/3 * 1/2
    assert data["units"][0]["rounds"][0]["expected_hp"] == pytest.approx(10 - 2 * (1 / 3) * 3)


def test_analyze_text_shows_weapons_at_three_modifiers_then_survival(capsys):
    code, out, _ = run(capsys, "analyze", DEMO)
    assert code == 0
    assert "mod 0" in out and "mod -1" in out and "mod -2" in out and "  ship  " in out
    weapons_at = out.index("Funnel")
    survival_at = out.index("Survival under Hi-ν fin funnels")
    assert weapons_at < survival_at
    # the funnel (3 dice, 3+, D 2) at an MS: 67% per die and 4.00 expected at modifier 0
    funnel = next(line for line in out.splitlines() if line.strip().startswith("Funnel"))
    assert "66.7% 4.00" in funnel and "50.0% 3.00" in funnel and "33.3% 2.00" in funnel


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--unit", "Amuro"], "--unit: no unit named 'Amuro'"),
        (
            ["--threat", "hi-nu-funnels"],
            "--threat: unknown threat 'hi-nu-funnels' (did you mean 'Hi-ν fin funnels'?)",
        ),
    ],
)
def test_analyze_bad_options_exit_2(argv, message, capsys):
    code, _, err = run(capsys, "analyze", DEMO, *argv)
    assert code == 2
    assert err.startswith(message)


def test_analyze_of_a_broken_force_exits_2(capsys):
    code, _, err = run(capsys, "analyze", FORCES / "broken.yaml")
    assert code == 2
    assert "did you mean 'Rewloola'" in err
