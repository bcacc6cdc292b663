"""soh printouts: the odds reference is one page with body text >= 6 pt, cards print every
character, and the reference's numbers are the rules core's."""

from __future__ import annotations

from pathlib import Path

import pytest

from builder.render.batch import render_printouts
from builder.roster.team_file import load_team
from builder.systems.base import PrintOptions
from builder.systems.soh.printouts import percent_cell, reference_tables
from builder.systems.soh.rules import odds
from builder.systems.soh.system import SYSTEM
from tests.printing.pdf_measure import open_pdf

DEMO = Path(__file__).parents[3] / "parts_catalog" / "soh" / "demo_crew.yaml"
MM = 72 / 25.4
FOOTER_MM = 6.0
"""The shared sheet footer (page x/y, 5 pt) sits in the bottom margin; body text is above it."""


@pytest.fixture(scope="module")
def pdfs(tmp_path_factory) -> dict[tuple[str, str], dict[str, Path]]:
    _, crew = load_team(DEMO)
    catalog = SYSTEM.load_catalog()
    out = {}
    for lang, paper, size in (("en", "a4", "large"), ("ja", "letter", "poker")):
        options = PrintOptions(paper=paper, lang=lang, card_size=size)
        folder = tmp_path_factory.mktemp(f"{lang}-{paper}")
        paths = render_printouts(SYSTEM.printouts(crew, catalog, options), folder, crew.name)
        out[(lang, paper)] = {p.stem.rsplit("-", 1)[-1]: p for p in paths}
    return out


def _body_sizes(path: Path) -> list[float]:
    with open_pdf(path) as pdf:
        return [
            c["size"]
            for page in pdf.pages
            for c in page.chars
            if c["top"] < page.height - FOOTER_MM * MM
        ]


@pytest.mark.parametrize("case", [("en", "a4"), ("ja", "letter")])
def test_the_odds_reference_is_one_page_true_size_with_body_text_at_least_6pt(pdfs, case):
    path = pdfs[case]["reference"]
    with open_pdf(path) as pdf:
        assert len(pdf.pages) == 1
        page = pdf.pages[0]
        want = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}[case[1]]
        assert (page.width / MM, page.height / MM) == pytest.approx(want, abs=0.2)
        text = page.extract_text()
        fonts = {c["fontname"] for c in page.chars}
    assert min(_body_sizes(path)) >= 6.0
    if case[0] == "ja":
        assert any("BIZ-UDGothic" in f for f in fonts) and "命中" in text
    assert "+10" in text and "-5" in text


@pytest.mark.parametrize("case", [("en", "a4"), ("ja", "letter")])
def test_cards_print_every_character_with_text_at_least_6_5pt(pdfs, case):
    path = pdfs[case]["cards"]
    with open_pdf(path) as pdf:
        text = "".join(page.extract_text() for page in pdf.pages)
    names = ["Captain Ines", "Rook", "Mei"] if case[0] == "en" else ["イネス船長", "ルーク", "メイ"]
    for name in names:
        assert name.replace(" ", "") in text.replace(" ", "")
    assert min(_body_sizes(path)) >= 6.5 - 0.01


def test_reference_cells_are_the_rules_cores_numbers():
    tables = reference_tables()
    assert tables["differences"] == list(range(-5, 11))
    assert [(r["attack"], r["evasion"]) for r in tables["rows"]] == [
        (a, e) for a in range(1, 5) for e in range(5)
    ]
    row = tables["rows"][2 * 5 + 1]  # 3 attack dice vs 1 evasion die
    r = odds(4, 3, 0, 1, 1, 1)
    assert row["p_hit"][4 + 5] == r.p_hit
    assert row["mean"][4 + 5] == pytest.approx(sum(k * p for k, p in enumerate(r.multiplier)))
    # seed: one die with no evasion dice at a difference of -5 needs a 5 or better: 1/3
    assert tables["rows"][0]["p_hit"][0] == pytest.approx(1 / 3, abs=1e-15)


def test_percent_cells_never_round_a_possible_event_away():
    assert percent_cell(0.0) == "0" and percent_cell(0.001) == "<1"
    assert percent_cell(0.9954) == ">99" and percent_cell(1.0) == "100"
    assert percent_cell(0.5) == "50"
