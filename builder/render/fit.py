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
