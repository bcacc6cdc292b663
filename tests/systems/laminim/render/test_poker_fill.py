"""Poker cards use their height too: a light unit's type, then its survival bars, grow into the
room it leaves instead of a blank band; the heaviest loadouts keep issue 13's sizes (body 6 pt,
nothing under 5.5 pt).

Measured on the printed PDF (pdfplumber), in English and Japanese, for teams of one-weapon,
two-weapon and three-heavy-weapon units: no empty band taller than a few mm on any unit card
(before: 28-31 mm on a one-weapon card, 15-21 mm on a two-weapon one), type sizes within the
bounds (body >= 6 pt and <= 8 pt, a one-weapon unit's body larger, nothing under 5.5 pt,
nothing but the unit name over 8.75 pt), nothing outside its card or printed over other text
or a box (the ID box included), and no word split at a line end. The height estimate is the
large card's (printouts.card_sections), with the poker card's CSS numbers.
"""

from __future__ import annotations

import itertools

import pdfplumber
import pytest

from builder.systems.laminim.card_fit import BODY_PT, POKER_CHART_MM, POKER_MAX_SCALE
from builder.systems.laminim.print_labels import labels_for
from tests.render.geometry import (
    MM,
    describe,
    inside,
    intersection,
    outermost,
    overlapping_pairs,
    squares,
)
from tests.systems.laminim.render.card_fill import (
    CASES,
    band_and_foot,
    body_pt,
    fill_pdf,
    inside_card,
    loadout_team,
    unit_cards,
)
from tests.systems.laminim.render.test_large_fill import HEAVIEST, _card, _words

MAX_BAND_MM = 4.0
"""The tallest empty band allowed across a poker unit card (the gaps between its sections)."""

NAME_PT = 9.0
FLOOR_PT = 5.5
MAX_BODY_PT = BODY_PT["poker"][0] * POKER_MAX_SCALE
MAX_TEXT_PT = MAX_BODY_PT * 13 / 12 + 0.1
"""The largest type but the unit name: the stat numbers (6.5 pt at body 6) at the largest scale."""

_pages: dict[tuple[str, str], pdfplumber.page.Page] = {}


def _page(tmp_path_factory, catalog, lang: str, loadout: str) -> pdfplumber.page.Page:
    """The PDF's first page, opened once (pdfplumber keeps its characters and rectangles)."""
    key = (lang, loadout)
    if key not in _pages:
        _pages[key] = pdfplumber.open(
            fill_pdf(tmp_path_factory, catalog, lang, loadout, "poker")
        ).pages[0]
    return _pages[key]


@pytest.mark.parametrize(("lang", "loadout"), CASES)
def test_no_blank_band_on_a_poker_card(tmp_path_factory, catalog, lang, loadout):
    page = _page(tmp_path_factory, catalog, lang, loadout)
    for card in unit_cards(page, "poker"):
        band, top, bottom = band_and_foot(
            inside_card(page.chars + page.rects + page.lines, card), card
        )
        assert band <= MAX_BAND_MM, f"an empty band of {band:.1f} mm"
        # the content runs from the top padding down to the hit table at the foot
        assert top < 3.0 and 1.0 <= bottom < 2.5, (top, bottom)


@pytest.mark.parametrize(("lang", "loadout"), CASES)
def test_poker_type_sizes_stay_within_bounds(tmp_path_factory, catalog, lang, loadout):
    """Body 6-8 pt (a light unit's larger), nothing under 5.5 pt, the type capped."""
    page = _page(tmp_path_factory, catalog, lang, loadout)
    for card in unit_cards(page, "poker"):
        chars = [c for c in inside_card(page.chars, card) if c["text"].strip()]
        body = body_pt(chars)
        assert BODY_PT["poker"][0] - 0.01 <= body <= MAX_BODY_PT + 0.01
        if loadout == "one":
            assert body >= 7.5, f"a one-weapon unit's body is only {body} pt"
        elif loadout == "two":
            assert body >= 6.5, f"a two-weapon unit's body is only {body} pt"
        assert min(c["size"] for c in chars) >= FLOOR_PT - 0.01
        big = {c["text"] for c in chars if MAX_TEXT_PT < c["size"] < NAME_PT - 0.01}
        assert not big, f"type over {MAX_TEXT_PT:.2f} pt: {big}"
        assert max(c["size"] for c in chars) <= NAME_PT + 0.01


@pytest.mark.parametrize(("lang", "loadout"), CASES)
def test_nothing_spills_or_overlaps_on_a_poker_card(tmp_path_factory, catalog, lang, loadout):
    page = _page(tmp_path_factory, catalog, lang, loadout)
    cards = unit_cards(page, "poker")
    printed = [c for c in page.chars if c["text"].strip()]
    ours = [c for c in printed if any(intersection(c, r) > 0 for r in cards)]
    strays = [c for c in ours if not any(inside(c, r) for r in cards)]
    assert not strays, f"text crosses a card edge: {describe(strays[:5])}"
    for card in cards:
        chars = inside_card(printed, card)
        pairs = overlapping_pairs(chars)
        assert not pairs, f"text printed over text: {describe(pairs[0])}"
        rects = inside_card(page.rects, card)
        boxes = outermost(squares(rects, 2.0, 15.0))
        assert len([b for b in boxes if b["width"] / MM < 5]) > 10, "no tick boxes"
        for box in boxes:
            hit = [c for c in chars if intersection(c, box) > 0.2 * box["width"] ** 2]
            assert not hit, f"text over a box: {describe(hit[:5])}"
        # the ID box (8 mm) stays clear of the movement table under the header
        (id_box,) = [b for b in boxes if abs(b["width"] / MM - 8) < 0.5]
        under = [r for r in rects if r["top"] > id_box["top"] + 2 * MM and r is not id_box]
        assert min(r["top"] for r in under) >= id_box["bottom"], "a table under the ID box"


@pytest.mark.parametrize(("lang", "loadout"), CASES)
def test_no_word_breaks_at_a_poker_line_end(tmp_path_factory, catalog, lang, loadout):
    page = _page(tmp_path_factory, catalog, lang, loadout)
    lines: list[str] = []
    for r in unit_cards(page, "poker"):
        text = page.crop((r["x0"], r["top"], r["x1"], r["bottom"])).extract_text() or ""
        lines += text.splitlines()
    words = _words(loadout_team(loadout), catalog, lang)
    words |= {labels_for(lang)[k] for k in ("exposure", "silhouette")}  # 被弾面 stays whole
    assert words
    for word in words:
        assert any(word in line for line in lines), f"{word!r} is not printed whole"
        for a, b in itertools.pairwise(lines):
            for cut in range(1, len(word)):
                assert not (a.endswith(word[:cut]) and b.startswith(word[cut:])), (
                    f"{word!r} split as {a!r} / {b!r}"
                )


def test_a_light_unit_gets_the_largest_poker_type_and_survival_bars(catalog):
    card = _card(catalog, "skimmer", ["rifle", None, None], size="poker")
    assert card["scale"] == pytest.approx(POKER_MAX_SCALE)
    assert card["body_pt"] == 8.0 and card["movement_cols"] == 1
    assert card["hit_pt"] == 6.0  # the hit table keeps its size: its cells are full at 6 pt
    assert POKER_CHART_MM[0] <= card["chart_mm"] <= POKER_CHART_MM[1]
    bars = [r["bar_mm"] for r in card["survival"]["rounds"]]
    assert bars == sorted(bars, reverse=True) and bars[0] <= card["chart_mm"]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_heaviest_loadout_keeps_the_poker_sizes(catalog, lang):
    """A 40-point frame with three gatlings, a heat track and a 40-character name keeps issue
    13's sizes on an English poker card (body 6 pt, labels 5.5 pt, no bars; the Japanese one
    may grow a little); test_overflow.py checks that it fits."""
    frames = tuple(f.model_copy(update={"heat_capacity": 15, "cooling": 3}) for f in catalog.frames)
    weapons = tuple(
        w.model_copy(update={"heat_per_attack": 2}) if w.type == "normal" else w
        for w in catalog.weapons
    )
    hot = catalog.model_copy(update={"frames": frames, "weapons": weapons})
    card = _card(hot, "bastion", ["gatling"] * 3, size="poker", lang=lang, name=HEAVIEST[lang])
    assert card["body_pt"] >= BODY_PT["poker"][0] and card["tlabel_pt"] >= FLOOR_PT
    if lang == "en":  # the Japanese card, shorter, may grow a step
        assert card["scale"] == 1.0 and card["body_pt"] == BODY_PT["poker"][0]
        assert card["tlabel_pt"] == FLOOR_PT and card["hit_pt"] == 6.0
        assert card["chart_mm"] == 0.0 and card["movement_cols"] == 2


def test_the_survival_rounds_range_stays_on_one_line(tmp_path, catalog):
    # a vanguard with an SMG and a shield at grown Japanese type wraps its survival heading;
    # "R1–6" once broke after its dash ("生存 R1–" / "6")
    from builder.render.pdf import write_pdf
    from builder.systems.laminim.printouts import render_html
    from builder.systems.laminim.team import Team, Unit

    units = [
        Unit(name="Wisp", frame="skimmer", weapons=["rifle", None, None]),
        Unit(name="Bulwark", frame="bastion", weapons=["gatling", "missile", "missile"]),
        Unit(name="Duo", frame="vanguard", weapons=["smg", "shield", None]),
    ]
    html = render_html(Team(name="Light", units=units), catalog, "cards", lang="ja",
                       card_size="poker")  # fmt: skip
    write_pdf(html, tmp_path / "light.pdf")
    with pdfplumber.open(tmp_path / "light.pdf") as pdf:
        page = pdf.pages[0]
        for card in unit_cards(page, "poker"):
            text = page.crop((card["x0"], card["top"], card["x1"], card["bottom"])).extract_text()
            lines = (text or "").splitlines()
            assert any("R1–6" in line for line in lines), lines
