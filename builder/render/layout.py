"""Page geometry in millimetres: paper sizes, placing cards and tokens, cut lines and crop marks.

Everything is computed here as plain numbers so the templates only position boxes; WeasyPrint's
own ``@page { marks: crop }`` is not used because it draws in a bleed area that enlarges the
PDF page beyond A4 / Letter.
"""

from __future__ import annotations

import math
from collections.abc import Collection
from dataclasses import dataclass
from typing import Any

from builder.core.i18n import LANGS

PAPERS: dict[str, tuple[float, float]] = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
"""Portrait paper sizes in mm (Letter is 8.5 × 11 in)."""


def check_choices(
    paper: str, lang: str, card_size: str | None = "", card_sizes: Collection[str] = ()
) -> str:
    """ValueError for an unknown paper, language or (when ``card_sizes`` are given) card size;
    the card size, checked (a game's printouts always get one set: ``Game.printouts``).

    The command line and the print dialog offer only known ones, so this guards a caller's
    mistake, named with what was expected."""
    for what, value, known in (
        ("paper", paper, PAPERS),
        ("language", lang, LANGS),
        ("card size", card_size, card_sizes),
    ):
        if known and value not in known:
            raise ValueError(f"unknown {what} {value!r}; expected one of {', '.join(known)}")
    return card_size or ""


PRINTER_MARGIN = 6.0
"""Home printers leave 3–6 mm unprinted; nothing that matters is placed closer to the edge."""

SAFE_ZONE = 5.0
"""No text or mark is printed within this many mm of the paper edge: most printers cut what is
closer (a crop mark or a footer there may vanish without telling)."""

CROP_MARK = 4.0
"""Longest crop mark line, drawn in the margin outside the cut grid."""

CROP_MARK_MIN = 1.0
"""Shortest crop mark still worth drawing: a mark that would need to be shorter to stay inside
the safe zone is left out (the neighbouring cards' edges still show the cut)."""

CROP_GAP = 1.0
"""Crop marks keep off the card edge so a slightly crooked cut does not show them."""


@dataclass(frozen=True)
class Grid:
    """Items of one size laid out in columns and rows, centred on the page."""

    page_w: float
    page_h: float
    item_w: float
    item_h: float
    gap: float
    cols: int
    rows: int

    @property
    def per_page(self) -> int:
        return self.cols * self.rows

    @property
    def left(self) -> float:
        return (self.page_w - (self.cols * self.item_w + (self.cols - 1) * self.gap)) / 2

    @property
    def top(self) -> float:
        return (self.page_h - (self.rows * self.item_h + (self.rows - 1) * self.gap)) / 2

    def position(self, index: int) -> tuple[float, float]:
        """Top-left corner of the ``index``-th item on its page."""
        i = index % self.per_page
        row, col = divmod(i, self.cols)
        return (
            round(self.left + col * (self.item_w + self.gap), 3),
            round(self.top + row * (self.item_h + self.gap), 3),
        )

    def pages(self, count: int) -> list[range]:
        """Item indexes per page."""
        return [range(s, min(s + self.per_page, count)) for s in range(0, count, self.per_page)]


def make_grid(
    paper: str, item_w: float, item_h: float, gap: float = 0.0, margin: float = PRINTER_MARGIN
) -> Grid:
    """As many items as fit inside the printable margin (at least one)."""
    page_w, page_h = PAPERS[paper]
    cols = max(1, int((page_w - 2 * margin + gap) // (item_w + gap)))
    rows = max(1, int((page_h - 2 * margin + gap) // (item_h + gap)))
    return Grid(page_w, page_h, item_w, item_h, gap, cols, rows)


@dataclass(frozen=True)
class DiscPack:
    """Round pieces (tokens, markers) of one diameter packed on a page: in offset rows when that
    holds more than a square grid (50 mm discs on A4: 18 instead of 15), else in a grid."""

    page_w: float
    page_h: float
    item_w: float
    item_h: float
    spots: tuple[tuple[float, float], ...]
    """Top-left corner of each disc's box on a page, row by row."""

    @property
    def per_page(self) -> int:
        return len(self.spots)

    def pages(self, count: int) -> list[range]:
        """Item indexes per page, spread evenly over the fewest pages (21 discs at 18 a page are
        11 + 10, not 18 + 3: no sheet is left nearly empty)."""
        if count <= 0:
            return []
        n = -(-count // self.per_page)
        base, extra = divmod(count, n)
        out, start = [], 0
        for i in range(n):
            size = base + (1 if i < extra else 0)
            out.append(range(start, start + size))
            start += size
        return out


def _centred(rows: list[list[float]], pitch_y: float, d: float, page_w: float, page_h: float):
    """Spots of ``rows`` (x offsets per row) centred on the page."""
    width = max(max(xs) for xs in rows) + d
    height = (len(rows) - 1) * pitch_y + d
    left, top = (page_w - width) / 2, (page_h - height) / 2
    return tuple(
        (round(left + x, 3), round(top + r * pitch_y, 3)) for r, xs in enumerate(rows) for x in xs
    )


def pack_discs(
    paper: str, diameter: float, gap: float, margin: float = PRINTER_MARGIN, reserve: float = 0.0
) -> DiscPack:
    """The densest of a square grid and offset (hexagonal) rows of discs ``gap`` mm apart,
    inside ``margin`` plus ``reserve`` mm kept free at the top and the bottom (a sheet note)."""
    page_w, page_h = PAPERS[paper]
    room_w, room_h = page_w - 2 * margin, page_h - 2 * (margin + reserve)
    pitch = diameter + gap

    def across(width: float) -> int:
        return max(0, int((width - diameter) // pitch) + 1) if width >= diameter else 0

    square_rows = max(1, across(room_h))
    square = [[c * pitch for c in range(max(1, across(room_w)))]] * square_rows
    best = _centred(square, pitch, diameter, page_w, page_h)
    pitch_y = pitch * math.sqrt(3) / 2
    hex_rows = max(1, int((room_h - diameter) // pitch_y) + 1) if room_h >= diameter else 1
    even = across(room_w)
    odd = across(room_w - pitch / 2)
    if even and odd:
        rows = [
            [(pitch / 2 if r % 2 else 0.0) + c * pitch for c in range(odd if r % 2 else even)]
            for r in range(hex_rows)
        ]
        offset = _centred(rows, pitch_y, diameter, page_w, page_h)
        if len(offset) > len(best):
            best = offset
    return DiscPack(page_w, page_h, diameter, diameter, best)


def place_discs(pack: DiscPack, items: list[Any]) -> list[dict[str, Any]]:
    """Items laid out page by page on ``pack``'s spots (evenly spread, no crop marks: discs are
    cut along their own outline)."""
    pages: list[dict[str, Any]] = []
    for indexes in pack.pages(len(items)):
        placed = []
        for n, i in enumerate(indexes):
            x, y = pack.spots[n]
            placed.append({"x": x, "y": y, "item": items[i]})
        pages.append({"items": placed, "marks": []})
    return pages


def crop_marks(grid: Grid, used: int) -> list[dict[str, float]]:
    """Lines in the margin extending every cut line of an edge-to-edge card grid.

    ``used`` items are on the page; marks are drawn for the rows and columns they occupy.
    """
    cols = min(grid.cols, used)
    rows = -(-used // grid.cols)
    x0, y0 = grid.left, grid.top
    x1, y1 = x0 + cols * grid.item_w, y0 + rows * grid.item_h
    gap = CROP_GAP
    # each mark ends at the safe zone at the latest: a 7.7 mm margin above the grid (Letter)
    # leaves room for a 1.7 mm mark, not a 4 mm one
    above = min(CROP_MARK, y0 - gap - SAFE_ZONE)
    below = min(CROP_MARK, grid.page_h - SAFE_ZONE - (y1 + gap))
    before = min(CROP_MARK, x0 - gap - SAFE_ZONE)
    after = min(CROP_MARK, grid.page_w - SAFE_ZONE - (x1 + gap))
    lines: list[dict[str, float]] = []
    for c in range(cols + 1):
        x = round(x0 + c * grid.item_w, 3)
        if above >= CROP_MARK_MIN:
            lines.append({"x1": x, "y1": round(y0 - gap - above, 3), "x2": x, "y2": y0 - gap})
        if below >= CROP_MARK_MIN:
            lines.append({"x1": x, "y1": y1 + gap, "x2": x, "y2": round(y1 + gap + below, 3)})
    for r in range(rows + 1):
        y = round(y0 + r * grid.item_h, 3)
        if before >= CROP_MARK_MIN:
            lines.append({"x1": round(x0 - gap - before, 3), "y1": y, "x2": x0 - gap, "y2": y})
        if after >= CROP_MARK_MIN:
            lines.append({"x1": x1 + gap, "y1": y, "x2": round(x1 + gap + after, 3), "y2": y})
    return lines


def place_on_pages(
    grid: Grid, items: list[Any], *, crop: bool | None = None, empty_page: bool = False
) -> list[dict[str, Any]]:
    """Items laid out page by page at their grid positions, with crop marks when asked.

    ``crop`` defaults to an edge-to-edge grid (no gap between items); ``empty_page`` gives one
    blank page when there are no items instead of none.
    """
    crop = grid.gap == 0 if crop is None else crop
    pages: list[dict[str, Any]] = []
    for indexes in grid.pages(len(items)) or ([range(0)] if empty_page else []):
        placed = []
        for i in indexes:
            x, y = grid.position(i)
            placed.append({"x": x, "y": y, "item": items[i]})
        marks = crop_marks(grid, len(placed)) if crop and placed else []
        pages.append({"items": placed, "marks": marks})
    return pages


def sheet_context(
    system: str,
    kind: str,
    lang: str,
    paper: str,
    grid: Grid | DiscPack,
    pages: list[dict[str, Any]],
    labels: dict[str, str],
    title: str,
) -> dict[str, Any]:
    """What ``templates/common/base.html`` needs to lay out one printout of a system."""
    return {
        "system": system,
        "kind": kind,
        "lang": lang,
        "labels": labels,
        "title": title,
        "page": {"width": grid.page_w, "height": grid.page_h, "paper": paper},
        "item": {"width": grid.item_w, "height": grid.item_h},
        "pages": pages,
    }
