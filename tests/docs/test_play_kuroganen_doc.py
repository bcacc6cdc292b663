"""docs/play.md's worked kuroganen game (docs/rules.md D24), replayed: every ``kuroganen-do``
block applied with ``laminim play --do``, the record checked against every ``kuroganen-record``
block after it (the numbers were worked out by hand in the page), and the units' reach as the
page shows it (``kuroganen-shown``: English in play.md, Japanese in play.ja.md)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
import yaml

from tests.docs.test_play_doc import holds

ROOT = Path(__file__).parents[2]
DOCS = ROOT / "docs"
BLOCK = re.compile(r"```(?:yaml|text) kuroganen-(do|record|shown)\n(.*?)```", re.DOTALL)


def blocks(page: Path) -> list[tuple[str, str]]:
    return [(m.group(1), m.group(2)) for m in BLOCK.finditer(page.read_text(encoding="utf-8"))]


@pytest.mark.parametrize(("page", "lang"), [("play.md", "en"), ("play.ja.md", "ja")])
def test_the_worked_kuroganen_game_replays_to_every_state_worked_out_by_hand(
    tmp_path, monkeypatch, cli, page, lang
):
    shutil.copy(ROOT / "parts_catalog" / "kuroganen" / "demo_map.yaml", tmp_path / "block.yaml")
    monkeypatch.chdir(tmp_path)
    started = cli("play", "block.yaml", "--seed", "1", "--lang", lang)
    assert started.code == 0, started.err
    record = tmp_path / "block.battle.yaml"
    found = blocks(DOCS / page)
    assert [k for k, _ in found].count("do") == 3
    assert [k for k, _ in found].count("shown") == 1
    steps = 0
    for i, (kind, text) in enumerate(found):
        where = f"docs/{page} kuroganen block {i + 1} ({kind})"
        if kind == "do":
            steps += 1
            do = tmp_path / f"step{steps}.yaml"
            do.write_text(text, encoding="utf-8")
            result = cli("play", record.name, "--do", do.name, "--lang", lang)
            assert result.code == 0, f"{where}: {result.err}"
        elif kind == "record":
            holds(yaml.safe_load(record.read_text(encoding="utf-8")), yaml.safe_load(text), where)
        else:
            shown = cli("play", record.name, "--lang", lang).out
            assert text.strip() in shown, where


def test_the_stomp_without_place_is_refused_naming_the_nearest_cells(tmp_path, monkeypatch, cli):
    shutil.copy(ROOT / "parts_catalog" / "kuroganen" / "demo_map.yaml", tmp_path / "block.yaml")
    monkeypatch.chdir(tmp_path)
    assert cli("play", "block.yaml", "--seed", "1").code == 0
    first, second = [t for k, t in blocks(DOCS / "play.md") if k == "do"][:2]
    (tmp_path / "a.yaml").write_text(first + second.replace(", place: [4, 5]", ""), "utf-8")
    result = cli("play", "block.battle.yaml", "--do", "a.yaml")
    assert result.code == 2 and "(4,5), (6,5), (5,6)" in result.err


def test_the_japanese_page_plays_the_same_kuroganen_game():
    english = [(k, yaml.safe_load(t)) for k, t in blocks(DOCS / "play.md") if k != "shown"]
    japanese = [(k, yaml.safe_load(t)) for k, t in blocks(DOCS / "play.ja.md") if k != "shown"]
    assert japanese == english
