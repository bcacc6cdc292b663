"""``laminim cards RECORD`` for a soh battle record: both sides' character cards as the fight
stands (docs/play.md "Space Opera Heroes"). Each card is the crew's card
(``printouts.character_cards``) with its character's ID before the name and its tracks marked:
the wounds taken struck on the wound track from the first box (all of them once out of play),
and each weapon's rounds spent struck on its ammo track. One type scale for the whole deck."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from builder.core.i18n import Labels
from builder.render.layout import check_choices
from builder.systems.base import PrintOptions, Printout
from builder.systems.battle_names import side_name
from builder.systems.soh.derive import derive_all
from builder.systems.soh.models import Catalog, Character, Crew
from builder.systems.soh.play.sheets import names_ja
from builder.systems.soh.printouts import (
    CARD_SIZES,
    WOUND_BOXES,
    character_back,
    character_cards,
    crew_deck,
    deck_scale,
)
from builder.systems.soh.rules.play import Fighter, Table

LABELS = Labels.load(__file__, "printing_labels.yaml")


def _numbered(ch: Character, fighter: Fighter) -> Character:
    names = {"name": f"{fighter.id} {ch.name}"}
    if ch.name_ja:
        names["name_ja"] = f"{fighter.id} {ch.name_ja}"
    return ch.model_copy(update=names)


def side_crews(table: Table) -> list[tuple[Crew, list[Fighter]]]:
    """Each side's crew as it started, its characters named with their IDs, and its fighters."""
    out = []
    for side, data in enumerate(table.crews, start=1):
        crew = Crew.model_validate({"system": "soh", **data})  # type: ignore[dict-item]
        fighters = [f for f in table.fighters if f.side == side]
        chars = tuple(_numbered(c, f) for c, f in zip(crew.characters, fighters, strict=True))
        out.append((crew.model_copy(update={"characters": chars}), fighters))
    return out


def mark(cards: list[dict[str, Any]], fighter: Fighter) -> None:
    """Strike the wounds and the rounds spent on a character's cards (its continuation cards
    carry the weapons that did not fit)."""
    wounds = min(fighter.wounds, WOUND_BOXES)
    weapons = [w for card in cards for w in card["weapons"]]
    for card in cards:
        card["wounds_struck"] = wounds
        card["out"] = not fighter.in_play
    for w, arm, left in zip(weapons, fighter.sheet.arms, fighter.ammo, strict=False):
        if arm.ammo is not None and left is not None:
            w["ammo_struck"] = arm.ammo - left
            w["ammo_now"] = left


def cards_context(table: Table, catalog: Catalog, options: PrintOptions) -> dict[str, Any]:
    """Every character's card of both sides at one scale, marked as the fight stands, laid out
    as a crew's deck is (``printouts.crew_deck``: the cut margin and gutter, and the backs
    ``options.sheet`` asks for, each with the character's ID in its box)."""
    lang, size = options.lang, options.card_size or "large"
    sides = side_crews(table)
    everyone = [c for crew, _ in sides for c in crew.characters]
    whole = Crew.model_construct(
        system="soh", name="", side="pc", characters=tuple(everyone)
    )  # the scale of the whole deck (two leaders allowed here: it is only measured)
    scale = deck_scale(whole, catalog, lang, size)
    items: list[dict[str, Any]] = []
    backs: list[dict[str, Any]] = []
    for crew, fighters in sides:
        for d, fighter in zip(derive_all(crew.characters, catalog), fighters, strict=True):
            cards = character_cards(d, crew, lang, size, scale)
            mark(cards, fighter)
            items += cards
            if options.sheet.backs != "none":
                ch = d.character
                name = ch.name_ja if lang == "ja" and ch.name_ja else ch.name
                name = name.removeprefix(f"{fighter.id} ")  # the ID goes in its box
                backs += [
                    {**character_back(name, c["continued"], crew, options), "id": str(fighter.id)}
                    for c in cards
                ]
    state = "over" if table.over else "round"
    ja = names_ja(table)
    names = " / ".join(side_name(table.names, ja, s, lang) for s in range(1, len(table.names) + 1))
    return crew_deck(LABELS.t(state, lang, names=names, round=table.round), items, backs, options)


def printouts(table: Table, catalog: Catalog, options: PrintOptions) -> list[Printout]:
    size = check_choices(options.paper, options.lang, options.card_size, CARD_SIZES)
    options = replace(options, card_size=size)
    return [Printout("cards", "soh/cards.html", cards_context(table, catalog, options))]
