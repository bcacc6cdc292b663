"""Safe YAML reading that remembers where every value came from.

We compose the YAML into nodes ourselves instead of calling ``yaml.safe_load`` so that each value
keeps its line and column: validation errors from pydantic are mapped back to ``file:line:col``.
Every standard YAML tag is resolved here (scalars by :mod:`builder.core.yaml_scalars`; ``!!set``,
``!!omap``, ``!!pairs`` and merge keys ``<<`` below) or refused at its line (``!!binary``), and a
value that does not fit its tag is a problem at its line; anything else
(``!!python/object/apply`` …) is an error and is never constructed.
"""

from __future__ import annotations

from collections.abc import Container
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import yaml

from builder.core.input_files import TEAM_FILE_CAP, read_input
from builder.core.messages import Message
from builder.core.problems import (
    CORE,
    InputError,
    Loc,
    Locator,
    Problem,
    ReadingProblems,
    Severity,
    field_path,
    unplaced,
)
from builder.core.yaml_scalars import YAML_TAG, BadScalar, scalar_value
from builder.core.yaml_slips import before_syntax_error, located_slips

_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


_Pos = tuple[int, int]


@dataclass
class Located:
    """Plain data read from a YAML file plus the position of every value in it."""

    file: str
    data: Any
    positions: dict[tuple, _Pos] = field(default_factory=dict)
    unsure: set[_Pos] = field(default_factory=set)
    """Where the mappings are that hold a key that could not be read (see ReadingProblems)."""
    notes: list[Problem] = field(default_factory=list)
    """Warnings of the reading itself (an input method's slip in a file that still reads)."""
    mended: bool = False
    """Read with its input-method slips typed as meant (YAML could not read it as written):
    good for telling every problem, never for editing or saving."""

    def where(self, loc: tuple) -> _Pos | None:
        """Position of the value at ``loc``, or of its nearest ancestor that has one."""
        loc = tuple(loc)
        while True:
            if loc in self.positions:
                return self.positions[loc]
            if not loc:
                return None
            loc = loc[:-1]

    def problem(self, loc: tuple, message: Message, severity: Severity = "bad-input") -> Problem:
        pos = self.where(loc)
        line, col = pos if pos else (None, None)
        return Problem(self.file, line, col, field_path(loc), message, severity)

    def locator(self, prefix: Loc = ()) -> Locator:
        """A locator for paths under ``prefix`` (e.g. one unit's fields)."""

        def locate(loc: Loc, message: Message, severity: Severity = "bad-input") -> Problem:
            return self.problem((*prefix, *loc), message, severity)

        return locate


def locator_of(source: Located | None, stand_in: str, prefix: Loc = ()) -> Locator:
    """``source``'s locator for paths under ``prefix``; for data that came from no file (None),
    one that names ``stand_in`` where the file would stand."""
    return unplaced(stand_in, prefix) if source is None else source.locator(prefix)


def read_yaml(
    path: Path | str,
    display: str | None = None,
    max_items: int | None = None,
    cap: int = TEAM_FILE_CAP,
) -> Located:
    """Read one YAML file; raises InputError with every problem found (syntax, tags, duplicates).

    ``max_items``: the most items any one list or mapping of the file may hold (a team file's
    bound, so a file of a thousand units is refused at once instead of being worked through).
    ``cap``: the most bytes the file may hold (see :mod:`builder.core.input_files`, which opens
    it: only a regular file is read).
    """
    name = display or str(path)
    raw = read_input(path, name, cap)
    return parse_yaml(decode_utf8(raw, name), name, max_items)


_UTF8_REASONS = {
    "invalid start byte": "utf8-start",
    "invalid continuation byte": "utf8-continuation",
    "unexpected end of data": "utf8-end",
}


def decode_utf8(raw: bytes, name: str) -> str:
    """``raw`` as UTF-8 text; InputError at the line and column of the first byte that is not."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        start = raw.rfind(b"\n", 0, exc.start) + 1
        col = len(raw[start : exc.start].decode("utf-8", errors="replace")) + 1
        byte = raw[exc.start : exc.start + 1].hex()
        reason = CORE(_UTF8_REASONS.get(str(exc.reason), "utf8-other"))
        message = CORE("not-utf8", reason=reason, byte=byte)
        raise InputError([Problem(name, line, col, "", message)]) from None


def _line_col(text: str, index: int) -> _Pos:
    """1-based line and column of character ``index`` of ``text``."""
    index = max(0, min(index, len(text)))
    line = text.count("\n", 0, index) + 1
    return line, index - (text.rfind("\n", 0, index) + 1) + 1


def _reader_position(text: str, exc: yaml.reader.ReaderError) -> _Pos:
    """Where an unacceptable character is (libyaml counts UTF-8 bytes, PyYAML characters)."""
    char = exc.character if isinstance(exc.character, int) else None
    found = text.find(chr(char)) if char is not None else -1
    if found < 0:
        found = len(text.encode("utf-8")[: exc.position].decode("utf-8", errors="ignore"))
    return _line_col(text, found)


_SYNTAX_WORDS = (
    ("mapping values are not allowed", "yaml-colon"),
    ("could not find expected ':'", "yaml-no-colon"),
    ("expected '-' indicator", "yaml-list-indent"),
    ("expected ',' or ']'", "yaml-open-list"),
    ("expected ',' or '}'", "yaml-open-mapping"),
    ("cannot start any token", "yaml-bad-start"),
    ("undefined alias", "yaml-unknown-alias"),
    ("duplicate anchor", "yaml-duplicate-anchor"),
    ("unknown escape", "yaml-bad-escape"),
    ("expected <document start>", "yaml-extra"),
    ("expected key", "yaml-indent"),
)
"""PyYAML's words for a syntax error (libyaml's and the pure-Python parser's share these
pieces) and ours: a player reads what to fix, not the parser's state."""


def yaml_syntax_words(problem: str, context: str) -> Message:
    """Our words for the syntax error PyYAML names ``problem`` while ``context``."""
    if "quoted scalar" in context and "end of stream" in problem:
        return CORE("yaml-open-quote")
    for pieces, key in _SYNTAX_WORDS:
        if pieces in problem:
            return CORE(key)
    return CORE("yaml-syntax")


def parse_yaml(text: str, name: str, max_items: int | None = None) -> Located:
    """Parse YAML text into a Located; raises InputError on any problem (one line each)."""
    crowded = _past_max_values(text)
    if crowded is not None:
        message = CORE("too-many-values", limit=MAX_VALUES)
        raise InputError([Problem(name, *crowded, "", message)])
    try:
        nodes = list(yaml.compose_all(text, Loader=_Loader))
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        msg = yaml_syntax_words(exc.problem or "", exc.context or "")
        line, col = (mark.line + 1, mark.column + 1) if mark else _line_col(text, len(text))
        said = Problem(name, line, col, "", msg)
        shown = before_syntax_error(text, name, said)
        again = _read_mended(text, name, max_items)
        if again is not None:  # the slips told (YAML's words were about them), the rest read
            raise ReadingProblems([p for p in shown if p is not said], again) from None
        raise InputError(shown) from None
    except yaml.reader.ReaderError as exc:
        char = exc.character
        what = f"#x{char:04x}" if isinstance(char, int) else repr(char)
        msg = CORE("yaml-bad-character", char=what)
        raise InputError([Problem(name, *_reader_position(text, exc), "", msg)]) from None
    except yaml.YAMLError:
        raise InputError([Problem(name, 1, 1, "", CORE("yaml-error"))]) from None
    except RecursionError:
        raise InputError([Problem(name, 1, 1, "", CORE("yaml-too-deep"))]) from None
    if not nodes or nodes[0] is None:
        raise InputError([Problem(name, 1, 1, "", CORE("file-empty"))])
    if len(nodes) > 1:
        second = nodes[1].start_mark
        raise InputError([Problem(name, second.line + 1, 1, "", CORE("several-documents"))])
    located = Located(name, None)
    problems: list[Problem] = []
    located.data = _convert_root(nodes[0], located, problems, max_items)
    if problems and located.data is None:  # too large, too deep, or a root not to be read
        raise InputError(problems)
    located.notes = located_slips(text, name, "warning")
    if problems:  # the rest of the file is still read
        raise ReadingProblems(problems, located, frozenset(located.unsure))
    return located


def _read_mended(text: str, name: str, max_items: int | None) -> Located | None:
    """The file read with its slips typed as meant (in memory only: the file is never
    changed), so that a check reports what else is wrong in the same run; positions are the
    file's own. None when it has no slip or still does not read."""
    from builder.core.yaml_slips import mended

    fixed = mended(text)
    if fixed is None or fixed.text == text:
        return None
    try:
        located = parse_yaml(fixed.text, name, max_items)
    except InputError:
        return None
    located.positions = {
        k: (line, fixed.original(line, col)) for k, (line, col) in located.positions.items()
    }
    located.notes = []
    located.mended = True
    return located


_NODE_EVENTS = (yaml.ScalarEvent, yaml.SequenceStartEvent, yaml.MappingStartEvent)


def _past_max_values(text: str) -> _Pos | None:
    """Where the file's node number MAX_VALUES + 1 starts, if it has that many (else None).

    Composing builds every node before any is counted, and a megabyte of ``[0, 0, …`` is
    seconds of it; the parser's events are counted first and stop at the limit. Aliases are
    not expanded here: the conversion still counts those. A syntax error ends the count early
    and is reported by the composer, at its line.
    """
    loader = _Loader(text)
    count = 0
    try:
        while loader.check_event():
            event = loader.get_event()
            if isinstance(event, _NODE_EVENTS):
                count += 1
                if count > MAX_VALUES and event.start_mark is not None:
                    return event.start_mark.line + 1, event.start_mark.column + 1
    except (yaml.YAMLError, RecursionError, ValueError):
        return None
    finally:
        loader.dispose()
    return None


def _short_tag(tag: str) -> str:
    return "!!" + tag.removeprefix(YAML_TAG) if tag.startswith(YAML_TAG) else tag


_SCALAR_TAGS = {
    YAML_TAG + kind
    for kind in ("null", "bool", "int", "float", "str", "timestamp", "merge", "value", "yaml")
}
_SEQUENCE_TAGS = {YAML_TAG + "seq", YAML_TAG + "omap", YAML_TAG + "pairs"}
_MAPPING_TAGS = {YAML_TAG + "map", YAML_TAG + "set"}
_MERGE = YAML_TAG + "merge"
_REFUSED = {YAML_TAG + "binary": "binary-refused"}


MAX_VALUES = 50_000
"""Most values one file may hold or expand to: aliases can multiply a tiny file ("billion
laughs"), and reading each value costs ~15 µs, so the bound keeps any file under a second. The
largest real file is a 100 × 100 height map (~10,100 values); a catalog holds hundreds."""


class _TooBig(Exception):
    """Raised when a file expands to more than MAX_VALUES values; carries where it happened."""

    def __init__(self, where: _Pos | None, aliased: bool) -> None:
        super().__init__()
        self.where = where
        self.aliased = aliased


@dataclass
class _Walk:
    """State of one conversion: where values go, what went wrong, what is being expanded."""

    out: Located
    problems: list[Problem]
    max_items: int | None = None
    active: set[int] = field(default_factory=set)  # ids of the collections being expanded
    seen: set[int] = field(default_factory=set)  # ids of the collections converted so far
    parents: list[tuple[yaml.Node, bool]] = field(default_factory=list)  # (node, alias use)
    count: int = 0
    last: _Pos = (1, 1)  # the innermost collection entered (for "nested too deeply")

    def too_big(self, node: yaml.Node) -> _TooBig:
        """Place the overflow at the collection that uses the outermost alias, if any."""
        for i, (_, alias_use) in enumerate(self.parents):
            if alias_use and i > 0:
                mark = self.parents[i - 1][0].start_mark
                return _TooBig((mark.line + 1, mark.column + 1), True)
        return _TooBig((node.start_mark.line + 1, node.start_mark.column + 1), False)

    def bad(self, loc: tuple, message: Message) -> None:
        self.problems.append(self.out.problem(loc, message))


def _convert_root(
    node: yaml.Node, out: Located, problems: list[Problem], max_items: int | None = None
) -> Any:
    walk = _Walk(out, problems, max_items)
    try:
        return _convert(node, (), walk)
    except _TooBig as big:
        line, col = big.where or (None, None)
        key = "too-many-values-aliased" if big.aliased else "too-many-values"
        problems.append(Problem(out.file, line, col, "", CORE(key, limit=MAX_VALUES)))
        return None
    except RecursionError:
        problems.append(Problem(out.file, *walk.last, "", CORE("nested-too-deeply")))
        return None


def _kind_problem(node: yaml.Node) -> Message | None:
    """Why ``node``'s tag cannot be read on this kind of node (None: it can)."""
    tag, short = node.tag, _short_tag(node.tag)
    if tag in _REFUSED:
        return CORE(_REFUSED[tag])
    known = tag in _SCALAR_TAGS or tag in _SEQUENCE_TAGS or tag in _MAPPING_TAGS
    if not known:
        return CORE("tag-unsupported", tag=short)
    wants = (
        "tag-wants-list"
        if tag in _SEQUENCE_TAGS
        else "tag-wants-mapping"
        if tag in _MAPPING_TAGS
        else "tag-wants-value"
    )
    if isinstance(node, yaml.ScalarNode) and tag not in _SCALAR_TAGS:
        return CORE(wants, tag=short, got=CORE("got-value"))
    if isinstance(node, yaml.SequenceNode) and tag not in _SEQUENCE_TAGS:
        return CORE(wants, tag=short, got=CORE("got-list"))
    if isinstance(node, yaml.MappingNode) and tag not in _MAPPING_TAGS:
        return CORE(wants, tag=short, got=CORE("got-mapping"))
    return None


def _convert(node: yaml.Node, loc: tuple, walk: _Walk) -> Any:
    out = walk.out
    walk.count += 1
    if walk.count > MAX_VALUES:
        raise walk.too_big(node)
    out.positions[loc] = (node.start_mark.line + 1, node.start_mark.column + 1)
    wrong = _kind_problem(node)
    if wrong is not None:
        walk.bad(loc, wrong)
        return None
    if isinstance(node, yaml.ScalarNode):
        try:
            return scalar_value(node)
        except BadScalar as exc:
            walk.bad(loc, exc.said)
            return None
    assert isinstance(node, yaml.CollectionNode)
    if id(node) in walk.active:
        walk.bad(loc, CORE("alias-itself"))
        return None
    if walk.max_items is not None and len(node.value) > walk.max_items:
        walk.bad(loc, CORE("too-many-items", count=len(node.value), limit=walk.max_items))
        return None
    walk.last = (node.start_mark.line + 1, node.start_mark.column + 1)
    walk.parents.append((node, id(node) in walk.seen))
    walk.seen.add(id(node))
    walk.active.add(id(node))
    try:
        if isinstance(node, yaml.MappingNode):
            if node.tag == YAML_TAG + "set":
                return _convert_set(node, loc, walk)
            return _convert_mapping(node, loc, walk)
        if isinstance(node, yaml.SequenceNode) and node.tag != YAML_TAG + "seq":
            return _convert_pairs(node, loc, walk)
        return [_convert(item, (*loc, i), walk) for i, item in enumerate(node.value)]
    finally:
        walk.active.discard(id(node))
        walk.parents.pop()


def _key(key_node: yaml.Node, loc: tuple, walk: _Walk) -> tuple[bool, Any]:
    """(usable, value) of a mapping key: a plain scalar that converts, else a problem."""
    if not isinstance(key_node, yaml.ScalarNode):
        pos = (key_node.start_mark.line + 1, key_node.start_mark.column + 1)
        walk.problems.append(Problem(walk.out.file, *pos, field_path(loc), CORE("key-not-plain")))
        here = walk.out.positions.get(loc)
        if here is not None:
            walk.out.unsure.add(here)
        return False, None
    before = len(walk.problems)
    key = _convert(key_node, (*loc, "<key>"), walk)
    walk.out.positions.pop((*loc, "<key>"), None)
    if len(walk.problems) == before:
        return True, key
    here = walk.out.positions.get(loc)
    if here is not None:
        walk.out.unsure.add(here)
    # a key's problem names the mapping that holds it, not a made-up field "<key>"
    walk.problems[before:] = [replace(p, field=field_path(loc)) for p in walk.problems[before:]]
    return False, None


def _new_key(key_node: yaml.Node, loc: tuple, walk: _Walk, seen: Container) -> tuple[bool, Any]:
    """(usable, value) of a key that may stand once: as :func:`_key`, and not usable (with a
    problem) when ``seen`` already holds it."""
    usable, key = _key(key_node, loc, walk)
    if usable and key in seen:
        pos = (key_node.start_mark.line + 1, key_node.start_mark.column + 1)
        where = field_path((*loc, key))
        walk.problems.append(Problem(walk.out.file, *pos, where, CORE("key-twice")))
        return False, key
    return usable, key


def _merge_sources(value_node: yaml.Node, key_node: yaml.Node, loc: tuple, walk: _Walk) -> list:
    """The mappings a merge key (``<<: *defaults`` or ``<<: [*a, *b]``) brings in."""
    if isinstance(value_node, yaml.MappingNode):
        return [value_node]
    if isinstance(value_node, yaml.SequenceNode) and all(
        isinstance(item, yaml.MappingNode) for item in value_node.value
    ):
        return list(value_node.value)
    pos = (key_node.start_mark.line + 1, key_node.start_mark.column + 1)
    message = CORE("merge-wants-mapping")
    walk.problems.append(Problem(walk.out.file, *pos, field_path(loc), message))
    return []


def _convert_mapping(node: yaml.MappingNode, loc: tuple, walk: _Walk) -> dict:
    """A mapping; merge keys bring in the keys of other mappings that it does not give itself
    (of several merged mappings, the first that has a key gives it, as in YAML 1.1)."""
    result: dict[Any, Any] = {}
    merged: dict[Any, Any] = {}
    here = walk.out.positions.get(loc)
    for key_node, value_node in node.value:
        if isinstance(key_node, yaml.ScalarNode) and key_node.tag == _MERGE:
            for source in reversed(_merge_sources(value_node, key_node, loc, walk)):
                value = _convert(source, loc, walk)  # its values are placed where written
                if isinstance(value, dict):
                    merged.update(value)
            if here is not None:
                walk.out.positions[loc] = here
            continue
        usable, key = _new_key(key_node, loc, walk, result)
        if not usable:
            continue
        result[key] = _convert(value_node, (*loc, key), walk)
    if not merged:
        return result
    for key, value in merged.items():
        result.setdefault(key, value)
    if walk.max_items is not None and len(result) > walk.max_items:
        walk.bad(loc, CORE("too-many-items-merged", count=len(result), limit=walk.max_items))
    return result


def _convert_set(node: yaml.MappingNode, loc: tuple, walk: _Walk) -> list:
    """``!!set {a, b}``: its keys, as a list in the order written (values must be empty)."""
    items: list[Any] = []
    for key_node, value_node in node.value:
        usable, key = _new_key(key_node, loc, walk, items)
        if not usable:
            continue
        is_null = isinstance(value_node, yaml.ScalarNode) and value_node.tag == YAML_TAG + "null"
        if not is_null or value_node.value not in ("", "~", "null", "Null", "NULL"):
            pos = (value_node.start_mark.line + 1, value_node.start_mark.column + 1)
            message = CORE("set-keys-only")
            walk.problems.append(Problem(walk.out.file, *pos, field_path((*loc, key)), message))
            continue
        walk.out.positions[(*loc, len(items))] = (
            key_node.start_mark.line + 1,
            key_node.start_mark.column + 1,
        )
        items.append(key)
    return items


def _convert_pairs(node: yaml.SequenceNode, loc: tuple, walk: _Walk) -> dict | list:
    """``!!omap`` (a mapping kept in order, keys once) or ``!!pairs`` (a list of
    ``[key, value]``, keys may repeat): each item is one ``key: value``."""
    ordered = node.tag == YAML_TAG + "omap"
    as_map: dict[Any, Any] = {}
    as_list: list[Any] = []
    for i, item in enumerate(node.value):
        if not (isinstance(item, yaml.MappingNode) and len(item.value) == 1):
            pos = (item.start_mark.line + 1, item.start_mark.column + 1)
            message = CORE("pairs-item", tag=_short_tag(node.tag))
            walk.problems.append(Problem(walk.out.file, *pos, field_path((*loc, i)), message))
            continue
        key_node, value_node = item.value[0]
        usable, key = _new_key(key_node, loc, walk, as_map)  # as_map stays empty for !!pairs
        if not usable:
            continue
        if not ordered:
            walk.out.positions[(*loc, len(as_list))] = (
                item.start_mark.line + 1,
                item.start_mark.column + 1,
            )
            as_list.append([key, _convert(value_node, (*loc, len(as_list), 1), walk)])
        else:
            as_map[key] = _convert(value_node, (*loc, key), walk)
    return as_map if ordered else as_list
