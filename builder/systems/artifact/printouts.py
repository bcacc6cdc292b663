"""Plain-data template contexts for artifact cards, battleship markers and the range ruler.

Templates see only dicts, lists, strings and numbers: hit chances are computed here by the
rules core, the templates only lay them out.
"""

from __future__ import annotations

from typing import Any

from builder.core.i18n import Labels, Lang, part_name
from builder.render.fit import Fitted, fit, fit_words
from builder.render.layout import (
    PAPERS,
    Grid,
    check_choices,
    make_grid,
    place_on_pages,
    sheet_context,
)
from builder.systems.artifact.derive import Unit, all_units
from builder.systems.artifact.models import ArtifactCatalog, ForceFile, MobileSuit, Ship, Weapon
from builder.systems.artifact.print_labels import labels_for
from builder.systems.artifact.text import MODIFIERS
from builder.systems.base import PrintOptions, Printout

CARD_SIZES: dict[str, tuple[float, float]] = {"poker": (63.0, 88.0), "large": (89.0, 127.0)}
"""Card sizes in mm, as LAMINIM's (poker: nine a page; large: the L photo size, four a page)."""

BOXES_PER_ROW = {"poker": 10, "large": 15}
"""Tick boxes per row in groups of five (a 35 HP ship is 10 + 10 + 10 + 5 on a poker card)."""

NAME_FIT = {"poker": (40.0, 9.0, 6.0), "large": (60.0, 13.0, 8.0)}
"""Width (mm), max and min pt of the unit name in the card header."""

LINE_FIT = {"poker": (45.0, 6.0), "large": (62.0, 8.0)}
"""Width (mm) and pt of the one-line force and type lines under the name (cards.css: the card
less its padding and the room kept for M: 13 mm, 18 mm on the large card); a longer line ends
in … rather than being clipped."""

CAPACITY_PER_ROW = 12
"""Numbered capacity boxes per row (cards.css: 12 fit beside the label on both card sizes)."""

SHEET_LABELS = Labels.load(__file__, "sheet_labels.yaml")

MARKER_DIAMETER = 70.0
"""The battleship marker: a 70 mm disc (the seed sets no size; it is bigger than an MS base and
leaves room for a model ship on top)."""

MARKER_NAME = (44.0, 12.0, 7.0)
RULER_CM = 20
"""The ruler covers the longest range in the catalog (20 cm: funnels, main guns, missiles)."""

Context = dict[str, Any]


def box_groups(count: int, per_row: int = 10) -> list[list[int]]:
    """Tick boxes for ``count`` points as rows of groups of five: 12 → [[5, 5], [2]]."""
    rows = []
    left = count
    while left > 0:
        row_n = min(per_row, left)
        rows.append([min(5, row_n - g) for g in range(0, row_n, 5)])
        left -= row_n
    return rows


def hit_chances(weapon: Weapon, kind: str) -> list[str]:
    """Per-die hit chance at the D10 modifiers 0 / −1 / −2, as the rules core computes it."""
    from builder.systems.artifact.rules import p_success

    need = weapon.to_hit_ms if kind == "ms" else weapon.to_hit_ship
    return [f"{100 * float(p_success(need, m)):.0f}" for m in MODIFIERS]


def _weapon(w: Weapon, lang: Lang) -> dict[str, Any]:
    return {
        "name": part_name(w, lang),
        "range": w.range,
        "attacks": w.attacks,
        "to_hit_ms": f"{w.to_hit_ms}+",
        "to_hit_ship": f"{w.to_hit_ship}+",
        "damage": w.damage,
        "hit_ms": hit_chances(w, "ms"),
        "hit_ship": hit_chances(w, "ship"),
    }


def unit_card(name: str, unit: Unit, force: str, lang: Lang, size: str) -> dict[str, Any]:
    width, hi, lo = NAME_FIT[size]
    fitted = fit(name, width, hi, lo, lines=2)
    words = fit_words(name, width, hi, lo)
    if words.size < fitted.size:  # a long word shrinks the name rather than break inside
        fitted = Fitted(fitted.text, words.size)
    line_mm, line_pt = LINE_FIT[size]
    labels = labels_for(lang)
    kind = "ms" if isinstance(unit, MobileSuit) else "ship"
    card: dict[str, Any] = {
        "kind": kind,
        "name": fitted.text,
        "name_pt": fitted.size,
        "type": part_name(unit, lang),
        "type_line": fit(
            f"{part_name(unit, lang)} · {labels[kind]}", line_mm, line_pt, line_pt
        ).text,
        "force": force,
        "force_line": fit(f"{labels['force']}: {force}", line_mm, line_pt, line_pt).text,
        "move": unit.move,
        "hp": unit.hp,
        "hp_rows": box_groups(unit.hp, BOXES_PER_ROW[size]),
        "weapons": [_weapon(w, lang) for w in unit.weapons],
    }
    if isinstance(unit, MobileSuit):
        card["propellant"] = unit.propellant
        card["p_rows"] = box_groups(unit.propellant, BOXES_PER_ROW[size])
    else:
        assert isinstance(unit, Ship)
        card["capacity"] = unit.capacity
        card["capacity_track"] = list(range(1, unit.capacity + 1))
        card["capacity_rows"] = [
            list(range(first, min(first + CAPACITY_PER_ROW, unit.capacity + 1)))
            for first in range(1, unit.capacity + 1, CAPACITY_PER_ROW)
        ]
    return card


def members(force: ForceFile, catalog: ArtifactCatalog) -> list[tuple[str, Unit]]:
    """The ship then the MS, those found in the catalog (a forced illegal force may lack some)."""
    units = all_units(catalog)
    out = []
    for name, type_id in [(force.ship.name, force.ship.type)] + [
        (u.name, u.type) for u in force.units
    ]:
        if type_id in units:
            out.append((name, units[type_id]))
    return out


def _document(
    kind: str, lang: Lang, paper: str, grid: Grid, items: list[dict[str, Any]], force: str
) -> Context:
    labels = labels_for(lang)
    title = f"{force} — {labels['doc_' + kind]}"
    pages = place_on_pages(grid, items, crop=True, empty_page=True)
    context = sheet_context("artifact", kind, lang, paper, grid, pages, labels, title)
    context["force"] = force
    return context


def cards_context(
    force: ForceFile, catalog: ArtifactCatalog, *, lang: Lang, paper: str, size: str
) -> Context:
    w, h = CARD_SIZES[size]
    grid = make_grid(paper, w, h)
    items = [unit_card(n, u, force.name, lang, size) for n, u in members(force, catalog)]
    context = _document("cards", lang, paper, grid, items, force.name)
    context["card_size"] = size
    return context


def markers_context(
    force: ForceFile, catalog: ArtifactCatalog, *, lang: Lang, paper: str
) -> Context:
    """One page: the battleship marker (a round disc with name and front) and the range ruler."""
    page_w, page_h = PAPERS[paper]
    labels = labels_for(lang)
    ships = [(n, u) for n, u in members(force, catalog) if isinstance(u, Ship)]
    markers = []
    for name, ship in ships:
        fitted = fit(name, *MARKER_NAME)
        markers.append(
            {
                "name": fitted.text,
                "name_pt": fitted.size,
                "type": part_name(ship, lang),
                "hp": ship.hp,
                "capacity": ship.capacity,
            }
        )
    ruler_len = RULER_CM * 10.0
    return {
        "system": "artifact",
        "kind": "markers",
        "lang": lang,
        "labels": labels,
        "title": f"{force.name} — {labels['doc_markers']}",
        "force": force.name,
        "page": {"width": page_w, "height": page_h, "paper": paper},
        "item": {"width": MARKER_DIAMETER, "height": MARKER_DIAMETER},
        "markers": markers,
        "marker": {
            "diameter": MARKER_DIAMETER,
            "left": page_w - 20.0 - MARKER_DIAMETER,
            "top": 25.0,
        },
        "ruler": {
            "left": 20.0,
            "top": (page_h - ruler_len) / 2,
            "length": ruler_len,
            "width": 14.0,
            "ticks": [
                {
                    "mm": mm / 1.0,
                    "cm": mm // 10 if mm % 10 == 0 else None,
                    "len": 7.0 if mm % 10 == 0 else (4.5 if mm % 5 == 0 else 2.5),
                }
                for mm in range(0, int(ruler_len) + 1)
            ],
        },
        "pages": [{"items": []}],
        "sheet_note": SHEET_LABELS.t("note_markers", lang),
    }


def printouts(force: ForceFile, catalog: ArtifactCatalog, options: PrintOptions) -> list[Printout]:
    """Unit cards (the ship first, then the MS) and the battleship marker sheet with the ruler."""
    paper, lang = options.paper, options.lang
    size = check_choices(paper, lang, options.card_size, CARD_SIZES)
    return [
        Printout(
            "cards",
            "artifact/cards.html",
            cards_context(force, catalog, lang=lang, paper=paper, size=size),
        ),
        Printout(
            "markers",
            "artifact/markers.html",
            markers_context(force, catalog, lang=lang, paper=paper),
        ),
    ]
