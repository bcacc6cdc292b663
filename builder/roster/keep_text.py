"""Saving keeps the player's text: what did not change is written back byte for byte.

ruamel re-emits the flow collections and scalars a save hands it as plain data (a hand-aligned
``[2,   2, ~]`` becomes ``[2, 2, null]``). So after it writes, every flow collection (not inside
another) and every one-line scalar outside them whose value is unchanged gets its original text
back. A value that changed is written by the system's optional ``value_text`` hook when it has
one (``builder.systems.WritesValues``: e.g. a row padded to the columns of its neighbours),
else as ruamel wrote it. A comment after a value keeps its gap (unchanged) or its screen column
(changed, as far as it fits). The result is read back with the team reader's loader: if it
would not hold the same data as ruamel's text, the hook's texts are dropped, and if it still
would not, ruamel's text is saved as it is. Nothing here knows any game.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import yaml

from builder.systems import YamlPath

ValueText = Callable[[YamlPath, Any, Mapping[YamlPath, str]], str | None]
"""A system's ``value_text(path, value, original)`` hook (``builder.systems.WritesValues``)."""

_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


@dataclass
class OpenCollection:
    """A collection being read: its path (None: no usable path) and where its next node goes."""

    path: YamlPath | None
    mapping: bool
    index: int = 0
    key: str | None = None
    want_key: bool = True
    flow_start: int | None = None

    def child(self) -> YamlPath | None:
        if self.path is None or (self.mapping and (self.want_key or self.key is None)):
            return None
        part: str | int = self.key if self.mapping and self.key is not None else self.index
        return (*self.path, part)

    def done(self) -> None:
        """The node at the current key or index is complete."""
        if not self.mapping:
            self.index += 1
        elif self.want_key:  # a key that is not a scalar: its value gets no path
            self.key, self.want_key = None, False
        else:
            self.want_key = True


def text_nodes(text: str) -> dict[YamlPath, tuple[int, int]] | None:
    """The nodes of a one-document YAML text whose text a save can keep, by path: every flow
    collection not inside another and every one-line scalar outside them (keys, aliases,
    anchored or tagged nodes and ``|``/``>`` scalars left out), as ``(start, end)`` indexes
    into ``text``. None when ``text`` is not one YAML document."""
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
    found: dict[YamlPath, tuple[int, int]] = {}
    stack: list[OpenCollection] = []
    in_flow = 0  # open flow collections
    for event in events:
        if isinstance(event, CollectionEndEvent):
            closed = stack.pop()
            if in_flow:
                in_flow -= 1
            if closed.flow_start is not None and closed.path is not None:
                found[closed.path] = (closed.flow_start, shift + _index(event.end_mark))
            if stack:
                stack[-1].done()
            continue
        if not isinstance(event, NodeEvent):
            continue
        parent = stack[-1] if stack else None
        is_key = parent is not None and parent.mapping and parent.want_key
        path = () if parent is None else parent.child()
        plain = event.anchor is None and getattr(event, "tag", None) is None
        if isinstance(event, CollectionStartEvent):
            keep = bool(event.flow_style) and not in_flow and plain and not is_key
            if event.flow_style or in_flow:
                in_flow += 1
            opened = OpenCollection(None if is_key else path, isinstance(event, MappingStartEvent))
            opened.flow_start = shift + _index(event.start_mark) if keep else None
            stack.append(opened)
            continue
        if is_key and parent is not None:
            parent.key = event.value if isinstance(event, ScalarEvent) else None
            parent.want_key = False
            continue
        if (
            isinstance(event, ScalarEvent)
            and path is not None
            and plain
            and not in_flow
            and event.style not in ("|", ">")
        ):
            start, end = shift + _index(event.start_mark), shift + _index(event.end_mark)
            if "\n" not in text[start:end]:
                found[path] = (start, end)
        if parent is not None:
            parent.done()
    return found


def document_events(text: str) -> tuple[list[yaml.Event], int] | None:
    """The parser's events of ``text``, and the characters it skipped (1 after a byte order
    mark: libyaml counts from after one, PyYAML's Python parser from before it); None when
    ``text`` is not one YAML document."""
    from yaml.events import DocumentStartEvent

    shift = 1 if text.startswith("\ufeff") else 0
    try:
        events = list(yaml.parse(text[shift:], Loader=_LOADER))
    except (yaml.YAMLError, ValueError, RecursionError):
        return None
    if sum(isinstance(e, DocumentStartEvent) for e in events) != 1:
        return None
    return events, shift


def _index(mark: Any) -> int:
    """Where a parser mark is, in characters from the start of the parsed text."""
    return int(mark.index)


_MISSING = object()


def _at(data: Any, path: YamlPath) -> Any:
    for part in path:
        found = isinstance(data, dict) and part in data
        found = found or (isinstance(data, list) and isinstance(part, int) and part < len(data))
        if not found:
            return _MISSING
        data = data[part]
    return data


def same_data(a: Any, b: Any) -> bool:
    """Equal and of the same types all the way down (``1`` is not ``1.0`` nor ``true``)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same_data(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(same_data(x, y) for x, y in zip(a, b, strict=True))
    return bool(a == b)


def load_plain(text: str) -> Any:
    """``text`` as the team reader reads it; raises yaml.YAMLError."""
    return yaml.load(text, Loader=_LOADER)


def _load_plain(text: str) -> Any:
    """``text`` as the team reader reads it (PyYAML, the C loader when there is one)."""
    try:
        return yaml.load(text, Loader=_LOADER)
    except yaml.YAMLError:
        return _MISSING


_COMMENT_GAP = re.compile(r"[ \t]+(?=#)")


def keep_text(
    out: str,
    original: str | None,
    value_text: ValueText | None = None,
    where: Callable[[YamlPath], YamlPath | None] | None = None,
) -> str:
    """ruamel's ``out`` with the original text of every unchanged value put back and the
    changed ones written by ``value_text`` (see the module docstring).

    ``where``: where a node of the original is in ``out`` (a list item may have moved; None:
    it is gone); by default at the same path. A comment after a value keeps its original gap
    when the value is unchanged, else its column as far as it can. If the result would not
    read as the same data, the hook's texts are dropped; if it still would not, ``out`` itself
    is returned.
    """
    nodes = text_nodes(out)
    if not nodes:
        return out
    original = original or ""
    old_nodes = text_nodes(original) or {}
    old_data = _load_plain(original) if old_nodes else _MISSING
    old_texts: dict[YamlPath, str] = {}
    old_values: dict[YamlPath, Any] = {}
    for old_path, (a, b) in old_nodes.items():
        if "\r" in original[a:b]:
            continue  # a CRLF file's multi-line flow list: ruamel's text
        path = old_path if where is None else where(old_path)
        if path is not None:
            old_texts[path] = original[a:b]
            old_values[path] = _at(old_data, old_path)
    if not old_texts and value_text is None:
        return out
    data = _load_plain(out)
    kept: dict[YamlPath, str] = {}
    written: dict[YamlPath, str] = {}
    for path in nodes:
        value = _at(data, path)
        old = old_texts.get(path)
        if value is _MISSING:
            continue
        if old is not None and same_data(old_values[path], value):
            kept[path] = old
        elif value_text is not None:
            text = value_text(path, value, old_texts)
            if text is not None:
                written[path] = text
    comments: dict[YamlPath, tuple[str, int]] = {}  # the gap before a comment, its column
    for old_path, (_start, end) in old_nodes.items():
        gap = _COMMENT_GAP.match(original, end)
        path = old_path if where is None else where(old_path)
        if gap is not None and path is not None:
            comments[path] = (gap.group(), _column(original, gap.end()))
    for texts in ({**kept, **written}, kept):
        result = _splice(out, nodes, texts, kept, comments)
        if result == out or same_data(_load_plain(result), data):
            return result
    return out


def _column(text: str, index: int) -> int:
    """The display column of ``text[index]`` on its line."""
    return _width(text[text.rfind("\n", 0, index) + 1 : index])


def _width(text: str) -> int:
    """Cells ``text`` takes on screen: wide characters count two, a byte order mark none."""
    if text.isascii():
        return len(text)
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else c != "\ufeff" for c in text)


def _splice(
    out: str,
    nodes: Mapping[YamlPath, tuple[int, int]],
    texts: Mapping[YamlPath, str],
    kept: Mapping[YamlPath, str],
    comments: Mapping[YamlPath, tuple[str, int]],
) -> str:
    """``out`` with the node at each path of ``texts`` replaced by its text. A comment after a
    node that had one gets its original gap (an unchanged node) or column (a changed one, as
    far as it fits: ruamel alone puts it in odd places)."""
    pieces: list[str] = []
    pos = 0
    for path, (start, end) in sorted(nodes.items(), key=lambda item: item[1]):
        text = texts.get(path, out[start:end])
        after = _COMMENT_GAP.match(out, end)
        gap = None
        if after is not None and path in comments and "\n" not in text:
            old_gap, column = comments[path]
            if path in kept:
                gap = old_gap
            else:
                gap = " " * max(1, column - _column(out, start) - _width(text))
        if text == out[start:end] and (after is None or gap in (None, after.group())):
            continue
        pieces += [out[pos:start], text]
        pos = end
        if after is not None and gap is not None:
            pieces.append(gap)
            pos = after.end()
    return "".join(pieces) + out[pos:]
