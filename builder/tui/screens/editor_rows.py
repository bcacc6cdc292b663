"""The rows of the kit's item editor, read from the item's model (no Textual here): a row a
field, a row an element of a list field (a catalog id, a text, a level by name) and its
"+ add" row."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from builder.systems import FieldSpec, fields_of

LISTS = ("refs", "texts", "levels")
"""The kinds of field that hold a list (each element its own row)."""


@dataclass(frozen=True)
class Row:
    """One row of the editor: a field, or one element of a list field (``element`` its index
    or its key), or the "+ add" row of a list field."""

    spec: FieldSpec
    element: int | str | None = None
    adder: bool = False


def rows_of(item: Any) -> list[Row]:
    """The editor's rows for ``item``: a row a field, a row an element of a list field and
    its "+ add" row; fields the editor cannot show (``other``) left out."""
    out: list[Row] = []
    for spec in fields_of(type(item)):
        if spec.kind == "other":
            continue
        value = getattr(item, spec.name)
        if spec.kind in ("refs", "texts"):
            out += [Row(spec, i) for i in range(len(value or ()))]
            out.append(Row(spec, None, adder=True))
        elif spec.kind == "levels":
            out += [Row(spec, key) for key in (value or {})]
            out.append(Row(spec, None, adder=True))
        else:
            out.append(Row(spec))
    return out


def element_spec(spec: FieldSpec) -> FieldSpec:
    """The spec of one element of a list field (a catalog id, a text)."""
    if spec.kind == "refs":
        return FieldSpec(spec.name, "ref", ref=spec.ref)
    return FieldSpec(spec.name, "text")
