"""Measures of a printed PDF, read back with pdfplumber, for every printing test of every game.

A printout is judged as a player at the table would judge it, so these read the PDF, never the
HTML or the template context: how small its smallest text is, what size given words print at,
the body size of each card, the tallest blank band of a card, how near anything comes to the
paper's edge, how heavy the embedded bold fonts are, and where Japanese lines were broken.

Card boxes are found on the page: the cut outline each card is drawn with, or, for a sheet
without outlines, the grid its crop marks extend.
"""

from __future__ import annotations

import io
import itertools
import unicodedata
from bisect import bisect_left, bisect_right
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pdfplumber
from pypdf import PdfReader

MM = 72 / 25.4
"""PDF points per millimetre."""

Box = dict[str, float]
"""A box as pdfplumber gives one: x0, x1, top, bottom (points, top-down)."""


# --- text --------------------------------------------------------------------------------------


def printed_chars(page_or_region) -> list[dict]:
    """The characters that print ink (spaces left out)."""
    return [c for c in page_or_region.chars if c["text"].strip()]


def chars_in(chars: Iterable[dict], box: Box, slack: float = 0.3) -> list[dict]:
    """The characters wholly inside ``box``."""
    return [
        c
        for c in chars
        if c["x0"] >= box["x0"] - slack
        and c["x1"] <= box["x1"] + slack
        and c["top"] >= box["top"] - slack
        and c["bottom"] <= box["bottom"] + slack
    ]


def smallest_size(chars: Iterable[dict]) -> float:
    """The smallest font size (pt) among ``chars`` (inf when there are none)."""
    return min((round(c["size"], 2) for c in chars), default=float("inf"))


def share_under(chars: Sequence[dict], pt: float) -> float:
    """The share of ``chars`` printed under ``pt``."""
    return sum(1 for c in chars if c["size"] < pt - 0.01) / len(chars) if chars else 0.0


def body_size(chars: Iterable[dict]) -> float:
    """The body size: the size (pt, to 0.01) most characters are printed at."""
    sizes = Counter(round(c["size"], 2) for c in chars)
    return sizes.most_common(1)[0][0] if sizes else 0.0


def is_bold(char: dict) -> bool:
    """Printed in a bold face (the embedded font's name says so)."""
    return "bold" in char["fontname"].lower()


def _baseline(c: dict) -> float:
    """The character's baseline, in points from the page's top (as ``top``)."""
    page_h = c["bottom"] + c["y0"]
    return round(page_h - c["matrix"][5], 1)


@dataclass(frozen=True)
class Run:
    """Characters printed next to each other on one baseline at one size and weight: a word,
    a number, or a line's worth of Japanese."""

    chars: tuple[dict, ...]

    @property
    def text(self) -> str:
        return "".join(c["text"] for c in self.chars)

    @property
    def size(self) -> float:
        return round(min(c["size"] for c in self.chars), 2)

    @property
    def bold(self) -> bool:
        return all(is_bold(c) for c in self.chars)

    @property
    def x0(self) -> float:
        return self.chars[0]["x0"]

    @property
    def x1(self) -> float:
        return self.chars[-1]["x1"]

    @property
    def top(self) -> float:
        return min(c["top"] for c in self.chars)

    @property
    def bottom(self) -> float:
        return max(c["bottom"] for c in self.chars)

    @property
    def baseline(self) -> float:
        return _baseline(self.chars[0])


def _rows(chars: Iterable[dict]) -> list[list[dict]]:
    """Characters by baseline, left to right."""
    by_line: dict[float, list[dict]] = {}
    for c in chars:
        by_line.setdefault(_baseline(c), []).append(c)
    return [sorted(row, key=lambda c: c["x0"]) for _, row in sorted(by_line.items())]


def rules(page) -> list[dict]:
    """The page's rules: table borders and separators, drawn as lines or as rectangles under a
    point thin, each with an ``orientation`` ("h" or "v"), as pdfplumber's edges have; and the
    small boxes inline text is set in (a slot tag, a weapon type), as ``"box"``: a line may
    break before or after one, whatever the letters inside."""
    out = []
    for obj in [*page.rects, *page.lines]:
        w, h = obj["x1"] - obj["x0"], obj["bottom"] - obj["top"]
        if 3.0 < w < BOX_MM * MM and 3.0 < h < 20.0 and obj.get("fill"):
            out.append({**obj, "orientation": "box"})
        elif w < 1.0 and h > 3.0:
            out.append({**obj, "orientation": "v"})
        elif h < 1.0 and w > 3.0:
            out.append({**obj, "orientation": "h"})
        elif obj.get("stroke") and not obj.get("fill") and w > 3.0 and h > 3.0:
            # an outline drawn as one stroked rectangle (a card's cut line): its four sides
            for side in (
                {"x0": obj["x0"], "x1": obj["x0"], "orientation": "v"},
                {"x0": obj["x1"], "x1": obj["x1"], "orientation": "v"},
            ):
                out.append({**obj, **side})
            for y in (obj["top"], obj["bottom"]):
                out.append({**obj, "top": y, "bottom": y, "orientation": "h"})
    return out


BOX_MM = 20.0
"""An inline box (a weapon type, a tick box) is narrower than this; a table cell is wider."""


def _walls(edges: Sequence[dict]) -> list[dict]:
    """The vertical rules that part table cells: not the sides of a small inline box (two
    rules of one height closer than :data:`BOX_MM`), whose text reads on with its line."""
    upright = [e for e in edges if e["orientation"] == "v"]
    # only rules whose tops lie within 0.5 pt can pair up: look among those (sorted by top)
    # rather than every rule of the page, which made a ruled page's measure quadratic
    by_top = sorted(upright, key=lambda e: e["top"])
    tops = [e["top"] for e in by_top]

    def boxed(e: dict) -> bool:
        near = by_top[bisect_left(tops, e["top"] - 0.5) : bisect_right(tops, e["top"] + 0.5)]
        return any(
            o is not e
            and 0.5 < abs(o["x0"] - e["x0"]) < BOX_MM * MM
            and abs(o["top"] - e["top"]) < 0.5
            and abs(o["bottom"] - e["bottom"]) < 0.5
            for o in near
        )

    return [e for e in upright if not boxed(e)]


def _wall_between(walls: Sequence[dict], a: dict, b: dict) -> bool:
    """A vertical rule (a table cell's border) stands between character ``a`` and character
    ``b`` further right, across the height of ``b``'s row."""
    mid = (b["top"] + b["bottom"]) / 2
    return any(
        a["x1"] - 0.3 <= e["x0"] <= b["x0"] + 0.3 and e["top"] <= mid <= e["bottom"] for e in walls
    )


def runs(
    chars: Iterable[dict],
    gap_em: float = 0.2,
    split_style: bool = True,
    edges: Sequence[dict] = (),
) -> list[Run]:
    """``chars`` (spaces left out) cut into runs: a new run starts where the gap to the
    previous character exceeds ``gap_em`` of its size, a vertical rule of ``edges`` (a table
    cell's border) stands between them, or (``split_style``) the size or the weight changes."""
    walls = _walls(edges)
    out: list[Run] = []
    for row in _rows(c for c in chars if c["text"].strip()):
        current = [row[0]]
        for c in row[1:]:
            prev = current[-1]
            gap = c["x0"] - prev["x1"]
            restyle = split_style and (
                abs(c["size"] - prev["size"]) > 0.01 or is_bold(c) != is_bold(prev)
            )
            wall = bool(walls) and _wall_between(walls, prev, c)
            if gap > gap_em * prev["size"] or gap < -0.5 * prev["size"] or restyle or wall:
                out.append(Run(tuple(current)))
                current = []
            current.append(c)
        out.append(Run(tuple(current)))
    return out


def lines(chars: Iterable[dict], gap_em: float = 1.0, edges: Sequence[dict] = ()) -> list[Run]:
    """Lines of text: runs of any style whose characters follow within ``gap_em`` of their
    size with no rule of ``edges`` between them (words separated by a space stay one line;
    two table cells side by side do not)."""
    return runs(chars, gap_em=gap_em, split_style=False, edges=edges)


def word_sizes(chars: Iterable[dict], word: str) -> list[float]:
    """The size (pt, the smallest of its characters) of every place ``word`` is printed,
    spaces ignored."""
    want = word.replace(" ", "")
    found: list[float] = []
    for line in lines(chars):
        text = line.text
        start = text.find(want)
        while start >= 0:
            found.append(min(round(c["size"], 2) for c in line.chars[start : start + len(want)]))
            start = text.find(want, start + 1)
    return found


def number_runs(chars: Iterable[dict]) -> list[Run]:
    """Runs that are numbers as printed in play: digits, with a sign or a trailing ``+``
    (``12``, ``6+``, ``+2``)."""
    out = []
    for run in runs(chars):
        text = run.text.strip("+−-")
        if text and text.isdigit():
            out.append(run)
    return out


# --- card boxes --------------------------------------------------------------------------------


def card_boxes(page, size_mm: tuple[float, float] | None = None, tol_mm: float = 0.3) -> list[Box]:
    """The cards on ``page``, top to bottom, left to right: the rectangles of ``size_mm``
    (width, height) or, without a size, every rectangle at least 40 mm a side that is not the
    page; when the page draws no outlines, the cells of the grid its crop marks extend."""
    page_w, page_h = float(page.width), float(page.height)
    found = []
    for r in page.rects:
        w, h = r["width"] / MM, r["height"] / MM
        if size_mm is not None:
            if abs(w - size_mm[0]) < tol_mm and abs(h - size_mm[1]) < tol_mm:
                found.append(r)
        elif w >= 40 and h >= 40 and (r["width"] < page_w - 1 or r["height"] < page_h - 1):
            found.append(r)
    boxes = _dedupe([_box(r) for r in found])
    if not boxes:
        boxes = crop_mark_boxes(page)
        if size_mm is not None:
            boxes = [
                b
                for b in boxes
                if abs((b["x1"] - b["x0"]) / MM - size_mm[0]) < tol_mm
                and abs((b["bottom"] - b["top"]) / MM - size_mm[1]) < tol_mm
            ]
    return sorted(boxes, key=lambda b: (round(b["top"]), b["x0"]))


def _box(obj: dict) -> Box:
    return {"x0": obj["x0"], "x1": obj["x1"], "top": obj["top"], "bottom": obj["bottom"]}


def _dedupe(boxes: list[Box]) -> list[Box]:
    """One box per outline, the largest (a border may print as an outer and an inner edge)."""
    out: list[Box] = []
    for b in sorted(boxes, key=lambda b: (b["x0"] - b["x1"]) * (b["bottom"] - b["top"])):
        if not any(all(abs(b[k] - o[k]) < 1.0 for k in b) for o in out):
            out.append(b)
    return out


def crop_mark_boxes(page, mark_mm: tuple[float, float] = (2.0, 8.0)) -> list[Box]:
    """The cells of the cut grid that a page's crop marks (short lines in the margin, between
    ``mark_mm`` long) extend: every column between two vertical cut lines by every row
    between two horizontal ones."""
    xs: set[float] = set()
    ys: set[float] = set()
    for ln in page.lines:
        w, h = ln["width"] / MM, ln["height"] / MM
        if w < 0.1 and mark_mm[0] <= h <= mark_mm[1]:
            xs.add(round(ln["x0"], 1))
        elif h < 0.1 and mark_mm[0] <= w <= mark_mm[1]:
            ys.add(round(ln["top"], 1))
    cols, rows = sorted(xs), sorted(ys)
    return [
        {"x0": x0, "x1": x1, "top": y0, "bottom": y1}
        for y0, y1 in itertools.pairwise(rows)
        for x0, x1 in itertools.pairwise(cols)
    ]


# --- space -------------------------------------------------------------------------------------


def marks(page) -> list[dict]:
    """Everything that prints ink: characters, rectangles, lines and curves (a white-filled
    rectangle without a stroke, such as a page background, is left out)."""
    out = printed_chars(page)
    for obj in [*page.rects, *page.lines, *page.curves]:
        if obj.get("fill") and not obj.get("stroke") and _white(obj.get("non_stroking_color")):
            continue
        out.append(obj)
    return out


def _white(color) -> bool:
    if color is None:
        return False
    values = color if isinstance(color, list | tuple) else [color]
    return all(isinstance(v, int | float) and v >= 0.99 for v in values) and len(values) in (1, 3)


def _outline_part(o: dict, box: Box) -> bool:
    """``o`` is the box's own outline, or one side of it (a border prints as four strips)."""
    near = 1.0 * MM
    w, h = o["x1"] - o["x0"], o["bottom"] - o["top"]
    full_w = w >= box["x1"] - box["x0"] - near
    full_h = h >= box["bottom"] - box["top"] - near
    if full_w and full_h:
        return True
    side_v = w <= near and (abs(o["x0"] - box["x0"]) < near or abs(o["x1"] - box["x1"]) < near)
    side_h = h <= near and (
        abs(o["top"] - box["top"]) < near or abs(o["bottom"] - box["bottom"]) < near
    )
    return (side_v and full_h) or (side_h and full_w)


def tallest_blank_band(page, box: Box, objs: Sequence[dict] | None = None) -> float:
    """The tallest horizontal band of ``box`` with nothing printed in it, as a fraction of the
    box's height (from the box's top edge to its bottom edge; its own outline left out)."""
    height = box["bottom"] - box["top"]
    inside = [
        o
        for o in (marks(page) if objs is None else objs)
        if o["x0"] >= box["x0"] - 0.6
        and o["x1"] <= box["x1"] + 0.6
        and o["top"] >= box["top"] - 0.6
        and o["bottom"] <= box["bottom"] + 0.6
        and not _outline_part(o, box)
    ]
    spans = sorted((max(o["top"], box["top"]), min(o["bottom"], box["bottom"])) for o in inside)
    band, end = 0.0, box["top"]
    for top, bottom in spans:
        band = max(band, top - end)
        end = max(end, bottom)
    band = max(band, box["bottom"] - end)
    return band / height


def nearest_to_edge_mm(page) -> tuple[float, dict | None]:
    """How near (mm) any printed character or mark comes to the paper's edge, and what it is
    (inf and None for a blank page). A mark as large as the page is left out (a background)."""
    page_w, page_h = float(page.width), float(page.height)
    best, what = float("inf"), None
    for o in marks(page):
        if o["x1"] - o["x0"] >= page_w - 1 and o["bottom"] - o["top"] >= page_h - 1:
            continue
        d = min(o["x0"], o["top"], page_w - o["x1"], page_h - o["bottom"]) / MM
        if d < best:
            best, what = d, o
    return best, what


def ink_to_cut_mm(page, box: Box, objs: Sequence[dict] | None = None) -> tuple[float, dict | None]:
    """How near (mm) the ink inside a card comes to the card's own cut (``box``), and what it
    is: every printed character and mark wholly inside the box but its own outline (a border
    drawn on the cut), inf and None for an empty card."""
    best, what = float("inf"), None
    for o in marks(page) if objs is None else objs:
        if not (
            o["x0"] >= box["x0"] - 0.6
            and o["x1"] <= box["x1"] + 0.6
            and o["top"] >= box["top"] - 0.6
            and o["bottom"] <= box["bottom"] + 0.6
        ) or _outline_part(o, box):
            continue
        d = min(
            o["x0"] - box["x0"],
            o["top"] - box["top"],
            box["x1"] - o["x1"],
            box["bottom"] - o["bottom"],
        )
        if d / MM < best:
            best, what = d / MM, o
    return best, what


def gutters_mm(boxes: Sequence[Box]) -> list[float]:
    """The room (mm) between each card and its nearest neighbour to the right and below: how far
    apart two neighbouring cards' cut lines are."""
    out = []
    for a in boxes:
        right = [
            b["x0"] - a["x1"]
            for b in boxes
            if b is not a
            and b["x0"] >= a["x1"] - 1.0
            and b["top"] < a["bottom"]
            and b["bottom"] > a["top"]
        ]
        below = [
            b["top"] - a["bottom"]
            for b in boxes
            if b is not a
            and b["top"] >= a["bottom"] - 1.0
            and b["x0"] < a["x1"]
            and b["x1"] > a["x0"]
        ]
        out += [min(right) / MM] if right else []
        out += [min(below) / MM] if below else []
    return out


# --- fonts -------------------------------------------------------------------------------------


def embedded_font_weights(path: Path) -> dict[str, int]:
    """The weight class (OS/2 ``usWeightClass``, 400 regular, 700 bold) of every font embedded
    in the PDF at ``path``, by its base name (subset prefix removed), read from the embedded
    font program itself (a bold name on a regular font, as IPAex Gothic's synthetic bold was,
    shows as 400)."""
    from fontTools.ttLib import TTFont

    weights: dict[str, int] = {}
    reader = PdfReader(path)
    for page in reader.pages:
        resources = page.get("/Resources")
        fonts = resources.get_object().get("/Font") if resources is not None else None
        if fonts is None:
            continue
        for ref in fonts.get_object().values():
            font = ref.get_object()
            targets = [font] + [d.get_object() for d in font.get("/DescendantFonts", [])]
            for f in targets:
                descriptor = f.get("/FontDescriptor")
                if descriptor is None:
                    continue
                descriptor = descriptor.get_object()
                stream = next(
                    (descriptor[k] for k in ("/FontFile2", "/FontFile3") if k in descriptor), None
                )
                if stream is None:
                    continue
                name = str(f.get("/BaseFont", "")).lstrip("/").split("+")[-1]
                try:
                    program = TTFont(io.BytesIO(stream.get_object().get_data()), lazy=True)
                    weights[name] = int(program["OS/2"].usWeightClass)
                except Exception:  # a font program without an OS/2 table: its descriptor
                    weights[name] = int(descriptor.get("/FontWeight", 0))
    return weights


# --- Japanese line breaks ----------------------------------------------------------------------

COUNTERS = frozenset("発回面点枚個人機体本度秒歩段階倍割名隻門基列行番目以未超分時日")
"""Characters read with the number before them: a line never breaks between them."""

CLOSING = frozenset("）)」』】］]〕〉》”、。，．,.:：;；!！?？")
"""Closing brackets and stops: they belong to the character before them."""


def is_katakana(ch: str) -> bool:
    return ("\u30a0" <= ch <= "\u30ff" or "\uff66" <= ch <= "\uff9f") and ch != "・"


def is_wide(ch: str) -> bool:
    return unicodedata.east_asian_width(ch) in ("W", "F")


@dataclass(frozen=True)
class Wrap:
    """A line of a paragraph and the line it continues on."""

    before: Run
    after: Run

    def __str__(self) -> str:
        return f"{self.before.text!r} / {self.after.text!r}"


def _rules_between(edges: Sequence[dict], a: Run, b: Run) -> bool:
    """A horizontal rule (a table row's border) lies between the two lines."""
    for e in edges:
        if e["orientation"] != "h":
            continue
        if a.bottom - 0.5 <= e["top"] <= b.top + 0.5 and e["x0"] < b.x1 and e["x1"] > b.x0:
            return True
    return False


BULLETS = frozenset("•●■◆▪‣")


def wraps(
    chars: Sequence[dict], edges: Sequence[dict] = (), pitch: tuple[float, float] = (1.0, 1.45)
) -> list[Wrap]:
    """Every place a paragraph's line goes on below: a line followed, one line height lower
    (``pitch`` × its size), by a line at the same size that starts at or left of it in the
    same table cell, is not a new list item (a bullet) and has no table rule between them
    (``edges``: :func:`rules` of the page)."""
    # a rotated label (a chart's vertical axis title) is one line, not a paragraph
    all_lines = lines([c for c in chars if c.get("upright", True)], edges=edges)
    walls = _walls(edges)
    # the lines in baseline order, to look only at those one line height lower (the order
    # among lines of one baseline kept, so the nearest is the same one as over all lines)
    ordered = sorted(all_lines, key=lambda r: r.baseline)
    baselines = [r.baseline for r in ordered]
    out: list[Wrap] = []
    for a in all_lines:
        window = ordered[
            bisect_left(baselines, a.baseline + pitch[0] * a.size - 0.01) : bisect_right(
                baselines, a.baseline + pitch[1] * a.size + 0.01
            )
        ]
        start = _text_start(a)
        below = [
            b
            for b in window
            if pitch[0] * a.size <= b.baseline - a.baseline <= pitch[1] * a.size
            and b.text[0] not in BULLETS
            and abs(b.size - a.size) < 0.3
            and b.x0 <= start + 0.6 * a.size
            and b.x0 < a.x1
            and b.x1 > a.x0  # not a line of the column to the left
            and not _wall_between(walls, b.chars[0], a.chars[0])
        ]
        if not below:
            continue
        b = min(below, key=lambda r: (r.baseline, abs(r.x0 - a.x0)))
        if not _rules_between(edges, a, b):
            out.append(Wrap(a, b))
    return out


def _text_start(line: Run) -> float:
    """Where a line's words start, for the line it goes on in: a list item's next line is
    indented past its bullet (by the bullet and its gap, up to 2.5 em)."""
    if line.text[0] not in BULLETS:
        return line.x0
    words = [c for c in line.chars if c["text"] not in BULLETS and c["text"].strip()]
    start = words[0]["x0"] if words else line.x0
    return max(start, line.x0 + 2.5 * line.size - 0.6 * line.size)


def _boxed(char: dict, edges: Sequence[dict]) -> bool:
    """``char`` is set in a small inline box (:func:`rules`' ``"box"``)."""
    return any(
        e["orientation"] == "box"
        and e["x0"] - 0.3 <= char["x0"]
        and char["x1"] <= e["x1"] + 0.3
        and e["top"] - 1.0 <= char["top"]
        and char["bottom"] <= e["bottom"] + 1.0
        for e in edges
    )


def bad_breaks(chars: Sequence[dict], edges: Sequence[dict] = ()) -> list[Wrap]:
    """Line breaks that split a katakana word (ガトリ / ング) or a number from its counter
    (5 / 発); a break next to an inline box (a weapon type after its name) splits no word."""
    out = []
    for w in wraps(chars, edges):
        last, first = w.before.chars[-1], w.after.chars[0]
        end, start = last["text"], first["text"]
        if _boxed(last, edges) or _boxed(first, edges):
            continue
        if (is_katakana(end) and is_katakana(start)) or (end.isdigit() and start in COUNTERS):
            out.append(w)
    return out


def lonely_last_lines(chars: Sequence[dict], edges: Sequence[dict] = ()) -> list[Wrap]:
    """Paragraphs whose last line is one Japanese character, its closing marks aside
    (「る。」 is as lonely as 「る」)."""
    found = wraps(chars, edges)
    continued = {id(w.before) for w in found}
    out = []
    for w in found:
        text = "".join(ch for ch in w.after.text if ch not in CLOSING).strip()
        if id(w.after) not in continued and len(text) == 1 and is_wide(text):
            out.append(w)
    return out


def render_each(
    files: Mapping[str, Path],
    cases: Iterable[tuple[str, str, str]],
    folder: Callable[[str], Path],
    kinds: Iterable[str] | None = None,
    catalogs: Mapping[str, Path] | None = None,
) -> dict[tuple[str, str, str, str], Path]:
    """Every printout of each file in ``files`` for each (which, lang, card size) of ``cases``,
    on A4, rendered once into ``folder(name)``: keyed by (which, lang, size, kind), the kind the
    file name's last word (``cards``, ``markers``, ``reference``, ``roster``). With ``kinds``,
    only those printouts: a PDF no test reads is not worth its render. A file named in
    ``catalogs`` is printed with that catalog folder, the others with the bundled one."""
    from builder.render.batch import render_printouts
    from builder.roster.team_file import load_team
    from builder.systems.base import PrintOptions

    wanted = None if kinds is None else set(kinds)
    out = {}
    for which, lang, size in cases:
        system, team = load_team(files[which])
        options = PrintOptions(paper="a4", lang=lang, card_size=size)  # type: ignore[arg-type]
        catalog = system.load_catalog((catalogs or {}).get(which))
        printouts = [
            p
            for p in system.printouts(team, catalog, options)
            if wanted is None or p.kind in wanted
        ]
        for path in render_printouts(printouts, folder(f"{which}-{lang}-{size}"), team.name):
            out[(which, lang, size, path.stem.rsplit("-", 1)[-1])] = path
    return out


class Rendered(dict[tuple[str, str, str, str], Path]):
    """:func:`render_each` on demand: a (which, lang, size, kind) key renders that file's
    printouts for that (which, lang, size) the first time a test asks, so a run that selects
    a few cases (the default run leaves the ``slow`` ones out) renders only those."""

    def __init__(
        self,
        files: Mapping[str, Path],
        folder: Callable[[str], Path],
        kinds: Iterable[str] | None = None,
        catalogs: Mapping[str, Path] | None = None,
    ) -> None:
        super().__init__()
        self._args = (files, folder, None if kinds is None else tuple(kinds), catalogs)

    def __missing__(self, key: tuple[str, str, str, str]) -> Path:
        files, folder, kinds, catalogs = self._args
        which, lang, size, _ = key
        self.update(render_each(files, [(which, lang, size)], folder, kinds, catalogs))
        return super().__getitem__(key)


DEFAULT_PAIRS = (("ja", "poker"), ("en", "large"))
"""The (lang, size) pairs a file other than the demo runs in the default run: Japanese on poker
(the tightest fit) and English on large (the emptiest card)."""


def every_case(files: Iterable[str], full: Iterable[str] = ("demo",)) -> list[Any]:
    """(which, lang, size) for every file × en/ja × poker/large, as test parameters. The files
    in ``full`` run every pair in the default run; each other file runs the two pairs that
    differ most (Japanese on poker, the tightest fit; English on large, the emptiest) and its
    other two with ``-m slow``: the same measures, half the renders."""
    import itertools

    import pytest

    keep = set(full)
    cases: list[Any] = []
    for which, lang, size in itertools.product(files, ("en", "ja"), ("poker", "large")):
        slow = () if which in keep or (lang, size) in DEFAULT_PAIRS else (pytest.mark.slow,)
        cases.append(pytest.param(which, lang, size, id=f"{which}-{lang}-{size}", marks=slow))
    return cases


def japanese_cases(files: Iterable[str], full: Iterable[str] = ("demo",)) -> list[Any]:
    """(which, size) of the Japanese cases of :func:`every_case`, slow marks and all."""
    import pytest

    return [
        pytest.param(which, size, id=f"{which}-{size}", marks=case.marks)
        for case in every_case(files, full)
        for which, lang, size in [case.values]
        if lang == "ja"
    ]


_OPENED: dict[tuple[str, int, int], Any] = {}


@contextmanager
def open_pdf(path: Path) -> Iterator[Any]:
    """pdfplumber's handle on ``path`` (a context manager), kept open for the test process.

    Many tests measure the same rendered PDF; pdfplumber parses a page's characters once per
    handle, so one handle per file (keyed by its size and time, a rewritten file is read anew)
    spares every later test the parse."""
    stat = Path(path).stat()
    key = (str(Path(path).resolve()), stat.st_mtime_ns, stat.st_size)
    if key not in _OPENED:
        _OPENED[key] = pdfplumber.open(path)
    yield _OPENED[key]


@contextmanager
def open_pdf_data(data: bytes) -> Iterator[Any]:
    """:func:`open_pdf` for a PDF held in memory (a rendered printout's bytes): one parse for
    every test that reads it."""
    key = ("<bytes>", hash(data), len(data))
    if key not in _OPENED:
        _OPENED[key] = pdfplumber.open(io.BytesIO(data))
    yield _OPENED[key]


def close_opened() -> None:
    """Close every handle :func:`open_pdf` kept. The test process calls it after each test
    file: a file's PDFs are its own (rendered into its temp folders), and their parsed pages,
    kept to the end, made every later full garbage collection walk them again."""
    for handle in _OPENED.values():
        handle.close()
    _OPENED.clear()
