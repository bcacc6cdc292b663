"""The names a battle record keeps, in each language (issue 34): a side's (its team's ``name``
and ``name_ja``) and a unit's. The record writes the Japanese ones only where the team file
gives them (``names_ja: [テストプレイ見本, null]`` beside ``names:``, a unit's ``name_ja:`` after
its ``name:``), so a record started from English-only teams, and every record written before
the Japanese names were kept, reads as it always did; a player reading Japanese then sees the
name the file gives (:func:`builder.core.i18n.shown_name`'s rule). Part of the kit: knows no
game."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from builder.core.i18n import Lang, Pair
from builder.core.messages import Message, Messages

MESSAGES = Messages.load(__file__)

NamesJa = tuple[str | None, ...]
"""Each side's Japanese name (None: its team gives none); () when no side has one."""

Problems = list[tuple[tuple[str | int, ...], Message]]


def japanese_name(entry: object) -> str | None:
    """A team's, unit's or character's ``name_ja`` (None when it gives none)."""
    ja = getattr(entry, "name_ja", None)
    return ja if isinstance(ja, str) and ja else None


def names_ja_of(teams: Sequence[object]) -> NamesJa:
    """Each team's Japanese name, () when none gives one."""
    found = tuple(japanese_name(t) for t in teams)
    return found if any(found) else ()


def side_name(names: Sequence[str], names_ja: Sequence[str | None], side: int, lang: Lang) -> str:
    """Side ``side``'s (1-based) name in ``lang`` ("" when the record names none)."""
    ja = names_ja[side - 1] if lang == "ja" and len(names_ja) >= side else None
    return ja or (names[side - 1] if len(names) >= side else "")


def side_names(names: Sequence[str], names_ja: Sequence[str | None], side: int) -> Pair:
    """Side ``side``'s name in English and in Japanese (for a message's words)."""
    return (side_name(names, names_ja, side, "en"), side_name(names, names_ja, side, "ja"))


def in_both(name: str, name_ja: str | None) -> Pair:
    """A unit's name in English and in Japanese (its English one where it has none)."""
    return (name, name_ja or name)


def names_ja_data(names_ja: Sequence[str | None]) -> dict[str, Any]:
    """``{"names_ja": […]}`` for the record's state, or nothing when no side has one."""
    return {"names_ja": list(names_ja)} if any(names_ja) else {}


def name_ja_data(name_ja: str | None) -> dict[str, Any]:
    """``{"name_ja": …}`` for a unit's state, or nothing when it has none."""
    return {"name_ja": name_ja} if name_ja else {}


def read_names_ja(data: Mapping[str, Any], problems: Problems) -> NamesJa:
    """The state's ``names_ja`` (absent: ()); a bad value is a problem in ``problems``."""
    value = data.get("names_ja")
    if value is None:
        return ()
    if not isinstance(value, list) or not all(v is None or isinstance(v, str) for v in value):
        problems.append((("names_ja",), MESSAGES("state-names-ja")))
        return ()
    return tuple(v or None for v in value)


def read_name_ja(
    unit: Mapping[str, Any], at: tuple[str | int, ...], problems: Problems
) -> str | None:
    """A unit's ``name_ja`` (absent: None); a bad value is a problem in ``problems``."""
    value = unit.get("name_ja")
    if value is None:
        return None
    if not isinstance(value, str):
        problems.append(((*at, "name_ja"), MESSAGES("state-name-ja")))
        return None
    return value or None
