"""The demo printouts of every game, every paper, language and card size, measured once each
(one file, so one worker renders them: :func:`tests.printing.printed.printed` caches per
process).

Nothing printed within 5 mm of the paper edge (docs/design.md "Quality bars"): most printers
cut there, so a footer or a crop mark in that band may silently vanish.

Tokens and markers read at arm's length and waste no paper: nothing under 6.5 pt, discs packed
in offset rows and spread evenly over the pages, a line on each sheet saying what to cut."""

from __future__ import annotations

import pytest

from builder.render.layout import SAFE_ZONE, pack_discs
from builder.systems.laminim.card_fit import CARD_SIZES
from builder.systems.laminim.printouts import TOKEN_DIAMETER, TOKEN_GAP
from tests.printing.pdf_measure import card_boxes
from tests.printing.printed import MM, everything, option_sets, printed, printed_kind

SLACK = 0.05 * MM
"""Rounding of coordinates in the PDF (mm to pt and back)."""


def _too_close(page) -> list[str]:
    limit = SAFE_ZONE * MM - SLACK
    out = []
    objects = [*page.chars, *page.lines, *page.rects, *page.curves, *page.images]
    for o in objects:
        gaps = (o["x0"], o["top"], page.width - o["x1"], page.height - o["bottom"])
        near = min(gaps)
        if near < limit and (o.get("text", "x").strip() or o.get("object_type") != "char"):
            what = o.get("text") or o.get("object_type", "?")
            out.append(
                f"{what!r} {near / MM:.1f} mm from the edge at ({o['x0'] / MM:.1f}, "
                f"{o['top'] / MM:.1f}) mm"
            )
    return out


@pytest.mark.parametrize(("game", "paper", "lang", "size"), everything())
def test_no_text_or_mark_within_5mm_of_the_paper_edge(game, paper, lang, size):
    problems = []
    for doc in printed(game, paper, lang, size):
        for n, page in enumerate(doc.pages(), start=1):
            problems += [f"{doc} page {n}: {p}" for p in _too_close(page)[:5]]
    assert not problems, "\n".join(problems)


PIECES = {"tokens", "markers"}


def _circles(page) -> list[dict]:
    return [
        c
        for c in page.curves
        if 45 * MM < c["width"] < 75 * MM and abs(c["width"] - c["height"]) < 0.5 * MM
    ]


@pytest.mark.parametrize(("game", "paper", "lang", "size"), everything())
def test_nothing_on_any_printout_is_under_6_5pt(game, paper, lang, size):
    """Tokens, markers, references, maps and the roster sheet (its footer too), not only the
    cards: nothing is under 6.5 pt."""
    found = False
    for doc in printed(game, paper, lang, size):
        found = found or doc.kind in PIECES
        for page in doc.pages():
            small = [c for c in page.chars if c["text"].strip() and c["size"] < 6.5 - 0.01]
            assert not small, f"{doc}: {''.join(c['text'] for c in small[:20])} under 6.5 pt"
    if game in ("laminim", "artifact"):
        assert found


@pytest.mark.parametrize(("game", "paper", "lang", "size"), everything())
def test_every_token_and_marker_sheet_says_what_to_cut_and_what_the_dashed_circle_is(
    game, paper, lang, size
):
    words = {"en": ("Cut along", "dashed circle"), "ja": ("切り取", "破線の円")}[lang]
    for doc in printed(game, paper, lang, size):
        if doc.kind in PIECES:
            for page in doc.pages():
                text = page.extract_text()
                assert all(w in text for w in words), f"{doc}: {text[:200]}"


def test_fifty_mm_discs_pack_eighteen_to_an_a4_page_in_offset_rows():
    assert pack_discs("a4", TOKEN_DIAMETER, TOKEN_GAP).per_page == 18
    assert pack_discs("letter", TOKEN_DIAMETER, TOKEN_GAP).per_page == 15


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_demo_tokens_and_markers_share_two_evenly_filled_sheets(paper):
    (doc,) = [d for d in printed("laminim", paper, "en", "poker") if d.kind == "tokens"]
    counts = [len(_circles(page)) for page in doc.pages()]
    assert sum(counts) == 18 + 3  # 18 missile launches and a ring per unit
    assert counts in ([11, 10], [10, 11])


def test_spreading_never_leaves_a_sheet_nearly_empty():
    pack = pack_discs("a4", TOKEN_DIAMETER, TOKEN_GAP)
    for count in range(1, 80):
        sizes = [len(r) for r in pack.pages(count)]
        assert sum(sizes) == count and max(sizes) <= pack.per_page
        assert max(sizes) - min(sizes) <= 1
        assert len(sizes) == -(-count // pack.per_page)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_no_demo_token_sheet_leaves_a_blank_band_at_its_foot(paper):
    """The 11 + 10 pieces of two sheets spread down each page (printouts.ROW_SPREAD), not
    packed at the top of a page with its lower third blank."""
    (doc,) = [d for d in printed("laminim", paper, "en", "poker") if d.kind == "tokens"]
    for n, page in enumerate(doc.pages(), start=1):
        lowest = max(c["bottom"] for c in _circles(page))
        blank = (page.height - lowest) / page.height
        assert blank < 0.12, f"{doc} page {n}: {blank:.0%} of the page blank under its discs"


FOOTER_CASES = [("laminim", *case) for case in option_sets("laminim")] + [
    (game, paper, lang, "large")
    for game in ("artifact", "soh")
    for paper, lang in (("letter", "ja"), ("a4", "en"))
]


@pytest.mark.parametrize(("game", "paper", "lang", "size"), FOOTER_CASES)
def test_the_card_sheet_footer_lies_on_no_cut_line(game, paper, lang, size):
    """Two large cards across are cut down the page's middle: a footer there sits on the crop
    mark (Letter leaves 0.1 mm) and is cut in two. Every card game, one line."""
    doc = printed_kind(game, paper, lang, size, "cards")
    for page in doc.pages():
        foot = [c for c in page.chars if c["text"].strip() and c["top"] > page.height - 9 * MM]
        x0, x1 = min(c["x0"] for c in foot), max(c["x1"] for c in foot)
        sized = CARD_SIZES[size] if game == "laminim" else None
        cuts = {x for box in card_boxes(page, sized) for x in (box["x0"], box["x1"])}
        assert not [x for x in cuts if x0 - MM < x < x1 + MM], f"{doc}: footer on a cut line"
        assert len({round(c["top"]) for c in foot}) == 1, f"{doc}: footer on more than one line"
