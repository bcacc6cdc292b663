"""``laminim migrate``: a file's ids the catalog renamed, rewritten, and its pin moved along.

The game says where the file names catalog ids (:class:`builder.systems.TracksCatalog`); each
one the catalog's ``renamed:`` maps (and no longer has) gets its new id. The rewrite goes
through the project's comment-keeping saver, so every comment and every unchanged value keeps
its text, then the pin is set to the catalog migrated to; the file is replaced atomically.
"""

from __future__ import annotations

import copy
import difflib
from dataclasses import dataclass, field
from typing import Any

from builder.catalogs.diff import items_by_id, merged
from builder.catalogs.identity import CatalogIdentity
from builder.catalogs.pin import Pin, load_plain, pinned_text
from builder.catalogs.words import t
from builder.core.i18n import Lang
from builder.roster.keep_text import same_data
from builder.systems import PartUse, YamlPath


@dataclass
class Migration:
    """The new text of a file and the ids it rewrote (path, old id, new id)."""

    original: str
    text: str
    renamed: list[tuple[YamlPath, str, str]] = field(default_factory=list)

    @property
    def changed(self) -> bool:
        return self.text != self.original

    def diff(self, name: str, lang: Lang = "en") -> str:
        """The change as a unified diff (``--dry-run``), its two file labels in ``lang``."""
        lines = difflib.unified_diff(
            self.original.splitlines(keepends=True),
            self.text.splitlines(keepends=True),
            fromfile=t("diff-now", lang, name=name),
            tofile=t("diff-migrated", lang, name=name),
        )
        return "".join(line if line.endswith("\n") else line + "\n" for line in lines)


def renames_for(uses: list[PartUse], identity: CatalogIdentity) -> list[tuple[YamlPath, str, str]]:
    """Each use of an id the catalog renamed and no longer holds: (path, old, new)."""
    catalog = merged(identity)
    out = []
    for use in uses:
        new = identity.renamed.get(use.id)
        if new is None:
            continue
        if use.id in items_by_id(catalog.get(use.collection, ("", None))[1]):
            continue  # the catalog still has the old id: a file naming it is not stale
        out.append((use.path, use.id, new))
    return out


def _set(data: Any, path: YamlPath, value: str) -> None:
    for part in path[:-1]:
        data = data[part]
    data[path[-1]] = value


def migrate_text(
    original: str,
    uses: list[PartUse],
    identity: CatalogIdentity,
    value_text: Any = None,
    pin: Pin | None = None,
) -> Migration:
    """The migrated text of a file (``uses`` found in its data), pinned to ``pin`` (default:
    the catalog's, with no folder); raises ValueError when the text is not a YAML mapping."""
    from builder.roster.team_file import dump_team

    data = load_plain(original)
    if not isinstance(data, dict):
        raise ValueError("not a mapping")
    renamed = renames_for(uses, identity)
    text = original
    if renamed:
        new = copy.deepcopy(data)
        for path, _old, new_id in renamed:
            _set(new, path, new_id)
        edited = _in_place(original, renamed)
        if edited is not None and same_data(load_plain(edited), new):
            text = edited
        else:
            text = dump_team(new, original, value_text)  # the saver keeps what it can
    text = pinned_text(text, pin or Pin.of(identity))
    return Migration(original, text, renamed)


_ENDS = frozenset(",]} \t\r\n#")


def _in_place(original: str, renamed: list[tuple[YamlPath, str, str]]) -> str | None:
    """``original`` with each renamed id replaced where it is written, every other character
    kept (a changed row keeps its comment and its spacing); None when an id is not found as
    written (the caller then lets the saver write the file)."""
    from builder.core.problems import InputError
    from builder.core.source import parse_yaml

    try:
        src = parse_yaml(original, "<file>")
    except InputError:
        return None
    starts = [0]
    for line in original.splitlines(keepends=True):
        starts.append(starts[-1] + len(line))
    edits = []
    for path, old, new in renamed:
        pos = src.positions.get(tuple(path))
        if pos is None or pos[0] > len(starts) - 1:
            return None
        at = starts[pos[0] - 1] + pos[1] - 1
        for quote in ("", "'", '"'):
            token = f"{quote}{old}{quote}"
            after = at + len(token)
            if original.startswith(token, at) and (
                quote or after == len(original) or original[after] in _ENDS
            ):
                edits.append((at, after, f"{quote}{new}{quote}"))
                break
        else:
            return None
    text = original
    for start, end, replacement in sorted(edits, reverse=True):
        text = text[:start] + replacement + text[end:]
    return text
