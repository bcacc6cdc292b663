"""What changed between two catalogs: items added, removed, renamed and changed field by field.

Generic: a game names its collections (top-level keys holding lists of items with an ``id``);
everything else of the catalog files is compared as settings, key by key. Inside an item, a
list of mappings that all have an ``id`` is compared item by item (``movement[dash].distance``),
any other list of mappings by index and a list of scalars as one value.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from builder.catalogs.field_words import NONE, FieldWords, field_words
from builder.catalogs.identity import CatalogIdentity, canonical
from builder.catalogs.words import t
from builder.core.catalog_folder import IDENTITY_KEYS
from builder.core.i18n import Lang


class _Absent:
    def __repr__(self) -> str:
        return "ABSENT"


ABSENT: Any = _Absent()
"""A field one side does not have (shown as "—", null in JSON)."""


@dataclass(frozen=True)
class FieldChange:
    """One value that differs: ``field`` is a path like ``abilities.guard.reduce``."""

    field: str
    old: Any
    new: Any
    file: str = ""
    """For a setting: the catalog file that holds it."""

    def text(self, lang: Lang = "en", words: FieldWords = NONE) -> str:
        """``payload 14 → 15``, the field named in ``lang`` (the game's ``words``)."""
        return f"{words.field(self.field, lang)} {show(self.old)} → {show(self.new)}"

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "field": self.field,
            "old": None if self.old is ABSENT else self.old,
            "new": None if self.new is ABSENT else self.new,
        }
        if self.file:
            out["file"] = self.file
        return out


@dataclass(frozen=True)
class ItemChange:
    """An item of a collection that changed (``new_id`` differs from ``id`` when renamed)."""

    collection: str
    id: str
    new_id: str
    fields: tuple[FieldChange, ...] = ()

    @property
    def renamed(self) -> bool:
        return self.new_id != self.id

    def summary(self, lang: Lang = "en", words: FieldWords = NONE) -> str:
        """``rifle: weight 3 → 5, power 3 → 4`` (one line per item; ids and values are data,
        the fields and "renamed to" are said in ``lang``)."""
        parts = [t("renamed-to", lang, id=self.new_id)] if self.renamed else []
        parts += [f.text(lang, words) for f in self.fields]
        return t("item-summary", lang, id=self.id, changes=t("comma", lang).join(parts))

    def to_json(self) -> dict[str, Any]:
        return {
            "collection": self.collection,
            "id": self.id,
            "new_id": self.new_id,
            "fields": [f.to_json() for f in self.fields],
        }


@dataclass(frozen=True)
class ItemRef:
    collection: str
    id: str

    def to_json(self) -> dict[str, str]:
        return {"collection": self.collection, "id": self.id}


@dataclass
class CatalogDiff:
    old: CatalogIdentity
    new: CatalogIdentity
    added: list[ItemRef] = field(default_factory=list)
    removed: list[ItemRef] = field(default_factory=list)
    renamed: list[ItemChange] = field(default_factory=list)
    changed: list[ItemChange] = field(default_factory=list)
    settings: list[FieldChange] = field(default_factory=list)

    @property
    def empty(self) -> bool:
        return not (self.added or self.removed or self.renamed or self.changed or self.settings)

    def about(self, collection: str, item_id: str, lang: Lang = "en") -> str | None:
        """What happened to one item of the old catalog, as one line in ``lang`` (None:
        unchanged)."""
        for change in (*self.renamed, *self.changed):
            if change.collection == collection and change.id == item_id:
                return change.summary(lang, field_words(self.old.system))
        if ItemRef(collection, item_id) in self.removed:
            return t("item-removed", lang, id=item_id)
        return None

    def to_json(self) -> dict[str, Any]:
        return {
            "old": self.old.to_json(),
            "new": self.new.to_json(),
            "added": [r.to_json() for r in self.added],
            "removed": [r.to_json() for r in self.removed],
            "renamed": [c.to_json() for c in self.renamed],
            "changed": [c.to_json() for c in self.changed],
            "settings": [s.to_json() for s in self.settings],
        }


def show(value: Any) -> str:
    """A value as a player reads it: texts bare, nothing as "—", the rest as compact JSON."""
    if value is ABSENT or value is None:
        return "—"
    if isinstance(value, str):
        return value
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))


def merged(identity: CatalogIdentity) -> dict[str, tuple[str, Any]]:
    """Every top-level key of the catalog's files: (the file that holds it, its value)."""
    out: dict[str, tuple[str, Any]] = {}
    for name, data in identity.docs.items():
        if isinstance(data, dict):
            for key, value in data.items():
                out.setdefault(str(key), (name, value))
    return out


def items_by_id(value: Any) -> dict[str, dict[str, Any]]:
    """A collection's items by id (items without a text id are left out)."""
    out: dict[str, dict[str, Any]] = {}
    if isinstance(value, list):
        for item in value:
            if isinstance(item, dict) and isinstance(item.get("id"), str):
                out.setdefault(item["id"], item)
    return out


def flatten(value: Any, prefix: str = "") -> dict[str, Any]:
    """Leaf values of ``value`` by path (see the module docstring)."""
    if isinstance(value, dict) and value:
        out: dict[str, Any] = {}
        for key, sub in value.items():
            out.update(flatten(sub, f"{prefix}.{key}" if prefix else str(key)))
        return out
    if isinstance(value, list) and value and all(isinstance(x, dict) for x in value):
        ids = [x.get("id") for x in value]
        keyed = all(isinstance(i, str) for i in ids) and len(set(ids)) == len(ids)
        out = {}
        for i, sub in enumerate(value):
            key = ids[i] if keyed else i
            rest = {k: v for k, v in sub.items() if k != "id"} if keyed else sub
            out.update(flatten(rest, f"{prefix}[{key}]"))
            if keyed and not rest:
                out[f"{prefix}[{key}]"] = {}
        return out
    return {prefix: value}


def field_changes(old: Any, new: Any, file: str = "") -> list[FieldChange]:
    """Every path whose value differs between ``old`` and ``new``, in the new order."""
    a, b = flatten(old), flatten(new)
    out = []
    for path in [*b, *(p for p in a if p not in b)]:
        before, after = a.get(path, ABSENT), b.get(path, ABSENT)
        if before is ABSENT or after is ABSENT or canonical(before) != canonical(after):
            out.append(FieldChange(path, before, after, file))
    return out


def _item_fields(
    old: dict[str, Any], new: dict[str, Any], renamed: Mapping[str, str]
) -> tuple[FieldChange, ...]:
    strip = lambda item: {k: v for k, v in item.items() if k != "id"}  # noqa: E731
    return tuple(_not_renames(field_changes(strip(old), strip(new)), renamed))


def _not_renames(changes: list[FieldChange], renamed: Mapping[str, str]) -> list[FieldChange]:
    """The changes that are not a renamed id followed where it is named (a threat's weapon
    ``blade → beam-blade`` once ``blade`` was renamed): the rename is listed once, as such."""
    return [c for c in changes if not (isinstance(c.old, str) and renamed.get(c.old) == c.new)]


def diff_catalogs(
    old: CatalogIdentity, new: CatalogIdentity, collections: Sequence[str]
) -> CatalogDiff:
    """The changes from ``old`` to ``new``; ``new.renamed`` says which removed ids live on."""
    out = CatalogDiff(old, new)
    a, b = merged(old), merged(new)
    for collection in collections:
        before = items_by_id(a.get(collection, ("", None))[1])
        after = items_by_id(b.get(collection, ("", None))[1])
        kept_new = set()
        for item_id, item in before.items():
            if item_id in after:
                kept_new.add(item_id)
                fields = _item_fields(item, after[item_id], new.renamed)
                if fields:
                    out.changed.append(ItemChange(collection, item_id, item_id, fields))
                continue
            target = new.renamed.get(item_id)
            if target is not None and target in after and target not in before:
                kept_new.add(target)
                fields = _item_fields(item, after[target], new.renamed)
                out.renamed.append(ItemChange(collection, item_id, target, fields))
            else:
                out.removed.append(ItemRef(collection, item_id))
        out.added += [ItemRef(collection, i) for i in after if i not in kept_new]
    skip = {*collections, *IDENTITY_KEYS}
    for key in [*b, *(k for k in a if k not in b)]:
        if key in skip:
            continue
        file_a, value_a = a.get(key, ("", ABSENT))
        file_b, value_b = b.get(key, ("", ABSENT))
        if value_a is ABSENT or value_b is ABSENT:
            out.settings.append(FieldChange(key, value_a, value_b, file_b or file_a))
        else:
            changes = field_changes({key: value_a}, {key: value_b}, file_b)
            out.settings += _not_renames(changes, new.renamed)
    return out


def uses_changed(diff: CatalogDiff, uses: Mapping[tuple[str, str], Any]) -> list[str]:
    """One line per changed part among ``uses`` ((collection, id) -> anything), in use order."""
    out = []
    for collection, item_id in uses:
        line = diff.about(collection, item_id)
        if line is not None:
            out.append(line)
    return out
