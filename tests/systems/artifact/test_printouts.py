"""The artifact PDFs measured: pages and sizes, Japanese names, the ruler's true scale, 6 pt text.

Each set of PDFs is rendered once per module to keep the suite fast.
"""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from builder.cli import main
from builder.render.layout import PAPERS
from builder.systems.artifact.derive import find_unit
from builder.systems.artifact.printouts import box_groups, hit_chances
from tests.printing.pdf_measure import open_pdf

from .conftest import CATALOG_DIR

MM = 72 / 25.4
DEMO = CATALOG_DIR / "demo_force.yaml"
CROWDED = Path(__file__).with_name("forces") / "crowded.yaml"


def _render(tmp_path_factory, force: Path, *argv: str) -> dict[str, Path]:
    out = tmp_path_factory.mktemp("pdf")
    assert main(["cards", str(force), "-o", str(out), *argv]) == 0
    return {p.stem.rsplit("-", 1)[-1]: p for p in out.glob("*.pdf")}


@pytest.fixture(scope="module")
def ja_a4(tmp_path_factory):
    return _render(tmp_path_factory, DEMO, "--lang", "ja")


@pytest.fixture(scope="module")
def en_letter_large(tmp_path_factory):
    return _render(tmp_path_factory, CROWDED, "--paper", "letter", "--card-size", "large")


def _text(path: Path) -> str:
    with open_pdf(path) as pdf:
        return "".join(c["text"] for page in pdf.pages for c in page.chars)


def test_cards_markers_and_roster_are_written(ja_a4, en_letter_large):
    assert set(ja_a4) == {"cards", "markers", "roster"}
    assert set(en_letter_large) == {"cards", "markers", "roster"}


@pytest.mark.parametrize(("fixture", "paper"), [("ja_a4", "a4"), ("en_letter_large", "letter")])
def test_every_page_is_the_chosen_paper(fixture, paper, request):
    want_w, want_h = (v * MM for v in PAPERS[paper])
    for path in request.getfixturevalue(fixture).values():
        with open_pdf(path) as pdf:
            for page in pdf.pages:
                assert page.width == pytest.approx(want_w, abs=0.1)
                assert page.height == pytest.approx(want_h, abs=0.1)


def test_page_counts(ja_a4, en_letter_large):
    with open_pdf(ja_a4["cards"]) as pdf:
        assert len(pdf.pages) == 1  # a ship and 3 MS: 4 of 9 poker cards
    with open_pdf(en_letter_large["cards"]) as pdf:
        assert len(pdf.pages) == 4  # a ship and 13 MS: 14 large cards, 4 a page
    with open_pdf(ja_a4["markers"]) as pdf:
        assert len(pdf.pages) == 1


def test_japanese_names_and_embedded_font(ja_a4):
    text = _text(ja_a4["cards"])
    for word in (
        "レウルーラ",
        "ナイチンゲール",
        "リックディアス",
        "ファンネル",
        "クレイバズーカ",
        "戦艦",
    ):
        assert word in text
    assert "レウルーラ" in _text(ja_a4["markers"])
    with open_pdf(ja_a4["cards"]) as pdf:
        fonts = {c["fontname"] for c in pdf.pages[0].chars}
    assert any("BIZ-UDGothic" in f for f in fonts)


def test_cards_print_hit_chances_at_three_modifiers(ja_a4, en_letter_large):
    text = _text(en_letter_large["cards"])
    # Ra Cailum's main gun: 5+ against an MS → 33/17/0 %, 3+ against a ship → 67/50/33 %
    assert "Maingun33/17/067/50/33" in text.replace(" ", "")
    assert "FRONT" in _text(en_letter_large["markers"])


def test_hit_chances_come_from_the_rules_core(catalog):
    rifle = find_unit(catalog, "nightingale").weapons[0]
    assert hit_chances(rifle, "ms") == ["67", "50", "33"]
    gun = find_unit(catalog, "rewloola").weapons[2]
    assert hit_chances(gun, "ship") == ["17", "0", "0"]


def test_tick_boxes_come_in_groups_of_five():
    assert box_groups(12) == [[5, 5], [2]]
    assert box_groups(35, 15) == [[5, 5, 5], [5, 5, 5], [5]]


def _ruler_ticks(path: Path) -> list[float]:
    """The ``top`` (pt) of every 1 cm tick: horizontal lines 6-8 mm long at the left of the page."""
    with open_pdf(path) as pdf:
        page = pdf.pages[0]
        objs = page.lines + page.curves + page.rects
        return sorted(
            o["top"]
            for o in objs
            if abs(o["bottom"] - o["top"]) < 0.6 * MM
            and 6 * MM < (o["x1"] - o["x0"]) < 8 * MM
            and o["x0"] < 40 * MM
        )


@pytest.mark.parametrize("fixture", ["ja_a4", "en_letter_large"])
def test_the_ruler_is_true_scale_20_cm_is_200_mm(fixture, request):
    ticks = _ruler_ticks(request.getfixturevalue(fixture)["markers"])
    assert len(ticks) == 21  # 0, 1, … 20 cm
    assert (ticks[-1] - ticks[0]) / MM == pytest.approx(200.0, abs=0.3)
    gaps = [(b - a) / MM for a, b in itertools.pairwise(ticks)]
    assert all(g == pytest.approx(10.0, abs=0.3) for g in gaps)


def test_the_marker_is_a_70_mm_disc(ja_a4):
    with open_pdf(ja_a4["markers"]) as pdf:
        discs = [c for c in pdf.pages[0].curves if 65 * MM < c["x1"] - c["x0"] < 75 * MM]
    assert discs
    assert (discs[0]["x1"] - discs[0]["x0"]) / MM == pytest.approx(70.0, abs=0.5)


@pytest.mark.parametrize("fixture", ["ja_a4", "en_letter_large"])
def test_body_text_is_at_least_6_pt(fixture, request):
    """Every character on the cards and the marker sheet except the page footer line."""
    for path in request.getfixturevalue(fixture).values():
        with open_pdf(path) as pdf:
            for page in pdf.pages:
                body = [c for c in page.chars if c["top"] < page.height - 8 * MM]
                assert body
                small = [c["text"] for c in body if c["size"] < 5.99]
                assert small == []
