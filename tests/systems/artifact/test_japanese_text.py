"""artifact's commands under ``--lang ja``: every label Japanese, every line within 80 columns,
every problem (refusals, the catalog's and the force's) with its own Japanese; English stays as
it was (the golden outputs pin it)."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from builder.core.report_lang import reporting_in
from builder.core.source import read_yaml
from builder.systems.artifact import balance_text as balance
from builder.systems.artifact import compare, text
from builder.systems.artifact.catalog import load_catalog
from builder.systems.artifact.derive import all_units
from builder.systems.artifact.models import MESSAGES, ArtifactCatalog, ForceFile, ForceUnit
from builder.systems.artifact.system import SYSTEM
from builder.systems.compare_table import _LABELS as COMPARE_LEGEND
from tests.systems.ja_text import ROOT, english_only, leftover_english, run, too_wide, words

DEMO = "parts_catalog/artifact/demo_force.yaml"
LABELS = english_only([text.WORDS, compare._LABELS, balance.LABELS, COMPARE_LEGEND])

COMMANDS = [
    ["analyze", DEMO],
    ["analyze", "examples/artifact/illegal_force.yaml", "--unit", "Escort"],
    ["compare", DEMO, f"{DEMO}:Rewloola"],
    ["odds", "--system", "artifact", "--attacker", "hi-nu-gundam", "--weapon", "fin-funnel",
     "--target", "nightingale", "--near", "1", "--evade", "--evade-near", "2"],
    ["odds", "--system", "artifact", "--attacker", "rewloola", "--weapon", "main-gun",
     "--target", "ra-cailum"],
    ["balance", "--system", "artifact"],
    ["parts", "--system", "artifact"],
    ["check", DEMO],
    ["check", "examples/artifact/broken_force.yaml"],
    ["check", "examples/artifact/illegal_force.yaml"],
]  # fmt: skip


def _data_words(catalog: ArtifactCatalog, files: list[str]) -> set[str]:
    """Ids, names, the force file's keys and the player's own words: data, not labels."""
    found: set[str] = words(catalog.info.name) | set(ForceFile.model_fields)
    found |= set(ForceUnit.model_fields)
    for unit in all_units(catalog).values():
        found |= words(f"{unit.id} {unit.name}")
        found |= {w for weapon in unit.weapons for w in words(f"{weapon.id} {weapon.name}")}
    for threat in catalog.threats:
        found |= words(f"{threat.id} {threat.name}")
    for name in files:
        data = read_yaml(ROOT / name).data
        if isinstance(data, dict):
            found |= words(str(data.get("name", "")))
            for unit in [data.get("ship"), *(data.get("units") or [])]:
                if isinstance(unit, dict):
                    found |= words(f"{unit.get('name', '')} {unit.get('type', '')}")
        found |= words(Path(name).name)
    return found


@pytest.mark.parametrize("args", COMMANDS, ids=" ".join)
def test_japanese_output_has_no_english_label_and_fits_80_columns(args, monkeypatch):
    _code, out, err = run([*args, "--lang", "ja"], monkeypatch)
    files = [a.split(":")[0] for a in args if a.endswith((".yaml", ":Rewloola"))]
    data = _data_words(load_catalog(), files)
    assert not leftover_english(out + err, LABELS, data), out + err
    assert too_wide(out + err) == []


def test_the_check_finds_an_english_label_left_in_japanese_output():
    assert leftover_english("武装  range  回数", LABELS, set()) == {"range"}


@pytest.mark.parametrize("name", ["broken_force.yaml", "illegal_force.yaml"])
def test_every_problem_of_a_force_with_mistakes_has_its_own_japanese(name):
    read = SYSTEM.read_team(read_yaml(ROOT / "examples" / "artifact" / name))
    report = SYSTEM.check(read, SYSTEM.load_catalog())
    assert report.problems
    assert [p.show("en") for p in report.problems if not p.said.translated] == []


def test_an_odds_refusal_is_in_japanese(monkeypatch):
    args = ["odds", "--system", "artifact", "--attacker", "rewloola", "--weapon", "main-gun",
            "--target", "ra-cailum", "--evade", "--lang", "ja"]  # fmt: skip
    code, _out, err = run(args, monkeypatch)
    assert code == 2 and "戦艦は回避しません" in err


def test_a_bad_modifier_is_refused_in_japanese(monkeypatch):
    args = ["odds", "--system", "artifact", "--attacker", "rewloola", "--weapon", "main-gun",
            "--target", "ra-cailum", "--near", "-2", "--lang", "ja"]  # fmt: skip
    code, _out, err = run(args, monkeypatch)
    assert code == 2 and "修正 -2 には 2 と書いてください" in err.replace("\n  ", "")


def test_a_catalog_validator_speaks_both_languages():
    from pydantic import ValidationError

    from builder.core.validation import validation_errors

    catalog = load_catalog()
    data = catalog.model_dump()
    data["info"]["default_threat"] = "no-such-threat"
    with pytest.raises(ValidationError) as caught:
        ArtifactCatalog.model_validate(data)
    [(_loc, message)] = validation_errors(caught.value, data)
    assert message == MESSAGES("default-threat-unknown", threat="no-such-threat")
    assert "想定攻撃にありません" in message.ja


def test_balance_speaks_the_shells_language_when_not_told(capsys):
    from builder.systems.artifact.commands import configure_balance, run_balance

    parser = argparse.ArgumentParser()
    configure_balance(parser)
    with reporting_in("ja"):
        run_balance(parser.parse_args([]))
    assert "攻撃側" in capsys.readouterr().out
