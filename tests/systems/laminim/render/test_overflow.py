"""Nothing spills: worst-case units with 40-character names, measured on the printed PDF.

Every character must lie inside a card outline (or, for the one footer line per page, outside
all cards and inside the page); cards must not overlap; no text may be printed over other text
or over a tick box; tick boxes stay at least 2.5 mm (3 mm on poker). Token and marker text must
stay inside its 50 mm circle. The teams are deliberately heavy (some over their payload:
``render_team`` prints a forced illegal team too, and it must print right as well).
"""

from __future__ import annotations

import math
from pathlib import Path

import pdfplumber
import pytest

from builder.render.pdf import write_pdf
from builder.systems.laminim.card_fit import CARD_SIZES
from builder.systems.laminim.print_labels import labels_for
from builder.systems.laminim.printouts import render_html
from builder.systems.laminim.team import Team, Unit
from tests.printing.pdf_measure import DEFAULT_PAIRS
from tests.render.geometry import (
    MM,
    describe,
    inside,
    intersection,
    outermost,
    overlapping_pairs,
    squares,
)


def _forty(text: str) -> str:
    return (text * 3)[:40]


NAMES = {
    "en": {
        "team": _forty("Wandering Warhammer Mercenary Wing WMW "),
        "units": [
            _forty("Wolfgang Maximilian WWW Mk-IV Heavy Guard "),
            _forty("SupercalifragilisticexpialidociousMkXIVW"),  # no break opportunity
            _forty("MMMMMMMMMM WWWWWWWWWW "),
        ],
    },
    "ja": {
        "team": _forty("重装突撃機甲部隊第三小隊所属試作型長距離支援砲撃機体改二号機"),
        "units": [
            _forty("重装突撃機甲部隊第三小隊所属試作型長距離支援砲撃機体改二号機"),
            _forty("ガトリングガトリングガトリングマシンガン"),
            _forty("雷電轟天覇王烈火"),
        ],
    },
}

HEAVY = [
    ("bastion", ["gatling", "gatling", "gatling"]),  # 40 + 3 x (14 + 12) boxes, over payload
    ("hauler", ["gatling", "gatling", "gatling"]),  # 22 + 3 x (14 + 12), legal (18/18)
    ("bastion", ["gatling", "gatling", "machine-gun"]),  # 40 + 2 x 26 + 8 + 12
]
MIXED = [  # shields, empty slots, special parts and the longest ability texts
    ("striker", ["shield", None, "rocket"]),
    ("skimmer", ["thruster", "quick-booster", None]),
    ("lancer", [None, "blade", "missile"]),
]


def _hot(catalog):
    """The catalog with a heat track on every frame (15 boxes) and heat on every gun: no
    bundled frame has heat yet, but a catalog may add it and the card must still fit."""
    frames = tuple(f.model_copy(update={"heat_capacity": 15, "cooling": 3}) for f in catalog.frames)
    weapons = tuple(
        w.model_copy(update={"heat_per_attack": 2}) if w.type == "normal" else w
        for w in catalog.weapons
    )
    return catalog.model_copy(update={"frames": frames, "weapons": weapons})


def _team(lang: str, loadout: list[tuple[str, list[str | None]]]) -> Team:
    names = NAMES[lang]
    units = [
        Unit(name=name, frame=frame, weapons=weapons)
        for name, (frame, weapons) in zip(names["units"], loadout, strict=True)
    ]
    return Team(name=names["team"], units=units)


def _tick_count(catalog, loadout) -> int:
    """One box per durability point of every frame and weapon and per ammo unit."""
    total = 0
    for frame, weapons in loadout:
        total += catalog.frame(frame).durability
        for wid in filter(None, weapons):
            weapon = catalog.weapon(wid)
            total += weapon.durability + (weapon.ammo or 0)
    return total


_cache: dict[tuple, Path] = {}


def _pdf(tmp_path_factory, catalog, kind, lang, loadout="heavy", **kw) -> Path:
    key = (kind, lang, loadout, tuple(sorted(kw.items())))
    if key not in _cache:
        team = _team(lang, MIXED if loadout == "mixed" else HEAVY)
        if loadout == "hot":
            catalog = _hot(catalog)
        html = render_html(team, catalog, kind, lang=lang, **kw)
        path = tmp_path_factory.mktemp("overflow") / f"{kind}.pdf"
        write_pdf(html, path)
        _cache[key] = path
    return _cache[key]


def _centre(box: dict) -> tuple[float, float]:
    return ((box["x0"] + box["x1"]) / 2, (box["top"] + box["bottom"]) / 2)


def _check_regions(page, regions: list[dict], what: str) -> None:
    """Every char inside one region, or else on the page's footer line outside all regions."""
    for i, a in enumerate(regions):
        for b in regions[i + 1 :]:
            if what == "circle":  # discs in offset rows: their boxes overlap, the discs must not
                apart = math.dist(_centre(a), _centre(b))
                assert apart >= (a["x1"] - a["x0"] + b["x1"] - b["x0"]) / 2, "circles overlap"
            else:
                assert intersection(a, b) < 1.0, f"{what}s overlap"
    lowest = max(r["bottom"] for r in regions)
    highest = min(r["top"] for r in regions)
    strays = [c for c in page.chars if not any(inside(c, r) for r in regions)]
    for c in strays:
        assert not any(intersection(c, r) > 0 for r in regions), (
            f"text crosses a {what} edge: {describe([c])}"
        )
        assert c["x0"] >= 0 and c["x1"] <= page.width and c["bottom"] <= page.height
        assert c["top"] >= lowest or c["bottom"] <= highest, (
            f"stray text outside the {what}s: {describe([c])}"
        )
    below = {round(c["top"]) for c in strays if c["top"] >= lowest}
    above = {round(c["top"]) for c in strays if c["top"] < lowest}
    assert len(below) <= 1, "more than one footer line"
    assert len(above) <= 1, "more than one note line above the pieces"
    for r in regions:
        mine = [c for c in page.chars if inside(c, r)]
        pairs = overlapping_pairs(mine)
        shown = describe(p for pair in pairs[:3] for p in pair)
        assert not pairs, f"text printed over text: {shown}"


CARD_CASES = [
    pytest.param(
        lang,
        size,
        paper,
        loadout,
        marks=()
        if (loadout == "heavy" and paper == "a4") or (lang, size) in DEFAULT_PAIRS
        else (pytest.mark.slow,),
    )
    for lang in ("en", "ja")
    for size in ("poker", "large")
    for paper in ("a4", "letter")
    for loadout in ("heavy", "mixed", "hot")
    if loadout == "heavy" or paper == "a4"
]
"""The heavy loadout (the likeliest to spill) on A4 in every pair; the mixed and hot loadouts
and Letter in Japanese on poker and English on large, the other pairs with ``-m slow``."""


@pytest.mark.parametrize(("lang", "size", "paper", "loadout"), CARD_CASES)
def test_card_content_stays_inside_its_card(tmp_path_factory, catalog, lang, size, paper, loadout):
    path = _pdf(tmp_path_factory, catalog, "cards", lang, loadout, paper=paper, card_size=size)
    want_w, want_h = CARD_SIZES[size]
    min_tick = 3.0 if size == "poker" else 3.4
    with pdfplumber.open(path) as pdf:
        assert len(pdf.pages) == 1
        page = pdf.pages[0]
        cards = [
            r
            for r in page.rects
            if abs(r["width"] / MM - want_w) < 0.3 and abs(r["height"] / MM - want_h) < 0.3
        ]
        # three units and the rules reference card; on poker a unit too heavy for one card at
        # the table's type sizes and 3.5 mm tick boxes (ten a row: the heavy and hot loadouts)
        # goes on in continuation cards (card_fit.split_to_fit), marked continued, on the page
        mark = "(" + labels_for(lang)["continued"] + ")"
        heads = [
            r for r in cards if mark not in "".join(c["text"] for c in page.chars if inside(c, r))
        ]
        assert len(heads) == 4
        if loadout == "hot" and size == "poker":
            assert 4 < len(cards) <= 9
        elif size == "poker":
            assert 4 <= len(cards) <= 9
        else:
            assert len(cards) == 4
        _check_regions(page, cards, "card")
        boxes = outermost(squares(page.rects, 2.0, 15.0))
        ticks = [b for b in boxes if b["width"] / MM < 5]
        heat = 15 * 3 if loadout == "hot" else 0
        assert len(ticks) == _tick_count(catalog, MIXED if loadout == "mixed" else HEAVY) + heat
        for b in boxes:
            assert b["width"] / MM >= 2.5
            assert any(inside(b, c) for c in cards), "a box spills out of its card"
            hit = [c for c in page.chars if intersection(c, b) > 0.2 * (b["width"] ** 2)]
            assert not hit, f"text over a box: {describe(hit[:5])}"
        assert min(t["width"] / MM for t in ticks) >= min_tick - 0.05
        assert not overlapping_pairs(boxes, share=0.05), "boxes overlap each other"


def _circles(page) -> list[dict]:
    return [
        c
        for c in page.curves
        if abs(c["width"] / MM - 50) < 0.5 and abs(c["height"] / MM - 50) < 0.5
    ]


@pytest.mark.parametrize(("lang", "paper"), [("en", "a4"), ("ja", "a4"), ("en", "letter")])
@pytest.mark.parametrize("kind", ["tokens", "markers"])
def test_token_and_marker_text_stays_inside_the_circle(
    tmp_path_factory, catalog, kind, lang, paper
):
    loadout = "mixed" if kind == "tokens" else "heavy"
    path = _pdf(tmp_path_factory, catalog, kind, lang, loadout, paper=paper)
    with pdfplumber.open(path) as pdf:
        assert pdf.pages
        for page in pdf.pages:
            circles = _circles(page)
            assert circles
            _check_regions(page, circles, "circle")
            # the unit name is there, whole or ellipsized, and readable (>= 5 pt)
            sizes = [c["size"] for c in page.chars]
            assert min(sizes) >= 4.0
