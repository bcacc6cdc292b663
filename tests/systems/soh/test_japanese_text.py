"""soh's commands under ``--lang ja``: every label Japanese (skills by the seed's names), every
line within 80 columns, every problem (the planner's refusals, the models' own checks, the
crew's) with its own Japanese; English stays as it was (the golden outputs pin it)."""

from __future__ import annotations

from pathlib import Path

import pytest

from builder.core.source import read_yaml
from builder.systems.compare_table import _LABELS as COMPARE_LEGEND
from builder.systems.soh import compare, text
from builder.systems.soh.catalog import load_catalog
from builder.systems.soh.models import Catalog, Character, Crew
from builder.systems.soh.skills import SKILLS, skill_name
from builder.systems.soh.system import SYSTEM
from tests.systems.ja_text import ROOT, english_only, leftover_english, run, too_wide, words

DEMO = "parts_catalog/soh/demo_crew.yaml"
LABELS = english_only([text.WORDS, compare._LABELS, COMPARE_LEGEND, SKILLS])

COMMANDS = [
    ["analyze", DEMO],
    ["analyze", "examples/soh/illegal_crew.yaml"],
    ["plan", DEMO, "--unit", "Captain Ines", "--threat", "pirate-gunman"],
    ["plan", DEMO, "--unit", "Mei", "--threat", "pirate-robot", "--objective", "safe"],
    ["compare", DEMO],
    ["odds", "--system", "soh", "--hit", "5", "--attack-dice", "2", "--evasion", "3",
     "--evasion-dice", "1", "--damage", "10", "--durability", "6", "--targets", "4"],
    ["parts", "--system", "soh"],
    ["check", DEMO],
    ["check", "examples/soh/broken_crew.yaml"],
    ["check", "examples/soh/illegal_crew.yaml"],
]  # fmt: skip


def _data_words(catalog: Catalog, files: list[str]) -> set[str]:
    """Ids, names, skill ids, the crew file's keys, the catalog's note and the player's own
    words: data, not labels."""
    found = words(f"{catalog.info.name} {catalog.info.note}") | set(SKILLS)
    found |= set(Crew.model_fields) | set(Character.model_fields)
    for part in (*catalog.weapons, *catalog.armour, *catalog.vehicles, *catalog.opponents):
        found |= words(f"{part.id} {part.name}")
    for name in files:
        data = read_yaml(ROOT / name).data
        if isinstance(data, dict):
            found |= words(str(data.get("name", "")))
            for ch in data.get("characters") or []:
                if isinstance(ch, dict):
                    found |= words(" ".join(str(v) for v in ch.values()))
        found |= words(Path(name).name)
    return found


@pytest.mark.parametrize("args", COMMANDS, ids=" ".join)
def test_japanese_output_has_no_english_label_and_fits_80_columns(args, monkeypatch):
    _code, out, err = run([*args, "--lang", "ja"], monkeypatch)
    data = _data_words(load_catalog(), [a for a in args if a.endswith(".yaml")])
    assert not leftover_english(out + err, LABELS, data), out + err
    assert too_wide(out + err) == []


def test_the_check_finds_an_english_label_left_in_japanese_output():
    assert leftover_english("武器  hit  命中率", LABELS, set()) == {"hit"}


def test_skills_take_the_seeds_names_in_japanese_and_keep_their_ids_in_english():
    assert skill_name("piloting", "ja") == "操縦" and skill_name("piloting", "en") == "piloting"
    assert skill_name("no-such-skill", "ja") == "no-such-skill"


@pytest.mark.parametrize("name", ["broken_crew.yaml", "illegal_crew.yaml"])
def test_every_problem_of_a_crew_with_mistakes_has_its_own_japanese(name):
    read = SYSTEM.read_team(read_yaml(ROOT / "examples" / "soh" / name))
    report = SYSTEM.check(read, SYSTEM.load_catalog())
    assert report.problems
    assert [p.show("en") for p in report.problems if not p.said.translated] == []


def test_a_model_validator_speaks_the_players_language(tmp_path, monkeypatch):
    crew = tmp_path / "both.yaml"
    crew.write_text(
        "system: soh\nname: Both\ncharacters:\n"
        "  - {name: Ada, intellect: 3, agility: 3, dexterity: 3, strength: 3, size: 2, ap: 3,\n"
        "     armour: flak-jacket, vehicle: lynx, weapons: [revolver], skills: {guns: 1}}\n",
        encoding="utf-8",
    )
    code, out, err = run(["check", str(crew), "--lang", "ja"], monkeypatch)
    assert code == 2 and "防具か乗り物のどちらか" in out + err
    code, out, err = run(["check", str(crew), "--lang", "en"], monkeypatch)
    assert "a character has armour or a vehicle, not both" in out + err


def test_a_planner_refusal_is_in_japanese(monkeypatch):
    args = ["plan", DEMO, "--unit", "Rook", "--weapon", "laser-rifle", "--lang", "ja"]
    code, _out, err = run(args, monkeypatch)
    assert code == 2 and "「laser-rifle」を持っていません" in err


def test_a_bad_number_is_refused_in_japanese(monkeypatch):
    args = ["odds", "--system", "soh", "--hit", "5", "--attack-dice", "x", "--evasion", "3",
            "--evasion-dice", "1", "--damage", "10", "--durability", "6",
            "--lang", "ja"]  # fmt: skip
    code, _out, err = run(args, monkeypatch)
    assert code == 2 and "攻撃ダイス：整数を書いてください" in err
