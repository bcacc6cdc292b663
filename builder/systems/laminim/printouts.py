"""LAMINIM's printouts: unit cards, missile tokens and base markers, as template contexts.

A unit card's content is :mod:`builder.systems.laminim.card_context`'s and its type
:mod:`builder.systems.laminim.card_fit`'s; this module lays the cards, tokens and markers out
on sheets and renders them. Tokens and base markers are the same 50 mm discs, so they share one
sheet, packed in offset rows and spread evenly over the pages (18 tokens and 3 markers on A4:
two pages of 11 and 10, not 15 + 3 tokens and a page of 3 markers).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

from builder.core.i18n import Labels, Lang, part_name, shown_name
from builder.render.backs import card_back, deck_context
from builder.render.fit import fit
from builder.render.layout import (
    DiscPack,
    Grid,
    card_grid,
    check_choices,
    pack_discs,
    place_discs,
    place_on_pages,
    sheet_context,
)
from builder.systems.base import PrintOptions, Printout
from builder.systems.laminim.card_context import hit_table, intercepts, resolved_units, unit_card
from builder.systems.laminim.card_fit import CARD_SIZES, fit_deck, split_to_fit
from builder.systems.laminim.legality import ResolvedUnit
from builder.systems.laminim.models import Catalog
from builder.systems.laminim.print_labels import labels_for
from builder.systems.laminim.team import SLOTS, Team

KINDS = ("cards", "tokens", "markers")

TOKEN_NAME = (36.0, 8.0, 6.5)
"""Width (mm), max and min pt of the unit name on a missile token (nothing under 6.5 pt)."""

MARKER_NAME = (31.0, 7.0, 6.5)
"""Width (mm), max and min pt of the unit name on a base marker."""

TOKEN_DIAMETER = 50.0
"""Missile tokens and base markers match the recommended 50 mm round base (seed 000)."""

TOKEN_GAP = 3.0
"""Room between two discs for the scissors (3 mm fits 18 discs on A4 in offset rows)."""

ROW_SPREAD = 1.75
"""A sheet holding fewer rows of discs than the page has room for spreads them down the page,
their pitch up to this many times the packed one: 21 pieces are 11 + 10 on two A4 sheets of
18, and four rows spread over six rows' height leave no blank third at the foot of each sheet
(and more room for the scissors)."""

SHEET_LABELS = Labels.load(__file__, "sheet_labels.yaml")


Context = dict[str, Any]


def _document(
    kind: str, lang: Lang, paper: str, grid: Grid, items: list[dict[str, Any]], team_name: str
) -> Context:
    labels = labels_for(lang)
    title = f"{team_name} — {labels['doc_' + kind]}"
    pages = place_on_pages(grid, items)
    context = sheet_context("laminim", kind, lang, paper, grid, pages, labels, title)
    context["team"] = team_name
    return context


def spread_rows(pack: DiscPack, pages: list[dict[str, Any]]) -> None:
    """Each sheet's rows of discs moved apart down the page, up to :data:`ROW_SPREAD` times
    their packed pitch, so far as the page's full rows reach (in place)."""
    tops = sorted({y for _, y in pack.spots})
    if len(tops) < 2:
        return
    packed = tops[1] - tops[0]
    for page in pages:
        used = sorted({p["y"] for p in page["items"]})
        if len(used) < 2:
            continue
        pitch = min((tops[-1] - tops[0]) / (len(used) - 1), packed * ROW_SPREAD)
        moved = {y: round(used[0] + i * pitch, 3) for i, y in enumerate(used)}
        for placed in page["items"]:
            placed["y"] = moved[placed["y"]]


def _disc_sheet(
    lang: Lang, paper: str, items: list[dict[str, Any]], team_name: str, with_tokens: bool
) -> Context:
    """Tokens and rings on shared, evenly filled sheets, each with a line saying what to cut."""
    pack: DiscPack = pack_discs(paper, TOKEN_DIAMETER, TOKEN_GAP)
    labels = labels_for(lang)
    doc = SHEET_LABELS.t("doc_pieces", lang) if with_tokens else labels["doc_markers"]
    title = f"{team_name} — {doc}"
    pages = place_discs(pack, items)
    spread_rows(pack, pages)
    context = sheet_context("laminim", "tokens", lang, paper, pack, pages, labels, title)
    context["team"] = team_name
    context["sheet_note"] = SHEET_LABELS.t("note_pieces" if with_tokens else "note_markers", lang)
    return context


def unit_back(card: dict[str, Any], unit_name: str, options: PrintOptions) -> dict[str, Any]:
    """A unit card's back: the unit's name and ID box, the team, the hit bonuses and the
    obstruction rule (the reference card's, so a player has them under every unit)."""
    lang = options.lang
    labels = labels_for(lang)
    size = options.card_size or "poker"
    name = f"{unit_name} ({labels['continued']})" if card.get("continued") else unit_name
    bonuses = ("bonus_aim", "bonus_single", "bonus_rear", "bonus_downed", "bonus_all")
    reminder = [*(labels[k] for k in bonuses), labels["obstruction"]]
    return card_back(
        name=name,
        team=card["team_name"],
        kind=f"{labels['frame']}: {card['frame']}",
        reminder=reminder,
        lead=labels["bonuses"],
        catalog=options.catalog,
        qr=options.share,
        lang=lang,
        card_mm=CARD_SIZES[size],
    )


def reference_back(team_name: str, options: PrintOptions) -> dict[str, Any]:
    """The reference card's back: the team and the catalog."""
    labels = labels_for(options.lang)
    return card_back(
        name=labels["reference"],
        team=team_name,
        kind="",
        reminder=[],
        catalog=options.catalog,
        qr=options.share,
        lang=options.lang,
        card_mm=CARD_SIZES[options.card_size or "poker"],
    )


def cards_context(team: Team, catalog: Catalog, options: PrintOptions) -> Context:
    lang, paper, size = options.lang, options.paper, options.card_size or "poker"
    labels = labels_for(lang)
    grid = card_grid(paper, *CARD_SIZES[size], options.sheet)
    cards: list[dict[str, Any]] = []
    backs: list[dict[str, Any]] = []
    team_name = shown_name(team, lang)
    for u in shown_units(team, catalog, lang):
        for piece in split_to_fit(unit_card(u, team_name, lang, labels, size), labels, lang, size):
            cards.append(piece)
            if options.sheet.backs != "none":
                backs.append(unit_back({**piece, "team_name": team_name}, u.name, options))
    deck = fit_deck(cards, labels, lang, size)
    # a unit card keeps its type readable and the heaviest unit still fits, so the hit bonuses
    # and the obstruction rule go on one reference card of the same size and type, cut out with
    # the others; each unit card keeps its hit table
    items: list[dict[str, Any]] = [
        *cards,
        {"reference": True, "intercepts": intercepts(team, catalog, lang)},
    ]
    if options.sheet.backs != "none":
        backs.append(reference_back(team_name, options))
    title = f"{team_name} — {labels['doc_cards']}"
    context = deck_context(
        "laminim", lang, paper, grid, items, backs or None, options, labels, title
    )
    context["team"] = team_name
    context["card_size"] = size
    context["deck"] = deck
    context["hit_table"] = hit_table()
    return context


def shown_units(team: Team, catalog: Catalog, lang: Lang) -> list[ResolvedUnit]:
    """The units printed, each under the name a player reads in ``lang`` (its ``name_ja``
    under Japanese when the file gives one)."""
    names = {u.name: shown_name(u, lang) for u in team.units}
    return [replace(u, name=names.get(u.name, u.name)) for u in resolved_units(team, catalog)]


def missile_tokens(team: Team, catalog: Catalog, lang: Lang) -> list[dict[str, Any]]:
    """One token per launch (ammo ÷ ammo per attack) of every missile weapon in the team."""
    tokens: list[dict[str, Any]] = []
    for unit in shown_units(team, catalog, lang):
        for slot, weapon in enumerate(unit.slots[:SLOTS], start=1):
            if weapon is None or weapon.type != "missile":
                continue
            launches = weapon.launches or 0
            for n in range(1, launches + 1):
                owner = fit(unit.name, *TOKEN_NAME)
                tokens.append(
                    {
                        "ring": False,
                        "unit": owner.text,
                        "unit_pt": owner.size,
                        "slot": slot,
                        "weapon": part_name(weapon, lang),
                        "homing": weapon.abilities.homing,
                        "counts": list(range(weapon.attacks, 0, -1)),
                        "power": weapon.power,
                        "number": n,
                        "of": launches,
                    }
                )
    return tokens


def base_markers(team: Team, catalog: Catalog, lang: Lang) -> list[dict[str, Any]]:
    """One base-marker ring per unit."""
    items = []
    for u in shown_units(team, catalog, lang):
        name = fit(u.name, *MARKER_NAME)
        items.append(
            {
                "ring": True,
                "unit": name.text,
                "unit_pt": name.size,
                "frame": part_name(u.frame, lang),
            }
        )
    return items


def tokens_context(team: Team, catalog: Catalog, *, lang: Lang, paper: str) -> Context:
    """The missile tokens, then the base markers, on shared sheets."""
    items = missile_tokens(team, catalog, lang) + base_markers(team, catalog, lang)
    return _disc_sheet(lang, paper, items, shown_name(team, lang), with_tokens=True)


def markers_context(team: Team, catalog: Catalog, *, lang: Lang, paper: str) -> Context:
    """The base markers alone (a team without missile weapons)."""
    markers = base_markers(team, catalog, lang)
    return _disc_sheet(lang, paper, markers, shown_name(team, lang), False)


def has_missiles(team: Team, catalog: Catalog) -> bool:
    for unit in team.units:
        for wid in unit.mounted():
            weapon = catalog.weapon(wid)
            if weapon is not None and weapon.type == "missile":
                return True
    return False


def printouts(team: Team, catalog: Catalog, options: PrintOptions) -> list[Printout]:
    """Cards, then the missile tokens with the base markers on the same sheets.

    A team without missile weapons gets a marker sheet of its rings instead.
    """
    paper, lang = options.paper, options.lang
    check_choices(paper, lang, options.card_size, CARD_SIZES)
    out = [Printout("cards", "laminim/cards.html", cards_context(team, catalog, options))]
    if has_missiles(team, catalog):
        out.append(
            Printout(
                "tokens",
                "laminim/tokens.html",
                tokens_context(team, catalog, lang=lang, paper=paper),
            )
        )
    else:
        out.append(
            Printout(
                "markers",
                "laminim/markers.html",
                markers_context(team, catalog, lang=lang, paper=paper),
            )
        )
    return out


def render_html(
    team: Team,
    catalog: Catalog,
    kind: str,
    *,
    paper: str = "a4",
    lang: Lang = "en",
    card_size: str = "poker",
) -> str:
    """The HTML of one printout (``cards``, ``tokens`` — tokens and markers — or ``markers``
    alone), before PDF conversion."""
    from builder.render.batch import render_html as render

    if kind not in KINDS:
        raise ValueError(f"unknown printout {kind!r}; expected one of {', '.join(KINDS)}")
    options = PrintOptions(paper=paper, lang=lang, card_size=card_size)
    if kind == "cards":
        return render(printouts(team, catalog, options)[0])
    make = tokens_context if kind == "tokens" else markers_context
    return render(
        Printout(kind, f"laminim/{kind}.html", make(team, catalog, lang=lang, paper=paper))
    )


def render_team(
    team: Team,
    catalog: Catalog,
    out_dir: Path,
    *,
    paper: str = "a4",
    lang: Lang = "en",
    card_size: str = "poker",
    progress: Callable[[str, int, int], None] | None = None,
) -> list[Path]:
    """Write what ``laminim cards`` writes — cards, tokens with markers, the roster sheet — into
    ``out_dir``."""
    from builder.render.batch import render_printouts
    from builder.systems.laminim.system import SYSTEM

    options = PrintOptions(paper=paper, lang=lang, card_size=card_size)
    return render_printouts(
        SYSTEM.printouts(team, catalog, options), out_dir, team.name, progress=progress
    )
