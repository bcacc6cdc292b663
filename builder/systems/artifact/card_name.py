"""How a unit's name sets in the head of its card: one line, or two broken where we choose.

A name is the card's heading, read across the table, so it prints as large as the card's width
allows on at most two lines. The browser would break it wherever the line is full: inside a
word of a Japanese name on an English print (「ラーカイラム改二/番艦」, 「研/究所」), after a
Japanese phrase the estimate had on the line before (a third line, clipped), or leaving one
short word alone on the second line (「…大尉専用機/（赤）」). So the break is chosen here,
between two phrases (:func:`builder.render.measure.segments`) where the longer of the two
lines is shortest, and each line prints as it is (``white-space: nowrap``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from builder.core.i18n import Lang
from builder.render.measure import PT_MM, font_em, segments

NAME_FLOOR_PT = 6.5
"""The name shrinks to fit, never under the card's floor (below it, it is cut with …)."""

ELLIPSIS = "…"


@dataclass(frozen=True)
class Title:
    """The unit's name as the card's head prints it."""

    rows: tuple[str, ...]
    """Its lines, each printed whole (a name too long even at the floor ends with …)."""
    pt: float

    @property
    def text(self) -> str:
        return "".join(self.rows)

    @property
    def lines(self) -> int:
        return len(self.rows)


def _em(text: str, lang: Lang) -> float:
    """Width in em of one line of the name (bold; the spaces at its end print nothing)."""
    return font_em(text.rstrip(), lang, bold=True)


def _size(rows: tuple[str, ...], width_mm: float, lang: Lang, largest: float) -> float:
    """The largest size in 0.25 pt steps, up to ``largest``, at which every row fits."""
    need = max(_em(r, lang) for r in rows)
    if need <= 0:
        return largest
    return min(largest, math.floor(width_mm / PT_MM / need * 4) / 4)


MIDDLE_DOT = "・"
"""Between the words of a foreign name (リックディアス・クワトロ・バジーナ): a name may break
after it, as a typesetter breaks a long katakana name, though a sentence keeps it whole; never
inside brackets (「（シャア・アズナブル専用機）」 stays one piece)."""

OPENING = "（(「『【［["
CLOSING = "）)」』】］]"


def _pieces(name: str) -> list[str]:
    """The name's phrases, a long katakana name also after each middle dot outside brackets."""
    out: list[str] = []
    depth = 0
    for seg in segments(name):
        piece = ""
        for ch in seg:
            piece += ch
            depth += (ch in OPENING) - (ch in CLOSING)
            if ch == MIDDLE_DOT and depth <= 0:
                out.append(piece)
                piece = ""
        if piece:
            out.append(piece)
    return out


def _splits(name: str) -> list[tuple[str, ...]]:
    """The name on one line, then on two broken after each of its pieces but the last."""
    pieces = _pieces(name)
    two = [("".join(pieces[:k]), "".join(pieces[k:])) for k in range(1, len(pieces))]
    return [(name,), *two]


def _fill(text: str, width_mm: float, pt: float, lang: Lang, room_for: str = "") -> str:
    """The longest start of ``text``, character by character, that fits ``width_mm`` at ``pt``
    with ``room_for`` after it."""
    room = width_mm / PT_MM / pt - (font_em(room_for, lang, bold=True) if room_for else 0.0)
    out = ""
    for ch in text:
        if _em(out + ch, lang) > room:
            break
        out += ch
    return out


def _cut(name: str, width_mm: float, lang: Lang) -> Title:
    """A name too long for two lines at the floor: the first line filled with whole phrases
    (characters when its first phrase is too long), the second cut with …"""
    pt = NAME_FLOOR_PT
    first = ""
    for piece in _pieces(name):
        if _em(first + piece, lang) * pt * PT_MM > width_mm:
            break
        first += piece
    if not first:
        first = _fill(name, width_mm, pt, lang)
    rest = name[len(first) :].lstrip()
    second = _fill(rest, width_mm, pt, lang, ELLIPSIS).rstrip() + ELLIPSIS
    return Title((first, second), pt)


def fit_name(name: str, width_mm: float, largest_pt: float, lang: Lang) -> Title:
    """The name at the largest size down to NAME_FLOOR_PT on one line, or on two broken
    between phrases where the longer line is shortest (one line when both fit as large); a name
    too long even so is cut with … (it never breaks inside a word and never spills)."""

    def rank(rows: tuple[str, ...]) -> tuple[float, int, float]:
        longest = max(_em(r, lang) for r in rows)
        return _size(rows, width_mm, lang, largest_pt), -len(rows), -longest

    rows = max(_splits(name), key=rank)
    size = rank(rows)[0]
    if size < NAME_FLOOR_PT:
        return _cut(name, width_mm, lang)
    return Title(rows, size)
