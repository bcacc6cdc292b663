"""English / Japanese display text for parts and labels.

Part names come from the catalog (``name`` / ``name_ja``); interface labels are small tables kept
next to the code that shows them (``builder/render/labels.py``, ``builder/tui/labels.py``).
"""

from __future__ import annotations

from typing import Literal, Protocol

Lang = Literal["en", "ja"]
LANGS: tuple[Lang, ...] = ("en", "ja")
LANG_NAMES: dict[Lang, str] = {"en": "English", "ja": "日本語"}
"""Each language in its own words, for choosing one."""


class _Named(Protocol):
    name: str
    name_ja: str


def part_name(part: _Named | None, lang: Lang, empty: str = "—") -> str:
    """The display name of a frame, weapon, mode or threat in ``lang``."""
    if part is None:
        return empty
    return part.name_ja if lang == "ja" else part.name


def label(table: dict[str, tuple[str, str]], key: str, lang: Lang) -> str:
    """Look up ``key`` in a label table of ``key -> (english, japanese)``."""
    en, ja = table[key]
    return ja if lang == "ja" else en
