"""Every game's printouts refuse an unknown paper, language or card size, naming what is known."""

from __future__ import annotations

import pytest

from builder.render.layout import check_choices


def test_known_choices_pass():
    check_choices("a4", "ja", "poker", ("poker", "large"))
    check_choices("letter", "en")  # a game without card sizes (kuroganen's sheets)


@pytest.mark.parametrize(
    "choice, message",
    [
        (("a3", "en", "poker"), "unknown paper 'a3'; expected one of a4, letter"),
        (("a4", "fr", "poker"), "unknown language 'fr'; expected one of en, ja"),
        (("a4", "en", "tarot"), "unknown card size 'tarot'; expected one of poker, large"),
    ],
)
def test_an_unknown_choice_is_named_with_the_known_ones(choice, message):
    with pytest.raises(ValueError, match=message):
        check_choices(*choice, ("poker", "large"))


def test_soh_cards_refuse_an_unknown_paper_too():
    from builder.systems.base import PrintOptions
    from builder.systems.soh.system import SYSTEM

    catalog = SYSTEM.load_catalog()
    with pytest.raises(ValueError, match="unknown paper 'a3'"):
        SYSTEM.printouts(None, catalog, PrintOptions(paper="a3", lang="en", card_size="poker"))
