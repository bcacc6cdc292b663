"""Commented team files of any shape, written from plain data with a comment at every place a
player puts one, and edits of the kind the TUI makes, with what each comment must become.

The writer (:func:`write`) picks a style per collection (block or flow lists, flow lists over
several lines, two- or four-space indents, lists at the key's column or indented) and puts a
uniquely numbered comment (``# c7``) in the header, above entries (with blank lines), after
values and keys, inside multi-line flow lists, under the last line of a unit and at the end.
It records who owns each comment: the unit (an item of the file's list of named mappings) and
the path it is written beside, so a test can say where every comment must be after a save
without trusting the saver's own rules.
"""

from __future__ import annotations

import json
import random
import re
from dataclasses import dataclass, field
from typing import Any

Path = tuple[Any, ...]


@dataclass
class Written:
    """A comment the writer put in the file."""

    label: str  # "# c7"
    unit: int | None  # the unit it belongs to (its index in the list of units), or None
    anchor: Path  # the node it is written beside (the entry below it, or the value before it)
    eol: bool = False  # at the end of a content line (else a line of its own)
    above_unit: bool = False  # the lines right above a unit's ``-`` line


@dataclass
class File:
    text: str
    comments: list[Written] = field(default_factory=list)
    units_key: str | None = None


def _scalar(value: Any, rng: random.Random) -> str:
    if value is None:
        return rng.choice(["null", "~", "null"])
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return json.dumps(value)
    text = str(value)
    plain = re.fullmatch(
        r"[A-Za-z\u3040-\u30ff\u4e00-\u9fff][\w .\u3040-\u30ff\u4e00-\u9fff-]*", text
    )
    reserved = text.lower() in {"null", "true", "false", "yes", "no", "on", "off", "y", "n", "~"}
    if plain and not reserved and not text.endswith(" ") and rng.random() < 0.8:
        return text
    if rng.random() < 0.5 and "'" not in text:
        return f"'{text}'"
    return json.dumps(text, ensure_ascii=False)


def _flow(value: Any, rng: random.Random) -> str:
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {_flow(v, rng)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(_flow(v, rng) for v in value) + "]"
    return _scalar(value, rng)


def _simple(value: Any) -> bool:
    """Only scalars inside (flow style is safe to write)."""
    if isinstance(value, dict):
        return all(not isinstance(v, dict | list) for v in value.values())
    if isinstance(value, list):
        return all(
            not isinstance(v, dict) and (not isinstance(v, list) or _simple(v)) for v in value
        )
    return True


class _Writer:
    def __init__(self, rng: random.Random, units_key: str | None, density: float) -> None:
        self.rng = rng
        self.units_key = units_key
        self.density = density
        self.lines: list[str] = []
        self.comments: list[Written] = []
        self.step = rng.choice([2, 2, 4])
        self.seq_offset = rng.choice([0, 2, 2])

    def label(self, unit: int | None, anchor: Path, **kw: Any) -> str:
        mark = f"# c{len(self.comments) + 1}"
        self.comments.append(Written(mark, unit, anchor, **kw))
        return mark

    def maybe(self) -> bool:
        return self.rng.random() < self.density

    def eol(self, unit: int | None, anchor: Path) -> str:
        if not self.maybe():
            return ""
        return " " * self.rng.choice([1, 2, 3, 6]) + self.label(unit, anchor, eol=True)

    def above(self, indent: int, unit: int | None, anchor: Path, above_unit: bool = False) -> None:
        if self.rng.random() < self.density / 3:
            self.lines.append("")
        for _ in range(self.rng.choice([0, 1, 1, 2]) if self.maybe() else 0):
            shift = self.rng.choice([0, 0, 0, 1])  # now and then not quite in line
            mark = self.label(unit, anchor, above_unit=above_unit)
            self.lines.append(" " * (indent + shift) + mark)

    def mapping(
        self,
        data: dict[Any, Any],
        indent: int,
        path: Path,
        unit: int | None,
        lead: str | None = None,
    ) -> None:
        for n, (key, value) in enumerate(data.items()):
            here = (*path, key)
            if n == 0 and lead is not None:
                prefix = lead
            else:
                self.above(indent, unit, here)
                prefix = " " * indent
            self.entry(prefix, f"{key}:", value, indent, here, unit)

    def entry(
        self, prefix: str, head: str, value: Any, indent: int, path: Path, unit: int | None
    ) -> None:
        """``head`` (``key:`` or ``-``) and its value, from a line starting with ``prefix``."""
        rng = self.rng
        if isinstance(value, dict) and value:
            if _simple(value) and rng.random() < 0.3:
                self.lines.append(f"{prefix}{head} {_flow(value, rng)}{self.eol(unit, path)}")
                return
            if head == "-":
                self.mapping(value, indent + 2, path, unit, lead=f"{prefix}- ")
                return
            self.lines.append(f"{prefix}{head}{self.eol(unit, path)}")
            self.mapping(value, indent + self.step, path, unit)
            return
        if isinstance(value, list) and value:
            named = all(isinstance(v, dict) for v in value)
            style = (
                "block"
                if named or not _simple(value)
                else rng.choice(["flow", "flow", "block", "lines"])
            )
            if style == "flow":
                self.lines.append(f"{prefix}{head} {_flow(value, rng)}{self.eol(unit, path)}")
                return
            if style == "lines" and head != "-":
                self.lines.append(f"{prefix}{head} [")
                inner = indent + self.step
                for i, item in enumerate(value):
                    comma = "," if i < len(value) - 1 else ""
                    self.lines.append(
                        f"{' ' * inner}{_flow(item, rng)}{comma}{self.eol(unit, (*path, i))}"
                    )
                self.lines.append(f"{' ' * indent}]{self.eol(unit, path)}")
                return
            if head == "-":  # a list in a list: flow
                self.lines.append(f"{prefix}- {_flow(value, rng)}{self.eol(unit, path)}")
                return
            self.lines.append(f"{prefix}{head}{self.eol(unit, path)}")
            dash = indent + self.seq_offset
            for i, item in enumerate(value):
                here = (*path, i)
                owner = i if path == (self.units_key,) and named else unit
                self.above(dash, owner, here, above_unit=owner is not None and unit is None)
                if isinstance(item, dict) and item:
                    self.mapping(item, dash + 2, here, owner, lead=" " * dash + "- ")
                    if owner is not None and unit is None and self.maybe():
                        self.lines.append(" " * (dash + 2) + self.label(owner, here))
                elif isinstance(item, list):
                    self.lines.append(f"{' ' * dash}- {_flow(item, rng)}{self.eol(owner, here)}")
                else:
                    self.lines.append(f"{' ' * dash}- {_scalar(item, rng)}{self.eol(owner, here)}")
            return
        text = _flow(value, rng) if isinstance(value, dict | list) else _scalar(value, rng)
        self.lines.append(f"{prefix}{head} {text}{self.eol(unit, path)}")


def write(data: dict[str, Any], rng: random.Random, density: float = 0.7) -> File:
    """``data`` as a commented YAML file (see the module docstring)."""
    units_key = next(
        (
            k
            for k, v in data.items()
            if isinstance(v, list) and v and all(isinstance(x, dict) and "name" in x for x in v)
        ),
        None,
    )
    writer = _Writer(rng, units_key, density)
    for _ in range(rng.choice([0, 1, 2])):
        writer.lines.append(writer.label(None, ()))
    if writer.lines and rng.random() < 0.5:
        writer.lines.append("")
    writer.mapping(data, 0, (), None, lead="" if not writer.lines or rng.random() < 0.5 else None)
    for _ in range(rng.choice([0, 1, 2])):
        if rng.random() < 0.3:
            writer.lines.append("")
        writer.lines.append(" " * rng.choice([0, 0, 2]) + writer.label(None, ()))
    text = "\n".join(writer.lines) + "\n"
    # what follows the last content line belongs to the file's end, whatever it was about
    last = max(
        i
        for i, line in enumerate(writer.lines)
        if line.strip() and not line.strip().startswith("#")
    )
    tail = {m for line in writer.lines[last + 1 :] for m in re.findall(r"# c\d+", line)}
    for comment in writer.comments:
        if comment.label in tail:
            comment.unit, comment.anchor, comment.above_unit = None, (), False
    return File(text, writer.comments, units_key)


# --- edits of the kind the TUI makes, on plain data ------------------------------------------


@dataclass
class Edited:
    data: dict[str, Any]
    origin: list[int | None]  # for each unit now, the unit it was (None: a new or copied one)
    dropped: set[Path] = field(default_factory=set)  # old paths removed (with what is under)
    what: list[str] = field(default_factory=list)


def _change(value: Any, rng: random.Random) -> Any:
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + rng.choice([1, 2, -1])
    if isinstance(value, str):
        return value + "x"
    if value is None:
        return "spare"
    return value


def edit(
    file_data: dict[str, Any], units_key: str | None, rng: random.Random, count: int
) -> Edited:
    """``count`` random edits (rename the team or a unit, remove, duplicate, move, change a
    value, add or remove a key, change a list)."""
    import copy

    data = copy.deepcopy(file_data)
    units = data.get(units_key, []) if units_key else []
    origin: list[int | None] = list(range(len(units)))
    out = Edited(data, origin)
    kinds = [
        "team-name",
        "rename",
        "remove",
        "duplicate",
        "move",
        "value",
        "drop-key",
        "add-key",
        "list",
    ]
    for _ in range(count):
        kind = rng.choice(kinds if units else ["team-name"])
        out.what.append(kind)
        if kind == "team-name" or not units:
            data["name"] = f"{data.get('name', 'team')} II"
            continue
        i = rng.randrange(len(units))
        unit = units[i]
        if kind == "rename":
            unit["name"] = f"{unit['name']} R{rng.randrange(100)}"
        elif kind == "remove" and len(units) > 1:
            if origin[i] is not None:
                out.dropped.add((units_key, origin[i]))
            del units[i], origin[i]
        elif kind == "duplicate":
            twin = copy.deepcopy(unit)
            twin["name"] = f"{unit['name']} {len(units) + 1}"
            units.insert(i + 1, twin)
            origin.insert(i + 1, None)
        elif kind == "move" and len(units) > 1:
            j = (i + rng.choice([1, -1])) % len(units)
            units[i], units[j] = units[j], units[i]
            origin[i], origin[j] = origin[j], origin[i]
        elif kind in ("value", "drop-key", "add-key", "list"):
            keys = [k for k in unit if k != "name"]
            if kind == "add-key" or not keys:
                unit[f"note{rng.randrange(100)}"] = rng.choice([1, "x", [1, 2]])
                continue
            key = rng.choice(keys)
            value = unit[key]
            if kind == "drop-key":
                del unit[key]
                if origin[i] is not None:
                    out.dropped.add((units_key, origin[i], key))
            elif (
                kind == "list"
                and isinstance(value, list)
                and value
                and not isinstance(value[0], dict)
            ):
                cut = rng.randrange(len(value))
                if rng.random() < 0.5:
                    value[cut] = (
                        _change(value[cut], rng) if not isinstance(value[cut], list) else value[cut]
                    )
                elif rng.random() < 0.5:
                    value.append(value[cut])
                else:
                    del value[cut]
                    if origin[i] is not None:  # later items move up: their notes may go too
                        for k in range(cut, len(value) + 1):
                            out.dropped.add((units_key, origin[i], key, k))
            elif isinstance(value, dict) and value:
                sub = rng.choice(list(value))
                value[sub] = _change(value[sub], rng)
            else:
                unit[key] = _change(value, rng)
    return out
