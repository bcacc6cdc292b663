"""What the generic editor knows of a game's file: read from its pydantic models, not written.

A game's team model is a pydantic model; the kit reads from it which list holds the team's named
items (units, robots, characters …) and what each item's fields are: text, a whole number and its
bounds, a yes/no, one of a few words (``Literal``), a catalog id, a list of catalog ids, levels by
name (``skills: {guns: 2}``). The one thing a model cannot say by its types is which catalog
collection an id names; a field says it with :class:`Ref`::

    kind: Annotated[str, Ref("kinds")]                      # a key of catalog.kinds
    armour: Annotated[Slug | None, Ref("armour", clears=("vehicle",))] = None
    weapons: Annotated[tuple[Slug, ...], Ref("weapons")] = ()   # each one a catalog weapon

Edits replace one item with a new one validated on its own (``model_validate``): the team is
rebuilt around it with ``model_copy``, so a crew that breaks a team-wide rule (two leaders) can
still be edited until it is legal. Part of the kit: no Textual, no game, no registry.
"""

from __future__ import annotations

import re
import types
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Annotated, Any, Literal, Union, get_args, get_origin

from pydantic import BaseModel, ValidationError

from builder.core.i18n import Lang, Pair

__all__ = [
    "FieldSpec",
    "ItemsField",
    "Ref",
    "catalog_entries",
    "entry_name",
    "fields_of",
    "free_name",
    "items_field",
    "replace_item",
    "with_field",
]


@dataclass(frozen=True)
class Ref:
    """A field (or each element of a list field) names an entry of the catalog's
    ``collection``: a key of a mapping, or the ``id`` of an item of a list.

    ``clears``: fields of the same item set to empty when this one gets a value (a character
    wears armour or rides a vehicle, never both)."""

    collection: str
    clears: tuple[str, ...] = ()


Kind = Literal["text", "int", "float", "bool", "choice", "ref", "refs", "levels", "texts", "other"]


@dataclass(frozen=True)
class FieldSpec:
    """One field of an item as the editor shows and changes it."""

    name: str
    kind: Kind
    optional: bool = False
    """Can be empty (``None``)."""
    required: bool = True
    """The file must give it (no default)."""
    ref: Ref | None = None
    choices: tuple[Any, ...] = ()
    low: int | None = None
    high: int | None = None
    """Bounds of a number (of each level, for ``levels``)."""
    max_items: int | None = None
    """Most elements of a list field."""


@dataclass(frozen=True)
class ItemsField:
    """The list of a team model that holds its named items: its key and its item model."""

    key: str
    model: type[BaseModel]


def _strip(annotation: Any) -> tuple[Any, list[Any]]:
    """``annotation`` without ``Annotated`` (and its metadata, nested ones first)."""
    metadata: list[Any] = []
    while get_origin(annotation) is Annotated:
        args = get_args(annotation)
        annotation, extra = args[0], list(args[1:])
        metadata = extra + metadata
    return annotation, metadata


def _optional(annotation: Any) -> tuple[Any, bool, list[Any]]:
    """``annotation`` without ``| None``: (the type, whether None is allowed, metadata)."""
    annotation, metadata = _strip(annotation)
    if get_origin(annotation) in (Union, types.UnionType):
        args = [a for a in get_args(annotation) if a is not type(None)]
        if len(args) == 1 and len(args) < len(get_args(annotation)):
            inner, more = _strip(args[0])
            return inner, True, metadata + more
    return annotation, False, metadata


def _flat(metadata: Iterable[Any]) -> list[Any]:
    """Constraint objects, those inside a nested ``FieldInfo`` included."""
    out: list[Any] = []
    for m in metadata:
        inner = getattr(m, "metadata", None)
        if isinstance(inner, list):
            out += _flat(inner)
        out.append(m)
    return out


def _bounds(metadata: Iterable[Any]) -> tuple[int | None, int | None]:
    low = high = None
    for m in _flat(metadata):
        for name in ("ge", "gt"):
            value = getattr(m, name, None)
            if isinstance(value, int):
                low = value + (name == "gt")
        for name in ("le", "lt"):
            value = getattr(m, name, None)
            if isinstance(value, int):
                high = value - (name == "lt")
    return low, high


def _ref(metadata: Iterable[Any]) -> Ref | None:
    return next((m for m in _flat(metadata) if isinstance(m, Ref)), None)


def _max_len(metadata: Iterable[Any]) -> int | None:
    return next(
        (m.max_length for m in _flat(metadata) if isinstance(getattr(m, "max_length", None), int)),
        None,
    )


def field_spec(name: str, annotation: Any, metadata: Sequence[Any], required: bool) -> FieldSpec:
    """The spec of one field from its annotation and its pydantic metadata."""
    kind_type, optional, inner = _optional(annotation)
    metadata = [*metadata, *inner]
    ref = _ref(metadata)
    origin = get_origin(kind_type)
    if origin is Literal:
        return FieldSpec(name, "choice", optional, required, choices=get_args(kind_type))
    if origin in (list, tuple):
        args = [a for a in get_args(kind_type) if a is not Ellipsis]
        element, element_meta = _strip(args[0]) if args else (Any, [])
        ref = ref or _ref(element_meta)
        size = _max_len(metadata)
        if ref is not None:
            return FieldSpec(name, "refs", optional, required, ref=ref, max_items=size)
        if element is str:
            return FieldSpec(name, "texts", optional, required, max_items=size)
        return FieldSpec(name, "other", optional, required)
    if origin is dict:
        key, value = get_args(kind_type) or (Any, Any)
        value_type, value_meta = _strip(value)
        if _strip(key)[0] is str and value_type is int:
            low, high = _bounds(value_meta)
            return FieldSpec(name, "levels", optional, required, low=low, high=high)
        return FieldSpec(name, "other", optional, required)
    if kind_type is bool:
        return FieldSpec(name, "bool", optional, required)
    if kind_type is int:
        low, high = _bounds(metadata)
        return FieldSpec(name, "int", optional, required, low=low, high=high)
    if kind_type is float:
        return FieldSpec(name, "float", optional, required)
    if kind_type is str:
        if ref is not None:
            return FieldSpec(name, "ref", optional, required, ref=ref)
        return FieldSpec(name, "text", optional, required)
    return FieldSpec(name, "other", optional, required)


def fields_of(model: type[BaseModel]) -> list[FieldSpec]:
    """Every field of ``model`` in declaration (file) order."""
    return [
        field_spec(name, info.annotation, info.metadata, info.is_required())
        for name, info in model.model_fields.items()
    ]


def _named_model(annotation: Any) -> type[BaseModel] | None:
    kind, _, _ = _optional(annotation)
    if isinstance(kind, type) and issubclass(kind, BaseModel) and "name" in kind.model_fields:
        return kind
    return None


def items_field(team_model: type[BaseModel]) -> ItemsField | None:
    """The first list of ``team_model`` whose elements are models with a ``name``: the team's
    items (None when it has none: a map of cells, say)."""
    for name, info in team_model.model_fields.items():
        kind, _, _ = _optional(info.annotation)
        if get_origin(kind) in (list, tuple):
            args = [a for a in get_args(kind) if a is not Ellipsis]
            element = _named_model(args[0]) if args else None
            if element is not None:
                return ItemsField(name, element)
    return None


# --- changing a team -------------------------------------------------------------------------


def replace_item(team: BaseModel, key: str, items: Sequence[BaseModel]) -> Any:
    """``team`` with its list ``key`` replaced by ``items`` (in the list's own type: a tuple
    stays a tuple); nothing else of the team is validated again."""
    old = getattr(team, key)
    new: Sequence[BaseModel] = tuple(items) if isinstance(old, tuple) else list(items)
    return team.model_copy(update={key: new})


def with_field(item: BaseModel, spec: FieldSpec, value: Any) -> Any:
    """``item`` with ``spec``'s field set to ``value``, validated as the item's model would be
    read from a file (ValueError with pydantic's words when it is refused). A :class:`Ref` that
    clears other fields empties them first."""
    data = item.model_dump(by_alias=True)
    data[_alias(type(item), spec.name)] = value
    if spec.ref is not None and value not in (None, (), []):
        for other in spec.ref.clears:
            data[_alias(type(item), other)] = None
    try:
        return type(item).model_validate(data)
    except ValidationError as exc:
        raise ValueError("; ".join(e["msg"] for e in exc.errors())) from None


def _alias(model: type[BaseModel], name: str) -> str:
    info = model.model_fields.get(name)
    return info.alias if info is not None and info.alias else name


def free_name(base: str, taken: Iterable[str], numbered: bool = False) -> str:
    """``base`` if no item has that name (case aside), else the next free number after it:
    ``Kestrel`` → ``Kestrel 2``, ``Rick Dias 1`` → ``Rick Dias 3`` when 2 is taken.
    ``numbered``: always a number, from 1 (``Nightingale 1``)."""
    used = {t.casefold() for t in taken}
    if numbered and not re.fullmatch(r".*\S \d+", base):
        n = 1
        while f"{base} {n}".casefold() in used:
            n += 1
        return f"{base} {n}"
    if base.casefold() not in used:
        return base
    found = re.fullmatch(r"(.*\S) (\d+)", base)
    stem, n = (found.group(1), int(found.group(2)) + 1) if found else (base, 2)
    while f"{stem} {n}".casefold() in used:
        n += 1
    return f"{stem} {n}"


# --- the catalog ------------------------------------------------------------------------------


def catalog_entries(catalog: Any, collection: str) -> list[tuple[str, Any]]:
    """``(id, entry)`` of every entry of the catalog's ``collection``: a mapping's keys (the
    entry its value) or a list's items by their ``id``; empty when the catalog has none."""
    found = getattr(catalog, collection, None)
    if isinstance(found, Mapping):
        return [(str(k), v) for k, v in found.items()]
    if isinstance(found, list | tuple):
        return [(str(getattr(e, "id", "")), e) for e in found if getattr(e, "id", None)]
    return []


def entry_name(entry_id: str, entry: Any, lang: Lang) -> str:
    """How an entry is named to the player: its Japanese or English name when it has one,
    else its id."""
    if lang == "ja" and isinstance(getattr(entry, "name_ja", None), str):
        return str(entry.name_ja)
    name = getattr(entry, "name", None)
    return name if isinstance(name, str) and name else entry_id


def said(pair: Pair, lang: Lang) -> str:
    return pair[1] if lang == "ja" else pair[0]
