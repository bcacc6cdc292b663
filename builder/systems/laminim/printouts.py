"""LAMINIM's printouts: unit cards, missile tokens and base markers, as template contexts.

A unit card's content is :mod:`builder.systems.laminim.card_context`'s and its type
:mod:`builder.systems.laminim.card_fit`'s; this module lays the cards, tokens and markers out
on sheets and renders them.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from builder.core.i18n import Lang, part_name
from builder.render.fit import fit
from builder.render.layout import (
    Grid,
    check_choices,
    make_grid,
    place_on_pages,
    sheet_context,
)
from builder.systems.base import PrintOptions, Printout
from builder.systems.laminim.card_context import hit_table, intercepts, resolved_units, unit_card
from builder.systems.laminim.card_fit import CARD_SIZES, fit_deck, split_to_fit
from builder.systems.laminim.models import Catalog
from builder.systems.laminim.print_labels import labels_for
from builder.systems.laminim.team import SLOTS, Team

KINDS = ("cards", "tokens", "markers")

TOKEN_NAME = (36.0, 8.0, 5.0)
"""Width (mm), max and min pt of the unit name on a missile token."""

MARKER_NAME = (31.0, 6.0, 4.5)
"""Width (mm), max and min pt of the unit name on a base marker."""

TOKEN_DIAMETER = 50.0
"""Missile tokens and base markers match the recommended 50 mm round base (seed 000)."""

TOKEN_GAP = 4.0


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


def cards_context(
    team: Team, catalog: Catalog, *, lang: Lang, paper: str, card: tuple[float, float], size: str
) -> Context:
    labels = labels_for(lang)
    grid = make_grid(paper, card[0], card[1])
    cards = [
        piece
        for u in resolved_units(team, catalog)
        for piece in split_to_fit(unit_card(u, team.name, lang, labels, size), labels, lang, size)
    ]
    deck = fit_deck(cards, labels, lang, size)
    # a unit card keeps its type readable and the heaviest unit still fits, so the hit bonuses
    # and the obstruction rule go on one reference card of the same size and type, cut out with
    # the others; each unit card keeps its hit table
    items: list[dict[str, Any]] = [
        *cards,
        {"reference": True, "intercepts": intercepts(team, catalog, lang)},
    ]
    context = _document("cards", lang, paper, grid, items, team.name)
    context["card_size"] = size
    context["deck"] = deck
    context["hit_table"] = hit_table()
    return context


def missile_tokens(team: Team, catalog: Catalog, lang: Lang) -> list[dict[str, Any]]:
    """One token per launch (ammo ÷ ammo per attack) of every missile weapon in the team."""
    tokens: list[dict[str, Any]] = []
    for unit in resolved_units(team, catalog):
        for slot, weapon in enumerate(unit.slots[:SLOTS], start=1):
            if weapon is None or weapon.type != "missile":
                continue
            launches = weapon.launches or 0
            for n in range(1, launches + 1):
                owner = fit(unit.name, *TOKEN_NAME)
                tokens.append(
                    {
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


def tokens_context(team: Team, catalog: Catalog, *, lang: Lang, paper: str) -> Context:
    grid = make_grid(paper, TOKEN_DIAMETER, TOKEN_DIAMETER, gap=TOKEN_GAP)
    return _document("tokens", lang, paper, grid, missile_tokens(team, catalog, lang), team.name)


def markers_context(team: Team, catalog: Catalog, *, lang: Lang, paper: str) -> Context:
    grid = make_grid(paper, TOKEN_DIAMETER, TOKEN_DIAMETER, gap=TOKEN_GAP)
    items = []
    for u in resolved_units(team, catalog):
        name = fit(u.name, *MARKER_NAME)
        items.append({"unit": name.text, "unit_pt": name.size, "frame": part_name(u.frame, lang)})
    return _document("markers", lang, paper, grid, items, team.name)


def has_missiles(team: Team, catalog: Catalog) -> bool:
    for unit in team.units:
        for wid in unit.mounted():
            weapon = catalog.weapon(wid)
            if weapon is not None and weapon.type == "missile":
                return True
    return False


def printouts(team: Team, catalog: Catalog, options: PrintOptions) -> list[Printout]:
    """Cards, missile tokens and base markers, in that order.

    A team without missile weapons gets no token sheet (an empty page would only waste paper).
    """
    paper, lang = options.paper, options.lang
    size = check_choices(paper, lang, options.card_size, CARD_SIZES)
    out = [
        Printout(
            "cards",
            "laminim/cards.html",
            cards_context(team, catalog, lang=lang, paper=paper, card=CARD_SIZES[size], size=size),
        )
    ]
    if has_missiles(team, catalog):
        out.append(
            Printout(
                "tokens",
                "laminim/tokens.html",
                tokens_context(team, catalog, lang=lang, paper=paper),
            )
        )
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
    """The HTML of one printout (``cards``, ``tokens`` or ``markers``), before PDF conversion."""
    from builder.render.batch import render_html as render

    if kind not in KINDS:
        raise ValueError(f"unknown printout {kind!r}; expected one of {', '.join(KINDS)}")
    options = PrintOptions(paper=paper, lang=lang, card_size=card_size)
    by_kind = {p.kind: p for p in printouts(team, catalog, options)}
    if kind not in by_kind:  # a team without missiles still has an (empty) token sheet
        return render(
            Printout(
                kind, f"laminim/{kind}.html", tokens_context(team, catalog, lang=lang, paper=paper)
            )
        )
    return render(by_kind[kind])


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
    """Write the team's cards, tokens and markers PDFs into ``out_dir`` (``laminim cards``)."""
    from builder.render.batch import render_printouts

    options = PrintOptions(paper=paper, lang=lang, card_size=card_size)
    return render_printouts(
        printouts(team, catalog, options), out_dir, team.name, progress=progress
    )
