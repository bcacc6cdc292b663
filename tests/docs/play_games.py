"""Replaying a worked game of docs/play.md (and play.ja.md) for any game: every ``PREFIX-do``
block applied with ``laminim play --do``, the record checked against every ``PREFIX-record``
block after it (worked out by hand in the page), and ``PREFIX-shown`` found in what ``laminim
play RECORD`` prints in the page's language."""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from typing import Any

import yaml

from tests.docs.test_play_doc import holds

ROOT = Path(__file__).parents[2]
DOCS = ROOT / "docs"


def blocks(page: Path, prefix: str) -> list[tuple[str, str]]:
    """The page's ``PREFIX-do|record|shown`` blocks, in order: (kind, text)."""
    found = re.compile(rf"```(?:yaml|text) {prefix}-(do|record|shown)\n(.*?)```", re.DOTALL)
    return [(m.group(1), m.group(2)) for m in found.finditer(page.read_text(encoding="utf-8"))]


def replay(
    cli: Any,
    tmp_path: Path,
    page: str,
    lang: str,
    prefix: str,
    teams: dict[str, Path],
    record_name: str,
    seed: str,
    start: tuple[str, ...] = (),
) -> list[tuple[str, str]]:
    """Copy ``teams`` (name -> bundled file) into ``tmp_path``, start the record (with the
    options ``start`` too), and replay the page's blocks; the blocks, for the caller's own
    checks."""
    for name, source in teams.items():
        shutil.copy(source, tmp_path / name)
    started = cli("play", *teams, "--seed", seed, *start)
    assert started.code == 0, started.err
    record = tmp_path / record_name
    found = blocks(DOCS / page, prefix)
    steps = 0
    for i, (kind, text) in enumerate(found):
        where = f"docs/{page} {prefix} block {i + 1} ({kind})"
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
    return found


def same_game(prefix: str) -> None:
    """The Japanese page plays the same game as the English one (its prose aside)."""
    english = [(k, yaml.safe_load(t)) for k, t in blocks(DOCS / "play.md", prefix) if k != "shown"]
    japanese = [
        (k, yaml.safe_load(t)) for k, t in blocks(DOCS / "play.ja.md", prefix) if k != "shown"
    ]
    assert japanese == english
