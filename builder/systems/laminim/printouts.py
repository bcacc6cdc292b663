"""Plain-data template contexts for cards, missile tokens and base markers.

Templates see only dicts, lists, strings and numbers, never catalog or roster objects: what is
printed is decided here (and in the rules core), the templates only lay it out.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from builder.core.i18n import LANGS, Lang, part_name
from builder.render.fit import fit, fit_words, segments
from builder.render.layout import PAPERS, Grid, make_grid, place_on_pages, sheet_context
from builder.systems.base import PrintOptions, Printout
from builder.systems.laminim.analysis import analyze
from builder.systems.laminim.legality import ResolvedUnit, resolve_unit
from builder.systems.laminim.models import Catalog, Frame, Weapon
from builder.systems.laminim.print_labels import labels_for
from builder.systems.laminim.rules import silhouette, success_faces
from builder.systems.laminim.rules.interception import CARD_SALVO, DEFAULT_BONUS, mean_stopped
from builder.systems.laminim.specs import unit_spec, weapon_spec
from builder.systems.laminim.team import SLOTS, Team

CARD_SIZES: dict[str, tuple[float, float]] = {
    "poker": (63.0, 88.0),
    "large": (89.0, 127.0),
}
"""Card sizes in mm (width, height), portrait.

- ``poker`` (63 × 88 mm): the standard trading-card size; sleeves, deck boxes and card stock are
  everywhere, and nine fit on A4 and on Letter (3 × 3) inside a printer-safe margin. The card is
  dense but every tick box stays 3 mm square.
- ``large`` (89 × 127 mm): the 3.5 × 5 in photo size (L判 in Japan), for more room and larger
  type; sleeves and photo stock exist, and four fit on A4 and on Letter (2 × 2) with margin for
  crop marks. A6 (105 × 148 mm) was rejected: only one fits on Letter inside the printer margin,
  and on A4 the four A6 cards would need a borderless printer.
"""

KINDS = ("cards", "tokens", "markers")

BOXES_PER_ROW = 15
"""Tick boxes per row, in groups of five: a 40-point frame is 15 + 15 + 10, easy to count at a
glance, and a 12-ammo or 14-durability weapon needs one row, so the heaviest loadout (a 40-point
frame with three gatlings) still fits a poker card with 3 mm boxes."""

NAME_FIT = {
    # card size: (name width mm, max pt, min pt, team line width mm, team pt)
    "poker": (46.0, 9.0, 6.0, 46.0, 6.0),
    "large": (66.0, 14.0, 8.0, 66.0, 7.5),
}
"""Room for the unit name (two lines) and the team line (one line) beside the ID box."""

BODY_PT = {"poker": (6.0, 6.0), "large": (7.5, 7.0)}
"""Body type (pt) of each card size, and the floor a long part name may shrink to."""

PADDING_MM = {"poker": 2.5, "large": 4.0}
"""Left/right padding of a card."""

TOKEN_NAME = (36.0, 8.0, 5.0)
"""Width (mm), max and min pt of the unit name on a missile token."""

MARKER_NAME = (31.0, 6.0, 4.5)
"""Width (mm), max and min pt of the unit name on a base marker."""

TOKEN_DIAMETER = 50.0
"""Missile tokens and base markers match the recommended 50 mm round base (seed 000)."""

TOKEN_GAP = 4.0

Context = dict[str, Any]


def num(value: float) -> str:
    """``1`` for 1.0, ``1.5`` for 1.5: distances read like the rules write them."""
    return f"{value:g}"


def pct(p: float) -> str:
    return f"{100 * p:.0f}%"


def box_rows(count: int) -> list[int]:
    """Tick-box row lengths for ``count`` points, e.g. 14 → [10, 4]."""
    full, rest = divmod(count, BOXES_PER_ROW)
    return [BOXES_PER_ROW] * full + ([rest] if rest else [])


def _faces(unit: ResolvedUnit, labels: dict[str, str], lang: Lang) -> list[dict[str, Any]]:
    """Faces 1-6 as the rules core's silhouette names them (D4 guards included)."""
    faces = []
    for info in silhouette(unit_spec(unit)).faces:
        shield = unit.slots[info.guard_slot - 1] if info.guard_slot is not None else None
        guard = part_name(shield, lang) if shield is not None else None
        if info.is_frame:
            faces.append(
                {"face": info.face, "kind": "frame", "part": labels["part_frame"], "slot": None}
            )
        else:
            slot = info.face - 3
            weapon = unit.slots[slot - 1] if info.slot is not None else None
            faces.append(
                {
                    "face": info.face,
                    "kind": "weapon" if weapon is not None else "empty",
                    "part": part_name(weapon, lang) if weapon is not None else labels["part_empty"],
                    "slot": slot,
                }
            )
        faces[-1]["guard"] = guard
    return faces


def _silhouette_cells(faces: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The silhouette as printed: the frame faces in one cell ("1–3"), then one cell per slot
    face, so each part name has room to stay whole."""
    frame = [f["face"] for f in faces if f["kind"] == "frame"]
    cells: list[dict[str, Any]] = []
    if frame:
        span = f"{min(frame)}–{max(frame)}" if len(frame) > 1 else str(frame[0])
        part = next(f["part"] for f in faces if f["kind"] == "frame")
        cells.append({"faces": span, "slot": None, "kind": "frame", "part": part})
    for f in faces:
        if f["kind"] != "frame":
            cells.append(
                {"faces": str(f["face"]), "slot": f["slot"], "kind": f["kind"], "part": f["part"]}
            )
    return cells


def _abilities(weapon: Weapon, frame: Frame, labels: dict[str, str], lang: Lang) -> list[str]:
    out: list[str] = []
    ab = weapon.abilities
    if weapon.type == "missile":
        out.append(labels["ab_homing"] if ab.homing else labels["ab_straight"])
    if weapon.type == "melee":
        out.append(labels["ab_melee"])
    if ab.guard is not None:
        faces = ",".join(str(f) for f in ab.guard.faces)
        out.append(labels["ab_guard"].format(faces=faces, reduction=ab.guard.reduction))
    if ab.quick_boost is not None:
        mode = next((m for m in frame.movement if m.id == ab.quick_boost.mode), None)
        mode_name = part_name(mode, lang) if mode is not None else ab.quick_boost.mode
        out.append(
            labels["ab_quick_boost"].format(mode=mode_name, distance=num(ab.quick_boost.distance))
        )
    if ab.thruster is not None:
        out.append(labels["ab_thruster"].format(distance=num(ab.thruster.distance_bonus)))
    return out


def _weapon(
    slot: int, weapon: Weapon, frame: Frame, labels: dict[str, str], lang: Lang, size: str = "poker"
) -> dict[str, Any]:
    name = part_name(weapon, lang)
    # the name shares its line with the slot tag and the type box; the stats float beside it
    body, floor = BODY_PT[size]
    fitted = fit_words(name, CARD_SIZES[size][0] - 2 * PADDING_MM[size] - 14, body, floor)
    return {
        "slot": slot,
        "face": 3 + slot,
        "name": name,
        "name_words": fitted.words,
        "name_pt": fitted.size,
        "type": weapon.type,
        "type_label": labels[f"type_{weapon.type}"],
        "attacking": weapon.type != "special",
        "power": weapon.power,
        "attacks": weapon.attacks,
        "ammo_per_attack": weapon.ammo_per_attack,
        "ammo": weapon.ammo,
        "weight": weapon.weight,
        "heat_per_attack": weapon.heat_per_attack,
        "abilities": _abilities(weapon, frame, labels, lang),
        "durability": weapon.durability,
        "durability_rows": box_rows(weapon.durability),
        "ammo_rows": box_rows(weapon.ammo) if weapon.ammo is not None else [],
    }


def _movement(frame: Frame, lang: Lang) -> list[dict[str, Any]]:
    return [
        {
            "name": part_name(mode, lang),
            "words": segments(part_name(mode, lang)),
            "distance": num(mode.distance) if mode.direction != "none" else "",
            "turn": f"{mode.turn}°",
            "zuzzer": mode.zuzzer or "",
            "heat": "" if mode.heat is None else mode.heat,
        }
        for mode in frame.movement
    ]


def _survival(unit: ResolvedUnit, catalog: Catalog, lang: Lang) -> dict[str, Any] | None:
    threat = catalog.threat(catalog.default_threat) if catalog.default_threat else None
    if threat is None:
        return None  # a catalog without a default threat: the card shows exposure only
    result = analyze(unit, threat, catalog)
    return {
        "threat": part_name(threat, lang),
        "exposure": result.exposure,
        "rounds": [
            {
                "round": r.round,
                "alive": pct(r.alive),
                "remaining": f"{r.expected_remaining:.1f}",
            }
            for r in result.survival.rounds
        ],
    }


def unit_card(
    unit: ResolvedUnit,
    team_name: str,
    catalog: Catalog,
    lang: Lang,
    labels: dict[str, str],
    size: str = "poker",
) -> dict[str, Any]:
    """Everything printed on one unit card (names fitted to the ``size`` card's header)."""
    frame = unit.frame
    name_w, name_max, name_min, team_w, team_pt = NAME_FIT[size]
    name = fit(unit.name, name_w, name_max, name_min, lines=2)
    team_prefix = f"{labels['team']}: "
    team = fit(team_prefix + team_name, team_w, team_pt, team_pt - 0.5)
    faces = _faces(unit, labels, lang)
    cells = _silhouette_cells(faces)
    # one row holds two cells: the face numbers and the slot tag take ~7 mm of each
    cell_w = CARD_SIZES[size][0] / 2 - PADDING_MM[size] - 8.5
    body, floor = BODY_PT[size]
    for cell in cells:
        fitted = fit_words(cell["part"], cell_w, body, floor)
        cell["words"], cell["pt"] = fitted.words, fitted.size
    guards = [{"face": f["face"], "by": f["guard"]} for f in faces if f["guard"]]
    valid = sum(1 for f in faces if f["kind"] != "empty")
    survival = _survival(unit, catalog, lang)
    heat = None
    if frame.heat_capacity is not None:
        heat = {
            "capacity": frame.heat_capacity,
            "cooling": frame.cooling,
            "rows": box_rows(frame.heat_capacity),
        }
    return {
        "reference": False,
        "name": name.text,
        "name_pt": name.size,
        "team": team.text[len(team_prefix) :],
        "team_pt": team.size,
        "frame": part_name(frame, lang),
        "durability": frame.durability,
        "durability_rows": box_rows(frame.durability),
        "payload_used": unit.payload_used,
        "payload_limit": frame.payload,
        "over_payload": unit.payload_used > frame.payload,
        "movement": _movement(frame, lang),
        "faces": faces,
        "sil_cells": cells,
        "guards": guards,
        "valid_faces": valid,
        "exposure": pct(valid / 6),
        "survival": survival,
        "weapons": [
            _weapon(i + 1, w, frame, labels, lang, size)
            for i, w in enumerate(unit.slots[:SLOTS])
            if w is not None
        ],
        "heat": heat,
    }


def hit_table() -> list[dict[str, str]]:
    """Total bonus B → the lowest succeeding face, as the rules core counts them (RULES §1.2)."""
    return [{"bonus": f"+{b}", "hits": f"{7 - success_faces(b)}+"} for b in range(6)]


def resolved_units(team: Team, catalog: Catalog) -> list[ResolvedUnit]:
    """Units whose parts are all in the catalog (a forced illegal team may still have unknowns)."""
    out = []
    for unit in team.units:
        resolved = resolve_unit(unit, catalog)
        if resolved is not None:
            out.append(resolved)
    return out


def _document(
    kind: str, lang: Lang, paper: str, grid: Grid, items: list[dict[str, Any]], team_name: str
) -> Context:
    labels = labels_for(lang)
    title = f"{team_name} — {labels['doc_' + kind]}"
    pages = place_on_pages(grid, items)
    context = sheet_context("laminim", kind, lang, paper, grid, pages, labels, title)
    context["team"] = team_name
    return context


def intercepts(team: Team, catalog: Catalog, lang: Lang) -> list[dict[str, str]]:
    """Each normal weapon of the team with the missiles it shoots off a 5-missile token at +2,
    on average (RULES §1.4, D19), for the reference card."""
    out: list[dict[str, str]] = []
    seen: set[str] = set()
    for unit in resolved_units(team, catalog):
        for weapon in unit.slots[:SLOTS]:
            if weapon is None or weapon.type != "normal" or weapon.attacks <= 0:
                continue
            if weapon.id in seen:
                continue
            seen.add(weapon.id)
            stops = mean_stopped(weapon_spec(weapon), CARD_SALVO, DEFAULT_BONUS)
            out.append({"name": part_name(weapon, lang), "stops": f"{stops:.1f}"})
    return out


def cards_context(
    team: Team, catalog: Catalog, *, lang: Lang, paper: str, card: tuple[float, float], size: str
) -> Context:
    labels = labels_for(lang)
    grid = make_grid(paper, card[0], card[1])
    items = [
        unit_card(u, team.name, catalog, lang, labels, size) for u in resolved_units(team, catalog)
    ]
    # a unit card keeps its type readable (poker >= 6 pt, large >= 7 pt) and the heaviest unit
    # still fits, so the hit bonuses and the obstruction rule go on one reference card of the
    # same size, cut out with the others; each unit card keeps its one-row hit table
    items.append({"reference": True, "intercepts": intercepts(team, catalog, lang)})
    context = _document("cards", lang, paper, grid, items, team.name)
    context["card_size"] = size
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
    paper, lang, size = options.paper, options.lang, options.card_size
    if paper not in PAPERS:
        raise ValueError(f"unknown paper {paper!r}; expected one of {', '.join(PAPERS)}")
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r}; expected one of {', '.join(LANGS)}")
    if size not in CARD_SIZES:
        raise ValueError(f"unknown card size {size!r}; expected one of {', '.join(CARD_SIZES)}")
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
