"""English / Japanese display text for parts and labels.

Part names come from the catalog (``name`` / ``name_ja``); interface words are :class:`Labels`
tables, kept as data in a YAML file beside the code that shows them (``builder/tui/labels.yaml``,
each game's ``print_labels.yaml`` and ``tui/labels.yaml`` …) and read by :meth:`Labels.load`, so
a translator edits one file with English and Japanese side by side and no game repeats the
table-building code. One table type, one lookup: a table that lacks a language, or whose
English and Japanese ask for different ``{placeholders}``, fails when it is loaded, not when a
Japanese card is printed.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from functools import cache
from pathlib import Path
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


def shown_name(entry: object, lang: Lang) -> str:
    """The name a player reads of a team, unit, character or force in ``lang``: its
    ``name_ja`` under Japanese when the file gives one, else its ``name`` (the name the file,
    the record and the actions use)."""
    name = str(getattr(entry, "name", ""))
    ja = getattr(entry, "name_ja", None)
    return ja if lang == "ja" and isinstance(ja, str) and ja else name


def without_absent_name_ja(data: object) -> object:
    """A dumped team, unit or force without ``name_ja: null`` (a file that gives none is
    saved as it was written)."""
    if isinstance(data, dict) and "name_ja" in data and data["name_ja"] is None:
        del data["name_ja"]
    return data


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


def placeholders(text: str) -> set[str]:
    """The ``{name}`` placeholders of ``text`` (other braces are text, see :func:`fill`)."""
    return set(_FIELD.findall(text))


def _entry(value: object) -> tuple[Pair | None, str | None]:
    """One label of a labels file, ``[English, 日本語]`` or ``{en:, ja:}`` (with ``leaves_out:``,
    the placeholders one language may do without), or why it is not one."""
    allowed: set[str] = set()
    if isinstance(value, dict):
        if not set(value) <= {"en", "ja", "leaves_out"}:
            return None, f"unknown fields {sorted(set(value) - {'en', 'ja', 'leaves_out'})}"
        out = value.get("leaves_out", [])
        if not (isinstance(out, list) and all(isinstance(name, str) for name in out)):
            return None, "leaves_out: not a list of placeholder names"
        allowed = set(out)
        value = [value.get("en", ""), value.get("ja", "")]
    if not (isinstance(value, list) and len(value) == 2):
        return None, "not [English, 日本語] nor {en: …, ja: …}"
    pair = (value[0], value[1])
    if why := missing_language(pair):
        return None, why
    differ = placeholders(pair[0]) ^ placeholders(pair[1])
    if differ - allowed:
        return None, f"English and Japanese differ in placeholders {sorted(differ - allowed)}"
    return pair, None


@cache
def read_words_file(path: Path) -> object:
    """The data of a YAML file of words that ships inside the package, read once per process
    (with libyaml's loader where PyYAML was built with it) and kept between runs
    (``builder.core.catalog_cache``: a command reads about twenty, 7 ms of YAML). YAML is
    imported here, not at start-up: ``--help`` reads no words file."""
    import yaml

    from builder.core.catalog_cache import cached_parse

    return cached_parse(path, _parse_words, f"PyYAML {yaml.__version__} {_loader().__name__}")


def _loader() -> type:
    import yaml

    loader: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    return loader


def _parse_words(path: Path) -> object:
    import yaml

    with path.open(encoding="utf-8") as stream:
        return yaml.load(stream, Loader=_loader())


def pair_problem(value: object) -> str | None:
    """Why ``value`` read from a file is not ``[English, 日本語]`` with the same placeholders."""
    _pair, why = _entry(value)
    return why


SHARED_WORD = "@"
"""A label written ``"@threat"`` is the shared vocabulary's word
(``builder/core/vocabulary_labels.yaml``): one word per thing on every screen and sheet
(docs/glossary.md)."""
VOCABULARY_FILE = Path(__file__).resolve().with_name("vocabulary_labels.yaml")


@cache
def read_labels_file(path: Path) -> dict[str, Pair]:
    """The table of the labels file at ``path``, checked, read once per process.

    A label ``"@key"`` is the shared vocabulary's ``key`` (:data:`SHARED_WORD`). Raises
    ValueError naming the file and every label that is not English and Japanese with the same
    placeholders: a broken table stops the import, before any text is shown."""
    data = read_words_file(path)
    if not isinstance(data, dict):
        raise ValueError(f"{path}: a labels file is a mapping of key: [English, 日本語]")
    table: dict[str, Pair] = {}
    problems: list[str] = []
    for key, value in data.items():
        if isinstance(value, str) and value.startswith(SHARED_WORD) and path != VOCABULARY_FILE:
            shared = read_labels_file(VOCABULARY_FILE).get(value[1:])
            value = list(shared) if shared else f"no word '{value[1:]}' in {VOCABULARY_FILE.name}"
        pair, why = _entry(value)
        if pair is None or not isinstance(key, str):
            problems.append(f"{key!r}: {why or 'the key is not a string'}")
        else:
            table[key] = pair
    if problems:
        raise ValueError(f"{path}: " + "; ".join(problems))
    return table


class PairTable(Mapping[str, Pair]):
    """A read-only table ``key -> (english, japanese)``: what :class:`Labels` and
    :class:`builder.core.messages.Messages` look their words up in."""

    _table: dict[str, Pair]

    def __getitem__(self, key: str) -> Pair:
        return self._table[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._table)

    def __len__(self) -> int:
        return len(self._table)


class Labels(PairTable):
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

    @classmethod
    def load(cls, beside: str, name: str, **defaults: object) -> Labels:
        """The table of the labels file ``name`` in the folder of the module file ``beside``
        (pass ``__file__``): the words live beside the code that shows them, and ship with it."""
        return cls(read_labels_file(Path(beside).resolve().with_name(name)), **defaults)

    def t(self, key: str, lang: Lang, **params: object) -> str:
        """The label ``key`` in ``lang``, its ``{name}`` placeholders of ``params`` filled."""
        text = pick(self._table[key], lang)
        values = {**self._defaults, **params}
        return fill(text, lang, values) if values else text

    def in_lang(self, lang: Lang) -> dict[str, str]:
        """Every label in ``lang``, as a plain dict for a template context."""
        return {key: self.t(key, lang) for key in self._table}
