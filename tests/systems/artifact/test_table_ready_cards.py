"""Artifact cards read at the table, measured on the PDFs: nothing under 6.5 pt, the numbers
read in play bold at 9 pt (poker) / 11 pt (large), one body size per deck, no blank band over
15 % of a card, tick boxes of at least 3.5 mm for every HP, P and MS aboard, Japanese broken
between phrases with a true bold and no catalog id or seed abbreviation, and no rule number on
a handout.

Every measure runs on the demo force and on forces no card was tuned to (the illegal example,
a big force of every type, every type under the longest Japanese names, and, with a catalog of
its own, suits of five and ten weapons that go on in continuation cards), in both languages at
both card sizes.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from builder.core.i18n import part_name
from builder.roster.team_file import load_team
from builder.systems.artifact.derive import all_units
from builder.systems.artifact.print_labels import labels_for
from builder.systems.artifact.printouts import CARD_SIZES, cards_context
from builder.systems.base import PrintOptions
from tests.printing.pdf_measure import (
    MM,
    Rendered,
    bad_breaks,
    body_size,
    card_boxes,
    chars_in,
    embedded_font_weights,
    every_case,
    japanese_cases,
    lines,
    lonely_last_lines,
    open_pdf,
    printed_chars,
    rules,
    runs,
    smallest_size,
    tallest_blank_band,
    word_sizes,
    wraps,
)

from .conftest import CATALOG_DIR

ROOT = Path(__file__).resolve().parents[3]
FORCES = {
    "demo": CATALOG_DIR / "demo_force.yaml",
    "illegal": ROOT / "examples" / "artifact" / "illegal_force.yaml",
    "big": Path(__file__).with_name("forces") / "big.yaml",
    "long_names": Path(__file__).with_name("forces") / "long_names.yaml",
    "arsenal": Path(__file__).with_name("forces") / "arsenal.yaml",
}
CATALOGS = {"arsenal": Path(__file__).with_name("catalogs") / "arsenal"}
"""The forces printed with a catalog of their own (units of up to ten weapons)."""
CASES = every_case(FORCES)
KEY_PT = {"poker": 9.0, "large": 11.0}


@pytest.fixture(scope="module")
def rendered(tmp_path_factory) -> dict[tuple[str, str, str, str], Path]:
    """Every force's cards and markers in every language and size, rendered once."""
    return Rendered(FORCES, tmp_path_factory.mktemp, ("cards", "markers"), CATALOGS)


def _cards(path: Path, size: str):
    """(page, card box, the card's printed characters) for every card of the PDF."""
    with open_pdf(path) as pdf:
        for page in pdf.pages:
            chars = printed_chars(page)
            boxes = card_boxes(page, CARD_SIZES[size])
            assert boxes
            for box in boxes:
                yield page, box, chars_in(chars, box)


def _catalog(which: str):
    system, _ = load_team(FORCES[which])
    return system.load_catalog(CATALOGS.get(which))


def _context(which: str, lang: str, size: str) -> dict:
    _, force = load_team(FORCES[which])
    return cards_context(force, _catalog(which), PrintOptions(lang=lang, card_size=size))


@pytest.mark.parametrize(("which", "lang", "size"), CASES)
def test_nothing_on_a_card_is_under_6_5_pt(rendered, which, lang, size):
    for _, _, chars in _cards(rendered[(which, lang, size, "cards")], size):
        assert smallest_size(chars) >= 6.5 - 0.01


@pytest.mark.parametrize(("which", "lang", "size"), CASES)
def test_the_numbers_read_in_play_are_bold_at_the_key_size(rendered, which, lang, size):
    """M, HP, P, the MS aboard and every weapon's range, dice, to-hit numbers and damage."""
    want: Counter[str] = Counter()
    for page in _context(which, lang, size)["pages"]:
        for placed in page["items"]:
            card = placed["item"]
            want[card["move"]] += 1
            want.update(str(t["count"]) for t in card["tracks"])
            for w in card["weapons"]:
                want.update(w[k] for k in ("range", "attacks", "to_hit_ms", "to_hit_ship"))
                want[w["damage"]] += 1
    printed: Counter[str] = Counter()
    for _, _, chars in _cards(rendered[(which, lang, size, "cards")], size):
        printed.update(r.text for r in runs(chars) if r.bold and r.size >= KEY_PT[size] - 0.01)
    assert want - printed == Counter()


@pytest.mark.parametrize(("which", "lang", "size"), CASES)
def test_every_card_of_a_pdf_has_one_body_size(rendered, which, lang, size):
    bodies = {
        body_size(chars) for _, _, chars in _cards(rendered[(which, lang, size, "cards")], size)
    }
    assert len(bodies) == 1, bodies


@pytest.mark.parametrize(("which", "lang", "size"), CASES)
def test_no_card_leaves_a_blank_band_over_15_percent(rendered, which, lang, size):
    bands = [
        tallest_blank_band(page, box)
        for page, box, _ in _cards(rendered[(which, lang, size, "cards")], size)
    ]
    assert max(bands) <= 0.15, [round(b, 3) for b in bands]


@pytest.mark.parametrize(("which", "lang", "size"), CASES)
def test_every_hp_p_and_aboard_point_has_a_tick_box_of_3_5_mm(rendered, which, lang, size):
    _, force = load_team(FORCES[which])
    units = all_units(_catalog(which))
    types = [force.ship.type, *(u.type for u in force.units)]
    want = sum(
        units[t].hp + getattr(units[t], "propellant", 0) + getattr(units[t], "capacity", 0)
        for t in types
        if t in units
    )
    boxes = 0
    with open_pdf(rendered[(which, lang, size, "cards")]) as pdf:
        for page in pdf.pages:
            # a box prints as its outer edge (and the inner edge of its 0.25 mm border)
            outer: dict[tuple[int, int], float] = {}
            for r in page.rects:
                if 3.0 * MM < r["width"] < 8 * MM and abs(r["width"] - r["height"]) < 0.1:
                    centre = (round((r["x0"] + r["x1"]) / 2), round((r["top"] + r["bottom"]) / 2))
                    outer[centre] = max(outer.get(centre, 0.0), r["width"] / MM)
            assert min(outer.values()) >= 3.5 - 0.01
            boxes += len(outer)
    assert boxes == want


@pytest.mark.parametrize(("which", "size"), japanese_cases(FORCES))
def test_japanese_lines_break_between_phrases_only(rendered, which, size):
    with open_pdf(rendered[(which, "ja", size, "cards")]) as pdf:
        for page in pdf.pages:
            chars = printed_chars(page)
            assert [str(w) for w in bad_breaks(chars, page.edges)] == []
            assert [str(w) for w in lonely_last_lines(chars, page.edges)] == []


def test_japanese_cards_embed_a_true_bold(rendered):
    weights = embedded_font_weights(rendered[("demo", "ja", "poker", "cards")])
    assert any("BIZ" in name and weight >= 600 for name, weight in weights.items()), weights


SEED_ABBREVIATIONS = ("A.MS", "A.S")


@pytest.mark.parametrize(("which", "size"), japanese_cases(FORCES))
def test_japanese_cards_print_no_catalog_id_and_no_seed_abbreviation(rendered, which, size):
    """Ids (``rick-dias``, ``beam-rifle``), the seed's A.MS / A.S, and 回 standing alone for
    the attacks (a word of one character a player has to know the seed to read)."""
    catalog = _catalog(which)
    ids = {u.id for u in all_units(catalog).values()}
    ids |= {w.id for u in all_units(catalog).values() for w in u.weapons}
    with open_pdf(rendered[(which, "ja", size, "cards")]) as pdf:
        for page in pdf.pages:
            chars = printed_chars(page)
            texts = [ln.text for ln in lines(chars)]
            text = " ".join(texts)
            assert [i for i in ids if re.search(rf"(?<![\w-]){re.escape(i)}(?![\w-])", text)] == []
            assert [a for a in SEED_ABBREVIATIONS if a in text] == []
            assert "回" not in [r.text for r in runs(chars)]


RULE_NUMBER = re.compile(r"\b(D\d{1,2}|RULES|rules\.md|\.yaml)\b")


@pytest.mark.parametrize(("which", "lang", "size"), CASES)
def test_handouts_say_the_rule_not_its_number_or_a_file(rendered, which, lang, size):
    for key in ((which, lang, size, "cards"), (which, lang, size, "markers")):
        with open_pdf(rendered[key]) as pdf:
            text = " ".join(ln.text for p in pdf.pages for ln in lines(printed_chars(p)))
        assert RULE_NUMBER.findall(text) == []


@pytest.mark.parametrize(
    ("lang", "size"),
    [pytest.param(*c.values[1:], marks=c.marks) for c in every_case(["arsenal"], ())],
)
def test_a_unit_too_full_for_one_card_goes_on_in_continuation_cards(rendered, lang, size):
    """The ten-weapon suit once ran off its card's foot: every weapon of every unit is on its
    cards once, in order, the cards after a unit's first saying "(continued)" after the name,
    and the PDF prints every card."""
    labels = {"en": "continued", "ja": "続き"}
    _, force = load_team(FORCES["arsenal"])
    units = all_units(_catalog("arsenal"))
    items = [p["item"] for page in _context("arsenal", lang, size)["pages"] for p in page["items"]]
    continued = [c for c in items if f"({labels[lang]})" in c["name"]]
    assert len(continued) >= 1
    printed = [w["name"] for c in items for w in c["weapons"]]
    types = [force.ship.type, *(u.type for u in force.units)]
    want = [part_name(w, lang) for t in types for w in units[t].weapons]
    assert printed == want
    cards = list(_cards(rendered[("arsenal", lang, size, "cards")], size))
    assert len(cards) == len(items)


def _items(which: str, lang: str, size: str) -> list[dict]:
    return [p["item"] for page in _context(which, lang, size)["pages"] for p in page["items"]]


@pytest.mark.parametrize(("which", "lang", "size"), CASES)
def test_every_unit_name_prints_on_the_lines_chosen_for_it(rendered, which, lang, size):
    """A name breaks where card_name.py chose, between phrases, each line whole: the browser
    once broke a Japanese name inside a word on English cards (「ラーカイラム改二/番艦」,
    「研/究所」) and set a third line that the card's head then clipped."""
    context = _context(which, lang, size)
    w, h = context["item"]["width"], context["item"]["height"]
    with open_pdf(rendered[(which, lang, size, "cards")]) as pdf:
        for page, sheet in zip(pdf.pages, context["pages"], strict=True):
            chars = printed_chars(page)
            for placed in sheet["items"]:
                x, y = placed["x"] * MM, placed["y"] * MM
                box = {"x0": x, "x1": x + w * MM, "top": y, "bottom": y + h * MM}
                printed = {ln.text.replace(" ", "") for ln in lines(chars_in(chars, box))}
                rows = placed["item"]["name_rows"]
                assert 1 <= len(rows) <= 2
                for row in rows:
                    assert row.replace(" ", "") in printed, (row, sorted(printed))


@pytest.mark.parametrize(("which", "lang", "size"), CASES)
def test_hp_prints_at_one_size_on_every_card_of_a_deck(rendered, which, lang, size):
    """The ship's track label once printed "HP" at the body size (6.5 pt) beside an MS's 9 pt,
    for the length of "Aboard" on the line below."""
    with open_pdf(rendered[(which, lang, size, "cards")]) as pdf:
        sizes = {s for page in pdf.pages for s in word_sizes(printed_chars(page), "HP")}
    assert len(sizes) == 1 and min(sizes) >= KEY_PT[size] - 0.01, sizes


@pytest.mark.parametrize(("which", "lang", "size"), CASES)
def test_a_deck_too_full_for_every_reminder_keeps_the_evasion_and_landing_rule(which, lang, size):
    """Unless a unit goes on in continuation cards, every card keeps the last paragraph of its
    reminder (an MS's evasion, the ship's landing): a Japanese deck a little too full for the
    whole reminder once went up to its largest type and printed no rule at all."""
    labels = labels_for(lang)
    items = _items(which, lang, size)
    if any(f"({labels['continued']})" in c["name"] for c in items):
        pytest.skip("a unit goes on in continuation cards: its reminder may give way")
    last = {"ms": labels["evade_rule"], "ship": labels["ship_rules"]}
    assert [c["rules"][-1:] for c in items] == [[last[c["kind"]]] for c in items]


@pytest.mark.parametrize(("which", "size"), japanese_cases(FORCES))
def test_japanese_cards_set_the_type_and_force_lines_with_japanese_punctuation(which, size):
    """「レウルーラ ・ 戦艦」 and 「部隊: …」 printed wide gaps in BIZ UDGothic."""
    for card in _items(which, "ja", size):
        assert "·" not in card["type_line"]
        assert card["force_line"].startswith("部隊：")


def _splits_a_number_from_its_unit(wrap) -> bool:
    end, start = wrap.before.text, wrap.after.text
    return (end[-1:].isdigit() and start.startswith(("cm", "P"))) or (
        end.endswith("P") and start[:1].isdigit()
    )


@pytest.mark.parametrize(
    ("which", "size"),
    [pytest.param(c.values[0], c.values[2], marks=c.marks) for c in CASES if c.values[1] == "en"],
)
def test_english_cards_never_split_a_number_from_its_unit(rendered, which, size):
    """The evasion reminder once broke "within 10 / cm"; "1 P" and "P 0" stay together too."""
    with open_pdf(rendered[(which, "en", size, "cards")]) as pdf:
        for page in pdf.pages:
            found = wraps(printed_chars(page), rules(page))
            assert [str(w) for w in found if _splits_a_number_from_its_unit(w)] == []
