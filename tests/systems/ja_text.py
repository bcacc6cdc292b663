"""Helpers for the tests that a game's commands speak Japanese under ``--lang ja``: run a command
in-process, and find what is still English or wider than 80 columns.

"Still English" is a word of a label's English text that its Japanese text does not share
(``weapon``, ``mod``, ``hits``…) appearing in the output; the player's own words and the
catalog's data (ids, names, a catalog's note) are not labels and are left out by the caller.
"""

from __future__ import annotations

import contextlib
import io
import re
from collections.abc import Iterable
from pathlib import Path

from builder.cli import main
from builder.core.i18n import Labels
from builder.core.text_table import columns

ROOT = Path(__file__).resolve().parents[2]
WIDTH = 80
LOCATED = re.compile(r"^(警告：|warning: )?\S+\.ya?ml(:\d+:\d+)?: ")
"""A problem at its file, line and column: one line however long, as compilers print it."""

_PLACE = re.compile(LOCATED.pattern + r"([\w\[\].-]+: )?")
_WORD = re.compile(r"[A-Za-z][A-Za-z]+")
_FIELD = re.compile(r"\{\w+\}")


def run(args: list[str], monkeypatch) -> tuple[int, str, str]:
    """``laminim ARGS`` in this process, from the project folder: exit code, stdout, stderr."""
    monkeypatch.chdir(ROOT)
    out, err = io.StringIO(), io.StringIO()
    code = 2
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(args)
        except SystemExit as exc:
            code = int(exc.code or 0)
    return code, out.getvalue(), err.getvalue()


def words(text: str) -> set[str]:
    return {w.casefold() for w in _WORD.findall(_FIELD.sub(" ", text))}


def english_only(tables: Iterable[Labels]) -> set[str]:
    """The words of the tables' English texts that none of their Japanese texts uses."""
    en: set[str] = set()
    ja: set[str] = set()
    for table in tables:
        for english, japanese in table.values():
            en |= words(english)
            ja |= words(japanese)
    return en - ja


def leftover_english(text: str, labels: set[str], data: set[str]) -> set[str]:
    """The label words in ``text`` that are not also the data's (an id, a name, a file's key);
    a located problem's place (its file, line, column and field path) is not read."""
    lines = [_PLACE.sub("", line) for line in text.splitlines()]
    return (words("\n".join(lines)) & labels) - data


def too_wide(text: str) -> list[str]:
    return [
        f"{columns(line)}: {line}"
        for line in text.splitlines()
        if columns(line) > WIDTH and not LOCATED.match(line)
    ]
