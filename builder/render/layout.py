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


CUT_MARGIN = 3.0
"""No ink but a card's own outline comes closer than this to the card's cut: a cut a
millimetre off never eats text (the card templates' padding keeps it)."""

GUTTER = 3.0
"""Room between two cards on a sheet: each card has its own cut lines, so a cut a little off
one card's line never trims its neighbour."""

BLEED = 3.0
"""The bleed a print shop asks for around each card (``--bleed``)."""

BACKS = ("none", "duplex", "fold")
"""How card backs are printed: not at all; a back page after each front page, mirrored for
flipping on the long edge; or each back beside its front, to fold along the line between."""


OFFSET_MAX = 20.0
"""The largest back-page offset taken (mm): a printer further off than this is misfeeding."""


def parse_offset(text: str) -> tuple[float, float]:
    """``"1.5,-0.5"`` as (1.5, -0.5) mm; ValueError for anything else (two numbers, each
    within :data:`OFFSET_MAX`)."""
    parts = text.replace(" ", "").split(",")
    if len(parts) != 2:
        raise ValueError(text)
    x, y = (float(p) for p in parts)
    if not all(math.isfinite(v) and abs(v) <= OFFSET_MAX for v in (x, y)):
        raise ValueError(text)
    return (x, y)


@dataclass(frozen=True)
class Sheet:
    """How a deck is laid on paper (``laminim cards`` options): backs, the back pages' shift
    (mm, as the calibration sheet reads it) and one card per page with a bleed for a print
    shop."""

    backs: str = "none"
    offset: tuple[float, float] = (0.0, 0.0)
    bleed: bool = False

    def __post_init__(self) -> None:
        if self.backs not in BACKS:
            raise ValueError(f"unknown backs {self.backs!r}; expected one of {', '.join(BACKS)}")


def card_grid(paper: str, item_w: float, item_h: float, sheet: Sheet = Sheet()) -> Grid:
    """The grid a deck of ``item_w`` × ``item_h`` cards is laid in: a :data:`GUTTER` between
    cards; with fold-over backs each cell is a front and its back side by side (twice as wide);
    with a bleed, one card a page of the card's own size (the bleed grows the page around it)."""
    if sheet.bleed:
        return Grid(item_w, item_h, item_w, item_h, 0.0, 1, 1)
    cell_w = 2 * item_w if sheet.backs == "fold" else item_w
    grid = make_grid(paper, cell_w, item_h, GUTTER)
    return Grid(grid.page_w, grid.page_h, item_w, item_h, GUTTER, grid.cols, grid.rows)


def _cells(grid: Grid, fold: bool) -> tuple[float, float, float]:
    """A grid cell's width (a card, or a card and its back), and the grid's left and top."""
    cell_w = 2 * grid.item_w if fold else grid.item_w
    left = (grid.page_w - (grid.cols * cell_w + (grid.cols - 1) * grid.gap)) / 2
    return cell_w, left, grid.top


def crop_marks(grid: Grid, used: int, fold: bool = False) -> list[dict[str, float]]:
    """Lines in the margin extending every cut line of a card grid: both edges of every column
    and row (two lines a gutter apart; one line where cards touch).

    ``used`` items (cells) are on the page; marks are drawn for the rows and columns they
    occupy. With ``fold`` a cell is a card and its back: its outer edges are cut, the line
    between them is folded (drawn on the sheet, not marked here)."""
    cols = min(grid.cols, used)
    rows = -(-used // grid.cols)
    cell_w, x0, y0 = _cells(grid, fold)
    x1 = x0 + cols * cell_w + (cols - 1) * grid.gap
    y1 = y0 + rows * grid.item_h + (rows - 1) * grid.gap
    gap = CROP_GAP
    # each mark ends at the safe zone at the latest: a 7.7 mm margin above the grid (Letter)
    # leaves room for a 1.7 mm mark, not a 4 mm one
    above = min(CROP_MARK, y0 - gap - SAFE_ZONE)
    below = min(CROP_MARK, grid.page_h - SAFE_ZONE - (y1 + gap))
    before = min(CROP_MARK, x0 - gap - SAFE_ZONE)
    after = min(CROP_MARK, grid.page_w - SAFE_ZONE - (x1 + gap))
    xs = sorted(
        {round(x0 + c * (cell_w + grid.gap) + e, 3) for c in range(cols) for e in (0, cell_w)}
    )
    ys = sorted(
        {
            round(y0 + r * (grid.item_h + grid.gap) + e, 3)
            for r in range(rows)
            for e in (0, grid.item_h)
        }
    )
    lines: list[dict[str, float]] = []
    for x in xs:
        if above >= CROP_MARK_MIN:
            lines.append({"x1": x, "y1": round(y0 - gap - above, 3), "x2": x, "y2": y0 - gap})
        if below >= CROP_MARK_MIN:
            lines.append({"x1": x, "y1": y1 + gap, "x2": x, "y2": round(y1 + gap + below, 3)})
    for y in ys:
        if before >= CROP_MARK_MIN:
            lines.append({"x1": round(x0 - gap - before, 3), "y1": y, "x2": x0 - gap, "y2": y})
        if after >= CROP_MARK_MIN:
            lines.append({"x1": x1 + gap, "y1": y, "x2": round(x1 + gap + after, 3), "y2": y})
    return lines


def place_on_pages(
    grid: Grid, items: list[Any], *, crop: bool | None = None, empty_page: bool = False
) -> list[dict[str, Any]]:
    """Items laid out page by page at their grid positions, with crop marks when asked.

    ``crop`` defaults to a grid of cards (a gutter, or edge to edge); ``empty_page`` gives one
    blank page when there are no items instead of none.
    """
    crop = True if crop is None else crop
    pages: list[dict[str, Any]] = []
    for indexes in grid.pages(len(items)) or ([range(0)] if empty_page else []):
        placed = []
        for i in indexes:
            x, y = grid.position(i)
            placed.append({"x": x, "y": y, "item": items[i]})
        marks = crop_marks(grid, len(placed)) if crop and placed else []
        pages.append({"items": placed, "marks": marks})
    return pages


def _cut(x: float, y: float, w: float, h: float) -> dict[str, float]:
    return {"x": round(x, 3), "y": round(y, 3), "w": round(w, 3), "h": round(h, 3)}


def deck_pages(
    grid: Grid,
    fronts: list[Any],
    backs: list[Any] | None = None,
    sheet: Sheet = Sheet(),
    *,
    empty_page: bool = False,
) -> list[dict[str, Any]]:
    """A deck's pages (``grid``: :func:`card_grid`): each card at its place with its cut
    outline (``cuts``) and the crop marks, and its back (``backs[i]``, same order) as ``sheet``
    asks:

    - ``duplex``: after each page of fronts a page of backs, each at its front's place mirrored
      about the long edge (the page's vertical middle, for flipping on the long edge) and moved
      by ``sheet.offset``; a back page draws each back's outline but no crop marks (cut from
      the front);
    - ``fold``: each back right of its front, the two sharing an edge drawn as a dashed fold
      line (``folds``);
    - ``bleed``: one card a page (a back page after each front with duplex backs).

    A placed item is ``{"x", "y", "item"}``, and ``"back": True`` when it is a back."""
    backs = backs if backs is not None and sheet.backs != "none" else None
    if backs is not None and len(backs) != len(fronts):
        raise ValueError("a deck needs one back per front")
    fold = backs is not None and sheet.backs == "fold"
    cell_w, left, top = _cells(grid, fold)
    pages: list[dict[str, Any]] = []
    chunks = grid.pages(len(fronts)) or ([range(0)] if empty_page else [])
    for indexes in chunks:
        placed, cuts, folds = [], [], []
        for n, i in enumerate(indexes):
            row, col = divmod(n, grid.cols)
            x = left + col * (cell_w + grid.gap)
            y = top + row * (grid.item_h + grid.gap)
            placed.append({"x": round(x, 3), "y": round(y, 3), "item": fronts[i]})
            if fold:
                assert backs is not None
                placed.append(
                    {
                        "x": round(x + grid.item_w, 3),
                        "y": round(y, 3),
                        "item": backs[i],
                        "back": True,
                    }
                )
                folds.append(
                    {
                        "x1": round(x + grid.item_w, 3),
                        "y1": round(y, 3),
                        "x2": round(x + grid.item_w, 3),
                        "y2": round(y + grid.item_h, 3),
                    }
                )
            cuts.append(_cut(x, y, cell_w, grid.item_h))
        marks = [] if sheet.bleed or not placed else crop_marks(grid, len(indexes), fold)
        pages.append(
            {
                "items": placed,
                "marks": marks,
                "cuts": [] if sheet.bleed else cuts,
                "folds": folds,
                "side": "front",
            }
        )
        if backs is not None and sheet.backs == "duplex":
            dx, dy = sheet.offset
            mirrored = [
                {
                    "x": round(grid.page_w - p["x"] - grid.item_w + dx, 3),
                    "y": round(p["y"] + dy, 3),
                    "item": backs[i],
                    "back": True,
                }
                for p, i in zip(placed, indexes, strict=True)
            ]
            back_cuts = (
                []
                if sheet.bleed
                else [_cut(p["x"], p["y"], grid.item_w, grid.item_h) for p in mirrored]
            )
            pages.append(
                {"items": mirrored, "marks": [], "cuts": back_cuts, "folds": [], "side": "back"}
            )
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
        "page": {"width": grid.page_w, "height": grid.page_h, "paper": paper, "bleed": 0.0},
        "item": {"width": grid.item_w, "height": grid.item_h},
        "pages": pages,
    }
