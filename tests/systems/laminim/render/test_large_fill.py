"""Large cards use their height: a light unit's type, then its survival bars, grow into the room
it leaves instead of a blank band; the heaviest loadouts keep the normal sizes.

Measured on the printed PDF (pdfplumber), in English and Japanese, for teams of one-weapon,
two-weapon and three-heavy-weapon units: no empty band taller than a few mm on any unit card
(before: 42-46 mm on a one-weapon card, 28-33 mm on a two-weapon one), type sizes within the
bounds (body >= 7.5 pt, a light unit's body larger, nothing but the unit name over 10.75 pt),
nothing outside its card or printed over other text or a box, and no word split at a line end.
"""

from __future__ import annotations

import itertools

import pdfplumber
import pytest

from builder.core.i18n import part_name
from builder.systems.laminim.card_context import unit_card
from builder.systems.laminim.card_fit import BODY_PT, CHART_MM, LARGE_MAX_SCALE
from builder.systems.laminim.legality import resolve_unit
from builder.systems.laminim.print_labels import labels_for
from builder.systems.laminim.team import Team, Unit
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

MAX_BAND_MM = 6.0
"""The tallest empty band allowed across a unit card (the gaps between its sections)."""

NAME_PT = 14.0
MAX_TEXT_PT = 7.5 * LARGE_MAX_SCALE * 16 / 15 + 0.1
"""The largest type but the unit name: the frame line and stat numbers at the largest scale."""


@pytest.mark.parametrize(("lang", "loadout"), CASES)
def test_no_blank_band_on_a_large_card(tmp_path_factory, catalog, lang, loadout):
    with pdfplumber.open(fill_pdf(tmp_path_factory, catalog, lang, loadout, "large")) as pdf:
        page = pdf.pages[0]
        for card in unit_cards(page, "large"):
            objs = inside_card(page.chars + page.rects + page.lines, card)
            band, top, bottom = band_and_foot(objs, card)
            assert band <= MAX_BAND_MM, f"an empty band of {band:.1f} mm"
            # the content runs from the top padding down to the hit table at the foot
            assert top < 5.0 and bottom < 4.0, (top, bottom)


@pytest.mark.parametrize(("lang", "loadout"), CASES)
def test_type_sizes_stay_within_bounds(tmp_path_factory, catalog, lang, loadout):
    """Body >= 7.5 pt (nothing under 7 pt), a light unit's body larger, the type capped."""
    with pdfplumber.open(fill_pdf(tmp_path_factory, catalog, lang, loadout, "large")) as pdf:
        page = pdf.pages[0]
        for card in unit_cards(page, "large"):
            chars = [c for c in inside_card(page.chars, card) if c["text"].strip()]
            body = body_pt(chars)
            assert body >= BODY_PT["large"][0] - 0.01
            if loadout == "one":
                assert body >= 9.5, f"a one-weapon unit's body is only {body} pt"
            elif loadout == "two":
                assert body >= 8.5, f"a two-weapon unit's body is only {body} pt"
            assert body <= 7.5 * LARGE_MAX_SCALE + 0.01
            assert min(c["size"] for c in chars) >= 7.0 - 0.01
            big = {c["text"] for c in chars if MAX_TEXT_PT < c["size"] < NAME_PT - 0.01}
            assert not big, f"type over {MAX_TEXT_PT:.2f} pt: {big}"
            assert max(c["size"] for c in chars) <= NAME_PT + 0.01


@pytest.mark.parametrize(("lang", "loadout"), CASES)
def test_nothing_spills_or_overlaps(tmp_path_factory, catalog, lang, loadout):
    with pdfplumber.open(fill_pdf(tmp_path_factory, catalog, lang, loadout, "large")) as pdf:
        page = pdf.pages[0]
        cards = unit_cards(page, "large")
        printed = [c for c in page.chars if c["text"].strip()]
        ours = [c for c in printed if any(intersection(c, r) > 0 for r in cards)]
        strays = [c for c in ours if not any(inside(c, r) for r in cards)]
        assert not strays, f"text crosses a card edge: {describe(strays[:5])}"
        for card in cards:
            chars = inside_card(printed, card)
            pairs = overlapping_pairs(chars)
            assert not pairs, f"text printed over text: {describe(pairs[0])}"
            boxes = outermost(squares(inside_card(page.rects, card), 2.0, 15.0))
            assert len([b for b in boxes if b["width"] / MM < 5]) > 10, "no tick boxes"
            for box in boxes:
                hit = [c for c in chars if intersection(c, box) > 0.2 * box["width"] ** 2]
                assert not hit, f"text over a box: {describe(hit[:5])}"


def _words(team: Team, catalog, lang: str) -> set[str]:
    """The words of the team's part and movement names that must print whole."""
    out: set[str] = set()
    for unit in team.units:
        resolved = resolve_unit(unit, catalog)
        assert resolved is not None
        parts = [w for w in resolved.slots if w is not None]
        names = [part_name(p, lang) for p in [*parts, *resolved.frame.movement]]
        for name in names:
            out.update(w for w in name.replace("（", " ").split() if len(w) >= 4)
    return out


@pytest.mark.parametrize(("lang", "loadout"), CASES)
def test_no_word_breaks_at_a_line_end(tmp_path_factory, catalog, lang, loadout):
    with pdfplumber.open(fill_pdf(tmp_path_factory, catalog, lang, loadout, "large")) as pdf:
        page = pdf.pages[0]
        lines: list[str] = []
        for r in unit_cards(page, "large"):
            text = page.crop((r["x0"], r["top"], r["x1"], r["bottom"])).extract_text() or ""
            lines += text.splitlines()
    words = _words(loadout_team(loadout), catalog, lang)
    assert words
    for word in words:
        assert any(word in line for line in lines), f"{word!r} is not printed whole"
        for a, b in itertools.pairwise(lines):
            for cut in range(1, len(word)):
                assert not (a.endswith(word[:cut]) and b.startswith(word[cut:])), (
                    f"{word!r} split as {a!r} / {b!r}"
                )


def _card(catalog, frame: str, weapons: list[str | None], size="large", lang="en", name="A"):
    unit = resolve_unit(Unit(name=name, frame=frame, weapons=weapons), catalog)
    assert unit is not None
    return unit_card(unit, "T", catalog, lang, labels_for(lang), size)


def test_a_light_unit_gets_the_largest_type_and_survival_bars(catalog):
    card = _card(catalog, "skimmer", ["rifle", None, None])
    assert card["scale"] == pytest.approx(LARGE_MAX_SCALE)
    assert card["body_pt"] == 10.0 and card["movement_cols"] == 1
    assert CHART_MM[0] <= card["chart_mm"] <= CHART_MM[1]
    # each bar as tall as the share of the unit still alive after its round
    bars = [r["bar_mm"] for r in card["survival"]["rounds"]]
    assert bars == sorted(bars, reverse=True) and bars[0] <= card["chart_mm"]


HEAVIEST = {  # test_overflow.py's worst case: 40-character names, heat on the frame and guns
    "en": "Wolfgang Maximilian WWW Mk-IV Heavy Guard",
    "ja": "重装突撃機甲部隊第三小隊所属試作型長距離支援砲撃機体改二号機",
}


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_heaviest_loadout_keeps_at_least_the_normal_sizes(catalog, lang):
    """A 40-point frame with three gatlings and a heat track fills an English card at 7.5 pt
    (the Japanese one, shorter, may grow a little); test_overflow.py checks it fits."""
    frames = tuple(f.model_copy(update={"heat_capacity": 15, "cooling": 3}) for f in catalog.frames)
    weapons = tuple(
        w.model_copy(update={"heat_per_attack": 2}) if w.type == "normal" else w
        for w in catalog.weapons
    )
    hot = catalog.model_copy(update={"frames": frames, "weapons": weapons})
    card = _card(hot, "bastion", ["gatling"] * 3, lang=lang, name=HEAVIEST[lang])
    assert card["body_pt"] >= BODY_PT["large"][0]
    if lang == "en":
        assert card["scale"] == 1.0 and card["chart_mm"] == 0.0 and card["movement_cols"] == 2


def test_poker_cards_grow_from_their_fixed_sizes(catalog):
    """Poker cards fill their height too (test_poker_fill.py), from body 6 pt up to 8 pt."""
    card = _card(catalog, "skimmer", ["rifle", None, None], size="poker")
    assert BODY_PT["poker"][0] < card["body_pt"] <= 8.0
