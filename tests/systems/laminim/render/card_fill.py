"""What the card-fill tests (large and poker) share: the teams, their PDFs, and how a unit card
is found and read on the printed page."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from builder.render.pdf import write_pdf
from builder.systems.laminim.printouts import CARD_SIZES, render_html
from builder.systems.laminim.team import Team, Unit
from tests.render.geometry import MM, inside

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


def unit_cards(page, size: str) -> list[dict]:
    """The unit cards' outlines, top to bottom, left to right (not the rules reference card)."""
    want_w, want_h = CARD_SIZES[size]
    cards = [
        r
        for r in page.rects
        if abs(r["width"] / MM - want_w) < 0.3 and abs(r["height"] / MM - want_h) < 0.3
    ]
    cards.sort(key=lambda r: (round(r["top"]), r["x0"]))
    assert len(cards) == 4  # three units and the rules reference card, last
    return cards[:3]


def is_outline(o: dict, card: dict) -> bool:
    return abs(o["width"] - card["width"]) < 1 and abs(o["height"] - card["height"]) < 1


def inside_card(objs: list[dict], card: dict) -> list[dict]:
    """What is printed on ``card`` (its own outline left out)."""
    return [o for o in objs if inside(o, card, slack=0.6) and not is_outline(o, card)]


def body_pt(chars: list[dict]) -> float:
    """The card's body size: the size most characters are printed at."""
    return Counter(round(c["size"], 2) for c in chars if c["text"].strip()).most_common(1)[0][0]
