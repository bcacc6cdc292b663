"""The large card's height estimate (card_height.card_height) against the printed card, over
many loadouts: every weapon of the bundled catalog alone and in pairs, on every frame, with
short and 40-character unit names. The deck's type must never push anything off a card or onto
other text, nor leave a blank band over 15 % of a card, nor print anything under the labels'
size.

A few sheets of many units each (a team file may hold more units than a legal team) keep it
to four PDFs.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from builder.render.pdf import write_pdf
from builder.systems.laminim.card_fit import MAX_SCALE, TYPE
from builder.systems.laminim.printouts import render_html
from tests.systems.laminim.render.card_fill import (
    band_and_foot,
    sweep_team,
    swept_unit_cards,
    things_on,
)

_cache: dict[tuple[str, str], Path] = {}


def _pdf(tmp_path_factory, catalog, lang: str, kind: str) -> Path:
    if (lang, kind) not in _cache:
        html = render_html(
            sweep_team(catalog, lang, kind), catalog, "cards", lang=lang, card_size="large"
        )
        path = tmp_path_factory.mktemp("sweep") / f"{lang}-{kind}.pdf"
        write_pdf(html, path)
        _cache[lang, kind] = path
    return _cache[lang, kind]


@pytest.mark.parametrize(
    ("lang", "kind"),
    # each language and each kind in the default run; the other two pairs with -m slow
    [
        ("en", "singles"),
        ("ja", "pairs"),
        pytest.param("ja", "singles", marks=pytest.mark.slow),
        pytest.param("en", "pairs", marks=pytest.mark.slow),
    ],
)
def test_every_loadout_fills_its_large_card_and_nothing_spills(
    tmp_path_factory, catalog, lang, kind
):
    seen = 0
    for page, card, mine in swept_unit_cards(_pdf(tmp_path_factory, catalog, lang, kind), "large"):
        seen += 1
        assert min(c["size"] for c in mine) >= TYPE["large"].label - 0.01
        sizes = sorted(c["size"] for c in mine)
        body = sizes[len(sizes) // 2]
        assert TYPE["large"].body - 0.01 <= body <= TYPE["large"].body * MAX_SCALE["large"]
        band, _, bottom = band_and_foot(things_on(page, card, mine), card)
        # the hit table at the foot stays inside the card's bottom padding
        assert 2.0 <= bottom <= 4.0, f"the foot ends {bottom:.1f} mm above the edge"
        assert band <= 0.15 * 127, f"an empty band of {band:.1f} mm"
    assert seen == len(catalog.weapons)


def test_sweep_covers_every_weapon_and_frame(catalog):
    team = sweep_team(catalog, "en", "pairs")
    used = {w for u in team.units for w in u.weapons if w}
    assert used == {w.id for w in catalog.weapons}
    assert {u.frame for u in team.units} == {f.id for f in catalog.frames}
    assert len(team.units) == len(catalog.weapons)
