"""What a LAMINIM unit card shows, as plain data for its template.

Templates see only dicts, lists, strings and numbers, never catalog or roster objects: what is
printed is decided here (and in the rules core), the templates only lay it out. How big the
card's type is, is :mod:`builder.systems.laminim.card_fit`'s.

The card is the play face: what a player reads or ticks during a game (durability, movement,
the silhouette, each weapon's numbers, the hit table). What only matters while building a team
(payload, exposure, survival against a threat) is on the roster sheet instead
(:data:`ANALYSIS_ON_CARD`).
"""

from __future__ import annotations

from typing import Any

from builder.core.i18n import Lang, part_name
from builder.render.fit import Fitted, fit
from builder.render.measure import count_lines, pieces, segments
from builder.systems.laminim.derive import unit_spec, weapon_spec
from builder.systems.laminim.legality import ResolvedUnit, resolve_unit
from builder.systems.laminim.models import Catalog, Frame, Weapon
from builder.systems.laminim.rules import silhouette, success_faces
from builder.systems.laminim.rules.interception import CARD_SALVO, DEFAULT_BONUS, mean_stopped
from builder.systems.laminim.team import SLOTS, Team

ANALYSIS_ON_CARD = False
"""The one place the split is decided: list-building analysis (survival by round against the
default threat, exposure %, payload used) is not printed on a unit card; the roster sheet
carries it. Only a payload over the limit still shows on the card, as a warning."""

BOXES_PER_ROW = {"poker": 10, "large": 15}
"""Tick boxes per row, in groups of five, by card size: boxes of at least 3.5 mm, 0.6 mm apart,
big enough to tick with a pencil at the table; a poker card has room for two groups a row (a
40-point frame is four rows of ten), a large one for three (15 + 15 + 10)."""

NAME_FIT = {
    # card size: (name width mm, max pt, min pt, team line width mm, team pt)
    "poker": (45.0, 10.0, 7.0, 45.0, 6.5),
    "large": (66.0, 14.0, 9.0, 66.0, 8.0),
}
"""Room for the unit name (two lines) and the team line (one line) beside the ID box."""


def num(value: float) -> str:
    """``1`` for 1.0, ``1.5`` for 1.5: distances read like the rules write them."""
    return f"{value:g}"


MAX_ROWS = 4
"""Tick-box rows a track takes at most: a frame's forty points on poker (sixty on large)."""

MAX_TICK_BOXES = {size: MAX_ROWS * per_row for size, per_row in BOXES_PER_ROW.items()}
"""More points than this on a card of the size (a catalog may allow 10,000) get a write-in
tally box instead of tick boxes: at four rows a track, a frame's track with its heat track, or
a weapon's durability and ammo, always fit one poker card (card_fit.split_to_fit moves the
rest on), and thousands of boxes would take the PDF engine minutes."""


def box_rows(count: int, size: str = "large") -> list[int]:
    """Tick-box row lengths for ``count`` points on a ``size`` card, e.g. 14 → [14] on large,
    [10, 4] on poker; none (a tally box) over :data:`MAX_TICK_BOXES`."""
    if count > MAX_TICK_BOXES[size]:
        return []
    per_row = BOXES_PER_ROW[size]
    full, rest = divmod(count, per_row)
    return [per_row] * full + ([rest] if rest else [])


def _fit_name(text: str, width_mm: float, max_pt: float, min_pt: float, lang: Lang) -> Fitted:
    """The unit name on at most two lines of the header: :func:`builder.render.fit.fit`'s size,
    then cut further (ending in an ellipsis) while the lines as the printer breaks them
    (:func:`builder.render.measure.count_lines`) would still be three: a third line would print
    under the team line."""
    name = fit(text, width_mm, max_pt, min_pt, lines=2)
    body = name.text
    while body and count_lines(pieces(name.size, body, bold=True), width_mm, lang) > 2:
        body = body.rstrip("…")[:-1].rstrip() + "…"
    return Fitted(body, name.size)


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
    slot: int, weapon: Weapon, frame: Frame, labels: dict[str, str], lang: Lang, size: str
) -> dict[str, Any]:
    name = part_name(weapon, lang)
    return {
        "slot": slot,
        "face": 3 + slot,
        "name": name,  # fitted to its line by card_fit.set_type: name_words, name_pt
        "type": weapon.type,
        "type_label": labels[f"type_{weapon.type}"],
        # the type's box, unless the name says it (no 「ミサイル [ミサイル]」 in Japanese)
        "type_shown": weapon.type != "normal" and labels[f"type_{weapon.type}"] != name,
        "attacking": weapon.type != "special",
        "power": weapon.power,
        "attacks": weapon.attacks,
        "ammo_per_attack": weapon.ammo_per_attack,
        "ammo": weapon.ammo,
        "weight": weapon.weight,
        "heat_per_attack": weapon.heat_per_attack,
        "abilities": _abilities(weapon, frame, labels, lang),
        "durability": weapon.durability,
        "durability_rows": box_rows(weapon.durability, size),
        "ammo_rows": box_rows(weapon.ammo, size) if weapon.ammo is not None else [],
        # a battle record's marks (play/printing.py): boxes struck from the first, destroyed
        "durability_struck": 0,
        "ammo_struck": 0,
        "destroyed": False,
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


def unit_card(
    unit: ResolvedUnit,
    team_name: str,
    lang: Lang,
    labels: dict[str, str],
    size: str = "poker",
) -> dict[str, Any]:
    """Everything printed on one unit card (names fitted to the ``size`` card's header).

    Its type is set for the whole deck afterwards (:func:`builder.systems.laminim.card_fit.
    fit_deck`): the largest scale at which every card of the deck fits.
    """
    frame = unit.frame
    name_w, name_max, name_min, team_w, team_pt = NAME_FIT[size]
    name = _fit_name(unit.name, name_w, name_max, name_min, lang)
    team_prefix = f"{labels['team']}: "
    team = fit(team_prefix + team_name, team_w, team_pt, team_pt)
    faces = _faces(unit, labels, lang)
    cells = _silhouette_cells(faces)
    guards = [
        {
            "face": f["face"],
            "by": f["guard"],
            "text": labels["guard_line"].format(face=f["face"], by=f["guard"]),
        }
        for f in faces
        if f["guard"]
    ]
    heat = None
    if frame.heat_capacity is not None:
        heat = {
            "capacity": frame.heat_capacity,
            "cooling": frame.cooling,
            "rows": box_rows(frame.heat_capacity, size),
        }
    card = {
        "reference": False,
        "continued": False,
        "name": name.text,
        "name_pt": name.size,
        "team": team.text[len(team_prefix) :],
        "team_pt": team.size,
        "frame": part_name(frame, lang),
        "frame_words": segments(part_name(frame, lang)),
        "durability": frame.durability,
        "durability_rows": box_rows(frame.durability, size),
        "durability_struck": 0,  # a battle record's marks (play/printing.py)
        "id": "",  # the deployment ID, written in its box when a battle record prints the card
        "destroyed": False,
        "over_payload": unit.payload_used > frame.payload,
        "movement": _movement(frame, lang),
        "faces": faces,
        "sil_cells": cells,
        "guards": guards,
        "weapons": [
            _weapon(i + 1, w, frame, labels, lang, size)
            for i, w in enumerate(unit.slots[:SLOTS])
            if w is not None
        ],
        "heat": heat,
        # the frame's and heat's tracks print on this card (a unit too heavy for one card
        # may carry its heat track on to the next: card_fit.split_to_fit)
        "frame_track": True,
        "heat_track": heat is not None,
    }
    return card


def hit_table() -> list[dict[str, str]]:
    """Total bonus B → the lowest succeeding face, as the rules core counts them
    (docs/rules.md §1.2)."""
    return [{"bonus": f"+{b}", "hits": f"{7 - success_faces(b)}+"} for b in range(6)]


def resolved_units(team: Team, catalog: Catalog) -> list[ResolvedUnit]:
    """Units whose parts are all in the catalog (a forced illegal team may still have unknowns)."""
    out = []
    for unit in team.units:
        resolved = resolve_unit(unit, catalog)
        if resolved is not None:
            out.append(resolved)
    return out


def intercepts(team: Team, catalog: Catalog, lang: Lang) -> list[dict[str, str]]:
    """Each normal weapon of the team with the missiles it shoots off a 5-missile token at +2,
    on average (docs/rules.md §1.4, interception), for the reference card."""
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
