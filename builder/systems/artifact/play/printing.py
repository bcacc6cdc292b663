"""``laminim cards RECORD`` for an artifact battle record: the cards of both sides as the battle
stands (docs/play.md "Gundam Artifact"). Each card is the team card (``printouts.unit_card``)
with its unit's ID before the name, its side's name on the force line, and its tracks marked:
HP lost, P spent (an MS) and, on a battleship, the MS aboard, as struck tick boxes from the
first. The template only turns a count into a CSS class on a box."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from builder.core.i18n import Labels, Lang, shown_name
from builder.systems.artifact.derive import all_units
from builder.systems.artifact.models import ArtifactCatalog
from builder.systems.artifact.print_fit import FACES, card_parts, deck_scale
from builder.systems.artifact.printouts import CARD_SIZES, _text, force_deck, unit_back, unit_card
from builder.systems.artifact.rules.play import Fighter, Table
from builder.systems.base import PrintOptions, Printout
from builder.systems.battle_names import side_name as battle_side_name

LABELS = Labels.load(__file__, "printing_labels.yaml")


def struck(fighter: Fighter, table: Table) -> list[int]:
    """Boxes to strike on each track of the unit's card, in the card's order: HP lost (every
    box once destroyed), then P spent (an MS) or the MS aboard (a battleship)."""
    hp = fighter.stats.hp - max(0, fighter.hp)
    if fighter.is_ship:
        aboard = sum(1 for f in table.fighters if f.side == fighter.side and f.alive and f.aboard)
        return [hp, aboard if fighter.alive else 0]
    full = fighter.stats.propellant or 0
    return [hp, full - (fighter.propellant or 0) if fighter.alive else 0]


def side_name(table: Table, side: int, lang: Lang = "en") -> str:
    return battle_side_name(table.names, table.names_ja, side, lang) or str(side)


def cards_context(table: Table, catalog: ArtifactCatalog, options: PrintOptions) -> dict[str, Any]:
    """Every unit's card of both sides at one scale, marked as the battle stands, laid out as a
    force's deck is (``printouts.force_deck``: the cut margin and gutter, and the backs
    ``options.sheet`` asks for), the battle's standing on the force line."""
    lang, size = options.lang, options.card_size or "poker"
    face = FACES[size]
    units = all_units(catalog)
    members = [(f, f"{f.id} {shown_name(f, lang)}", units[f.stats.id]) for f in table.fighters]
    scale = deck_scale(face, lang, [_text(name, unit, lang) for _, name, unit in members])
    items, backs = [], []
    for fighter, name, unit in members:
        marks = struck(fighter, table)
        side = side_name(table, fighter.side, lang)
        for part in card_parts(face, scale, lang, _text(name, unit, lang)):
            card = unit_card(name, unit, side, lang, size, scale, part)
            # a continuation card may print the second track alone (print_fit.Part)
            for track, index in zip(card["tracks"], part.tracks, strict=True):
                track["struck"] = marks[index]
            card["destroyed"] = not fighter.alive
            items.append(card)
            if options.sheet.backs != "none":
                back = unit_back(shown_name(fighter, lang), unit, part, side, options)
                backs.append({**back, "id": str(fighter.id)})  # the deployment ID in its box
    state = "over" if table.over else "round"
    names = " / ".join(side_name(table, s, lang) for s in range(1, len(table.names) + 1))
    return force_deck(LABELS.t(state, lang, names=names, round=table.round), items, backs, options)


def printouts(table: Table, catalog: ArtifactCatalog, options: PrintOptions) -> list[Printout]:
    options = replace(options, card_size=options.card_size or next(iter(CARD_SIZES)))
    return [Printout("cards", "artifact/cards.html", cards_context(table, catalog, options))]
