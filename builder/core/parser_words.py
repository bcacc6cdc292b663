"""argparse's own words ("usage:", "error: unrecognized arguments", the help's headings) in the
player's language.

Why here and so: argparse asks gettext for every text it prints (``_('usage: ')``), the way a
program is meant to translate it; the project ships no compiled catalogues, so inside
:func:`parser_words` argparse's lookup answers from ``parser_labels.yaml`` (English as argparse
writes it, the Japanese beside it) and the refusals a player meets for a mistyped option or a
missing file argument read in the language ``--lang`` / ``LAMINIM_LANG`` asked for.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator, Sequence
from contextlib import contextmanager

from builder.core.i18n import LANGS, Labels, Lang

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


@contextmanager
def parser_words(lang: Lang) -> Iterator[None]:
    """argparse speaks ``lang`` inside the block (English: argparse's own words)."""
    if lang == "en":
        yield
        return
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


def word(text: str) -> str:
    """One of argparse's texts (e.g. ``"%(prog)s: error: %(message)s\\n"``) as argparse would
    say it now: for our own messages in argparse's shape."""
    return str(argparse._(text))  # type: ignore[attr-defined]
