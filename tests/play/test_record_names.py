"""Issue 34: a battle record keeps the Japanese names its team files give (docs/play.md "Names
in both languages"): ``names_ja`` beside ``names``, a unit's ``name_ja`` after its ``name``,
written only when a file gives one; ``--json`` gives them beside ``name``; a record written
before they were kept still opens (English names); an action may name a unit by either name;
the record's share code carries them."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).parents[2]
DEMOS = {
    "laminim": "parts_catalog/laminim/demo_team.yaml",
    "artifact": "parts_catalog/artifact/demo_force.yaml",
    "soh": "parts_catalog/soh/demo_crew.yaml",
    "kuroganen": "parts_catalog/kuroganen/demo_map.yaml",
}
SIDE_JA = {
    "laminim": "テストプレイ見本",
    "artifact": "袖付き先遣隊",
    "soh": "はぐれ彗星号の乗組員",
    "kuroganen": "廃墟の街区",
}
FIRST_UNIT = {  # the first unit's names, where the record keeps them as a unit's own
    "laminim": ("Kestrel", "ケストレル"),
    "artifact": ("Rewloola", "レウルーラ"),
}


def _start(game: str, folder: Path, cli, *teams: Path) -> Path:
    demo = folder / "demo.yaml"
    shutil.copy(ROOT / DEMOS[game], demo)
    result = cli("play", demo, *teams, "--seed", "3")
    assert result.code == 0, result.err
    return folder / "demo.battle.yaml"


@pytest.mark.parametrize("game", DEMOS)
def test_a_record_keeps_the_japanese_names_and_its_json_gives_them(game, tmp_path, cli):
    record = _start(game, tmp_path, cli)
    data = yaml.safe_load(record.read_text(encoding="utf-8"))
    shown = json.loads(cli("play", record, "--json").out)
    sides = 1 if game == "kuroganen" else 2  # a map is played alone
    assert [s["name_ja"] for s in shown["sides"]] == [SIDE_JA[game]] * sides
    if game == "soh":  # the crews the record keeps carry it
        assert [c["name_ja"] for c in data["crews"]] == [SIDE_JA[game]] * 2
        assert shown["units"][0]["name_ja"] == "イネス船長"
    else:
        assert data["names_ja"] == [SIDE_JA[game]] * sides
    if game in FIRST_UNIT:
        first = data["units"][0]
        assert list(first)[2:4] == ["name", "name_ja"]
        assert (first["name"], first["name_ja"]) == FIRST_UNIT[game]
        assert (shown["units"][0]["name"], shown["units"][0]["name_ja"]) == FIRST_UNIT[game]
    text = cli("play", record, "--lang", "ja").out
    assert SIDE_JA[game] in text


def test_a_team_without_japanese_names_writes_none(tmp_path, cli):
    shutil.copy(ROOT / "examples/laminim/rivals.yaml", tmp_path / "rivals.yaml")
    assert cli("play", tmp_path / "rivals.yaml", "--seed", "1").code == 0
    data = yaml.safe_load((tmp_path / "rivals.battle.yaml").read_text(encoding="utf-8"))
    assert "names_ja" not in data and all("name_ja" not in u for u in data["units"])
    shown = json.loads(cli("play", tmp_path / "rivals.battle.yaml", "--json").out)
    assert shown["sides"][0]["name_ja"] is None and shown["units"][0]["name_ja"] is None


def test_one_side_with_japanese_names_and_one_without(tmp_path, cli):
    shutil.copy(ROOT / "examples/laminim/rivals.yaml", tmp_path / "rivals.yaml")
    record = _start("laminim", tmp_path, cli, tmp_path / "rivals.yaml")
    data = yaml.safe_load(record.read_text(encoding="utf-8"))
    assert data["names_ja"] == ["テストプレイ見本", None]
    text = cli("play", record, "--lang", "ja").out
    assert "陣営 1 テストプレイ見本" in text and "陣営 2 Rivals" in text


@pytest.mark.parametrize("game", ["laminim", "artifact", "kuroganen"])
def test_a_record_written_before_the_japanese_names_were_kept_still_plays(game, tmp_path, cli):
    """The record of an older version (no names_ja, no unit name_ja) opens, shows the English
    names under Japanese, takes actions, and is not given the keys it never had."""
    record = _start(game, tmp_path, cli)
    text = record.read_text(encoding="utf-8")
    kept = ("names_ja:", "name_ja:")
    old = "\n".join(line for line in text.splitlines() if not line.lstrip().startswith(kept))
    old = old.replace(", name_ja: レウルーラ", "")  # artifact writes a unit on one line
    for ja in ("ナイチンゲール", "リックディアス 1", "リックディアス 2"):
        old = old.replace(f", name_ja: {ja}", "")
    assert "name_ja" not in old
    record.write_text(old + "\n", encoding="utf-8")
    shown = cli("play", record, "--lang", "ja")
    assert shown.code == 0, shown.err
    assert SIDE_JA[game] not in shown.out
    (tmp_path / "undo.yaml").write_text("- {do: undo}\n", encoding="utf-8")
    refused = cli("play", record, "--do", tmp_path / "undo.yaml")
    assert refused.code == 2 and "undo" in refused.err  # nothing to undo: read, replayed, refused
    assert "name_ja" not in record.read_text(encoding="utf-8")


def test_a_bad_japanese_name_in_a_record_is_refused_where_it_is(tmp_path, cli):
    record = _start("laminim", tmp_path, cli)
    text = record.read_text(encoding="utf-8").replace("name_ja: ケストレル", "name_ja: [1]", 1)
    record.write_text(text.replace("names_ja: [", "names_ja: [3, ", 1), encoding="utf-8")
    result = cli("play", record)
    assert result.code == 2
    assert "names_ja" in result.err and "name_ja is the Japanese name" in result.err


def test_an_action_names_a_unit_by_its_japanese_name(tmp_path, cli):
    shutil.copy(ROOT / "examples/laminim/rivals.yaml", tmp_path / "rivals.yaml")
    record = _start("laminim", tmp_path, cli, tmp_path / "rivals.yaml")
    (tmp_path / "a.yaml").write_text("- {do: centre, unit: ケストレル, distance: 2}\n", "utf-8")
    result = cli("play", record, "--do", tmp_path / "a.yaml", "--lang", "ja")
    assert result.code == 0, result.err
    assert "1 ケストレル" in result.out
    data = yaml.safe_load(record.read_text(encoding="utf-8"))
    assert data["units"][0]["centre"] == 2


def test_the_record_code_carries_the_japanese_names(tmp_path, cli):
    record = _start("laminim", tmp_path, cli)
    code = cli("share", record).out.replace("\n", "")
    back = tmp_path / "elsewhere"
    back.mkdir()
    result = cli("import", code, "-o", back / "game.battle.yaml")
    assert result.code == 0, result.err
    data = yaml.safe_load((back / "game.battle.yaml").read_text(encoding="utf-8"))
    assert data["names_ja"] == ["テストプレイ見本"] * 2
    assert [u.get("name_ja") for u in data["units"][:3]] == ["ケストレル", "ブルワーク", "スワロー"]
