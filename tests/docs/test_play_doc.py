"""docs/play.md's worked game, replayed: every actions block applied with ``laminim play --do``,
the record checked against every block that follows it (the numbers were worked out by hand in
the page), the final score and the log's text; docs/play.ja.md holds the same blocks."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import Any

import pytest
import yaml

ROOT = Path(__file__).parents[2]
DOCS = ROOT / "docs"
BLOCK = re.compile(r"```(yaml|json) (do|record|score|log)\n(.*?)```", re.DOTALL)


def blocks(page: Path) -> list[tuple[str, str]]:
    """(kind, text) of every tagged code block of the page, in order."""
    return [(m.group(2), m.group(3)) for m in BLOCK.finditer(page.read_text(encoding="utf-8"))]


def holds(actual: Any, expected: Any, where: str) -> None:
    """``actual`` has everything ``expected`` shows: mapping keys not shown are not compared;
    ``units`` are matched by ``id``; other lists are compared whole."""
    if isinstance(expected, dict):
        assert isinstance(actual, dict), where
        for key, value in expected.items():
            if key == "catalog":  # its digest follows the bundled catalog, not this page
                continue
            assert key in actual, f"{where}.{key} missing"
            holds(actual[key], value, f"{where}.{key}")
    elif isinstance(expected, list) and where.endswith("units"):
        by_id = {u["id"]: u for u in actual}
        for unit in expected:
            holds(by_id[unit["id"]], unit, f"{where}[id {unit['id']}]")
    elif isinstance(expected, list):
        assert isinstance(actual, list) and len(actual) == len(expected), where
        for i, (a, e) in enumerate(zip(actual, expected, strict=True)):
            holds(a, e, f"{where}[{i}]")
    else:
        assert actual == expected, f"{where}: the record has {actual!r}, the page {expected!r}"


def test_the_worked_game_replays_to_every_state_worked_out_by_hand(tmp_path, monkeypatch, cli):
    shutil.copy(ROOT / "parts_catalog" / "laminim" / "demo_team.yaml", tmp_path / "samples.yaml")
    shutil.copy(ROOT / "examples" / "laminim" / "rivals.yaml", tmp_path / "rivals.yaml")
    monkeypatch.chdir(tmp_path)
    started = cli("play", "samples.yaml", "rivals.yaml", "--seed", "2024")
    assert started.code == 0, started.err
    assert "record started: samples.battle.yaml" in started.out
    record = tmp_path / "samples.battle.yaml"
    steps = 0
    found = blocks(DOCS / "play.md")
    assert [k for k, _ in found].count("do") == 9
    for i, (kind, text) in enumerate(found):
        where = f"docs/play.md block {i + 1} ({kind})"
        if kind == "do":
            steps += 1
            do = tmp_path / f"step{steps}.yaml"
            do.write_text(text, encoding="utf-8")
            result = cli("play", "samples.battle.yaml", "--do", do.name)
            assert result.code == 0, f"{where}: {result.err}"
        elif kind == "record":
            holds(yaml.safe_load(record.read_text(encoding="utf-8")), yaml.safe_load(text), where)
        elif kind == "score":
            shown = json.loads(cli("play", "samples.battle.yaml", "--json").out)
            assert shown["over"] is True
            assert shown["score"] == json.loads(text), where
        else:  # the log, line for line as the record file holds it
            written = record.read_text(encoding="utf-8")
            assert written[written.index("\nlog:") + 1 :] == text, where


def test_the_japanese_page_plays_the_same_game():
    english = [(k, yaml.safe_load(t)) for k, t in blocks(DOCS / "play.md")]
    japanese = [(k, yaml.safe_load(t)) for k, t in blocks(DOCS / "play.ja.md")]
    assert japanese == english


@pytest.mark.parametrize("page", ["play.md", "play.ja.md"])
def test_the_pages_link_each_other(page):
    text = (DOCS / page).read_text(encoding="utf-8")
    assert ("play.ja.md" if page == "play.md" else "play.md") in text
