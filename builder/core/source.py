"""Safe YAML reading that remembers where every value came from.

We compose the YAML into nodes ourselves instead of calling ``yaml.safe_load`` so that each value
keeps its line and column: validation errors from pydantic are mapped back to ``file:line:col``.
Only the standard YAML tags are accepted; anything else (``!!python/object/apply`` …) is an error
and is never constructed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

import yaml
from pydantic import BaseModel, ValidationError

from builder.core.problems import (
    InputError,
    Loc,
    Locator,
    Problem,
    Severity,
    did_you_mean,
    field_path,
)

_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

_STANDARD_TAGS = {
    "tag:yaml.org,2002:null",
    "tag:yaml.org,2002:bool",
    "tag:yaml.org,2002:int",
    "tag:yaml.org,2002:float",
    "tag:yaml.org,2002:str",
    "tag:yaml.org,2002:seq",
    "tag:yaml.org,2002:map",
}

_Pos = tuple[int, int]
M = TypeVar("M", bound=BaseModel)


@dataclass
class Located:
    """Plain data read from a YAML file plus the position of every value in it."""

    file: str
    data: Any
    positions: dict[tuple, _Pos] = field(default_factory=dict)

    def where(self, loc: tuple) -> _Pos | None:
        """Position of the value at ``loc``, or of its nearest ancestor that has one."""
        loc = tuple(loc)
        while True:
            if loc in self.positions:
                return self.positions[loc]
            if not loc:
                return None
            loc = loc[:-1]

    def problem(self, loc: tuple, message: str, severity: Severity = "bad-input") -> Problem:
        pos = self.where(loc)
        line, col = pos if pos else (None, None)
        return Problem(self.file, line, col, field_path(loc), message, severity)

    def locator(self, prefix: Loc = ()) -> Locator:
        """A locator for paths under ``prefix`` (e.g. one unit's fields)."""

        def locate(loc: Loc, message: str, severity: Severity = "bad-input") -> Problem:
            return self.problem((*prefix, *loc), message, severity)

        return locate


def read_yaml(
    path: Path | str, display: str | None = None, max_items: int | None = None
) -> Located:
    """Read one YAML file; raises InputError with every problem found (syntax, tags, duplicates).

    ``max_items``: the most items any one list or mapping of the file may hold (a team file's
    bound, so a file of a thousand units is refused at once instead of being worked through).
    """
    path = Path(path)
    name = display or str(path)
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise InputError([Problem(name, None, None, "", "file not found")]) from None
    except IsADirectoryError:
        raise InputError([Problem(name, None, None, "", "is a directory, not a file")]) from None
    except OSError as exc:
        raise InputError([Problem(name, None, None, "", f"cannot read: {exc.strerror}")]) from None
    return parse_yaml(decode_utf8(raw, name), name, max_items)


def decode_utf8(raw: bytes, name: str) -> str:
    """``raw`` as UTF-8 text; InputError at the line and column of the first byte that is not."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        start = raw.rfind(b"\n", 0, exc.start) + 1
        col = len(raw[start : exc.start].decode("utf-8", errors="replace")) + 1
        byte = raw[exc.start : exc.start + 1].hex()
        message = f"not UTF-8 text ({exc.reason}, byte 0x{byte}): save the file as UTF-8"
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


def parse_yaml(text: str, name: str, max_items: int | None = None) -> Located:
    """Parse YAML text into a Located; raises InputError on any problem (one line each)."""
    try:
        nodes = list(yaml.compose_all(text, Loader=_Loader))
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        msg = f"YAML syntax error: {exc.problem or exc.context}"
        line, col = (mark.line + 1, mark.column + 1) if mark else _line_col(text, len(text))
        raise InputError([Problem(name, line, col, "", msg)]) from None
    except yaml.reader.ReaderError as exc:
        char = exc.character
        what = f"#x{char:04x}" if isinstance(char, int) else repr(char)
        msg = f"unacceptable character {what} in YAML: {exc.reason}"
        raise InputError([Problem(name, *_reader_position(text, exc), "", msg)]) from None
    except yaml.YAMLError as exc:
        first = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise InputError([Problem(name, 1, 1, "", f"YAML error: {first}")]) from None
    except RecursionError:
        raise InputError([Problem(name, 1, 1, "", "YAML nested too deeply")]) from None
    if not nodes or nodes[0] is None:
        raise InputError([Problem(name, 1, 1, "", "the file is empty")])
    if len(nodes) > 1:
        second = nodes[1].start_mark
        raise InputError(
            [
                Problem(
                    name, second.line + 1, 1, "", "more than one YAML document; keep one per file"
                )
            ]
        )
    located = Located(name, None)
    problems: list[Problem] = []
    located.data = _convert_root(nodes[0], located, problems, max_items)
    if problems:
        raise InputError(problems)
    return located


def _short_tag(tag: str) -> str:
    return "!!" + tag.removeprefix("tag:yaml.org,2002:") if tag.startswith("tag:yaml.org") else tag


_scalar_constructor = yaml.SafeLoader("")  # only its scalar constructors are used


MAX_VALUES = 200_000
"""Most values one file may expand to: aliases can multiply a tiny file ("billion laughs")."""


class _TooBig(Exception):
    """Raised when a file expands to more than MAX_VALUES values; carries where it happened."""

    def __init__(self, where: _Pos | None, aliased: bool) -> None:
        super().__init__()
        self.where = where
        self.aliased = aliased


MAX_DIGITS = 100
"""Longest whole number (in digits) a file may hold: far beyond any game's numbers, and every
such number still converts to a float (the largest float has 309 digits; Python refuses to read
an int of more than 4,300)."""


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


def _convert_root(
    node: yaml.Node, out: Located, problems: list[Problem], max_items: int | None = None
) -> Any:
    walk = _Walk(out, problems, max_items)
    try:
        return _convert(node, (), walk)
    except _TooBig as big:
        line, col = big.where or (None, None)
        why = " once its aliases are expanded" if big.aliased else ""
        problems.append(
            Problem(out.file, line, col, "", f"too large: more than {MAX_VALUES} values{why}")
        )
        return None
    except RecursionError:
        problems.append(Problem(out.file, *walk.last, "", "nested too deeply"))
        return None


def _convert(node: yaml.Node, loc: tuple, walk: _Walk) -> Any:
    out, problems = walk.out, walk.problems
    walk.count += 1
    if walk.count > MAX_VALUES:
        raise walk.too_big(node)
    out.positions[loc] = (node.start_mark.line + 1, node.start_mark.column + 1)
    if node.tag not in _STANDARD_TAGS:
        problems.append(
            out.problem(
                loc,
                f"unsupported YAML tag '{_short_tag(node.tag)}': team and catalog files hold "
                "plain data only",
            )
        )
        return None
    if isinstance(node, yaml.CollectionNode):
        if id(node) in walk.active:
            problems.append(out.problem(loc, "a YAML alias refers to itself"))
            return None
        if walk.max_items is not None and len(node.value) > walk.max_items:
            problems.append(
                out.problem(
                    loc,
                    f"too many items ({len(node.value)}): this file may hold at most "
                    f"{walk.max_items} in one list or mapping",
                )
            )
            return None
        walk.last = (node.start_mark.line + 1, node.start_mark.column + 1)
        walk.parents.append((node, id(node) in walk.seen))
        walk.seen.add(id(node))
        walk.active.add(id(node))
        try:
            if isinstance(node, yaml.MappingNode):
                return _convert_mapping(node, loc, walk)
            return [_convert(item, (*loc, i), walk) for i, item in enumerate(node.value)]
        finally:
            walk.active.discard(id(node))
            walk.parents.pop()
    if node.tag == "tag:yaml.org,2002:int" and node.value.startswith("0") and ":" in node.value:
        return node.value  # sexagesimal ints are a YAML 1.1 trap; keep the text
    if node.tag == "tag:yaml.org,2002:int":
        digits = sum(ch.isdigit() for ch in node.value)
        if digits > MAX_DIGITS:
            problems.append(out.problem(loc, f"number too long ({digits} digits)"))
            return None
    try:
        return _scalar_constructor.construct_object(node)
    except (ValueError, OverflowError, yaml.YAMLError) as exc:
        message = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        problems.append(out.problem(loc, f"unreadable value: {message}"))
        return None


def _convert_mapping(node: yaml.MappingNode, loc: tuple, walk: _Walk) -> dict:
    out, problems = walk.out, walk.problems
    result: dict[Any, Any] = {}
    for key_node, value_node in node.value:
        pos = (key_node.start_mark.line + 1, key_node.start_mark.column + 1)
        if not isinstance(key_node, yaml.ScalarNode):
            problems.append(
                Problem(out.file, *pos, field_path(loc), "mapping keys must be plain words")
            )
            continue
        key = _convert(key_node, (*loc, "<key>"), walk)
        if key in result:
            problems.append(Problem(out.file, *pos, field_path((*loc, key)), "key given twice"))
            continue
        result[key] = _convert(value_node, (*loc, key), walk)
    out.positions.pop((*loc, "<key>"), None)
    return result


_FRIENDLY = {
    "missing": "required field is missing",
    "extra_forbidden": "unknown field; check the spelling (see the README for the format)",
    "int_type": "expected a whole number",
    "int_parsing": "expected a whole number",
    "int_from_float": "expected a whole number, not a fraction",
    "float_type": "expected a number",
    "float_parsing": "expected a number",
    "string_type": "expected text",
    "bool_type": "expected true or false",
    "bool_parsing": "expected true or false",
    "list_type": "expected a list",
    "tuple_type": "expected a list",
    "dict_type": "expected a mapping of fields",
    "model_type": "expected a mapping of fields",
    "model_attributes_type": "expected a mapping of fields",
}


def _friendly(err: dict) -> str:
    kind = err["type"]
    ctx = err.get("ctx") or {}
    if kind in _FRIENDLY:
        msg = _FRIENDLY[kind]
        if kind not in ("missing", "extra_forbidden") and "input" in err:
            msg += f", got {_show(err['input'])}"
        return msg
    if kind == "string_pattern_mismatch":
        return (
            f"{_show(err.get('input'))} is not a valid id: use lowercase letters, digits and "
            "hyphens (e.g. 'quick-booster')"
        )
    if kind == "greater_than":
        return f"must be greater than {ctx.get('gt')}, got {_show(err.get('input'))}"
    if kind == "greater_than_equal":
        return f"must be at least {ctx.get('ge')}, got {_show(err.get('input'))}"
    if kind == "less_than_equal":
        return f"must be at most {ctx.get('le')}, got {_show(err.get('input'))}"
    if kind == "literal_error":
        return f"must be one of {ctx.get('expected')}, got {_show(err.get('input'))}"
    if kind in ("too_short", "string_too_short"):
        return "must not be empty"
    if kind in ("too_long", "string_too_long"):
        return f"too long (at most {ctx.get('max_length')})"
    msg = err.get("msg", "invalid value")
    return msg.removeprefix("Value error, ")


def _show(value: Any) -> str:
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    if value is None:
        return "nothing (null)"
    if isinstance(value, bool):
        return "true" if value else "false"
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _data_loc(data: Any, loc: tuple) -> tuple:
    """Keep only the parts of a pydantic loc that address real data (drop union/validator tags)."""
    kept: list = []
    cur = data
    for part in loc:
        in_dict = isinstance(cur, dict) and part in cur
        in_list = isinstance(cur, list) and isinstance(part, int) and 0 <= part < len(cur)
        if in_dict or in_list:
            kept.append(part)
            cur = cur[part]
        elif (
            isinstance(cur, dict)
            and isinstance(part, str)
            and not part.startswith(("function-", "list[", "tuple[", "union[", "nullable["))
            and part[:1].islower()
            and "[" not in part
        ):
            kept.append(part)  # a missing or unknown key: still a field name
            cur = None
        # anything else is pydantic's internal naming (e.g. 'str', 'function-after[...]')
    return tuple(kept)


def _fields_at(model: type[BaseModel] | None, loc: tuple) -> list[str]:
    """Field names of the (nested) model that holds the value at ``loc``."""
    for part in loc:
        if model is None or isinstance(part, int):
            continue
        info = model.model_fields.get(part)
        model = _model_in(info.annotation) if info is not None else None
    return list(model.model_fields) if model is not None else []


def _model_in(annotation: Any) -> type[BaseModel] | None:
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    for arg in getattr(annotation, "__args__", ()):
        found = _model_in(arg)
        if found is not None:
            return found
    return None


def validation_errors(
    exc: ValidationError, data: Any, model: type[BaseModel] | None = None
) -> list[tuple[Loc, str]]:
    """Each pydantic error as (path into ``data``, friendly message).

    With ``model``, an unknown field gets a "did you mean" among the fields allowed there.
    """
    out: list[tuple[Loc, str]] = []
    errors = exc.errors(include_url=False)
    for err in errors:
        if err["type"] == "too_short" and any(
            len(o["loc"]) > len(err["loc"]) and o["loc"][: len(err["loc"])] == err["loc"]
            for o in errors
        ):
            continue  # a list "too short" only because its bad items were dropped
        loc = _data_loc(data, tuple(err["loc"]))
        message = _friendly(dict(err))
        if err["type"] == "extra_forbidden" and loc and model is not None:
            allowed = _fields_at(model, loc[:-1])
            hint = did_you_mean(str(loc[-1]), allowed)
            message = (
                f"unknown field{hint}; allowed here: {', '.join(allowed)}" if allowed else message
            )
        out.append((loc, message))
    return out


def validation_problems(
    exc: ValidationError,
    src: Located,
    prefix: Loc = (),
    data: Any = None,
    model: type[BaseModel] | None = None,
) -> list[Problem]:
    """Map a pydantic ValidationError to problems located in ``src``, one per error.

    ``data`` is the value validated (default: the whole file), found at ``prefix`` in the file.
    """
    base = src.data if data is None else data
    return [
        src.problem((*prefix, *loc), message)
        for loc, message in validation_errors(exc, base, model)
    ]


def validate_located(
    model: type[M], src: Located, loc: tuple = (), context: dict | None = None
) -> M:
    """Validate the data at ``loc`` of a Located against a model; InputError with positions."""
    data = src.data
    for part in loc:
        data = data[part]
    try:
        return model.model_validate(data, context=context)
    except ValidationError as exc:
        raise InputError(validation_problems(exc, src, loc, data, model)) from None
