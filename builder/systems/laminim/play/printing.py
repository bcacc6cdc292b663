"""``laminim cards RECORD``: the cards of both sides as the battle stands, and a roster sheet
with the score (docs/play.md "Printing the state").

The cards are each side's ordinary deck (``printouts.cards_context``, what ``laminim cards TEAM``
prints for that side's team) with the record's marks added as data: the deployment ID written in
its box, the durability each part has lost and the ammo
spent as struck tick boxes from the first (a destroyed part has every box struck, its name
struck through). The template only turns a count into a CSS class on a box.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from builder.core.i18n import Labels, Lang, part_name, shown_name
from builder.render.roster import Roster, RosterEntry, RosterTable
from builder.systems.base import PrintOptions, Printout
from builder.systems.battle_names import side_name as battle_side_name
from builder.systems.laminim.legality import ResolvedUnit
from builder.systems.laminim.models import Catalog
from builder.systems.laminim.play.odds import against, odds_of
from builder.systems.laminim.print_labels import labels_for
from builder.systems.laminim.printouts import cards_context as team_cards
from builder.systems.laminim.rules.play_score import fighter_score, score
from builder.systems.laminim.rules.play_state import Fighter, Table
from builder.systems.laminim.team import Team, Unit

LABELS = Labels.load(__file__, "printing_labels.yaml")


def resolved(fighter: Fighter, catalog: Catalog) -> ResolvedUnit:
    frame = catalog.frame(fighter.frame_id)
    assert frame is not None  # the record was read against this catalog
    weapons = tuple(None if w is None else catalog.weapon(w.name) for w in fighter.spec.slots)
    return ResolvedUnit(fighter.name, frame, weapons)


def lost(now: int, top: int, destroyed: bool) -> int:
    """Boxes to strike on a track of ``top``: every one once destroyed, else what is lost."""
    return top if destroyed else max(0, min(top, top - now))


def marked_card(card: dict[str, Any], fighter: Fighter) -> dict[str, Any]:
    """``card`` (one piece of a unit's card) with the battle's marks (in place, returned)."""
    card["id"] = str(fighter.id)
    card["destroyed"] = fighter.destroyed
    card["durability_struck"] = lost(
        fighter.frame, fighter.spec.frame_durability, fighter.destroyed
    )
    for weapon in card["weapons"]:
        slot = weapon["slot"] - 1
        spec = fighter.spec.slots[slot]
        assert spec is not None
        gone = fighter.destroyed or fighter.broken[slot]
        weapon["destroyed"] = gone
        weapon["durability_struck"] = lost(fighter.parts[slot], spec.durability, gone)
        if spec.ammo is not None:
            left = fighter.ammo[slot] or 0
            weapon["ammo_struck"] = spec.ammo if gone else max(0, spec.ammo - left)
    return card


def side_name(table: Table, side: int, lang: Lang = "en") -> str:
    return battle_side_name(table.names, table.names_ja, side, lang) or str(side)


def _sides(table: Table, lang: Lang) -> str:
    """Both sides' names in ``lang``: ``Night shift / Rivals``."""
    return " / ".join(side_name(table, s, lang) for s in range(1, len(table.names) + 1))


def side_team(table: Table, side: int) -> Team:
    """The team a side plays, as the record holds it (its name, its units as built, in
    deployment order): the record never reads its team files again once started."""
    return Team(
        name=side_name(table, side),
        name_ja=table.names_ja[side - 1] if len(table.names_ja) >= side else None,
        units=[
            Unit(
                name=f.name,
                name_ja=f.name_ja,
                frame=f.frame_id,
                weapons=[w.name if w else None for w in f.spec.slots],
            )
            for f in table.fighters
            if f.side == side
        ],
    )


def cards_context(table: Table, catalog: Catalog, options: PrintOptions) -> dict[str, Any]:
    """The cards ``laminim cards`` prints for each side's team (``printouts.cards_context``: the
    same cards, team line and rules reference card, the same cut margin and the backs
    ``options.sheet`` asks for), each unit's card then marked with its state. Each side starts
    on a sheet of its own, its cards at its own deck's type sizes."""
    lang = options.lang
    decks = [team_cards(side_team(table, side), catalog, options) for side in table.sides()]
    labels = labels_for(lang)
    for deck in decks:  # each side's cards at its own deck's type sizes (the template reads them)
        for page in deck["pages"]:
            for placed in page["items"]:
                placed["deck"] = deck["deck"]
    everyone = [
        placed["item"]
        for deck in decks
        for page in deck["pages"]
        for placed in page["items"]
        if not placed["item"].get("reference") and not placed.get("back")
    ]
    context = decks[0]
    context["pages"] = [page for deck in decks for page in deck["pages"]]
    context["title"] = "{} — {}".format(
        LABELS.t("title", lang, names=_sides(table, lang), round=table.round),
        labels["doc_cards"],
    )
    context["team"] = _sides(table, lang)
    # each deck holds a unit's card, then its continuation cards, in the team's order
    fighters = iter(sorted(table.fighters, key=lambda f: (f.side, f.id)))
    current: Fighter | None = None
    for card in everyone:
        if not card.get("continued"):
            current = next(fighters)
        assert current is not None
        marked_card(card, current)
    fronts = [p["item"] for page in context["pages"] for p in page["items"] if not p.get("back")]
    backs = [p["item"] for page in context["pages"] for p in page["items"] if p.get("back")]
    for front, back in zip(fronts, backs, strict=False):  # backs: in the fronts' order
        if not front.get("reference"):
            back["id"] = front["id"]  # the deployment ID in the back's box too
    return context


def record_roster(table: Table, catalog: Catalog, lang: Lang) -> Roster:
    """Every unit of both sides as it stands, with its score and the odds from here (D21)."""
    t = LABELS.t
    result = score(table)
    threat = against(table, catalog, None, None)
    entries = []
    for f in table.fighters:
        unit = resolved(f, catalog)
        parts = tuple(
            t(
                "part",
                lang,
                slot=i + 1,
                name=part_name(w, lang) if w is not None else "—",
                state=_part_state(f, i, lang),
            )
            for i, w in enumerate(unit.slots[:3])
        )
        numbers = (
            (t("side", lang), side_name(table, f.side, lang)),
            (
                t("frame", lang),
                t("destroyed", lang) if f.destroyed else f"{f.frame}/{f.spec.frame_durability}",
            ),
            (t("remaining", lang), str(f.remaining())),
            (t("centre", lang), "—" if f.centre is None else f"{f.centre:g}"),
            (t("score", lang), str(fighter_score(f))),
        )
        tables: tuple[RosterTable, ...] = ()
        odds = odds_of(table, f, threat)
        if odds is not None and threat is not None:
            head = (
                t("odds-threat", lang),
                t("alive-now", lang),
                t("alive-end", lang),
                t("e-rem", lang),
                t("cook-off", lang),
            )
            name = threat.names[1] if lang == "ja" else threat.names[0]
            row = (
                name,
                f"{100 * odds.alive_round:.1f}%",
                f"{100 * odds.alive_end:.1f}%",
                f"{odds.expected_remaining:.1f}",
                f"{100 * odds.cook_off:.1f}%",
            )
            tables = (RosterTable(t("odds", lang), head, (row,)),)
        entries.append(
            RosterEntry(
                f"{f.id} {shown_name(f, lang)}",
                part_name(unit.frame, lang),
                parts,
                numbers,
                None,
                tables=tables,
            )
        )
    totals = tuple(
        (t("side-score", lang, side=s.side, name=side_name(table, s.side, lang)), str(s.score))
        for s in result.sides
    )
    return Roster(
        team=_sides(table, lang),
        entries=tuple(entries),
        legal=True,  # the sheet's status line says how the battle stands instead (status())
        numbers=totals,
        notes=(t("note", lang),),
        entry_word=t("unit", lang),
    )


def status(table: Table, lang: Lang) -> str:
    """How the battle stands: its round, or its result."""
    t = LABELS.t
    if not table.over:
        return t("standing", lang, round=table.round, last=table.last_round)
    won = score(table).winner
    if won is None:
        return t("even", lang)
    return t("winner", lang, side=won, name=side_name(table, won))


def _part_state(f: Fighter, slot: int, lang: Lang) -> str:
    spec = f.spec.slots[slot]
    if spec is None:
        return ""
    if f.broken[slot] or f.destroyed:
        return LABELS.t("destroyed", lang)
    ammo = "" if spec.ammo is None else LABELS.t("ammo", lang, ammo=f.ammo[slot])
    return f"{f.parts[slot]}/{spec.durability}{ammo}"


def printouts(
    table: Table, catalog: Catalog, options: PrintOptions, catalog_line: Any
) -> list[Printout]:
    from builder.render.printout import LaterContext
    from builder.render.roster import roster_context

    size = options.card_size or "poker"
    options = replace(options, card_size=size)
    out = [Printout("cards", "laminim/cards.html", cards_context(table, catalog, options))]
    game = "ラミニム" if options.lang == "ja" else "LAMINIM"

    def sheet() -> dict[str, Any]:
        roster = record_roster(table, catalog, options.lang)
        context = dict(
            roster_context(roster, catalog_line, game=game, lang=options.lang, paper=options.paper)
        )
        context["status"] = status(table, options.lang)  # not "legal": how the battle stands
        context["share"] = None  # a record has no share code (a team file's sheet has)
        return context

    out.append(Printout("roster", "common/roster.html", LaterContext(sheet)))
    return out
