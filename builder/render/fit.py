"""Fitting untrusted text (unit and team names) into a fixed printed box.

Names have no length limit, but a card header or a 50 mm token has room for so much text. The
width of a string is estimated from the conservative per-character advances of
:func:`builder.render.measure.char_em` (DejaVu Sans Bold for Latin, full width for Japanese);
the type shrinks down to a floor, then the name is cut with an ellipsis, so nothing ever spills
or is silently clipped mid-glyph. Lines break where :func:`builder.render.measure.segments`
allows.
"""

from __future__ import annotations

from dataclasses import dataclass

from builder.render.measure import PT_MM, char_em, segments, text_em


def _largest(need_em: float, room_pt: float, max_pt: float, min_pt: float) -> float:
    """The largest size from ``max_pt`` down in 0.25 pt steps at which ``need_em`` em fit
    ``room_pt`` (em × pt), but never under ``min_pt``."""
    size = max_pt
    while size > min_pt and need_em * size > room_pt:
        size -= 0.25
    return max(size, min_pt)


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
    size = _largest(need, room_em_per_pt, max_pt, min_pt)
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
    size = _largest(longest, room, max_pt, min_pt)
    if longest * size <= room:
        return Words(words, size)
    return Words(list(text), size)
