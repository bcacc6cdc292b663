"""A command run in-process as a player runs it, with every problem it made and showed.

Why record problems, not grep the text: a Japanese run can show an English problem inside a
table or a note; the :class:`~builder.core.problems.Problem` itself knows whether its words came
from a messages table. Each problem is also told apart by where it was made: the generic code
(core, roster, catalogs, the CLI, the kit) or one game's folder, so a test can hold the generic
code to every message translated while a game is still being converted.
"""

from __future__ import annotations

import contextlib
import io
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

import pytest

from builder import systems
from builder.cli import main
from builder.core.problems import Problem
from tests.docs.readme_examples import ROOT

PACKAGE = ROOT / "builder"
GAMES_DIR = PACKAGE / "systems"
LOCATORS = {
    (PACKAGE / "core" / "source.py", "problem"),
    (PACKAGE / "core" / "source.py", "locate"),
    (PACKAGE / "core" / "problems.py", "locate"),
}
"""Functions that only place a problem another function worded: the maker is their caller."""

GENERIC = "generic"

KINDS = (("laminim", "team"), ("artifact", "force"), ("soh", "crew"), ("kuroganen", "map"))
DEMOS = {s: f"parts_catalog/{s}/demo_{k}.yaml" for s, k in KINDS}
"""Each game's bundled demo file."""
MISTAKES = sorted(str(p.relative_to(ROOT)) for p in ROOT.glob("examples/*/*.yaml"))
"""The example files, several of them with many mistakes (``examples/<game>/``)."""


def game_of(path: str) -> str:
    """The game of an example or demo file, by its folder."""
    return Path(path).parts[1]


@dataclass
class Run:
    """What one run printed, and the problems it made and showed without their own Japanese."""

    text: str
    made: list[tuple[str, str]] = field(default_factory=list)
    """(site, English words) of each untranslated problem made; site: a game id or generic."""
    shown: list[tuple[str, str]] = field(default_factory=list)
    """The same for each untranslated problem shown (printed, listed in a table or JSON)."""
    wraps: list[tuple[str, list[str]]] = field(default_factory=list)
    """Each Japanese text the run wrapped (builder.core.text_table) and the lines it became."""

    def english(self, site: str | None = None, *, made: bool = False) -> list[str]:
        """The untranslated problems shown (``made``: made) by ``site`` (None: any site)."""
        found = self.made if made else self.shown
        return [words for where, words in found if site is None or where == site]


def site_of(frame: object) -> str:
    """The game whose folder made the problem (``builder/systems/<game>/``), else generic."""
    while frame is not None:
        path = Path(frame.f_code.co_filename).resolve()  # type: ignore[attr-defined]
        if (path, frame.f_code.co_name) not in LOCATORS:  # type: ignore[attr-defined]
            break
        frame = frame.f_back  # type: ignore[attr-defined]
    if frame is None:
        return GENERIC
    path = Path(frame.f_code.co_filename).resolve()  # type: ignore[attr-defined]
    if path.is_relative_to(GAMES_DIR):
        parts = path.relative_to(GAMES_DIR).parts
        if len(parts) > 1 and parts[0] in systems.INSTALLED:
            return parts[0]
    return GENERIC


@contextlib.contextmanager
def watching(run: Run) -> Iterator[None]:
    """Record into ``run`` every untranslated problem made and shown inside the block."""
    made_at: dict[int, str] = {}
    keep: list[Problem] = []  # alive, so no id is reused while the block runs
    init, text = Problem.__init__, Problem.text

    def made(self: Problem, *args: object, **kwargs: object) -> None:
        init(self, *args, **kwargs)  # type: ignore[arg-type]
        if not self.said.translated and self.said.en:  # "" only locates a position
            made_at[id(self)] = site_of(sys._getframe(1))
            keep.append(self)
            run.made.append((made_at[id(self)], self.said.en))

    def shown(self: Problem, lang: object = None) -> str:
        words = text(self, lang)  # type: ignore[arg-type]
        if not self.said.translated and self.said.en and id(self) in made_at:
            entry = (made_at[id(self)], self.said.en)
            if entry not in run.shown:
                run.shown.append(entry)
        return words

    from builder.core import text_table

    wrap_phrases = text_table._wrap_phrases

    def wrapped(text: str, width: int, indent: str) -> list[str]:
        lines = wrap_phrases(text, width, indent)
        run.wraps.append((text, lines))
        return lines

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(Problem, "__init__", made)
        patch.setattr(Problem, "text", shown)
        patch.setattr(text_table, "_wrap_phrases", wrapped)
        yield


def run_in(args: list[str]) -> Run:
    """``laminim ARGS`` from the project folder, its stdout and stderr as one text."""
    import os

    out, err = io.StringIO(), io.StringIO()
    run = Run("")
    before = Path.cwd()
    os.chdir(ROOT)
    try:
        with (
            watching(run),
            contextlib.redirect_stdout(out),
            contextlib.redirect_stderr(err),
            contextlib.suppress(SystemExit),
        ):
            main(args)
    finally:
        os.chdir(before)
    run.text = out.getvalue() + err.getvalue()
    return run


@cache
def ja_run(args: tuple[str, ...]) -> Run:
    """``laminim ARGS --lang ja``, run once per test process (several tests read one run)."""
    return run_in([*args, "--lang", "ja"])
