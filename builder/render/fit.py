"""Fitting untrusted text (unit and team names) into a fixed printed box.

Names have no length limit, but a card header or a 50 mm token has room for so much text. The
width of a string is estimated from conservative per-character advances (DejaVu Sans Bold for
Latin, full width for Japanese); the type shrinks down to a floor, then the name is cut with an
ellipsis, so nothing ever spills or is silently clipped mid-glyph.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

PT_MM = 25.4 / 72
"""Millimetres per point."""

_WIDE = frozenset("MWmw@%")


def char_em(ch: str) -> float:
    """A generous advance width of ``ch`` in em (bold DejaVu Sans, or a full-width glyph)."""
    if unicodedata.east_asian_width(ch) in ("W", "F"):
        return 1.0
    if ch in _WIDE:
        return 1.05
    if ch == " ":
        return 0.35
    if ch.isupper() or ch.isdigit():
        return 0.82
    if ch in "ijl.,:;'|!":
        return 0.4
    return 0.7


def text_em(text: str) -> float:
    return sum(char_em(c) for c in text)


@dataclass(frozen=True)
class Fitted:
    text: str
    size: float
    """Font size in pt."""


def fit(text: str, width_mm: float, max_pt: float, min_pt: float, lines: int = 1) -> Fitted:
    """The largest size in [min_pt, max_pt] (0.25 pt steps) at which ``text`` fits ``lines``
    lines of ``width_mm``; at ``min_pt`` the text is cut and ends with an ellipsis.

    Several lines lose some width to wrapping (a word that does not fit moves down), so only
    60 % of each extra line is counted.
    """
    room_em_per_pt = width_mm / PT_MM * (1 + 0.6 * (lines - 1))
    need = text_em(text)
    size = max_pt
    while size > min_pt and need * size > room_em_per_pt:
        size -= 0.25
    size = max(size, min_pt)
    if need * size <= room_em_per_pt:
        return Fitted(text, size)
    budget = room_em_per_pt / size - char_em("…")
    cut = []
    used = 0.0
    for ch in text:
        used += char_em(ch)
        if used > budget:
            break
        cut.append(ch)
    return Fitted("".join(cut).rstrip() + "…", size)


def _katakana(ch: str) -> bool:
    return "\u30a0" <= ch <= "\u30ff" or "\uff66" <= ch <= "\uff9f" or ch == "\u30fc"


def _breaks_between(prev: str, ch: str, wide: bool) -> bool:
    if wide:  # before a Japanese character, unless a katakana word goes on
        return not (_katakana(ch) and _katakana(prev))
    if prev in " \u3000":  # after a space
        return ch not in " \u3000"
    return unicodedata.east_asian_width(prev) in ("W", "F")  # Latin after Japanese


def segments(text: str) -> list[str]:
    """``text`` cut where a line may break: after a space, and in Japanese between characters,
    except inside a katakana word (``サブマシンガン`` stays whole). Joined, they are ``text``."""
    out: list[str] = []
    word = ""
    for ch in text:
        wide = unicodedata.east_asian_width(ch) in ("W", "F")
        if word and _breaks_between(word[-1], ch, wide):
            out.append(word)
            word = ""
        word += ch
    if word:
        out.append(word)
    return out


@dataclass(frozen=True)
class Words:
    """Text to print in a box of fixed width, whole words only (see :func:`fit_words`)."""

    words: list[str]
    """Unbreakable pieces: the text breaks only between them."""
    size: float
    """Font size in pt."""


def fit_words(text: str, width_mm: float, max_pt: float, min_pt: float) -> Words:
    """The largest size in [min_pt, max_pt] (0.25 pt steps) at which every word of ``text``
    fits ``width_mm``: lines break between words, never inside one (English at spaces, Japanese
    between characters but not inside a katakana word); type shrinks rather than split a word.

    A word too long even at ``min_pt`` (untrusted text) is split between characters as a last
    resort, so it still never spills out of its box.
    """
    words = segments(text)
    room = width_mm / PT_MM
    longest = max((text_em(w.rstrip()) for w in words), default=0.0)
    size = max_pt
    while size > min_pt and longest * size > room:
        size -= 0.25
    size = max(size, min_pt)
    if longest * size <= room:
        return Words(words, size)
    return Words(list(text), size)
