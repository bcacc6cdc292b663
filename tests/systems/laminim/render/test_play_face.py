"""LAMINIM cards are table-ready, measured on the printed PDF (tests/printing/pdf_measure.py):
nothing under 6.5 pt; the numbers read in play (durability, power, attacks, the hit values) bold
at 9 pt on poker cards and 11 pt on large ones; one body size for every card of a deck; no blank
band over 15 % of a card; large tick boxes at least 3.5 mm; no rule numbers, file names or ids
on a card; Japanese cards all in Japanese, set with a true bold and broken between phrases.

On the demo team, the example teams (examples/laminim/), a deck of one-weapon units, a deck
mixing the lightest and the heaviest loadouts, and a heavy deck with 40-character names, in
English and Japanese, on poker and large cards.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest

from builder.core.resources import bundled_catalog_dir
from builder.render.pdf import write_pdf
from builder.roster.team_file import load_team
from builder.systems.laminim.card_fit import CARD_SIZES, TYPE
from builder.systems.laminim.catalog import load_catalog
from builder.systems.laminim.legality import resolve_unit
from builder.systems.laminim.print_labels import labels_for
from builder.systems.laminim.printouts import render_html
from builder.systems.laminim.team import Team, Unit
from tests.printing import pdf_measure as pm
from tests.render.geometry import outermost, squares

EXAMPLES = Path(__file__).resolve().parents[4] / "examples" / "laminim"

HEAVY_NAMES = {
    "en": "Wolfgang Maximilian WWW Mk-IV Heavy Guard",
    "ja": "重装突撃機甲部隊第三小隊所属試作型長距離支援砲撃機体改二号機",
}

BUILT: dict[str, list[tuple[str, str, list[str | None]]]] = {
    "light": [
        ("Solo", "skimmer", ["rifle", None, None]),
        ("Lone Blade", "lancer", ["blade"]),
        ("単発", "striker", ["smg"]),
    ],
    "mixed": [
        ("Solo", "skimmer", ["rifle", None, None]),
        ("Hauler Max", "hauler", ["gatling", "gatling", "gatling"]),
        ("Twin", "lancer", ["smg", "quick-booster"]),
    ],
    "heavy": [
        ("{heavy}", "bastion", ["gatling", "gatling", "missile"]),  # over payload: --force
        ("Brick", "bastion", ["gatling", "missile", "missile"]),
        ("{heavy} 2", "hauler", ["gatling", "rocket", "shield"]),
        ("Duo", "vanguard", ["autocannon", "shield", "thruster"]),
    ],
}
"""Teams the card layout was not tuned to, beside the demo and example files."""

TEAMS = ["demo", "my_team", "rivals", *BUILT]
CASES = pm.every_case(TEAMS)
"""Every team × en/ja × poker/large; for a team other than the demo, two pairs in the default
run and the other two with ``-m slow`` (:func:`tests.printing.pdf_measure.every_case`)."""


def team_for(name: str, lang: str) -> Team:
    if name == "demo":
        return load_team(bundled_catalog_dir("laminim") / "demo_team.yaml")[1]
    if name in BUILT:
        units = [
            Unit(name=n.format(heavy=HEAVY_NAMES[lang]), frame=f, weapons=w)
            for n, f, w in BUILT[name]
        ]
        return Team(name=f"{name.title()} deck", units=units)
    return load_team(EXAMPLES / f"{name}.yaml")[1]


@cache
def _pdf(team: str, lang: str, size: str) -> Path:
    import tempfile

    folder = Path(tempfile.mkdtemp(prefix="playface-"))
    html = render_html(team_for(team, lang), load_catalog(), "cards", lang=lang, card_size=size)
    path = folder / f"{team}-{lang}-{size}.pdf"
    write_pdf(html, path)
    return path


@cache
def _cards(team: str, lang: str, size: str) -> tuple[tuple[dict, list[dict]], ...]:
    """Every card of the deck (the reference card last) as (box, its characters), and each
    page's rules and objects kept with the box."""
    out = []
    with pm.open_pdf(_pdf(team, lang, size)) as pdf:
        for page in pdf.pages:
            chars = pm.printed_chars(page)
            rules = pm.rules(page)
            marks = pm.marks(page)
            for box in pm.card_boxes(page, CARD_SIZES[size]):
                mine = pm.chars_in(chars, box)
                box = {**box, "band": pm.tallest_blank_band(page, box, marks)}
                box["rules"] = [r for r in rules if _within(r, box)]
                box["squares"] = [r for r in page.rects if _within(r, box)]
                out.append((box, mine))
    return tuple(out)


def _within(obj: dict, box: dict) -> bool:
    return (
        obj["x0"] >= box["x0"] - 0.6
        and obj["x1"] <= box["x1"] + 0.6
        and obj["top"] >= box["top"] - 0.6
        and obj["bottom"] <= box["bottom"] + 0.6
    )


def _text(chars: list[dict]) -> str:
    return "".join(line.text for line in pm.lines(chars))


def _by_unit(team: str, lang: str, size: str) -> list[list[list[dict]]]:
    """The characters of each unit's cards, in team order: a unit too heavy for one card goes
    on in continuation cards, marked "(continued)" after its durability."""
    mark = "(" + labels_for(lang)["continued"] + ")"
    units: list[list[list[dict]]] = []
    for _, chars in _cards(team, lang, size)[:-1]:
        if mark in _text(chars).replace(" ", ""):
            units[-1].append(chars)
        else:
            units.append([chars])
    return units


@pytest.mark.parametrize(("team", "lang", "size"), CASES)
def test_nothing_on_a_card_is_under_6_5_pt(team, lang, size):
    cards = _cards(team, lang, size)
    assert len(_by_unit(team, lang, size)) == len(team_for(team, lang).units)
    for _, chars in cards:
        assert pm.smallest_size(chars) >= max(6.5, TYPE[size].label) - 0.01, _text(chars)[:60]


@pytest.mark.parametrize(("team", "lang", "size"), CASES)
def test_play_numbers_are_bold_at_the_key_size(team, lang, size):
    """Each unit card prints its frame's durability, every weapon's power and attacks and the
    six hit values bold at 9 pt (poker) / 11 pt (large) or more."""
    catalog = load_catalog()
    key = {"poker": 9.0, "large": 11.0}[size]
    units = [resolve_unit(u, catalog) for u in team_for(team, lang).units]
    for cards, unit in zip(_by_unit(team, lang, size), units, strict=True):
        assert unit is not None
        big = {
            r.text
            for chars in cards
            for r in pm.number_runs(chars)
            if r.bold and r.size >= key - 0.01
        }
        want = {str(unit.frame.durability)} | {f"{n}+" for n in range(1, 7)}
        for weapon in (w for w in unit.slots if w is not None and w.type != "special"):
            want |= {str(weapon.power), str(weapon.attacks)}
        assert want <= big, f"{unit.name}: {sorted(want - big)} not bold at {key} pt"


@pytest.mark.parametrize(("team", "lang", "size"), CASES)
def test_every_card_of_a_deck_has_one_body_size(team, lang, size):
    bodies = {pm.body_size(chars) for _, chars in _cards(team, lang, size)}
    assert len(bodies) == 1, bodies


@pytest.mark.parametrize(("team", "lang", "size"), CASES)
def test_no_card_has_a_blank_band_over_15_percent(team, lang, size):
    for box, chars in _cards(team, lang, size):
        assert box["band"] <= 0.15, f"{box['band']:.0%} blank on {_text(chars)[:40]!r}"


@pytest.mark.parametrize("team", TEAMS)
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_large_tick_boxes_are_at_least_3_5_mm(team, lang):
    for box, _ in _cards(team, lang, "large")[:-1]:
        # a printed box is its border's outer rectangle and its white inside: the outer counts
        ticks = outermost(squares(box["squares"], 2.0, 6.0))
        assert ticks
        assert min(r["width"] for r in ticks) / pm.MM >= 3.5 - 0.01


@pytest.mark.parametrize(("team", "lang", "size"), CASES)
def test_no_rule_numbers_file_names_or_ids_on_a_card(team, lang, size):
    catalog = load_catalog()
    threats = [t.id for t in catalog.threats]
    for _, chars in _cards(team, lang, size):
        text = " ".join(line.text for line in pm.lines(chars))
        assert not re.search(r"\bD\d{1,2}\b|RULES|§|\.ya?ml|\.md\b|docs/", text), text
        for tid in threats:
            assert tid not in text


@pytest.mark.parametrize(("team", "size"), pm.japanese_cases(TEAMS))
def test_japanese_cards_print_no_english_but_the_names_players_gave(team, size):
    """Every label, column head and unit on a Japanese card is Japanese: the only Latin
    letters are in the unit and team names (the catalog's ids never show)."""
    t = team_for(team, "ja")
    catalog = load_catalog()
    names = sorted([t.name, *(u.name for u in t.units)], key=len, reverse=True)
    ids = [p.id for p in (*catalog.frames, *catalog.weapons, *catalog.threats)]
    for _, chars in _cards(team, "ja", size):
        text = " ".join(line.text for line in pm.lines(chars))
        for name in names:  # names print without their spaces; ellipses cut long ones
            for piece in name.replace("…", " ").split():
                text = text.replace(piece, " ")
        assert not re.search(r"[A-Za-z]{2,}", text), text
        for pid in ids:
            assert not re.search(rf"(?<![A-Za-z]){re.escape(pid)}(?![A-Za-z])", text)


@pytest.mark.parametrize(("team", "size"), pm.japanese_cases(TEAMS))
def test_japanese_lines_break_between_phrases(team, size):
    """No line ends inside a katakana word or between a number and its counter, and no
    paragraph ends on a line of one character."""
    for box, chars in _cards(team, "ja", size):
        assert not pm.bad_breaks(chars, box["rules"]), [
            str(w) for w in pm.bad_breaks(chars, box["rules"])
        ]
        assert not pm.lonely_last_lines(chars, box["rules"])


@pytest.mark.parametrize("size", ["poker", "large"])
def test_japanese_cards_embed_a_true_bold(size):
    weights = pm.embedded_font_weights(_pdf("demo", "ja", size))
    bold = [w for name, w in weights.items() if "bold" in name.lower()]
    assert bold and min(bold) >= 600, weights
