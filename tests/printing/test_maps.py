"""Kuroganen maps at any size ``check`` accepts: every column and row printed inside the margins
(in parts at one scale, never clipped), risk readable without colour, digits that never collide,
and the relief still visible under the reach."""

from __future__ import annotations

import io
import re
from functools import cache

import pdfplumber
import pytest

from builder.render.batch import render_html
from builder.render.layout import PAPERS, PRINTER_MARGIN, SAFE_ZONE
from builder.render.pdf import pdf_bytes
from builder.systems.base import PrintOptions
from builder.systems.kuroganen.models import KuroganenMap
from builder.systems.kuroganen.printouts import HEAD_PT, HEAD_W, MARGIN, map_context, printouts
from tests.printing.pdf_measure import tallest_blank_band
from tests.printing.printed import MM, demo
from tests.render.geometry import overlapping_pairs

SIZES = [(30, 40), (46, 54), (60, 60)]
"""Cut in four on Letter; the smallest map cut in nine on A4 (three across, three down); a
larger one cut in nine."""


def big_map(width: int, height: int) -> KuroganenMap:
    """Levels 0–3.5 in blocks, a few pits, a plan from (2, 2): a map ``check`` accepts."""
    rows = [
        [
            None
            if (x * 7 + y * 3) % 23 == 0
            else ((x // 4 + y // 5) % 4) + 0.5 * ((x + y) % 9 == 0)
            for x in range(width)
        ]
        for y in range(height)
    ]
    rows[2][2] = 0.0
    data = {"system": "kuroganen", "name": f"Big {width}x{height}", "map": rows}
    return KuroganenMap.model_validate({**data, "plan": {"from": [2, 2], "move": 8, "risk": 1}})


@cache
def map_pdf(width: int, height: int, lang: str, paper: str) -> bytes:
    team = big_map(width, height)
    (sheet,) = [p for p in printouts(team, PrintOptions(paper=paper, lang=lang)) if p.kind == "map"]
    return pdf_bytes(render_html(sheet))


def _headers(page) -> tuple[set[int], set[int]]:
    """(columns, rows) whose numbers are printed on a part page."""
    words = [
        w
        for w in page.extract_words(extra_attrs=["size"])
        if re.fullmatch(r"\d+", w["text"]) and abs(w["size"] - HEAD_PT) < 0.05
    ]
    top = min(w["top"] for w in words)
    columns = {int(w["text"]) for w in words if abs(w["top"] - top) < 1}
    rows = {int(w["text"]) for w in words if w["x1"] <= (MARGIN + HEAD_W) * MM}
    return columns, rows


DEFAULT_RUN = {(30, 40, "ja", "letter"), (46, 54, "en", "a4")}
"""The big maps printed in the default run: Japanese on the shorter paper, cut in four (two
across, two down), and English on A4 cut in nine, with a middle part joined on every side, on
the smallest map cut so (2,484 cells: 6 s of CPU where 60 × 60 took 9 s); every other size ×
language × paper adds no new way of cutting and runs with the ``slow`` mark."""


def _big_map_cases() -> list:
    """Every size × language × paper, those outside :data:`DEFAULT_RUN` marked ``slow``."""
    return [
        pytest.param(
            w,
            h,
            lang,
            paper,
            marks=[] if (w, h, lang, paper) in DEFAULT_RUN else [pytest.mark.slow],
        )
        for w, h in SIZES
        for lang, paper in [("en", "a4"), ("ja", "letter"), ("ja", "a4")]
    ]


@pytest.mark.parametrize(("width", "height", "lang", "paper"), _big_map_cases())
def test_a_big_map_prints_every_column_and_row_inside_the_margins_on_full_pages(
    width, height, lang, paper
):
    """Every column and row inside the margins, and no part page more than a quarter blank:
    the parts are cut so their cells fill the paper (30 × 40 on Letter cut only down the map
    left each page's lower third empty)."""
    page_w, page_h = (v * MM for v in PAPERS[paper])
    printable = {"x0": 0, "x1": page_w, "top": MARGIN * MM, "bottom": page_h - MARGIN * MM}
    columns: set[int] = set()
    rows: set[int] = set()
    with pdfplumber.open(io.BytesIO(map_pdf(width, height, lang, paper))) as doc:
        assert len(doc.pages) >= 2  # an overview, then the parts
        for page in doc.pages[1:]:
            c, r = _headers(page)
            columns |= c
            rows |= r
            for o in [*page.chars, *page.rects, *page.curves]:
                assert o["x0"] >= PRINTER_MARGIN * MM - 0.5, o
                assert o["x1"] <= page_w - PRINTER_MARGIN * MM + 0.5, o
                assert o["bottom"] <= page_h - SAFE_ZONE * MM + 0.5, o  # the footer's line
            assert tallest_blank_band(page, printable) <= 0.25
    assert columns == set(range(width))
    assert rows == set(range(height))


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_a_big_map_is_split_into_parts_at_one_scale_each_cell_once(width, height):
    context = map_context(big_map(width, height), lang="en", paper="a4")
    parts = [page["items"][0]["item"] for page in context["pages"]][1:]
    assert len({p["cell"] for p in parts}) == 1 and parts[0]["cell"] >= 8.0
    seen = [(d["x"], d["y"], id(p)) for p in parts for d in p["drawn"]]
    assert len(seen) == width * height
    for p in parts:
        assert p["width"] <= PAPERS["a4"][0] - 2 * MARGIN + 1e-6


@pytest.mark.parametrize("lang", [pytest.param("en", marks=pytest.mark.slow), "ja"])
def test_risk_digits_never_print_over_level_digits(lang):
    """On the demo map and on a big map in parts (on Letter: the big map test's PDF, read again)."""
    team = demo("kuroganen").with_plan((9, 0), 6, 4)
    (sheet,) = [p for p in printouts(team, PrintOptions(lang=lang)) if p.kind == "map"]
    for pdf in (pdf_bytes(render_html(sheet)), map_pdf(30, 40, lang, "letter")):
        with pdfplumber.open(io.BytesIO(pdf)) as doc:
            for page in doc.pages:
                cells = [r for r in page.rects if abs(r["width"] - r["height"]) < 0.5 * MM]
                cells = [r for r in cells if r["width"] > 5.95 * MM]  # parts: 6 mm or more
                if not cells:
                    continue  # the overview: no numbers
                top, left = min(r["top"] for r in cells), min(r["x0"] for r in cells)
                chars = [
                    c
                    for c in page.chars
                    if c["text"].strip()
                    and c["top"] >= top - 0.5
                    and c["x0"] >= left - 0.5
                    and c["bottom"] <= max(r["bottom"] for r in cells) + 0.5
                ]
                assert chars
                pairs = overlapping_pairs(chars, share=0.15)
                assert not pairs, [(a["text"], b["text"]) for a, b in pairs[:5]]


def test_each_risk_has_its_own_pattern_and_the_relief_shows_through_its_tint():
    team = demo("kuroganen").with_plan((9, 0), 6, 4)
    item = map_context(team, lang="en", paper="a4")["pages"][0]["items"][0]["item"]
    by_risk = {d["risk"]: d["pattern"] for d in item["drawn"] if d["risk"] is not None}
    assert {0, 1, 2} <= set(by_risk)
    assert len({by_risk[r] for r in (0, 1, 2)}) == 3  # 0 and 1 differ without colour
    (sheet,) = [p for p in printouts(team, PrintOptions()) if p.kind == "map"]
    html = render_html(sheet)
    bodies = {
        pid: body
        for pid, body in re.findall(r'<pattern id="m\w+?(r\d)"[^>]*>(.*?)</pattern>', html, re.S)
    }
    assert len(set(bodies.values())) == len(bodies) >= 4
    reached = next(d for d in item["drawn"] if d["risk"] == 1)
    # the level's grey first, then the tint half transparent: the relief stays visible
    cell = re.search(
        rf'<rect x="{reached["x"]}" y="{reached["y"]}"[^>]*fill="{reached["shade"]}"/>\s*'
        rf'<rect x="{reached["x"]}" y="{reached["y"]}"[^>]*fill-opacity="(0\.\d+)"',
        html,
    )
    assert cell and float(cell.group(1)) < 0.6


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_each_part_says_which_pages_join_it_and_the_overview_shows_where_each_lies(lang):
    context = map_context(big_map(60, 60), lang=lang, paper="a4")
    overview, *parts = [page["items"][0]["item"] for page in context["pages"]]
    assert len(parts) == 9  # three across, three down: pages 2–10
    middle = parts[4]["part"]
    joins = {
        "en": ["page 5 on the left", "page 7 on the right", "page 3 above", "page 9 below"],
        "ja": ["左に 5 ページ", "右に 7 ページ", "上に 3 ページ", "下に 9 ページ"],
    }[lang]
    assert all(j in middle for j in joins), middle
    corner = parts[0]["part"]  # the top left part: joined on its right and below only
    right, below = {"en": ("page 3 on the right", "page 5 below"), "ja": ("右に 3", "下に 5")}[lang]
    assert right in corner and below in corner
    assert corner.count("ページ" if lang == "ja" else "page") == 3  # its own number, two joins
    scale = overview["cell"]
    outlines = overview["outlines"]
    assert [o["label"] for o in outlines] == [
        ("p. {n}" if lang == "en" else "{n}ページ").format(n=n) for n in range(2, 11)
    ]
    for o, part in zip(outlines, parts, strict=True):
        assert o["x"] == pytest.approx(part["columns"][0] * scale, abs=1e-3)
        assert o["y"] == pytest.approx(part["rows"][0]["y"] * scale, abs=1e-3)
        assert o["width"] == pytest.approx(len(part["columns"]) * scale, abs=1e-3)
        assert o["label_w"] + 2.4 < o["width"]  # the page number's box fits inside the part
