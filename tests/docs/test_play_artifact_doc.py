"""docs/play.md's worked artifact game (docs/rules.md D22), replayed: every ``artifact-do``
block applied with ``laminim play --do``, the record checked against every ``artifact-record``
block after it (the numbers were worked out by hand in the page), and the declared attack's
odds as the page shows them (``artifact-shown``: English in play.md, Japanese in play.ja.md)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
import yaml

from tests.docs.test_play_doc import holds

ROOT = Path(__file__).parents[2]
DOCS = ROOT / "docs"
BLOCK = re.compile(r"```(?:yaml|text) artifact-(do|record|shown)\n(.*?)```", re.DOTALL)


def blocks(page: Path) -> list[tuple[str, str]]:
    return [(m.group(1), m.group(2)) for m in BLOCK.finditer(page.read_text(encoding="utf-8"))]


@pytest.mark.parametrize(("page", "lang"), [("play.md", "en"), ("play.ja.md", "ja")])
def test_the_worked_artifact_game_replays_to_every_state_worked_out_by_hand(
    tmp_path, monkeypatch, cli, page, lang
):
    shutil.copy(ROOT / "parts_catalog" / "artifact" / "demo_force.yaml", tmp_path / "sleeves.yaml")
    shutil.copy(ROOT / "examples" / "artifact" / "londo_bell.yaml", tmp_path / "londo_bell.yaml")
    monkeypatch.chdir(tmp_path)
    started = cli("play", "sleeves.yaml", "londo_bell.yaml", "--seed", "2024")
    assert started.code == 0, started.err
    record = tmp_path / "sleeves.battle.yaml"
    found = blocks(DOCS / page)
    assert [k for k, _ in found].count("do") == 4
    assert [k for k, _ in found].count("shown") == 1
    steps = 0
    for i, (kind, text) in enumerate(found):
        where = f"docs/{page} artifact block {i + 1} ({kind})"
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
    assert cli("play", record.name, "--do", do.name).code == 2  # the game is over


def test_the_japanese_page_plays_the_same_artifact_game():
    english = [(k, yaml.safe_load(t)) for k, t in blocks(DOCS / "play.md") if k != "shown"]
    japanese = [(k, yaml.safe_load(t)) for k, t in blocks(DOCS / "play.ja.md") if k != "shown"]
    assert japanese == english
