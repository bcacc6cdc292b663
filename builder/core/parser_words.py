"""argparse's own words ("usage:", "error: unrecognized arguments", the help's headings) and
our ``--help`` texts in the player's language.

Why here and so: argparse asks gettext for every text it prints (``_('usage: ')``), the way a
program is meant to translate it; the project ships no compiled catalogues, so inside
:func:`parser_words` argparse's lookup answers from ``parser_labels.yaml`` (English as argparse
writes it, the Japanese beside it) and the refusals a player meets for a mistyped option or a
missing file argument read in the language ``--lang`` / ``LAMINIM_LANG`` asked for. The help
texts the parser was given in English are looked up the same way (:func:`help_text`) in the help
tables the command passes (its own ``help_labels.yaml`` and each game's): a help line with no
Japanese (which a test refuses) would stay English rather than vanish.
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path

from builder.core.i18n import LANGS, Labels, Lang, Pair, read_labels_file

_FIELD = re.compile(r"\{(\w+)\}")
"""A ``{placeholder}`` of a label (as :func:`builder.core.i18n.fill` fills it)."""

SHARED = " / "
"""Between the helps of a command several games offer (one game's help / another's)."""

WORDS = Labels.load(__file__, "parser_labels.yaml")
"""argparse's texts: key -> (argparse's English, our Japanese)."""


def lang_of(words: Sequence[str], default: Lang) -> Lang:
    """The language a command line asks for (``--lang ja`` or ``--lang=ja``; the last one
    wins, as argparse reads it), before argparse has read it: its own errors come first."""
    lang = default
    for i, word in enumerate(words):
        if word == "--":
            break
        value = None
        if word == "--lang" and i + 1 < len(words):
            value = words[i + 1]
        elif word.startswith("--lang="):
            value = word.split("=", 1)[1]
        if value in LANGS:
            lang = "ja" if value == "ja" else "en"
    return lang


class HelpTexts:
    """English help texts to Japanese: exact texts by lookup, texts with ``{placeholders}``
    (a list of game ids, a default) by pattern, the placeholders' text carried over."""

    def __init__(self, pairs: Iterable[Pair]) -> None:
        self.exact: dict[str, str] = {}
        self.patterns: list[tuple[re.Pattern[str], str]] = []
        for en, ja in pairs:
            if _FIELD.search(en):
                self.patterns.append((_pattern(en), ja))
            else:
                self.exact[" ".join(en.split())] = ja

    @classmethod
    def of(cls, tables: Sequence[Path]) -> HelpTexts:
        """The texts of the help tables at ``tables`` (help_labels.yaml files)."""
        return cls(pair for path in tables for pair in read_labels_file(path).values())

    def __call__(self, text: str) -> str:
        plain = " ".join(text.split())
        if plain in self.exact:
            return self.exact[plain]
        for pattern, ja in self.patterns:
            found = pattern.fullmatch(plain)
            if found:
                return _fill(ja, found.groupdict())
        if SHARED in plain:  # a command several games offer: each game's help, joined
            parts = [self(part) for part in plain.split(SHARED)]
            if any(p != q for p, q in zip(parts, plain.split(SHARED), strict=True)):
                return SHARED.join(parts)
        return text


def _fill(text: str, values: dict[str, str]) -> str:
    return _FIELD.sub(lambda m: values[m.group(1)], text)


def _pattern(english: str) -> re.Pattern[str]:
    parts = _FIELD.split(" ".join(english.split()))  # text, name, text, name, …, text
    return re.compile(
        "".join(re.escape(p) if i % 2 == 0 else f"(?P<{p}>.+?)" for i, p in enumerate(parts))
    )


_HELP: ContextVar[HelpTexts | None] = ContextVar("help_texts", default=None)
_LANG: ContextVar[Lang] = ContextVar("parser_lang", default="en")


def parser_lang() -> Lang:
    """The language of :func:`parser_words` now (an option's refusal is worded in it)."""
    return _LANG.get()


def help_text(text: str) -> str:
    """A help text (a description, an option's help) in the language of :func:`parser_words`."""
    helps = _HELP.get()
    return helps(text) if helps is not None else text


@contextmanager
def parser_words(lang: Lang, helps: Callable[[], Sequence[Path]] = tuple) -> Iterator[None]:
    """argparse speaks ``lang`` inside the block (English: argparse's own words), and so do the
    help texts of the tables ``helps()`` gives (help_labels.yaml files: [English, 日本語]),
    looked for only when the language is not English."""
    said = _LANG.set(lang)
    if lang == "en":
        try:
            yield
        finally:
            _LANG.reset(said)
        return
    token = _HELP.set(HelpTexts.of(helps()))
    table = {en: WORDS.t(key, lang) for key, (en, _ja) in WORDS.items()}
    saved = argparse._, argparse.ngettext  # type: ignore[attr-defined]  # argparse's gettext

    def gettext(text: str) -> str:
        return table.get(text, text)

    def ngettext(single: str, plural: str, n: int) -> str:
        return gettext(single if n == 1 else plural)

    argparse._ = gettext  # type: ignore[attr-defined]
    argparse.ngettext = ngettext  # type: ignore[attr-defined]
    try:
        yield
    finally:
        argparse._, argparse.ngettext = saved  # type: ignore[attr-defined]
        _HELP.reset(token)
        _LANG.reset(said)


def word(text: str) -> str:
    """One of argparse's texts (e.g. ``"%(prog)s: error: %(message)s\\n"``) as argparse would
    say it now: for our own messages in argparse's shape."""
    return str(argparse._(text))  # type: ignore[attr-defined]
