"""English / Japanese display text for parts and labels.

Part names come from the catalog (``name`` / ``name_ja``); interface words are :class:`Labels`
tables kept next to the code that shows them (``builder/tui/labels.py``, each game's
``print_labels.py`` and ``tui/labels.py``). One table type, one lookup: a table that lacks a
language fails when it is made, not when a Japanese card is printed.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from typing import Literal, Protocol

Lang = Literal["en", "ja"]
LANGS: tuple[Lang, ...] = ("en", "ja")
LANG_NAMES: dict[Lang, str] = {"en": "English", "ja": "日本語"}
"""Each language in its own words, for choosing one."""

Pair = tuple[str, str]
"""One text in English and in Japanese."""


class _Named(Protocol):
    name: str
    name_ja: str


def part_name(part: _Named | None, lang: Lang, empty: str = "—") -> str:
    """The display name of a frame, weapon, mode or threat in ``lang``."""
    if part is None:
        return empty
    return part.name_ja if lang == "ja" else part.name


def pick(pair: Pair, lang: Lang) -> str:
    """The text of ``pair`` in ``lang``."""
    return pair[1] if lang == "ja" else pair[0]


_FIELD = re.compile(r"\{(\w+)\}")


def fill(text: str, lang: Lang, values: Mapping[str, object]) -> str:
    """``text`` with each ``{name}`` of ``values`` replaced; a value that is a :data:`Pair` is a
    word in both languages and gives its ``lang`` text. Other braces stay as written, so a label
    may be filled in two steps (the shell names the game's noun, the screen the path)."""

    def one(found: re.Match[str]) -> str:
        name = found.group(1)
        if name not in values:
            return found.group(0)
        value = values[name]
        if isinstance(value, tuple) and len(value) == 2:
            return pick(value, lang)
        return str(value)

    return _FIELD.sub(one, text)


def missing_language(pair: object) -> str | None:
    """Why ``pair`` is not a text in both languages (None when it is one).

    A label empty in both is allowed (a column with no heading); one that has English but no
    Japanese, or the other way round, is not."""
    if not (isinstance(pair, tuple) and len(pair) == 2 and all(isinstance(s, str) for s in pair)):
        return "not an (english, japanese) pair of strings"
    en, ja = pair
    if en and not ja:
        return "no Japanese"
    if ja and not en:
        return "no English"
    return None


class Labels(Mapping[str, Pair]):
    """A table of interface words, ``key -> (english, japanese)``, and its one lookup :meth:`t`.

    ``defaults`` fill placeholders every lookup fills unless told otherwise (the shell's
    ``{noun}``: "file" until a game names its own)."""

    def __init__(self, table: Mapping[str, Pair], **defaults: object) -> None:
        problems = [
            f"{key!r}: {why}" for key, pair in table.items() if (why := missing_language(pair))
        ]
        if problems:
            raise ValueError("labels need English and Japanese: " + "; ".join(problems))
        self._table = dict(table)
        self._defaults = defaults

    def __getitem__(self, key: str) -> Pair:
        return self._table[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._table)

    def __len__(self) -> int:
        return len(self._table)

    def t(self, key: str, lang: Lang, **params: object) -> str:
        """The label ``key`` in ``lang``, its ``{name}`` placeholders of ``params`` filled."""
        text = pick(self._table[key], lang)
        values = {**self._defaults, **params}
        return fill(text, lang, values) if values else text

    def in_lang(self, lang: Lang) -> dict[str, str]:
        """Every label in ``lang``, as a plain dict for a template context."""
        return {key: self.t(key, lang) for key in self._table}
