"""A team file's comments (and blank lines), each tied to the part of the file it belongs to,
and put back beside that part in the saved text.

Why not ruamel's own comment keeping: ruamel hangs a comment on the token before it, so the
comment above a unit belongs to the last value of the unit before it, a comment between the
items of a block list belongs to the list's index, and re-assigning a list (every save of
edited units) drops them. Here a comment belongs to what it describes, by the path of that
node in the file's data:

* ``after``: a comment at the end of a line belongs to the last value (or key) before it;
* ``above``: a comment line belongs to the entry (a mapping's key, a list's item) that starts
  on the next content line, and so does a blank line;
* ``below``: a comment line indented deeper than the next entry, right under a deeper line,
  belongs to the value above it (a note at the end of a unit stays with that unit);
* ``inside``: a comment inside a multi-line flow list stays there while the list's text is kept,
  else it goes above the list's entry;
* ``header`` and ``trailer``: what comes before the first and after the last content line stays
  at the top and at the end.

The saver tells where each entry of the old file went (a list item may move, or be removed:
its comments then go with it); nothing here knows any game.
"""

from __future__ import annotations

import bisect
import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal

from builder.roster.keep_text import OpenCollection, document_events
from builder.systems import YamlPath

Kind = Literal["header", "above", "below", "after", "inside", "trailer"]


@dataclass(frozen=True)
class Spot:
    """One node of a YAML text: a mapping's key or a value, where it starts and ends."""

    path: YamlPath
    key: bool
    start: int
    end: int | None  # None: a block collection (it ends where the next content starts)
    flow: YamlPath | None  # the outermost flow collection holding it (itself, for that one)


@dataclass
class Shape:
    """Where the nodes of a one-document YAML text are (see :func:`shape`)."""

    text: str
    spots: dict[tuple[YamlPath, bool], Spot]
    entries: list[tuple[int, YamlPath]]  # (start, path): a key, or an item of a list
    flows: dict[YamlPath, tuple[int, int]]  # the outermost flow collections
    covered: list[tuple[int, int]]  # scalar texts: no comment can start in them
    leaves: list[Spot]  # scalars and flow collections, by where they end
    root: int  # where the document's content starts
    last: int  # where the last content ends
    line_starts: list[int] = field(default_factory=list)

    def line(self, index: int) -> int:
        """The 0-based line of ``text[index]``."""
        return bisect.bisect_right(self.line_starts, index) - 1

    def line_start(self, index: int) -> int:
        return self.line_starts[self.line(index)]

    def line_end(self, index: int) -> int:
        """Where the line of ``text[index]`` ends (its newline, or the end of the text)."""
        end = self.text.find("\n", index)
        return len(self.text) if end < 0 else end

    def indent(self, index: int) -> int:
        start = self.line_start(index)
        line = self.text[start : self.line_end(index)]
        return len(line) - len(line.lstrip(" "))

    def in_scalar(self, index: int) -> bool:
        """True when ``text[index]`` is part of a scalar's text."""
        at = bisect.bisect_right(self.covered, (index, len(self.text) + 1))
        return any(a <= index < b for a, b in self.covered[max(0, at - 2) : at])

    def column_of(self, index: int) -> int:
        return index - self.line_start(index)

    def column(self, path: YamlPath) -> int:
        """The column the entry at ``path`` starts at."""
        at = self.entry_of(path)
        return -1 if at is None else self.column_of(at)

    def in_flow(self, index: int) -> YamlPath | None:
        for path, (start, end) in self.flows.items():
            if start < index < end:
                return path
        return None

    def entry_of(self, path: YamlPath) -> int | None:
        """Where the entry at ``path`` starts (its key, or the item itself)."""
        spot = self.spots.get((path, True)) or self.spots.get((path, False))
        return None if spot is None else spot.start


def _index(mark: Any, shift: int) -> int:
    return shift + int(mark.index)


def shape(text: str) -> Shape | None:
    """The nodes of ``text`` by path; None when it is not one YAML document (or a root that is
    not a collection)."""
    from yaml.events import (
        CollectionEndEvent,
        CollectionStartEvent,
        MappingStartEvent,
        NodeEvent,
        ScalarEvent,
    )

    parsed = document_events(text)
    if parsed is None:
        return None
    events, shift = parsed
    spots: dict[tuple[YamlPath, bool], Spot] = {}
    entries: list[tuple[int, YamlPath]] = []
    flows: dict[YamlPath, tuple[int, int]] = {}
    covered: list[tuple[int, int]] = []
    stack: list[OpenCollection] = []  # flow_start: where a flow collection starts
    flow_top: list[YamlPath | None] = [None]
    root: int | None = None
    last = 0
    for event in events:
        if isinstance(event, CollectionEndEvent):
            closed = stack.pop()
            path, flow_start = closed.path, closed.flow_start
            end = _index(event.end_mark, shift)
            if flow_start is not None:
                last = max(last, end)
                if path is not None:
                    spots[(path, False)] = Spot(path, False, flow_start, end, flow_top[-1])
                if path is not None and flow_top[-1] == path and len(flow_top) > 1:
                    flows[path] = (flow_start, end)
                    flow_top.pop()
            if stack:
                stack[-1].done()
            continue
        if not isinstance(event, NodeEvent):
            continue
        start = _index(event.start_mark, shift)
        if root is None:
            root = start
        parent = stack[-1] if stack else None
        is_key = parent is not None and parent.mapping and parent.want_key
        path = () if parent is None else parent.child()
        if isinstance(event, ScalarEvent):
            end = _index(event.end_mark, shift)
            begin = start
            if event.style in ("|", ">"):  # a comment may follow the indicator on its line
                newline = text.find("\n", start)
                begin = end if newline < 0 else min(newline, end)
            covered.append((begin, end))
            last = max(last, end)
            if is_key and parent is not None:
                parent.key, parent.want_key = event.value, False
                key_path = None if parent.path is None else (*parent.path, event.value)
                if key_path is not None:
                    spots[(key_path, True)] = Spot(key_path, True, start, end, flow_top[-1])
                    entries.append((start, key_path))
                continue
            if path is not None:
                spots[(path, False)] = Spot(path, False, start, end, flow_top[-1])
                if parent is not None and not parent.mapping:
                    entries.append((start, path))
            if parent is not None:
                parent.done()
            continue
        # a collection (an alias has no path worth keeping: it is written as it was)
        if not isinstance(event, CollectionStartEvent):
            if is_key and parent is not None:
                parent.key, parent.want_key = None, False
            elif parent is not None:
                parent.done()
            continue
        own = None if is_key else path
        flow = bool(event.flow_style)
        if own is not None and parent is not None and not parent.mapping:
            entries.append((start, own))
        if own is not None and not flow:
            spots[(own, False)] = Spot(own, False, start, None, flow_top[-1])
        if flow and flow_top[-1] is None and own is not None:
            flow_top.append(own)
        mapping = isinstance(event, MappingStartEvent)
        stack.append(OpenCollection(own, mapping, flow_start=start if flow else None))
    if root is None:
        return None
    line_starts = [0] + [m.end() for m in re.finditer("\n", text)]
    leaves = sorted(
        (s for s in spots.values() if s.end is not None), key=lambda s: (s.end, -len(s.path))
    )
    covered.sort()
    return Shape(text, spots, sorted(entries), flows, covered, leaves, root, last, line_starts)


@dataclass
class Note:
    """Comment or blank lines of the old file and what they belong to."""

    kind: Kind
    path: YamlPath | None = None
    key: bool = False
    lines: list[str] = field(default_factory=list)  # whole lines, no newline (after: one text)
    indent: int = 0  # the column the anchor's line was indented to (above, below)
    gap: str = " "  # after: the space before the comment
    column: int = 0  # after: the comment's screen column
    was: str | None = None  # after: the anchor's text; inside: the flow list's text
    order: int = 0


_COMMENT = re.compile(r"(?:^|(?<=[ \t]))#")


def notes(old: Shape) -> list[Note]:
    """Every comment and blank line of ``old``, tied to what it belongs to (module docstring)."""
    text = old.text
    found: list[Note] = []
    first_line = old.line(old.root)
    last_line = old.line(old.last) if old.last > old.root else first_line
    header = text[: old.line_starts[first_line]].removeprefix("\ufeff").replace("\r", "")
    if header:
        found.append(Note("header", lines=[header]))
    run: list[tuple[int, str]] = []  # full comment and blank lines waiting for their anchor
    for number in range(first_line, last_line + 1):
        start = old.line_starts[number]
        end = old.line_end(start)
        line = text[start:end].rstrip("\r")
        comment = _comment_at(old, start, line)
        body = line if comment is None else line[: comment - start]
        blank = not body.strip() and not old.in_scalar(start + len(line) - len(line.lstrip()))
        if blank and number != first_line:
            run.append((start, line))
            continue
        if run:
            found += _run_notes(old, run, start)
            run = []
        if comment is not None:
            found.append(_after_note(old, comment, line[comment - start :]))
    if run:  # cannot happen: the last line holds content
        found += _run_notes(old, run, old.last)
    tail = old.line_end(old.last)
    trailer = text[tail + 1 :].replace("\r", "") if tail < len(text) else ""  # saved with LF
    if trailer:
        found.append(Note("trailer", lines=[trailer]))
    for i, note in enumerate(found):
        note.order = i
    return found


def _comment_at(old: Shape, start: int, line: str) -> int | None:
    """Where a comment starts on the line at ``start`` (an index into the text), if one does."""
    for match in _COMMENT.finditer(line):
        at = start + match.start()
        if not old.in_scalar(at):
            return at
    return None


def _after_note(old: Shape, at: int, comment: str) -> Note:
    """The comment at the end of a line: it belongs to the last node ending before it."""
    flow = old.in_flow(at)
    if flow is not None:
        start, end = old.flows[flow]
        return Note("inside", flow, lines=[comment], was=old.text[start:end])
    line_start = old.line_start(at)
    before = [s for s in old.leaves if line_start <= s.end <= at]  # type: ignore[operator]
    if not before:  # e.g. ``- # note`` with the item on the next line: above what follows
        return Note(
            "above",
            _next_entry(old, at),
            lines=[" " * old.indent(at) + comment],
            indent=old.indent(at),
        )
    spot = before[-1]
    body = old.text[line_start:at]
    gap = body[len(body.rstrip(" \t")) :] or " "
    assert spot.end is not None
    return Note(
        "after",
        spot.path,
        spot.key,
        lines=[comment.rstrip()],
        gap=gap,
        column=width(body),
        was=old.text[spot.start : spot.end],
    )


def _next_entry(old: Shape, at: int) -> YamlPath | None:
    i = bisect.bisect_right(old.entries, (at, ()))
    while i < len(old.entries):
        start, path = old.entries[i]
        if start > at:
            return path
        i += 1
    return None


def _run_notes(old: Shape, run: list[tuple[int, str]], next_start: int) -> list[Note]:
    """Comment and blank lines between two content lines: above the next entry, or below the
    value before them when indented deeper than that entry and no deeper than the line above."""
    flow = old.in_flow(run[0][0])
    if flow is not None:
        start, end = old.flows[flow]
        lines = [line for _, line in run]
        return [
            Note(
                "inside",
                flow,
                lines=[ln.strip() for ln in lines if ln.strip()],
                was=old.text[start:end],
            )
        ]
    target = _next_entry(old, run[-1][0])
    next_indent = old.indent(next_start)
    kinds: list[str] = []
    owners: list[YamlPath | None] = []
    for _, line in run:  # deeper lines first, then the rest (their order is the player's)
        column = len(line) - len(line.lstrip(" \t"))
        owner = (
            _enclosing(old, run[0][0], column) if line.strip() and "above" not in kinds else None
        )
        if owner is not None and old.column(owner) > next_indent:
            kinds.append("below")
            owners.append(owner)
        else:
            kinds.append("above" if line.strip() else "")
            owners.append(None)
    for i in range(len(kinds) - 1, -1, -1):  # a blank line goes with the line after it
        if not kinds[i]:
            kinds[i] = kinds[i + 1] if i + 1 < len(kinds) else "above"
            owners[i] = owners[i + 1] if i + 1 < len(kinds) else None
    out: list[Note] = []
    for i, ((_, line), kind) in enumerate(zip(run, kinds, strict=True)):
        owner = owners[i]
        if out and out[-1].kind == kind and (kind == "above" or out[-1].path == owner):
            out[-1].lines.append(line)
        elif kind == "below" and owner is not None:
            indent = old.indent(old.entry_of(owner) or 0)
            out.append(Note("below", owner, lines=[line], indent=indent))
        else:
            out.append(Note("above", target, lines=[line], indent=next_indent))
    return out


def _enclosing(old: Shape, before: int, column: int) -> YamlPath | None:
    """The last entry starting before ``before`` at a column no deeper than ``column``: the
    part of the file a comment line at that column, under it, is written inside."""
    i = bisect.bisect_left(old.entries, (before, ()))
    while i > 0:
        i -= 1
        start, path = old.entries[i]
        if old.column_of(start) <= column:
            return path
    return None


def width(text: str) -> int:
    """Cells ``text`` takes on screen: wide characters count two, a byte order mark none."""
    if text.isascii():
        return len(text)
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else c != "\ufeff" for c in text)


@dataclass(frozen=True)
class Gone:
    """A node that is no more: ``left`` is the path of what is left of its way there;
    ``dropped`` when that is a mapping without the key (else it is no collection now)."""

    left: YamlPath
    dropped: bool = True


Where = Callable[[YamlPath], "YamlPath | Gone | None"]
"""Where the node at an old path is in the new text: its path, or None when it was in a list
item that was removed, or :class:`Gone` when a key on its way was dropped."""


def restore(new_text: str, old_notes: list[Note], where: Where) -> str | None:
    """``new_text`` (written with no comments) with each note put back beside what it belongs to
    (see the module docstring); None when ``new_text`` is not one YAML document."""
    new = shape(new_text)
    if new is None:
        return None
    inserts: list[tuple[int, int, str]] = []  # (index, order, text)
    taken_lines: set[int] = set()  # lines that already end in a comment
    head = new.line_starts[new.line(new.root)]
    for note in old_notes:
        if note.kind == "header":
            inserts.append((head, -1, note.lines[0]))
            continue
        if note.kind == "trailer":
            tail = "" if new_text.endswith("\n") else "\n"
            inserts.append((len(new_text), note.order, tail + note.lines[0]))
            continue
        found = where(note.path) if note.path is not None else None
        if isinstance(found, Gone) and found.left and (note.kind == "below" or not found.dropped):
            # a note under a dropped value, or on a part of a value that changed its kind:
            # under what held it
            note = Note("below", lines=_as_lines(note), indent=note.indent, order=note.order)
            found = found.left
        if note.path is not None and not isinstance(found, tuple):
            continue  # what it belonged to was removed, and the comment with it
        path = found if isinstance(found, tuple) else None
        placed = _place(new, note, path, taken_lines)
        if placed is not None:
            inserts.append((placed[0], note.order, placed[1]))
    text = new_text[head:] if head else new_text
    shift = -head
    pieces: list[str] = []
    pos = 0
    for index, _order, piece in sorted(inserts, key=lambda x: (x[0], x[1])):
        at = max(0, index + shift)
        pieces += [text[pos:at], piece]
        pos = at
    return "".join(pieces) + text[pos:]


def _place(
    new: Shape, note: Note, path: YamlPath | None, taken: set[int]
) -> tuple[int, str] | None:
    """Where ``note`` goes in ``new`` and the text to insert there."""
    if note.kind == "inside":
        span = new.flows.get(path) if path is not None else None
        if span is not None and new.text[span[0] : span[1]] == note.was:
            return None  # the list's text was kept, with its comments
        return _below(new, path, note.lines, None)  # under the new text of its value
    if note.kind == "above":
        return _above(new, path, note.lines, note.indent)
    if note.kind == "below":
        return _below(new, path, note.lines, note.indent)
    # after
    spot = _leaf(new, path, note.key) if path is not None else None
    if spot is not None and spot.end is not None:
        end = new.line_end(spot.end)
        rest = new.text[spot.end : end].strip(" \t\r")
        line = new.line(spot.end)
        if rest in ("", ":") and line not in taken and not new.in_scalar(end):
            taken.add(line)
            body = new.text[new.line_starts[line] : end].rstrip(" \t\r")
            cut = new.line_starts[line] + len(body)
            if new.text[spot.start : spot.end] == note.was and rest == "":
                gap = note.gap
            else:
                gap = " " * max(1, note.column - width(body))
            return cut, gap + note.lines[0]  # before the blanks (and CR) ending the line
    return _above(new, path, [note.lines[0]], None)


def _below(
    new: Shape, path: YamlPath | None, lines: list[str], indent: int | None
) -> tuple[int, str] | None:
    """Lines put under the last line of the entry at ``path`` (above it when it ends inside a
    flow collection)."""
    under = [s for s in new.leaves if path is not None and s.path[: len(path)] == path]
    if path is None or not under:
        return _above(new, path, lines, indent)
    last = max(s.end for s in under if s.end is not None)
    if new.in_flow(last) is not None:
        return _above(new, path, lines, indent)
    end = new.line_end(last)
    own = new.indent(new.entry_of(path) or last)
    fixed = _reindent(lines, indent, own) if indent is not None else _indented(lines, own)
    prefix = "" if end < len(new.text) else "\n"
    return min(end + 1, len(new.text)), prefix + "".join(line + "\n" for line in fixed)


def _indented(lines: list[str], indent: int) -> list[str]:
    return [" " * indent + line.strip() if line.strip() else "" for line in lines]


def _leaf(new: Shape, path: YamlPath | None, key: bool) -> Spot | None:
    """The node a comment after ``path`` follows in ``new``: the value when it is a scalar or
    a flow collection on the key's line, else the key."""
    if path is None:
        return None
    value = new.spots.get((path, False))
    key_spot = new.spots.get((path, True))
    on_key_line = key_spot is None or (
        value is not None and new.line(value.start) == new.line(key_spot.start)
    )
    if value is not None and value.end is not None and (not key or on_key_line):
        return value
    return key_spot or value


def _as_lines(note: Note) -> list[str]:
    """A note's text as comment lines of their own (an ``after`` note is one text)."""
    if note.kind in ("after", "inside"):
        return [line.strip() for line in note.lines if line.strip()]
    return note.lines


def _above(
    new: Shape, path: YamlPath | None, lines: list[str], indent: int | None
) -> tuple[int, str] | None:
    """Lines put above the entry at ``path`` (the nearest enclosing entry outside a flow
    collection; the end of the document when there is none)."""
    at: int | None = None
    while path:
        at = new.entry_of(path)
        if at is not None and new.in_flow(at) is None:
            break
        path = path[:-1]
    if not path:
        tail = "" if new.text.endswith("\n") else "\n"
        return len(new.text), tail + "".join(line.strip() + "\n" for line in lines)
    assert at is not None
    start = new.line_start(at)
    own = new.indent(start)
    fixed = _indented(lines, own) if indent is None else _reindent(lines, indent, own)
    return start, "".join(line + "\n" for line in fixed)


def _reindent(lines: list[str], was: int, now: int) -> list[str]:
    """Comment lines moved by ``now - was`` columns (never before the line's start)."""
    out = []
    for line in lines:
        if not line.strip():
            out.append("")
            continue
        column = len(line) - len(line.lstrip(" \t"))
        out.append(" " * max(0, now + column - was) + line.lstrip(" \t"))
    return out
