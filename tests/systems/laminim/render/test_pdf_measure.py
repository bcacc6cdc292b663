"""The printed PDFs measured: page sizes, card outlines, 50 mm circles, token count, text, fonts.

Each PDF is rendered once per module (module-scoped fixtures) to keep the suite fast.
"""

from __future__ import annotations

from pathlib import Path

import pdfplumber
import pytest
from pypdf import PdfReader

from builder.render.layout import PAPERS
from builder.systems.laminim.card_fit import CARD_SIZES
from builder.systems.laminim.printouts import render_team
from tests.render.geometry import MM


def _render(tmp_path_factory, team, catalog, **kw) -> dict[str, Path]:
    out = tmp_path_factory.mktemp("pdf")
    paths = render_team(team, catalog, out, **kw)
    return {p.stem.rsplit("-", 1)[-1]: p for p in paths}


@pytest.fixture(scope="module")
def en_a4(tmp_path_factory, demo_team, catalog):
    return _render(tmp_path_factory, demo_team, catalog, paper="a4", lang="en")


@pytest.fixture(scope="module")
def ja_letter_large(tmp_path_factory, demo_team, catalog):
    return _render(
        tmp_path_factory, demo_team, catalog, paper="letter", lang="ja", card_size="large"
    )


def _circle_diameters_mm(path: Path) -> list[tuple[float, float]]:
    """Width and height (mm) of every closed curve roughly the size of a 50 mm disc."""
    found = []
    with pdfplumber.open(path) as pdf:
        for page in pdf.pages:
            for curve in page.curves:
                w, h = curve["width"] / MM, curve["height"] / MM
                if 45 < w < 55 and 45 < h < 55:
                    found.append((w, h))
    return found


@pytest.mark.parametrize("fixture", ["en_a4", "ja_letter_large"])
def test_every_page_is_exactly_the_chosen_paper(fixture, request):
    pdfs = request.getfixturevalue(fixture)
    paper = "a4" if fixture == "en_a4" else "letter"
    want_w, want_h = (v * MM for v in PAPERS[paper])
    for path in pdfs.values():
        for page in PdfReader(path).pages:
            box = page.mediabox
            assert float(box.width) == pytest.approx(want_w, abs=0.1)
            assert float(box.height) == pytest.approx(want_h, abs=0.1)


@pytest.mark.parametrize(("fixture", "size"), [("en_a4", "poker"), ("ja_letter_large", "large")])
def test_card_outlines_measure_the_chosen_card_size(fixture, size, request):
    path = request.getfixturevalue(fixture)["cards"]
    want_w, want_h = CARD_SIZES[size]
    with pdfplumber.open(path) as pdf:
        outlines = [
            r
            for page in pdf.pages
            for r in page.rects
            if abs(r["width"] / MM - want_w) < 0.2 and abs(r["height"] / MM - want_h) < 0.2
        ]
    # one per unit of the demo team (on poker, two go on in continuation cards: 3.5 mm tick
    # boxes ten a row), and the rules reference card
    assert len(outlines) == (6 if size == "poker" else 4)


def test_poker_cards_fit_nine_to_a_page_with_crop_marks(en_a4):
    with pdfplumber.open(en_a4["cards"]) as pdf:
        assert len(pdf.pages) == 1
        page = pdf.pages[0]
        cards = [r for r in page.rects if r["width"] / MM > 60]
        # three units on five cards (3.5 mm tick boxes: two go on in continuation cards)
        # and the rules reference card: six cards in two rows
        assert len(cards) == 6 and len({round(r["top"]) for r in cards}) == 2

        def outside(ln):
            return all(
                ln["x1"] <= c["x0"]
                or ln["x0"] >= c["x1"]
                or ln["bottom"] <= c["top"]
                or ln["top"] >= c["bottom"]
                for c in cards
            )

        # crop marks in the margin, both edges of every column and row (3 mm gutters): 6 cut
        # lines across x 2 ends, 4 down x 2 ends
        assert len([ln for ln in page.lines if outside(ln)]) == 20


@pytest.mark.parametrize("fixture", ["en_a4", "ja_letter_large"])
def test_missile_tokens_one_per_launch_and_base_markers_one_per_unit_are_50mm(fixture, request):
    circles = _circle_diameters_mm(request.getfixturevalue(fixture)["tokens"])
    # demo team: three missile pods, ammo 6 / 1 per attack -> 18 launches; 3 unit rings
    assert len(circles) == 18 + 3
    for w, h in circles:
        assert w == pytest.approx(50, abs=0.2)
        assert h == pytest.approx(50, abs=0.2)


def _text(path: Path) -> str:
    """All text, read card by card (side-by-side cards would interleave their lines)."""
    chunks = []
    with pdfplumber.open(path) as pdf:
        for page in pdf.pages:
            cards = [r for r in page.rects if r["width"] / MM > 60 and r["height"] / MM > 80]
            regions = [page.crop((r["x0"], r["top"], r["x1"], r["bottom"])) for r in cards]
            for region in regions or [page]:
                chunks.append(region.extract_text() or "")
    return " ".join(" ".join(chunks).split())


def test_english_cards_name_units_and_parts(en_a4):
    text = _text(en_a4["cards"])
    for name in ("Kestrel", "Bulwark", "Swallow", "Striker", "Bastion", "Lancer"):
        assert name in text
    for part in ("Rifle", "Missile pod", "Gatling gun", "Quick booster", "Blade", "Test-play"):
        assert part in text
    assert "Dur" in text and "Obstruction" in text


def test_english_tokens_and_markers_name_their_units(en_a4):
    tokens = _text(en_a4["tokens"])
    assert "Kestrel" in tokens and "Bulwark" in tokens and "homing" in tokens
    assert "Swallow" in tokens and "Lancer" in tokens  # its base marker shares the sheet


def test_japanese_cards_use_catalog_japanese_names(ja_letter_large):
    text = _text(ja_letter_large["cards"])
    for name in ("ケストレル", "射撃型", "重装型", "高速近接型"):  # the demo's name_ja
        assert name in text
    for part in ("ライフル", "ミサイル", "ガトリング砲", "クイックブースター", "ブレード"):
        assert part in text
    assert "耐久" in text and "誤射判定" in text  # the obstruction rule on the reference card
    assert "ミサイル" in _text(ja_letter_large["tokens"])
    assert "後" in _text(ja_letter_large["tokens"])  # a base marker's rear


def test_japanese_font_is_embedded(ja_letter_large):
    for path in ja_letter_large.values():
        fonts = set()
        for page in PdfReader(path).pages:
            for font in page["/Resources"]["/Font"].values():
                font = font.get_object()
                descendants = font.get("/DescendantFonts")
                targets = [font] + ([d.get_object() for d in descendants] if descendants else [])
                for f in targets:
                    descriptor = f.get("/FontDescriptor")
                    embedded = descriptor is not None and any(
                        k in descriptor.get_object()
                        for k in ("/FontFile", "/FontFile2", "/FontFile3")
                    )
                    if embedded:
                        fonts.add(str(f["/BaseFont"]))
        assert any("BIZ-UDGothic" in name for name in fonts), fonts
