"""How wide printed text is, where a line may break, and how many lines text fills in a box.

Every game's printouts estimate their layout before WeasyPrint sets it (a card grows its type
into the room its unit leaves, a character card sends weapons that do not fit to a continuation
card), so they need one answer to "how wide is this?" and one line breaker that breaks where
WeasyPrint may. This module is that answer:

- :func:`segments` cuts text where a line may break (English after a space, Japanese between
  phrases, :mod:`builder.core.phrases`), and templates print the same pieces unbroken (the
  ``phrases`` filter of :mod:`builder.render.env`);
- :func:`font_em` reads each glyph's advance from the font files WeasyPrint prints with (DejaVu
  Sans for English, BIZ UDGothic for Japanese and for what DejaVu lacks), through fontTools, a
  WeasyPrint dependency; :func:`char_em` is a generous stand-in when a font file is missing, and
  what :mod:`builder.render.fit` sizes names with;
- :class:`Piece` is a run of a line that never breaks inside (text at one size and weight, plus
  the padding and border of an inline box, or a box alone), and :func:`count_lines` fills a box
  with pieces greedily, as the browser does.

A game may pass its own width function (:data:`Widths`) where its estimate was calibrated
against another one; the pieces and the line breaking are the same.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from builder.core.i18n import Lang
from builder.core.phrases import is_wide as _is_wide
from builder.core.phrases import phrases
from builder.render.env import JA_GOTHIC, JA_GOTHIC_BOLD, JA_PGOTHIC, JA_PGOTHIC_BOLD, PROPORTIONAL

PT_MM = 25.4 / 72
"""Millimetres per point."""

NBSP = "\u00a0"
"""A no-break space: it holds its neighbours together (a distance and its mode)."""

DEJAVU = Path("/usr/share/fonts/truetype/dejavu")

SAFETY = 1.03
"""Font widths are taken 3 % wider by default (kerning, synthetic bold)."""


# --- widths ------------------------------------------------------------------------------------

_WIDE = frozenset("MWmw@%")


def is_wide(ch: str) -> bool:
    """A full-width (Japanese) character."""
    return _is_wide(ch)


def char_em(ch: str) -> float:
    """A generous advance width of ``ch`` in em (bold DejaVu Sans, or a full-width glyph)."""
    if is_wide(ch):
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
    """:func:`char_em` of every character of ``text``."""
    return sum(char_em(c) for c in text)


@lru_cache(maxsize=4)
def _advances(path: Path) -> dict[int, float] | None:
    """Advance width in em of every character of the font at ``path`` (None: no such font)."""
    try:
        from fontTools.ttLib import TTFont  # type: ignore[import-untyped]

        font = TTFont(str(path), lazy=True)
        per_glyph = font["hmtx"].metrics
        em = font["head"].unitsPerEm
        return {cp: per_glyph[glyph][0] / em for cp, glyph in font.getBestCmap().items()}
    except Exception:  # no font file, or not a font: the generous widths stand in
        return None


@lru_cache(maxsize=1 << 16)  # a deck's fitting measures the same words thousands of times
def font_em(text: str, lang: Lang, bold: bool = False, safety: float = SAFETY) -> float:
    """Width of ``text`` in em as printed: Japanese in BIZ UDGothic, English in DejaVu Sans
    (BIZ UDGothic for what DejaVu lacks); ``safety`` times what the fonts say, :func:`char_em`
    for a character no font has. A Latin letter of Japanese text counts at the wider of BIZ
    UDGothic's and BIZ UDPGothic's (a name's Latin prints in the proportional one:
    :func:`builder.render.env.latin_spans`)."""
    latin = DEJAVU / ("DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf")
    japanese = _advances(JA_GOTHIC_BOLD if bold else JA_GOTHIC)
    fonts = [japanese] if lang == "ja" else [_advances(latin), japanese]
    proportional = _advances(JA_PGOTHIC_BOLD if bold else JA_PGOTHIC) if lang == "ja" else None
    total = 0.0
    for ch in text:
        width = next((f[ord(ch)] for f in fonts if f is not None and ord(ch) in f), None)
        if proportional is not None and width is not None and PROPORTIONAL.fullmatch(ch):
            width = max(width, proportional.get(ord(ch), width))
        total += char_em(ch) if width is None else width * safety
    return total


Widths = Callable[[str, Lang, bool], float]
"""Width in em of (text, language, bold): :func:`font_em`, or a game's calibrated own."""


# --- where a line may break --------------------------------------------------------------------


def segments(text: str) -> list[str]:
    """``text`` cut where a line may break: English after a space, Japanese between phrases
    (:func:`builder.core.phrases.phrases`: ``サブマシンガン``, ``5発の`` and ``負傷 = ダメージ``
    stay whole). Joined, they are ``text``."""
    return phrases(text)


# --- pieces and lines --------------------------------------------------------------------------


@dataclass(frozen=True)
class Piece:
    """A run of a line that never breaks inside: ``text`` at ``pt``, bold or not, and the mm
    its box adds (the padding and border of a slot tag); a box with no text is ``extra_mm``
    wide (a write-in box)."""

    text: str
    pt: float
    bold: bool = False
    extra_mm: float = 0.0


def box_piece(width_mm: float) -> Piece:
    """An unbreakable box ``width_mm`` wide with no text."""
    return Piece("", 0.0, False, width_mm)


def pieces(pt: float, text: str, *, bold: bool = False, whole: bool = False) -> list[Piece]:
    """``text`` at ``pt`` in the pieces a line may break between (:func:`segments`; a no-break
    space holds its neighbours together), or as one piece (a ``white-space: nowrap`` span)."""
    out: list[Piece] = []
    for seg in [text] if whole else segments(text):
        if out and (seg.startswith(NBSP) or out[-1].text.endswith(NBSP)):
            out[-1] = Piece(out[-1].text + seg, pt, bold)
        else:
            out.append(Piece(seg, pt, bold))
    return out


def inline_box(pt: float, text: str, extra_mm: float, bold: bool = False) -> list[Piece]:
    """An inline box (a slot tag, a type box) that never breaks, and the space after it."""
    return [Piece(text, pt, bold, extra_mm), Piece(" ", pt)]


def width_mm(piece: Piece, lang: Lang, widths: Widths = font_em, strip: bool = False) -> float:
    """How wide ``piece`` prints; ``strip``: without its trailing spaces (at a line's end)."""
    text = (piece.text.rstrip() if strip else piece.text).replace(NBSP, " ")
    return widths(text, lang, piece.bold) * piece.pt * PT_MM + piece.extra_mm


def count_lines(
    line: Iterable[Piece],
    box_mm: float,
    lang: Lang,
    widths: Widths = font_em,
    first_mm: float | None = None,
    narrow: int = 1,
) -> int:
    """Lines the pieces of ``line`` fill, greedily, in a box ``box_mm`` wide; the first
    ``narrow`` lines may have less room (``first_mm``: after a lead, or beside a float).

    A piece goes down a line when it does not fit after what the line holds (its trailing
    spaces do not count at a line's end); a piece wider than the box takes a line of its own.
    """
    lines, used = 1, 0.0
    room = box_mm if first_mm is None else first_mm
    for n, piece in enumerate(line):
        need = width_mm(piece, lang, widths, strip=True)
        if (used or (n == 0 and first_mm is not None)) and used + need > room:
            lines += 1
            used = 0.0
            room = first_mm if first_mm is not None and lines <= narrow else box_mm
        used += width_mm(piece, lang, widths)
    return lines
