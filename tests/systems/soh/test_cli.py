"""soh through the ``laminim`` command: check/parts/analyze/plan/odds exit codes and JSON shapes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from builder.cli import main
from builder.systems.soh.rules import odds

ROOT = Path(__file__).parents[3]
DEMO = ROOT / "parts_catalog" / "soh" / "demo_crew.yaml"
FIXTURES = Path(__file__).parent / "fixtures"


def run(capsys, *args: object) -> tuple[int, str, str]:
    try:
        code = main([str(a) for a in args])
    except SystemExit as exc:  # argparse errors
        code = int(exc.code or 0)
    out = capsys.readouterr()
    return code, out.out, out.err


def test_soh_is_an_installed_system(capsys):
    code, out, _ = run(capsys, "systems", "--json")
    assert code == 0
    assert "soh" in [s["id"] for s in json.loads(out)["systems"]]


def test_the_demo_crew_checks_legal(capsys):
    code, out, err = run(capsys, "check", DEMO)
    assert (code, err) == (0, "")
    assert "LEGAL" in out
    code, out, _ = run(capsys, "check", DEMO, "--json")
    doc = json.loads(out)
    assert doc["legal"] is True and [c["name"] for c in doc["characters"]] == [
        "Captain Ines", "Rook", "Mei"]  # fmt: skip


def test_a_broken_crew_exits_2_with_a_line_per_problem_and_did_you_mean(capsys):
    code, _, err = run(capsys, "check", FIXTURES / "broken_crew.yaml")
    assert code == 2
    lines = err.strip().splitlines()
    path = str(FIXTURES / "broken_crew.yaml")
    expected = [
        (12, "unknown armour 'flak-jaket' (did you mean 'Flak jacket'?)"),
        (13, "unknown weapon 'laser-pistl' (did you mean 'Laser pistol'?)"),
        (21, "'lynx' is the catalog's vehicle, not its armour: write it under 'vehicle:'"),
        (26, "strenght: unknown field (did you mean 'strength'?)"),
    ]
    for line, message in expected:
        assert any(ln.startswith(f"{path}:{line}:") and message in ln for ln in lines), (line, err)
    assert "Traceback" not in err


def test_an_illegal_crew_exits_1_listing_every_reason(capsys):
    code, out, _ = run(capsys, "check", FIXTURES / "illegal_crew.yaml", "--json")
    assert code == 1
    messages = [e["message"] for e in json.loads(out)["errors"]]
    assert any("duplicate character name 'Ada'" in m for m in messages)
    assert any("second leader" in m for m in messages)


def test_parts_json_lists_every_part(capsys):
    code, out, _ = run(capsys, "parts", "--system", "soh", "--json")
    doc = json.loads(out)
    assert code == 0
    assert (len(doc["weapons"]), len(doc["armour"]), len(doc["vehicles"])) == (6, 4, 3)
    assert "provisional" in doc["note"].lower()
    assert {"id", "skill", "size", "type", "damage", "ammo", "rate"} <= set(doc["weapons"][0])
    code, out, _ = run(capsys, "parts", "--system", "soh")
    assert code == 0 and "beam-cannon" in out


ODDS_ARGS = ["--hit", "6", "--attack-dice", "3", "--evasion", "5", "--evasion-dice", "2",
             "--damage", "12", "--durability", "4"]  # fmt: skip


def test_odds_json_is_the_design_shape_at_full_precision(capsys):
    code, out, _ = run(capsys, "odds", "--system", "soh", *ODDS_ARGS, "--json")
    assert code == 0
    doc = json.loads(out)
    assert set(doc) == {"p_hit", "multiplier", "wounds", "expected_wounds"}
    assert doc == odds(6, 3, 5, 2, 12, 4).as_json()
    assert abs(sum(doc["multiplier"]) - 1) < 1e-12 and abs(sum(doc["wounds"]) - 1) < 1e-12
    assert doc["p_hit"] == pytest.approx(1 - doc["multiplier"][0], abs=1e-15)


def test_odds_text_has_at_least_columns(capsys):
    code, out, _ = run(capsys, "odds", "--system", "soh", *ODDS_ARGS, "--targets", "4")
    assert code == 0
    assert "P(at least)" in out and "×1" in out and "+2 (4 packed targets)" in out


@pytest.mark.parametrize(
    ("option", "value", "message"),
    [
        ("--attack-dice", "-1", "attack dice must be 0-60"),
        ("--durability", "0", "durability must be 1-"),
        ("--hit", "x", "expected a whole number"),
        ("--targets", "0", "targets must be 1-"),
    ],
)
def test_odds_bad_values_exit_2_with_a_clear_message(capsys, option, value, message):
    args = list(ODDS_ARGS)
    if option in args:
        args[args.index(option) + 1] = value
    else:
        args += [option, value]
    code, _, err = run(capsys, "odds", "--system", "soh", *args)
    assert code == 2
    assert message in err and "Traceback" not in err


def test_analyze_json_gives_derived_values_odds_and_the_best_split(capsys):
    code, out, _ = run(capsys, "analyze", DEMO, "--threat", "pirate-trooper", "--json")
    assert code == 0
    doc = json.loads(out)
    assert doc["opponent"]["name"] == "Pirate trooper"
    ines = doc["characters"][0]
    assert ines["name"] == "Captain Ines"
    assert ines["evasion"] == 4 - 2 + 1 and ines["durability"] == {"A": 3 + 3, "B": 1 + 3}
    assert ines["weapons"][0] == {"id": "revolver", "hit": 5 - 1 + 2, "type": "A", "damage": 11}
    attack = ines["attacks"][0]
    opp = doc["opponent"]
    assert attack["odds"] == odds(6, 1, opp["evasion"], attack["evasion_dice"], 11,
                                  opp["durability"]["A"]).as_json()  # fmt: skip
    assert set(ines["plan"]["best"]) >= {"evasion_dice", "attacks", "expected_dealt", "net"}


def test_analyze_picks_a_crew_opponent_and_one_unit(capsys):
    code, out, _ = run(capsys, "analyze", DEMO, "--unit", "Mei", "--threat", "Rook")
    assert code == 0
    assert "opponent: Rook (crew)" in out and "== Mei" in out and "== Rook" not in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--unit", "Meii"], "no character named 'Meii' (did you mean 'Mei'?)"),
        (["--threat", "pirate-trooperr"], "did you mean 'pirate-trooper'?"),
    ],
)
def test_analyze_unknown_names_exit_2(capsys, args, message):
    code, _, err = run(capsys, "analyze", DEMO, *args)
    assert code == 2 and message in err


def test_plan_prints_the_whole_table_best_first(capsys):
    code, out, _ = run(capsys, "plan", DEMO, "--unit", "Captain Ines", "--threat",
                       "pirate-gunman", "--opponent-evasion", "1", "--json")  # fmt: skip
    assert code == 0
    doc = json.loads(out)
    # Ines has 3 AP and a revolver of rate 3: every split of 3 AP
    assert len(doc["rows"]) == 1 + 1 + 2 + 3
    nets = [r["net"] for r in doc["rows"]]
    assert nets[0] == max(nets)
    assert doc["opponent_evasion_dice"] == 1


def test_plan_refuses_impossible_evasion(capsys):
    code, _, err = run(capsys, "plan", DEMO, "--threat", "pirate-gunman",
                       "--opponent-evasion", "9")  # fmt: skip
    assert code == 2 and "evasion dice 0-3" in err
