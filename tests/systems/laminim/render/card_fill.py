"""What the card-fill tests (large and poker) share: the teams, their PDFs, and how a unit card
is found and read on the printed page."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pdfplumber

from builder.render.pdf import write_pdf
from builder.systems.laminim.card_fit import CARD_SIZES
from builder.systems.laminim.printouts import render_html
from builder.systems.laminim.team import Team, Unit
from tests.render.geometry import MM, describe, inside, intersection, overlapping_pairs

LOADOUTS: dict[str, list[tuple[str, str, list[str | None]]]] = {
    "one": [
        ("Solo", "skimmer", ["rifle", None, None]),
        ("Lone Blade", "lancer", ["blade"]),
        ("単発", "striker", ["smg"]),
    ],
    "two": [
        ("Pair", "striker", ["rifle", "missile"]),
        ("Duo", "vanguard", ["autocannon", "shield"]),
        ("Twin", "lancer", ["smg", "quick-booster"]),
    ],
    "heavy": [
        ("Fortress", "bastion", ["gatling", "gatling", "missile"]),  # over payload: --force
        ("Hauler Max", "hauler", ["gatling", "gatling", "gatling"]),
        ("Brick", "bastion", ["gatling", "missile", "missile"]),
    ],
}
CASES = [(lang, team) for team in LOADOUTS for lang in ("en", "ja")]

_cache: dict[tuple[str, str, str], Path] = {}


def loadout_team(loadout: str) -> Team:
    units = [Unit(name=n, frame=f, weapons=w) for n, f, w in LOADOUTS[loadout]]
    return Team(name=f"{loadout.title()} team", units=units)


def fill_pdf(tmp_path_factory, catalog, lang: str, loadout: str, size: str) -> Path:
    """The cards of ``loadout``'s team at ``size``, rendered once per test session."""
    key = (lang, loadout, size)
    if key not in _cache:
        html = render_html(loadout_team(loadout), catalog, "cards", lang=lang, card_size=size)
        path = tmp_path_factory.mktemp(f"fill-{size}") / f"{lang}-{loadout}.pdf"
        write_pdf(html, path)
        _cache[key] = path
    return _cache[key]


SWEEP_NAMES = {
    "en": ["Ace", "Wolfgang Maximilian WWW Mk-IV Heavy Guard", "MMMMMMMMMM WWWWWWWWWW"],
    "ja": [
        "隼",
        "重装突撃機甲部隊第三小隊所属試作型長距離支援砲撃機体改二号機",
        "雷電轟天覇王烈火",
    ],
}


def sweep_team(catalog, lang: str, kind: str) -> Team:
    """Every weapon of the catalog alone ("singles") or with the next one ("pairs", an empty
    slot between), one unit each, on the frames in turn, with short and 40-character names."""
    frames = [f.id for f in catalog.frames]
    weapons = [w.id for w in catalog.weapons]
    if kind == "singles":
        loadouts = [[w] for w in weapons]
    else:
        loadouts = [[a, None, b] for a, b in zip(weapons, weapons[1:] + weapons[:1], strict=True)]
    units = [
        Unit(name=SWEEP_NAMES[lang][i % 3], frame=frames[i % len(frames)], weapons=loadout)
        for i, loadout in enumerate(loadouts)
    ]
    return Team(name=f"Sweep {kind}", units=units)


def card_outlines(page, size: str) -> list[dict]:
    """The outlines of the cards of ``size`` on ``page``, top to bottom, left to right."""
    want_w, want_h = CARD_SIZES[size]
    cards = [
        r
        for r in page.rects
        if abs(r["width"] / MM - want_w) < 0.3 and abs(r["height"] / MM - want_h) < 0.3
    ]
    return sorted(cards, key=lambda r: (round(r["top"]), r["x0"]))


def unit_cards(page, size: str) -> list[dict]:
    """The unit cards' outlines, top to bottom, left to right (not the rules reference card):
    three units, a unit too heavy for one card with its continuation cards, all on the first
    page (the most a loadout team takes is seven cards of nine)."""
    cards = card_outlines(page, size)
    assert len(page.pdf.pages) == 1
    assert 4 <= len(cards) <= 7  # three units or more cards, and the rules reference card, last
    return cards[:-1]


def band_and_foot(objs: list[dict], card: dict) -> tuple[float, float, float]:
    """The tallest empty horizontal band (mm) between the first and the last thing printed, and
    the room (mm) above the first and under the last."""
    spans = sorted((o["top"], o["bottom"]) for o in objs)
    band, end = 0.0, spans[0][1]
    for top, bottom in spans[1:]:
        band = max(band, top - end)
        end = max(end, bottom)
    return band / MM, (spans[0][0] - card["top"]) / MM, (card["bottom"] - end) / MM


def swept_unit_cards(path: Path, size: str) -> Iterator[tuple[object, dict, list[dict]]]:
    """Each unit card of a sweep PDF as (page, card, its characters), after checking that no
    text crosses a card edge and none is printed over other text (the rules card skipped)."""
    with pdfplumber.open(path) as pdf:
        for page in pdf.pages:
            cards = card_outlines(page, size)
            printed = [c for c in page.chars if c["text"].strip()]
            crossing = [
                c
                for c in printed
                if any(intersection(c, r) > 0 for r in cards)
                and not any(inside(c, r) for r in cards)
            ]
            assert not crossing, f"text crosses a card edge: {describe(crossing[:5])}"
            for card in cards:
                mine = [c for c in printed if inside(c, card)]
                text = "".join(c["text"] for c in mine)
                if "Rulesreference" in text or "ルール早見表" in text:
                    continue  # the rules reference card
                pairs = overlapping_pairs(mine)
                assert not pairs, f"text printed over text: {describe(pairs[0])}"
                yield page, card, mine


def things_on(page, card: dict, mine: list[dict]) -> list[dict]:
    """Characters, boxes and lines printed on ``card`` (its outline left out)."""
    return [
        o
        for o in mine + page.rects + page.lines
        if inside(o, card, 0.6) and o["height"] < card["height"] - 1
    ]


def is_outline(o: dict, card: dict) -> bool:
    return abs(o["width"] - card["width"]) < 1 and abs(o["height"] - card["height"]) < 1


def inside_card(objs: list[dict], card: dict) -> list[dict]:
    """What is printed on ``card`` (its own outline left out)."""
    return [o for o in objs if inside(o, card, slack=0.6) and not is_outline(o, card)]


def body_pt(chars: list[dict]) -> float:
    """The card's body size: the size most characters are printed at."""
    return Counter(round(c["size"], 2) for c in chars if c["text"].strip()).most_common(1)[0][0]
