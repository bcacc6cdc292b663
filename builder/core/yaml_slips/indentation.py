"""A mis-indented key told as such: which key, at which column, and where its neighbours are.

YAML's own words for a key one space off are about something else ("mapping values are not
allowed here", "did not find expected '-' indicator") and fall on the wrong line. When a file
does not read, its lines are followed as block YAML nests them — each key's column, each list
item's ``-`` — and the first line that lines up with nothing above it is named: deeper than a
key that already has its value, or between two levels.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from builder.core.messages import Message
from builder.core.yaml_slips import FULL_SPACE, SLIPS, Slip

_ITEM = re.compile(r"[-－ー−‐](?:[ \u3000]+|$)")
_KEY = re.compile(r"""([^\s#'"\[\]{},:：][^#:：]*?|'[^']*'|"[^"]*")[:：](?:[ \u3000]+|$)""")
"""A list item's ``-`` and a key's ``name:``, as meant (a full-width ``：`` or ``ー`` is its own
slip, told by :func:`builder.core.yaml_slips.slips_in`; the lines still line up as meant)."""


@dataclass
class _Level:
    """An open block: a mapping (its keys' column) or a list (its items' ``-`` column)."""

    col: int
    kind: str  # "map" | "seq"
    name: str  # the last key of a mapping ("" for a list)
    line: int  # the line of that key (of the list's first item)
    opens: bool = False  # the last key has no value on its line: a deeper block follows
    parent: Message | None = None


def misindented(text: str) -> list[Slip]:
    """The mis-indented lines of ``text``: each line that lines up with nothing above it (a
    block of lines off by the same columns is told at its first line only)."""
    found: list[Slip] = []
    levels: list[_Level] = []
    block: int | None = None
    depth = 0  # open flow brackets: their lines go on a collection, not a block
    for number, raw in enumerate(text.split("\n"), start=1):
        line = raw.rstrip("\r")
        stripped = line.lstrip(" ")
        indent = len(line) - len(stripped)
        if block is not None:
            if not stripped or indent > block:
                continue
            block = None
        if not stripped or stripped.startswith("#"):
            continue
        was, depth = depth, depth + _brackets(stripped)
        if was > 0:
            continue
        if stripped[0] in "\t" + FULL_SPACE or stripped[0] in "[{'\"":
            continue  # a slip of its own, or a line this reading does not follow
        wrong = _line(stripped, indent, number, levels)
        if wrong is not None:
            found.append(wrong)
        if re.search(r"(^|[:\-]\s)[|>][-+0-9]*$", stripped.split(" #")[0].rstrip()):
            block = indent
    return found


def _brackets(content: str) -> int:
    """Flow brackets the line opens minus those it closes (quoted text and comments aside)."""
    code = re.sub(r"'[^']*'|\"[^\"]*\"", "", content).split(" #")[0]
    return sum(code.count(c) for c in "[{") - sum(code.count(c) for c in "]}")


def _line(content: str, indent: int, number: int, levels: list[_Level]) -> Slip | None:
    """Follow one line; the slip when it lines up with nothing above it."""
    col = indent + 1
    rest = content
    told: Slip | None = None  # a list item's '-' off: its key is then not told again
    while True:
        item = _ITEM.match(rest)
        if item is None:
            break
        wrong = _place(col, "seq", "", number, levels)
        if wrong is not None:
            _as_written(col, "seq", "", number, levels)
            told = told or wrong
        levels[-1].opens = True  # an item's own content may follow, on this line or below
        col += item.end()
        rest = rest[item.end() :]
        if not rest:
            return told
    key = _KEY.match(rest)
    if key is None:
        return told  # a plain value (a list item's, a folded line): nothing to line up
    name = key.group(1).strip("'\"")
    value = re.sub(r"(^|\s)#.*$", "", rest[key.end() :]).strip()
    wrong = _place(col, "map", name, number, levels)
    if wrong is not None:
        _as_written(col, "map", name, number, levels)
    levels[-1].opens = not value or value[0] in "&!" or value in ("|", ">")
    return told or wrong


def _as_written(col: int, kind: str, name: str, number: int, levels: list[_Level]) -> None:
    """A mis-indented line taken where it stands: the lines after it that line up with it
    are not told again."""
    while levels and levels[-1].col >= col:
        levels.pop()
    parent = _parent(levels[-1]) if levels else SLIPS("parent-top")
    levels.append(_Level(col, kind, name, number, parent=parent))


def _place(col: int, kind: str, name: str, number: int, levels: list[_Level]) -> Slip | None:
    """Put a key (or an item's ``-``) at ``col`` among the open ``levels``."""
    above = levels[-1] if levels else None
    popped: list[_Level] = []
    while levels and (levels[-1].col > col or _list_ends(levels, col, kind)):
        popped.append(levels.pop())
    if popped and levels and levels[-1].col == col and levels[-1].kind == kind:
        popped = []  # back out to a level of its own kind: a sibling there
    top = levels[-1] if levels else None
    if top is not None and top.col == col and (top.kind == kind or _list_under_key(top, kind)):
        if top.kind == kind:
            top.name, top.line, top.opens = name, number, False
            return None
        levels.append(_Level(col, kind, name, number, parent=_parent(top)))
        return None
    if top is None and not popped:
        levels.append(_Level(col, kind, name, number, parent=SLIPS("parent-top")))
        return None
    if above is not None and above.opens and not popped and (top is None or top.col < col):
        levels.append(_Level(col, kind, name, number, parent=_parent(above)))
        return None
    if popped:  # between two levels: the nearest deeper one of its kind is what was meant
        meant = popped[-1]
        if meant.kind != kind and top is not None and top.kind == kind:
            meant = top  # an item's '-' between a list's items and their keys: the list's
        return _between(col, kind, name, number, meant)
    if above is not None and above.kind == "map" and (top is None or top.col < col):
        key = "indent-deeper" if kind == "map" else "indent-item-deeper"
        said = SLIPS(key, name=name, col=col, above=above.name, line=above.line, want=above.col)
        return Slip(number, col, said)
    if top is not None and top.col == col:  # a key where the list's '-' stands, or the other way
        meant = popped[-1] if popped else top
        return _between(col, kind, name, number, meant)
    return None


def _list_ends(levels: list[_Level], col: int, kind: str) -> bool:
    """A key at the column of a list that stands at its own key's column ends that list."""
    top = levels[-1]
    return (
        top.col == col
        and top.kind == "seq"
        and kind == "map"
        and len(levels) > 1
        and levels[-2].col == col
    )


def _list_under_key(top: _Level, kind: str) -> bool:
    """A list may stand at its key's own column (``units:`` then ``- name: …`` under the u)."""
    return top.kind == "map" and kind == "seq" and top.opens


def _parent(level: _Level) -> Message:
    """How the block holding a new level is named: a key, or a list item."""
    if level.kind == "map":
        return SLIPS("parent-key", name=level.name, line=level.line)
    return SLIPS("parent-item", line=level.line)


def _between(col: int, kind: str, name: str, number: int, meant: _Level) -> Slip:
    parent = meant.parent or SLIPS("parent-top")
    if kind == "seq":
        return Slip(
            number, col, SLIPS("indent-item-between", col=col, parent=parent, want=meant.col)
        )
    return Slip(
        number, col, SLIPS("indent-between", name=name, col=col, parent=parent, want=meant.col)
    )
