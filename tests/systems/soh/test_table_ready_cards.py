"""soh character cards and the odds reference read at the table, measured on the PDFs: nothing
on a card under 6.5 pt, the numbers read in play (AP, evasion, durability, hit value, damage,
rate) bold at 9 pt (poker) / 11 pt (large), one body size per deck, no blank band over 15 % of
a card, a box to tick for every round of ammo, a round plan without a dangling slash, the wound
rule saying to round down, Japanese broken between phrases with a true bold and no catalog id,
and no rule number on a handout.

Every measure runs on the demo crew and on crews no card was tuned to (the illegal example, a
big crew of every armour and vehicle, a crew of many skills each, a heavily armed crew with long
Japanese names), in both languages at both card sizes; the odds reference, one document for
every crew and size, once per language.
"""

from __future__ import annotations

import itertools
import re
from collections import Counter
from collections.abc import Callable
from functools import cache
from pathlib import Path

import pytest

from builder.render.batch import render_html
from builder.roster.team_file import load_team
from builder.systems.base import PrintOptions
from builder.systems.soh.derive import derive_all
from builder.systems.soh.print_fit import AMMO_TRACK_MAX
from builder.systems.soh.printouts import CARD_SIZES, WOUND_BOXES, cards_context, skill_name
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
    runs,
    smallest_size,
    tallest_blank_band,
)

ROOT = Path(__file__).resolve().parents[3]
CREWS = {
    "demo": ROOT / "parts_catalog" / "soh" / "demo_crew.yaml",
    "illegal": ROOT / "examples" / "soh" / "illegal_crew.yaml",
    "big": Path(__file__).with_name("crews") / "big_crew.yaml",
    "skilled": Path(__file__).with_name("crews") / "skilled_crew.yaml",
    "heavy": Path(__file__).with_name("crews") / "heavy_crew.yaml",
}
CASES = every_case(CREWS)
KEY_PT = {"poker": 9.0, "large": 11.0}


@pytest.fixture(scope="module")
def rendered(tmp_path_factory) -> dict[tuple[str, str, str, str], Path]:
    """Every crew's cards in every language and size, rendered once."""
    return Rendered(CREWS, tmp_path_factory.mktemp, kinds=("cards",))


@pytest.fixture(scope="module")
def reference(tmp_path_factory) -> Callable[[str], Path]:
    """The odds reference in a language, rendered once: it is the same document for every
    crew and card size (pinned below), so the demo's stands for each case's."""
    demo = Rendered({"demo": CREWS["demo"]}, tmp_path_factory.mktemp, kinds=("reference",))
    return lambda lang: demo[("demo", lang, "poker", "reference")]


def _reference_html(which: str, lang: str, size: str) -> str:
    system, crew = load_team(CREWS[which])
    options = PrintOptions(paper="a4", lang=lang, card_size=size)  # type: ignore[arg-type]
    printouts = system.printouts(crew, system.load_catalog(), options)
    (printout,) = [p for p in printouts if p.kind == "reference"]
    return render_html(printout)


def test_the_odds_reference_is_the_same_for_every_crew_and_card_size():
    for lang in ("en", "ja"):
        demo = _reference_html("demo", lang, "poker")
        for which, size in itertools.product(CREWS, ("poker", "large")):
            assert _reference_html(which, lang, size) == demo, (which, lang, size)


def _cards(path: Path, size: str):
    """(page, card box, the card's printed characters) for every card of the PDF."""
    with open_pdf(path) as pdf:
        for page in pdf.pages:
            chars = printed_chars(page)
            boxes = card_boxes(page, CARD_SIZES[size])
            assert boxes
            for box in boxes:
                yield page, box, chars_in(chars, box)


def _items(which: str, lang: str, size: str) -> list[dict]:
    system, crew = load_team(CREWS[which])
    context = cards_context(crew, system.load_catalog(), PrintOptions(lang=lang, card_size=size))
    return [placed["item"] for page in context["pages"] for placed in page["items"]]


@cache
def _text(path: Path) -> str:
    with open_pdf(path) as pdf:
        return "\n".join(ln.text for p in pdf.pages for ln in lines(printed_chars(p)))


@pytest.mark.parametrize(("which", "lang", "size"), CASES)
def test_nothing_on_a_card_is_under_6_5_pt(rendered, which, lang, size):
    for _, _, chars in _cards(rendered[(which, lang, size, "cards")], size):
        assert smallest_size(chars) >= 6.5 - 0.01


@pytest.mark.parametrize(("which", "lang", "size"), CASES)
def test_the_numbers_read_in_play_are_bold_at_the_key_size(rendered, which, lang, size):
    want: Counter[str] = Counter()
    for card in _items(which, lang, size):
        if not card["continued"]:
            want.update(str(card[k]) for k in ("ap", "evasion", "durability_a", "durability_b"))
        for w in card["weapons"]:
            want.update(w[k] for k in ("hit", "damage", "rate") if w[k] != "–")
    printed: Counter[str] = Counter()
    for _, _, chars in _cards(rendered[(which, lang, size, "cards")], size):
        printed.update(r.text for r in runs(chars) if r.bold and r.size >= KEY_PT[size] - 0.01)
    assert want - printed == Counter()


@pytest.mark.parametrize(("which", "lang", "size"), CASES)
def test_every_card_of_a_pdf_has_one_body_size(rendered, which, lang, size):
    path = rendered[(which, lang, size, "cards")]
    bodies = {body_size(chars) for _, _, chars in _cards(path, size)}
    assert len(bodies) == 1, bodies


@pytest.mark.parametrize(("which", "lang", "size"), CASES)
def test_no_card_leaves_a_blank_band_over_15_percent(rendered, which, lang, size):
    path = rendered[(which, lang, size, "cards")]
    bands = [tallest_blank_band(page, box) for page, box, _ in _cards(path, size)]
    assert max(bands) <= 0.15, [round(b, 3) for b in bands]


@pytest.mark.parametrize(("which", "lang", "size"), CASES)
def test_every_round_of_ammo_and_every_wound_has_a_box_to_tick_of_3_5_mm(
    rendered, which, lang, size
):
    """Before, a card said "Ammo 30" and left the counting to the player's memory; a box under
    3.5 mm is too small to tick with a pencil at the table."""
    system, crew = load_team(CREWS[which])
    derived = derive_all(crew.characters, system.load_catalog())
    rounds = sum(
        w.weapon.ammo
        for d in derived
        for w in d.weapons
        if w.weapon.ammo is not None and w.weapon.ammo <= AMMO_TRACK_MAX
    )
    want = rounds + WOUND_BOXES * len(derived)
    boxes = 0
    with open_pdf(rendered[(which, lang, size, "cards")]) as pdf:
        for page in pdf.pages:
            # a box prints as its outer edge and the inner edge of its border: one per centre
            outer: dict[tuple[int, int], float] = {}
            for r in page.rects:
                if 2.5 * MM < r["width"] < 6.5 * MM and abs(r["width"] - r["height"]) < 0.1:
                    centre = (round((r["x0"] + r["x1"]) / 2), round((r["top"] + r["bottom"]) / 2))
                    outer[centre] = max(outer.get(centre, 0.0), r["width"] / MM)
            assert min(outer.values()) >= 3.5 - 0.01
            boxes += len(outer)
    assert boxes == want


@pytest.mark.parametrize(("which", "lang", "size"), CASES)
def test_no_line_starts_or_ends_on_a_slash(rendered, which, lang, size):
    """The round plan once wrapped as "AP to evasion / attacks: [ ] /" and a box below."""
    for ln in _text(rendered[(which, lang, size, "cards")]).splitlines():
        assert not ln.strip().endswith("/") and not ln.strip().startswith("/"), ln


@pytest.mark.parametrize(("which", "lang", "size"), CASES)
def test_the_wound_rule_says_to_round_down(rendered, reference, which, lang, size):
    word = "round" if lang == "en" else "切り捨て"
    reference = _text(reference(lang))
    wound = "wounds" if lang == "en" else "負傷"
    assert any(wound in ln.lower() for ln in reference.splitlines())
    assert word in reference
    cards = _text(rendered[(which, lang, size, "cards")])
    assert word in cards


@pytest.mark.parametrize(("which", "size"), japanese_cases(CREWS))
def test_japanese_lines_break_between_phrases_only(rendered, reference, which, size):
    for path in (rendered[(which, "ja", size, "cards")], reference("ja")):
        with open_pdf(path) as pdf:
            for page in pdf.pages:
                chars = printed_chars(page)
                assert [str(w) for w in bad_breaks(chars, page.edges)] == []
                assert [str(w) for w in lonely_last_lines(chars, page.edges)] == []


def test_japanese_cards_embed_a_true_bold(rendered):
    weights = embedded_font_weights(rendered[("demo", "ja", "poker", "cards")])
    assert any("BIZ" in name and weight >= 600 for name, weight in weights.items()), weights


@pytest.mark.parametrize(("which", "size"), japanese_cases(CREWS))
def test_japanese_cards_print_no_catalog_id(rendered, which, size):
    """Skills and gear kinds were printed as ids: 「(powered-suit)」「リボルバー guns」."""
    system, crew = load_team(CREWS[which])
    catalog = system.load_catalog()
    ids = {p.id for p in (*catalog.weapons, *catalog.armour, *catalog.vehicles)}
    ids |= {p.kind for p in (*catalog.armour, *catalog.vehicles)}
    ids |= {w.skill for w in catalog.weapons} | {s for c in crew.characters for s in c.skills}
    ids |= {"evasion", "piloting", "powered-suit"}
    text = _text(rendered[(which, "ja", size, "cards")])
    found = [i for i in ids if re.search(rf"(?<![\w-]){re.escape(i)}(?![\w-])", text)]
    assert found == []


RULE_NUMBER = re.compile(r"\b(D\d{1,2}|RULES|rules\.md|\.yaml)\b")


@pytest.mark.parametrize(("which", "lang", "size"), CASES)
def test_handouts_say_the_rule_not_its_number_or_a_file(rendered, reference, which, lang, size):
    for path in (rendered[(which, lang, size, "cards")], reference(lang)):
        assert RULE_NUMBER.findall(_text(path)) == []


def _squeeze(text: str) -> str:
    return re.sub(r"\s", "", text)


def _shown(name: str, name_ja: str | None, lang: str) -> str:
    return name_ja if lang == "ja" and name_ja else name


@pytest.mark.parametrize(("which", "lang", "size"), CASES)
def test_every_characters_name_prints_whole_on_each_of_its_cards(rendered, which, lang, size):
    """A long name was cut with an ellipsis: "Gunnery Sergeant Maximili…", and in Japanese
    inside its katakana word (「マクシミリアーナ・ハル…」). It takes two lines instead, broken
    at a space, not at a hyphen ("Vantablack-/Okafor")."""
    _, crew = load_team(CREWS[which])
    items = _items(which, lang, size)
    assert all("…" not in "".join(card["name"]) for card in items)
    path = rendered[(which, lang, size, "cards")]
    tops = [lines(chars)[:2] for _, _, chars in _cards(path, size)]
    assert not [ln.text for top in tops for ln in top if ln.text.rstrip().endswith("-")]
    heads = [_squeeze(" ".join(ln.text for ln in top)) for top in tops]
    assert len(heads) == len(items)
    for ch in crew.characters:
        name = _squeeze(_shown(ch.name, ch.name_ja, lang))
        cards = sum(1 for card in items if _squeeze("".join(card["name"])) == name)
        assert cards >= 1 and sum(h.startswith(name) for h in heads) == cards, name


@pytest.mark.parametrize(("which", "lang", "size"), CASES)
def test_a_weapons_skill_prints_in_brackets_after_its_name(rendered, which, lang, size):
    """「リボルバー 射撃」 read as one weapon's name, and a skill on the row under a long name
    (「射撃 7 A 12 5」) as another weapon: the skill is bracketed, as the evasion skill is."""
    system, crew = load_team(CREWS[which])
    catalog = system.load_catalog()
    names = [_squeeze(_shown(c.name, c.name_ja, lang)) for c in crew.characters]
    text = ""
    for _, _, chars in _cards(rendered[(which, lang, size, "cards")], size):
        card = _squeeze("".join(ln.text for ln in lines(chars)))
        for name in names:  # 「砲術軍曹…」 names a skill
            card = card.replace(name, "")
        text += card
    skills = Counter(
        skill_name(w.weapon.skill, lang).replace(" ", "")
        for d in derive_all(crew.characters, catalog)
        for w in d.weapons
    )
    for skill, n in skills.items():
        assert text.count(f"({skill})") >= n, skill
        assert skill not in text.replace(f"({skill})", ""), skill


@pytest.mark.parametrize(("which", "lang", "size"), CASES)
def test_an_ammo_track_keeps_ten_boxes_a_row_at_the_decks_scale(which, lang, size):
    """A deck set larger left a row beside the wider ammo label room for five boxes only:
    "Ammo 30" printed as a tower of six rows."""
    for card in _items(which, lang, size):
        for w in card["weapons"]:
            if w["ammo_rows"]:
                assert len(w["ammo_rows"]) <= -(-w["ammo"] // 10), (w["name"], w["ammo_rows"])
