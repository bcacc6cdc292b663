"""The one measurer of printed text: font widths, line breaks, pieces and how many lines they fill.

The line counts are checked against WeasyPrint itself: each case is set in a box of its width in
one PDF, and the lines are read back from where its characters landed.
"""

from __future__ import annotations

import html
import itertools
from pathlib import Path

import pdfplumber
import pytest

from builder.core.i18n import Lang
from builder.render.measure import (
    NBSP,
    Piece,
    box_piece,
    char_em,
    count_lines,
    font_em,
    inline_box,
    pieces,
    segments,
    width_mm,
)
from builder.render.pdf import write_pdf

MM = 72 / 25.4


def test_font_widths_are_the_fonts_own_advances():
    # DejaVu Sans: "i" is much narrower than "W"; BIZ UDGothic sets Japanese full width
    assert font_em("i", "en", safety=1.0) < 0.35 < font_em("W", "en", safety=1.0)
    assert font_em("装備", "ja", safety=1.0) == pytest.approx(2.0)
    assert font_em("Rifle", "en", bold=True) > font_em("Rifle", "en")
    # the generous stand-in is never narrower than the font (names shrink early, never spill)
    for text in ("Submachine gun", "WWW", "ガトリング砲", "1–3 · 60°"):
        assert font_em(text, "en", safety=1.0) <= sum(char_em(c) for c in text) + 1e-9


def test_a_no_break_space_holds_its_neighbours_in_one_piece():
    assert [p.text for p in pieces(6.0, "turn 60°")] == ["turn ", "60°"]
    assert [p.text for p in pieces(6.0, f"旋回{NBSP}60°")] == [f"旋回{NBSP}60°"]  # one phrase
    assert [p.text for p in pieces(6.0, "turn 60°", whole=True)] == ["turn 60°"]
    assert "".join(segments("ガトリング砲 2")) == "ガトリング砲 2"


def test_trailing_spaces_do_not_count_at_a_lines_end():
    word = Piece("Rifle ", 10.0)
    assert width_mm(word, "en", strip=True) < width_mm(word, "en")
    assert width_mm(box_piece(7.0), "en") == 7.0
    tag, space = inline_box(6.0, "S1", 1.0, bold=True)
    assert width_mm(tag, "en") == pytest.approx(font_em("S1", "en", True) * 6.0 / MM + 1.0)
    assert space.text == " "


def test_a_piece_wider_than_the_box_takes_a_line_of_its_own():
    line = [*pieces(6.5, "Gear: "), box_piece(60.0), *pieces(6.5, " (armour)")]
    assert count_lines(line, 57.0, "en") == 3


def test_a_narrow_first_line_beside_a_float_pushes_words_down():
    line = pieces(8.0, "Heavy gatling gun")
    assert count_lines(line, 60.0, "en") == 1
    assert count_lines(line, 60.0, "en", first_mm=10.0) == 2
    # only the first ``narrow`` lines are narrow
    long = pieces(8.0, "Heavy gatling gun " * 4)
    assert count_lines(long, 60.0, "en", first_mm=10.0, narrow=3) > count_lines(
        long, 60.0, "en", first_mm=10.0
    )


def test_a_games_own_widths_measure_the_same_pieces():
    line = pieces(6.0, "Submachine gun")
    assert count_lines(line, 20.0, "en", widths=lambda t, _lang, _bold: len(t)) == 2
    assert count_lines(line, 20.0, "en", widths=lambda t, _lang, _bold: 0.1) == 1


CASES: list[tuple[Lang, float, bool, float, str]] = [
    ("en", 7.0, False, 30.0, "Submachine gun with extended magazine and a scope"),
    ("en", 9.0, True, 25.0, "Heavy support beam cannon"),
    ("en", 6.0, False, 58.0, "Activation: 2 actions, same twice OK: move, attack, land, launch"),
    ("ja", 7.0, False, 30.0, "ハイパーレーザーピストルと超重量級エナジーソード"),
    ("ja", 8.0, False, 22.0, "重装突撃機甲部隊第三小隊所属"),
    ("ja", 6.5, False, 40.0, "回避は命中判定の後: 1P消費、命中1つごとに4+で無効。"),
]
"""(language, pt, bold, box width mm, text): English breaks at spaces, Japanese between
characters (and BIZ UDGothic sets its Latin); each wraps to more than one line."""


def _case_html(lang: str, pt: float, bold: bool, width: float, text: str, n: int) -> str:
    # katakana words must stay whole on the page too, as the cards keep them (``.kw`` spans)
    spans = "".join(
        f'<span style="white-space: nowrap">{html.escape(w)}</span>' for w in segments(text)
    )
    weight = "bold" if bold else "normal"
    return (
        f'<div id="c{n}" class="lang-{lang}" style="width: {width}mm; font-size: {pt}pt; '
        f'font-weight: {weight}; line-height: 1.5; margin-bottom: 6mm">{spans}</div>'
    )


@pytest.fixture(scope="module")
def weasyprint_lines(tmp_path_factory) -> list[int]:
    """Lines each of :data:`CASES` takes as WeasyPrint sets it."""
    body = "".join(_case_html(*case, n) for n, case in enumerate(CASES))
    page = (
        "<html><head><style>@page { size: 210mm 297mm; margin: 10mm }"
        ' div { font-family: "DejaVu Sans", "BIZ UDGothic"; }'
        ' div.lang-ja { font-family: "BIZ UDGothic"; }</style></head>'
        f"<body>{body}</body></html>"
    )
    path: Path = tmp_path_factory.mktemp("measure") / "lines.pdf"
    write_pdf(page, path)
    with pdfplumber.open(path) as pdf:
        chars = [c for c in pdf.pages[0].chars if c["text"].strip()]
    # the cases stack down the page 6 mm apart; within one, a line starts where the characters'
    # tops jump by more than a few points (glyphs of one line differ by less)
    tops = sorted(c["top"] for c in chars)
    lines = [[tops[0]]]
    for top in tops[1:]:
        if top - lines[-1][-1] > 3.0:
            lines.append([])
        lines[-1].append(top)
    counts = [1]
    for before, after in itertools.pairwise(lines):
        if after[0] - before[-1] > 5.5 * MM:
            counts.append(0)
        counts[-1] += 1
    return counts


def _exact(text: str, lang: Lang, bold: bool) -> float:
    return font_em(text, lang, bold, safety=1.0)


@pytest.mark.parametrize("n", range(len(CASES)), ids=[c[4][:24] for c in CASES])
def test_line_count_matches_weasyprint(weasyprint_lines, n):
    """With the fonts' own advances the count is WeasyPrint's; with the 3 % allowance the
    estimate may say a line more (it errs high, so a card keeps room), never fewer."""
    lang, pt, bold, width, text = CASES[n]
    line = pieces(pt, text, bold=bold)
    assert weasyprint_lines[n] > 1
    assert count_lines(line, width, lang, _exact) == weasyprint_lines[n], text
    assert weasyprint_lines[n] <= count_lines(line, width, lang) <= weasyprint_lines[n] + 1
