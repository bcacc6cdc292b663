"""The poker card's height estimate (printouts.card_sections with the poker numbers) against the
printed card, over many loadouts: every weapon of the bundled catalog alone and in pairs, on
every frame, with short and 40-character unit names, in English and Japanese. The deck's type
must never push anything off a card or onto other text, nor leave a blank band over 15 % of a
card, nor print anything under 6.5 pt.

The CI runs a few of the loadouts; the whole sweep (four PDFs of 9-10 pages) is marked slow.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from builder.render.pdf import write_pdf
from builder.systems.laminim.card_fit import MAX_SCALE, TYPE
from builder.systems.laminim.print_labels import labels_for
from builder.systems.laminim.printouts import render_html
from builder.systems.laminim.team import Team
from tests.systems.laminim.render.card_fill import (
    band_and_foot,
    sweep_team,
    swept_unit_cards,
    things_on,
)

FEW = 4
"""Units of the quick sweep: the first loadouts of the whole sweep (four frames, long and short
names, a shield)."""


def _team(catalog, lang: str, kind: str, few: bool) -> Team:
    team = sweep_team(catalog, lang, kind)
    return team.model_copy(update={"units": team.units[:FEW]}) if few else team


_cache: dict[tuple[str, str, bool], Path] = {}


def _pdf(tmp_path_factory, catalog, lang: str, kind: str, few: bool) -> Path:
    if (lang, kind, few) not in _cache:
        team = _team(catalog, lang, kind, few)
        html = render_html(team, catalog, "cards", lang=lang, card_size="poker")
        path = tmp_path_factory.mktemp("pokersweep") / f"{lang}-{kind}-{few}.pdf"
        write_pdf(html, path)
        _cache[lang, kind, few] = path
    return _cache[lang, kind, few]


CONTINUED = tuple("(" + labels_for(lang)["continued"] + ")" for lang in ("en", "ja"))
"""The mark after a continuation card's durability."""


def _check(path: Path) -> int:
    """Every unit card (continuation cards too) measured; returns the units printed: a unit
    too heavy for one card at the table's sizes (3.5 mm tick boxes, ten a row) goes on in
    continuation cards (card_fit.split_to_fit), which are not units of their own."""
    seen = 0
    for page, card, mine in swept_unit_cards(path, "poker"):
        text = "".join(c["text"] for c in mine)
        seen += not any(mark in text for mark in CONTINUED)
        assert min(c["size"] for c in mine) >= TYPE["poker"].label - 0.01
        sizes = sorted(c["size"] for c in mine)
        body = sizes[len(sizes) // 2]
        assert TYPE["poker"].body - 0.01 <= body <= TYPE["poker"].body * MAX_SCALE["poker"]
        band, _, bottom = band_and_foot(things_on(page, card, mine), card)
        # the hit table at the foot sits on the card's bottom padding: 3 mm inside the cut
        assert 2.95 <= bottom <= 4.0, f"the foot ends {bottom:.1f} mm above the edge"
        assert band <= 0.15 * 88, f"an empty band of {band:.1f} mm"
    return seen


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_few_loadouts_fill_their_poker_card_and_nothing_spills(tmp_path_factory, catalog, lang):
    assert _check(_pdf(tmp_path_factory, catalog, lang, "pairs", True)) == FEW


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["singles", "pairs"])
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_loadout_fills_its_poker_card_and_nothing_spills(
    tmp_path_factory, catalog, lang, kind
):
    assert _check(_pdf(tmp_path_factory, catalog, lang, kind, False)) == len(catalog.weapons)
