"""How a saved map file writes the rows that changed: in the player's columns, pits as ``~``.

The generic saver (``builder.roster.team_file``) keeps the text of every value that did not
change and asks :func:`value_text` for the ones that did (the optional ``WritesValues`` hook).
A changed row is written here:

* a cell that kept its value keeps its spelling (``null``, ``2.0``); a changed one is written
  ``~`` for a pit, else as a whole (``2``) or half (``1.5``) level;
* when most rows of the map start their cells at the same columns (the player aligned them),
  every cell goes back to its column, pushed right only when the cell before it is too wide;
  otherwise the row is written with one space after each comma;
* a pit written in a block-style map (``- ~``) is ``~`` too.

Rows are read with a small scanner, not a YAML parser: a row with anything but levels in it
(a comment, a quote, a nested list) is not treated as aligned, and the saver reads every text
back and keeps its own if the data would differ.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from builder.systems.base import YamlPath

Cells = list[tuple[int, str]]
"""The cells of a one-line row text: (offset of the cell's first character, its text)."""

NULLS = frozenset({"~", "null", "Null", "NULL"})
NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")


def value_text(path: YamlPath, value: Any, original: Mapping[YamlPath, str]) -> str | None:
    """The text of a changed value of a map file, or None to let the saver write it."""
    if path == ("map",) and isinstance(value, list):
        return map_text(value, original.get(path))
    if len(path) == 2 and path[0] == "map" and isinstance(path[1], int):
        if not isinstance(value, list):
            return None
        rows = [text for at, text in original.items() if len(at) == 2 and at[0] == "map"]
        return row_text(value, original.get(path), rows)
    if len(path) == 3 and path[0] == "map" and value is None:
        return "~"  # a pit in a block-style map
    return None


def cell_text(level: object) -> str | None:
    """``~``, ``2`` or ``1.5``; None for what is not a level."""
    if level is None:
        return "~"
    if isinstance(level, bool) or not isinstance(level, int | float):
        return None
    if float(level).is_integer():
        return str(int(level))
    return repr(float(level))


def _same_level(text: str, level: object) -> bool:
    if text in NULLS:
        return level is None
    if level is None or isinstance(level, bool) or not NUMBER.fullmatch(text):
        return False
    return isinstance(level, int | float) and float(text) == float(level)


def split_row(text: str | None) -> Cells | None:
    """The cells of ``[2,   ~, 0.5]`` with their offsets; None for anything less simple."""
    if text is None or len(text) < 2 or text[0] != "[" or text[-1] != "]":
        return None
    inner = text[1:-1]
    if any(c in inner for c in "[]{}#\"'\n"):
        return None
    if not inner.strip():
        return []
    cells: Cells = []
    at = 1
    for part in inner.split(","):
        word = part.strip()
        if not word:
            return None  # a trailing or doubled comma
        cells.append((at + len(part) - len(part.lstrip()), word))
        at += len(part) + 1
    return cells


def _columns(rows: Sequence[str], count: int) -> tuple[tuple[int, ...], int | None] | None:
    """The cell columns (and the ``]`` column) most rows of ``count`` cells share; None when
    the rows are not aligned (no majority, or one row with one space after every comma)."""
    cells = [(split, text) for text in rows if (split := split_row(text)) and len(split) == count]
    if not cells:
        return None
    starts = Counter(tuple(at for at, _ in split) for split, _ in cells)
    stops, n = starts.most_common(1)[0]
    if n * 2 <= len(cells):
        return None
    if len(cells) == 1:
        split = cells[0][0]
        tight = [1]
        for _at, word in split[:-1]:
            tight.append(tight[-1] + len(word) + 2)
        if list(stops) == tight:
            return None
    closes = Counter(len(text) - 1 for _, text in cells)
    close, m = closes.most_common(1)[0]
    return stops, close if m * 2 > len(cells) else None


def row_text(levels: Sequence[Any], own: str | None, rows: Sequence[str]) -> str | None:
    """A row of ``levels`` where the row ``own`` was, in the columns of the map's ``rows``."""
    olds = split_row(own) or []
    texts: list[str] = []
    for i, level in enumerate(levels):
        if i < len(olds) and _same_level(olds[i][1], level):
            texts.append(olds[i][1])
            continue
        text = cell_text(level)
        if text is None:
            return None
        texts.append(text)
    if own is not None and [word for _, word in olds] == texts:
        return own  # nothing in it changed (the saver asks because of a type, e.g. 2.0 → 2)
    grid = _columns(rows, len(texts))
    if grid is None:
        return "[" + ", ".join(texts) + "]"
    stops, close = grid
    out = "["
    for i, text in enumerate(texts):
        if i:
            out += ","
        out += " " * max(1 if i else 0, stops[i] - len(out)) + text
    if close is not None:
        out += " " * (close - len(out))
    return out + "]"


def split_map(text: str | None) -> tuple[list[str], list[str]] | None:
    """A whole flow-style map ``[[2, ~],\\n       [0, 1]]`` as its row texts and the text
    around and between them (``len(rows) + 1`` pieces); None for anything less simple."""
    if text is None or len(text) < 2 or text[0] != "[" or text[-1] != "]":
        return None
    if any(c in text for c in "{}#\"'"):
        return None
    rows: list[str] = []
    between: list[str] = []
    depth, start, last = 0, 0, 1
    for i, c in enumerate(text[1:-1], start=1):
        if c == "[":
            if depth:
                return None
            depth, start = 1, i
            between.append(text[last:i])
        elif c == "]":
            if not depth:
                return None
            depth, last = 0, i + 1
            rows.append(text[start : i + 1])
    between.append(text[last:-1])
    if depth or not rows:
        return None
    if between[0].strip() or between[-1].strip():
        return None
    if any(re.fullmatch(r"\s*,\s*", gap) is None for gap in between[1:-1]):
        return None
    return rows, between


def map_text(levels: Sequence[Any], own: str | None) -> str | None:
    """A whole flow-style map: each row as :func:`row_text` writes it, the line breaks and
    indents between the rows kept."""
    if not all(isinstance(row, list) for row in levels):
        return None
    split = split_map(own)
    rows, between = split if split is not None else ([], ["", ""])
    texts = []
    for i, row in enumerate(levels):
        text = row_text(row, rows[i] if i < len(rows) else None, rows)
        if text is None:
            return None
        texts.append(text)
    gaps = between[1:-1] or [", "]
    out = "[" + between[0]
    for i, text in enumerate(texts):
        if i:
            out += gaps[min(i - 1, len(gaps) - 1)]
        out += text
    return out + between[-1] + "]"
