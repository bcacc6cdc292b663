"""A deck of unit cards is set at one type scale, the largest its fullest card allows, and each
card fills its height by layout; nothing spills, nothing is printed over anything, no word is
split at a line end.

Measured on the printed PDF (pdfplumber) in English and Japanese, on poker and large cards, for
teams of one-weapon, two-weapon and three-heavy-weapon units; the deck rule itself on the card
contexts. tests/systems/laminim/render/test_play_face.py measures the type sizes and blank bands.
"""

from __future__ import annotations

import copy
import itertools

import pytest

from builder.core.i18n import part_name
from builder.render.layout import CUT_MARGIN
from builder.systems.laminim.card_context import unit_card
from builder.systems.laminim.card_fit import (
    MAX_SCALE,
    TYPE,
    fit_deck,
    fits,
    largest_scale,
    split_to_fit,
)
from builder.systems.laminim.legality import resolve_unit
from builder.systems.laminim.print_labels import labels_for
from builder.systems.laminim.team import Team, Unit
from tests.printing.pdf_measure import open_pdf
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
    fill_pdf,
    inside_card,
    loadout_team,
    unit_cards,
)

SIZES = ["poker", "large"]
ID_BOX_MM = {"poker": 8.0, "large": 11.0}
PAD_BOTTOM_MM = {"poker": CUT_MARGIN, "large": 3.0}
"""The blank under a card's last line: no less than the 3 mm cut margin (layout.CUT_MARGIN)."""

HEAVIEST = {  # test_overflow.py's worst case: 40-character names, heat on the frame and guns
    "en": "Wolfgang Maximilian WWW Mk-IV Heavy Guard",
    "ja": "重装突撃機甲部隊第三小隊所属試作型長距離支援砲撃機体改二号機",
}


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize(("lang", "loadout"), CASES)
def test_nothing_spills_or_overlaps(tmp_path_factory, catalog, lang, loadout, size):
    with open_pdf(fill_pdf(tmp_path_factory, catalog, lang, loadout, size)) as pdf:
        page = pdf.pages[0]
        cards = unit_cards(page, size)
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
            # the ID box stays clear of the movement table under the header
            (id_box,) = [b for b in boxes if abs(b["width"] / MM - ID_BOX_MM[size]) < 0.5]
            under = [r for r in rects if r["top"] > id_box["top"] + 2 * MM and r is not id_box]
            assert min(r["top"] for r in under) >= id_box["bottom"], "a table under the ID box"


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize(("lang", "loadout"), CASES)
def test_the_hit_table_sits_at_the_foot(tmp_path_factory, catalog, lang, loadout, size):
    with open_pdf(fill_pdf(tmp_path_factory, catalog, lang, loadout, size)) as pdf:
        page = pdf.pages[0]
        for card in unit_cards(page, size):
            objs = inside_card(page.chars + page.rects + page.lines, card)
            _, top, bottom = band_and_foot(objs, card)
            assert top < 5.0 and bottom <= PAD_BOTTOM_MM[size] + 1.0, (top, bottom)


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


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize(("lang", "loadout"), CASES)
def test_no_word_breaks_at_a_line_end(tmp_path_factory, catalog, lang, loadout, size):
    with open_pdf(fill_pdf(tmp_path_factory, catalog, lang, loadout, size)) as pdf:
        page = pdf.pages[0]
        lines: list[str] = []
        for r in unit_cards(page, size):
            text = page.crop((r["x0"], r["top"], r["x1"], r["bottom"])).extract_text() or ""
            lines += text.splitlines()
    words = _words(loadout_team(loadout), catalog, lang)
    words.add(labels_for(lang)["silhouette"].split(" (")[0])
    assert words
    for word in words:
        assert any(word in line for line in lines), f"{word!r} is not printed whole"
        for a, b in itertools.pairwise(lines):
            for cut in range(1, len(word)):
                assert not (a.endswith(word[:cut]) and b.startswith(word[cut:])), (
                    f"{word!r} split as {a!r} / {b!r}"
                )


def _deck(catalog, loadout: str, size: str, lang: str = "en") -> tuple[list[dict], dict]:
    labels = labels_for(lang)
    cards = []
    for unit in loadout_team(loadout).units:
        resolved = resolve_unit(unit, catalog)
        assert resolved is not None
        cards.append(unit_card(resolved, "T", lang, labels, size))
    return cards, fit_deck(cards, labels, lang, size)


@pytest.mark.parametrize("size", SIZES)
def test_a_deck_of_light_units_gets_the_largest_type(catalog, size):
    """A deck of one-weapon units is set larger than the normal sizes: the largest scale its
    fullest card allows (on large cards the most there is; a poker card, 3 mm inside its cut
    and with 3.5 mm tick boxes, has room for 1.2 times)."""
    cards, deck = _deck(catalog, "one", size)
    labels = labels_for("en")
    fullest = min(largest_scale(copy.deepcopy(c), labels, "en", size) for c in cards)
    assert deck["scale"] == pytest.approx(fullest)
    assert deck["scale"] > 1.0
    if size == "large":
        assert deck["scale"] == pytest.approx(MAX_SCALE[size])
    assert deck["body_pt"] > TYPE[size].body and deck["key_pt"] > TYPE[size].key
    assert all(c["movement_cols"] == 1 for c in cards)  # a mode a row: room to spare


@pytest.mark.parametrize("size", SIZES)
def test_a_light_card_in_a_heavy_deck_is_set_at_the_heavy_cards_scale(catalog, size):
    """One scale per deck: a lone rifle beside three gatlings is not set larger than they are
    (fit by layout: its modes take a row each)."""
    labels = labels_for("en")
    team = Team(
        name="Mixed",
        units=[
            Unit(name="Solo", frame="skimmer", weapons=["rifle", None, None]),
            Unit(name="Hauler Max", frame="hauler", weapons=["gatling", "gatling", "gatling"]),
        ],
    )
    cards = [
        unit_card(resolve_unit(u, catalog), "T", "en", labels, size)  # type: ignore[arg-type]
        for u in team.units
    ]
    heavy_alone = largest_scale(cards[1], labels, "en", size)
    deck = fit_deck(cards, labels, "en", size)
    assert deck["scale"] == heavy_alone < MAX_SCALE[size]
    assert {c["body_pt"] for c in cards} == {deck["body_pt"]}
    assert cards[0]["movement_cols"] == 1


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_heaviest_loadout_goes_on_in_a_continuation_card(catalog, lang, size):
    """A 40-point frame with three gatlings, a heat track, heat on every gun and a 40-character
    name keeps the table's sizes: what does not fit goes on a second card with the same header
    (fit by layout, never by shrinking; test_overflow.py checks the printed cards)."""
    frames = tuple(f.model_copy(update={"heat_capacity": 15, "cooling": 3}) for f in catalog.frames)
    weapons = tuple(
        w.model_copy(update={"heat_per_attack": 2}) if w.type == "normal" else w
        for w in catalog.weapons
    )
    hot = catalog.model_copy(update={"frames": frames, "weapons": weapons})
    unit = resolve_unit(Unit(name=HEAVIEST[lang], frame="bastion", weapons=["gatling"] * 3), hot)
    assert unit is not None
    labels = labels_for(lang)
    pieces = split_to_fit(unit_card(unit, "T", lang, labels, size), labels, lang, size)
    deck = fit_deck(pieces, labels, lang, size)
    assert deck["body_pt"] >= TYPE[size].body and deck["key_pt"] >= TYPE[size].key
    assert all(fits(p, labels, lang, size) for p in pieces)
    assert [p["continued"] for p in pieces] == [False] + [True] * (len(pieces) - 1)
    assert sum(len(p["weapons"]) for p in pieces) == 3
    if size == "poker":
        assert len(pieces) > 1
