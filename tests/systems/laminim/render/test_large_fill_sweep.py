"""The large card's height estimate (printouts.large_card_height) against the printed card, over
many loadouts: every weapon of the bundled catalog alone and in pairs, on every frame, with
short and 40-character unit names. Growing the type must never push anything off the card
or onto other text, nor leave a blank band.

A few sheets of many units each (a team file may hold more units than a legal team) keep it
to four PDFs.
"""

from __future__ import annotations

from pathlib import Path

import pdfplumber
import pytest

from builder.render.pdf import write_pdf
from builder.systems.laminim.printouts import BODY_PT, CARD_SIZES, render_html
from builder.systems.laminim.team import Team, Unit
from tests.render.geometry import MM, describe, inside, intersection, overlapping_pairs

NAMES = {
    "en": ["Ace", "Wolfgang Maximilian WWW Mk-IV Heavy Guard", "MMMMMMMMMM WWWWWWWWWW"],
    "ja": [
        "隼",
        "重装突撃機甲部隊第三小隊所属試作型長距離支援砲撃機体改二号機",
        "雷電轟天覇王烈火",
    ],
}


def _team(catalog, lang: str, kind: str) -> Team:
    frames = [f.id for f in catalog.frames]
    weapons = [w.id for w in catalog.weapons]
    if kind == "singles":
        loadouts = [[w] for w in weapons]
    else:  # each weapon with the next two, in the three slots (an empty slot between)
        loadouts = [[a, None, b] for a, b in zip(weapons, weapons[1:] + weapons[:1], strict=True)]
    units = [
        Unit(name=NAMES[lang][i % 3], frame=frames[i % len(frames)], weapons=loadout)
        for i, loadout in enumerate(loadouts)
    ]
    return Team(name=f"Sweep {kind}", units=units)


_cache: dict[tuple[str, str], Path] = {}


def _pdf(tmp_path_factory, catalog, lang: str, kind: str) -> Path:
    if (lang, kind) not in _cache:
        html = render_html(
            _team(catalog, lang, kind), catalog, "cards", lang=lang, card_size="large"
        )
        path = tmp_path_factory.mktemp("sweep") / f"{lang}-{kind}.pdf"
        write_pdf(html, path)
        _cache[lang, kind] = path
    return _cache[lang, kind]


@pytest.mark.parametrize("kind", ["singles", "pairs"])
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_loadout_fills_its_large_card_and_nothing_spills(
    tmp_path_factory, catalog, lang, kind
):
    want_w, want_h = CARD_SIZES["large"]
    seen = 0
    with pdfplumber.open(_pdf(tmp_path_factory, catalog, lang, kind)) as pdf:
        for page in pdf.pages:
            cards = [
                r
                for r in page.rects
                if abs(r["width"] / MM - want_w) < 0.3 and abs(r["height"] / MM - want_h) < 0.3
            ]
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
                if not any(c["text"] == "%" for c in mine):
                    continue  # the rules reference card
                seen += 1
                pairs = overlapping_pairs(mine)
                assert not pairs, f"text printed over text: {describe(pairs[0])}"
                assert min(c["size"] for c in mine) >= 7.0 - 0.01
                sizes = sorted(c["size"] for c in mine)
                assert sizes[len(sizes) // 2] >= BODY_PT["large"][0] - 0.01
                # the hit table at the foot stays inside the card's bottom padding
                things = [
                    o
                    for o in mine + page.rects + page.lines
                    if inside(o, card, 0.6) and o["height"] < card["height"] - 1
                ]
                bottom = (card["bottom"] - max(o["bottom"] for o in things)) / MM
                assert 2.0 <= bottom <= 4.0, f"the foot ends {bottom:.1f} mm above the edge"
                spans = sorted((o["top"], o["bottom"]) for o in things)
                end, band = spans[0][1], 0.0
                for top, low in spans[1:]:
                    band = max(band, top - end)
                    end = max(end, low)
                assert band / MM <= 6.0, f"an empty band of {band / MM:.1f} mm"
    assert seen == len(catalog.weapons)


def test_sweep_covers_every_weapon_and_frame(catalog):
    team = _team(catalog, "en", "pairs")
    used = {w for u in team.units for w in u.weapons if w}
    assert used == {w.id for w in catalog.weapons}
    assert {u.frame for u in team.units} == {f.id for f in catalog.frames}
    assert len(team.units) == len(catalog.weapons)
