"""Plain-data template contexts for cards, missile tokens and base markers.

Templates see only dicts, lists, strings and numbers, never catalog or roster objects: what is
printed is decided here (and in the rules core), the templates only lay it out.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple

from builder.core.i18n import LANGS, Lang, part_name
from builder.render.fit import PT_MM, fit, fit_words, segments, text_em
from builder.render.layout import PAPERS, Grid, make_grid, place_on_pages, sheet_context
from builder.systems.base import PrintOptions, Printout
from builder.systems.laminim.analysis import analyze
from builder.systems.laminim.derive import unit_spec, weapon_spec
from builder.systems.laminim.legality import ResolvedUnit, resolve_unit
from builder.systems.laminim.models import Catalog, Frame, Weapon
from builder.systems.laminim.print_labels import labels_for
from builder.systems.laminim.rules import silhouette, success_faces
from builder.systems.laminim.rules.interception import CARD_SALVO, DEFAULT_BONUS, mean_stopped
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

TLABEL_PT = {"poker": 5.5, "large": 7.0}
"""Type of the labels left of the tick boxes (Frame, Dur, Ammo)."""

TLABEL_MM = {"poker": 7.0, "large": 12.5}
"""Width of the labels' column left of the tick boxes."""

HIT_PT = {"poker": 6.0, "large": 7.0}
"""Type of the one-row hit table at the foot of a unit card."""

HIT_MAX_PT = {"poker": 6.0, "large": 8.5}
"""The hit table grows with the card's type up to this: its seven cells must keep one line
across the card. A poker card's keeps its 6 pt: at 6.5 pt "+0→6+" already fills its cell."""

LARGE_MAX_SCALE = 4 / 3
"""A large card's type grows with the room its unit leaves, up to 4/3 of the normal size (body
7.5 → 10 pt): book-sized type, big enough to read across the table, not poster-sized. The
heaviest loadouts stay at the normal size (scale 1), as before."""

POKER_MAX_SCALE = 4 / 3
"""A poker card's type grows the same way, up to body 8 pt (from 6; labels 5.5 → 7.33 pt): a
light unit's card reads like a large one's at arm's length, and the card stays a card (a
bigger body would leave too few words a line in its 58 mm). The heaviest keep 6 pt."""

MAX_SCALE = {"poker": POKER_MAX_SCALE, "large": LARGE_MAX_SCALE}

CHART_MM = (6.0, 30.0)
"""Survival bars on a large card, in mm of height: drawn only when at least 6 mm are left once
the type is at its largest, and never over 30 mm (a taller bar reads no better)."""

POKER_CHART_MM = (4.0, 20.0)
"""Survival bars on a poker card: at least 4 mm (shorter ones read as a rule, not bars), at most
20 mm (under a quarter of the card, like the large card's 30 mm of 127)."""

CHARTS_MM = {"poker": POKER_CHART_MM, "large": CHART_MM}

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
    slot: int, weapon: Weapon, frame: Frame, labels: dict[str, str], lang: Lang
) -> dict[str, Any]:
    name = part_name(weapon, lang)
    return {
        "slot": slot,
        "face": 3 + slot,
        "name": name,  # fitted to its line by _set_type: name_words, name_pt
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
                "alive_p": r.alive,
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
    """Everything printed on one unit card (names fitted to the ``size`` card's header).

    The card's type (and survival bars) grow to fill its height when the unit leaves room (see
    :func:`fill_card`); the heaviest loadouts keep the normal sizes.
    """
    frame = unit.frame
    name_w, name_max, name_min, team_w, team_pt = NAME_FIT[size]
    name = fit(unit.name, name_w, name_max, name_min, lines=2)
    team_prefix = f"{labels['team']}: "
    team = fit(team_prefix + team_name, team_w, team_pt, team_pt - 0.5)
    faces = _faces(unit, labels, lang)
    cells = _silhouette_cells(faces)
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
    card = {
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
            _weapon(i + 1, w, frame, labels, lang)
            for i, w in enumerate(unit.slots[:SLOTS])
            if w is not None
        ],
        "heat": heat,
    }
    fill_card(card, labels, lang, size)
    return card


def _set_type(card: dict[str, Any], labels: dict[str, str], size: str, scale: float) -> bool:
    """Type sizes of ``card`` at ``scale`` × the card size's normal ones; part names are fitted
    again at the new size (they shrink, never below the floor, rather than split a word).

    False when a part name that stays whole at the normal sizes would be split at this scale
    (its room shrinks as the slot tag and face number grow): the scale is too large."""
    whole = True
    body, floor = BODY_PT[size]
    pt = _quarter(body * scale)
    card["scale"] = scale
    card["body_pt"] = pt
    card["movement_cols"] = 2
    card["hit_pt"] = min(_quarter(HIT_PT[size] * scale), HIT_MAX_PT[size])
    # the tick labels keep a fixed column (the boxes need the rest of the width): "Frame" must
    # fit it, so they grow only as far as the widest label allows
    tl_w = TLABEL_MM[size] - 0.4
    widest = max(_tick_labels(card, labels), key=text_em)
    card["tlabel_pt"] = fit(widest, tl_w, _quarter(TLABEL_PT[size] * scale), TLABEL_PT[size]).size
    # one row holds two cells: the face numbers and the slot tag take ~7 mm of each at 7.5 pt
    cell_w = CARD_SIZES[size][0] / 2 - PADDING_MM[size] - 8.5 * scale
    for cell in card["sil_cells"]:
        fitted = fit_words(cell["part"], cell_w, pt, floor)
        cell["words"], cell["pt"] = fitted.words, fitted.size
        whole = whole and fitted.words == segments(cell["part"])
    # the name shares its line with the slot tag and the type box; the stats float beside it
    name_w = CARD_SIZES[size][0] - 2 * PADDING_MM[size] - 14 * scale
    for w in card["weapons"]:
        fitted = fit_words(w["name"], name_w, pt, floor)
        w["name_words"], w["name_pt"] = fitted.words, fitted.size
        whole = whole and fitted.words == segments(w["name"])
    card["chart_mm"] = 0.0
    if card["survival"] is not None:
        for r in card["survival"]["rounds"]:
            r["bar_mm"] = 0.0
    return whole


def _quarter(pt: float) -> float:
    """``pt`` rounded down to a quarter point (the steps of builder/render/fit.py)."""
    return int(pt * 4 + 1e-9) / 4


def _tick_labels(card: dict[str, Any], labels: dict[str, str]) -> list[str]:
    out = [labels["frame"]]
    if card["heat"] is not None:
        out.append(labels["heat_track"])
    if card["weapons"]:
        out.append(labels["durability_short"])
    if any(w["ammo"] is not None for w in card["weapons"]):
        out.append(labels["ammo"])
    return out


# --- unit cards fill their height --------------------------------------------------------------
#
# A unit card is laid out top-down (header, movement, silhouette, survival, tick tracks) with the
# hit table at its foot. A light unit (a frame with one or two weapons) used to leave a third of
# the card blank. The height of the card's content is estimated here from the CSS in
# templates/laminim/cards.css (the numbers in _METRICS mirror it, one set per card size) and the
# generous text widths of builder/render/fit.py; the largest type scale whose estimate fits is
# chosen, then survival bars take what room is left, and the card's flex layout spreads the last
# millimetres between its sections. Change one side, change the other
# (tests/systems/laminim/render/test_large_fill.py and test_poker_fill.py measure the printed
# result).


class _Metrics(NamedTuple):
    """The CSS of one card size that the height estimate needs (mm unless said otherwise)."""

    card_h: float
    pad_top: float
    pad_bottom: float
    inner_w: float
    line_h: float  # the card's line height (the team and frame lines, table headings)
    cell_pad_v: float
    cell_pad_h: float
    table_gap: float
    head_min: float
    head_w: float
    label_em: float  # labels (slot tags, stat keys, guards) in em of the body size
    frame_em: float  # the frame line
    stat_em: float  # the stat numbers
    move_th_em: float  # the movement heading's width, in em of the body size
    surv_pad_v: float
    tick_row: float
    tlabel_pad: float
    tracks_gap: float
    trow_gap: float  # margin, rule, padding above each track row
    thead_gap: float
    foot_gap: float
    foot_pad_v: float
    safety: float
    """Room the estimate keeps in hand: its text widths are generous (see builder/render/fit.py),
    so it errs high; this covers the rest (rounding, borders)."""


_BORDER = 0.15

_METRICS = {
    "large": _Metrics(
        card_h=127.0,
        pad_top=3.5,
        pad_bottom=3.0,
        inner_w=81.0,
        line_h=1.2,
        cell_pad_v=0.4,
        cell_pad_h=0.8,
        table_gap=1.4,
        head_min=13.0,
        head_w=66.0,
        label_em=14 / 15,  # 7 pt at the normal 7.5
        frame_em=16 / 15,  # 8 pt at 7.5
        stat_em=16 / 15,
        move_th_em=4.2,
        surv_pad_v=0.4,
        tick_row=4.15,
        tlabel_pad=1.2,
        tracks_gap=1.0,
        trow_gap=0.6 + _BORDER + 0.5,
        thead_gap=0.4,
        foot_gap=1.4,
        foot_pad_v=0.4,
        safety=1.5,
    ),
    "poker": _Metrics(
        card_h=88.0,
        pad_top=2.0,
        pad_bottom=1.6,
        inner_w=58.0,
        line_h=1.18,
        cell_pad_v=0.15,
        cell_pad_h=0.5,
        table_gap=0.6,
        head_min=9.4,
        head_w=46.0,
        label_em=11 / 12,  # 5.5 pt at the normal 6
        frame_em=1.0,
        stat_em=13 / 12,  # 6.5 pt at 6
        move_th_em=8 / (6 * PT_MM),  # 8 mm at 6 pt
        surv_pad_v=0.1,
        tick_row=3.25,
        tlabel_pad=0.4,
        tracks_gap=0.4,
        trow_gap=0.2 + _BORDER + 0.25,
        thead_gap=0.15,
        foot_gap=0.6,
        foot_pad_v=0.0,
        safety=1.0,
    ),
}

_LATIN = {"en": (0.87, 0.96), "ja": (0.8, 0.8)}
"""Latin letters, digits and spaces, regular and bold, are narrower than fit.py's generous
advances: DejaVu Sans at 0.77-0.85 of them (0.86-0.94 in bold), IPAex Gothic's Latin (the
Japanese cards' font, which has no bold face) at 0.70-0.78. Japanese is full width in both."""

_SYMBOL_EM = {
    "en": {"·": 0.38, "°": 0.5, "→": 0.84, "−": 0.84, "+": 0.84, "–": 0.5, "/": 0.37, "%": 1.0},
    "ja": {"·": 0.27, "°": 0.34, "→": 1.0, "−": 0.68, "+": 0.68, "–": 0.55, "/": 0.5, "%": 0.85},
}
"""Signs the cards print often, at their width in DejaVu Sans Bold and in IPAex Gothic."""

NBSP = "\u00a0"

Piece = tuple[str, bool, float, float]
"""A piece of a line that does not break inside: text, bold, size (pt), and the mm its box adds
(the padding and border of a slot tag or type box)."""


def _em(text: str, lang: Lang, bold: bool = False) -> float:
    """Width of ``text`` in em: letters, digits and spaces at :data:`_LATIN` of fit.py's
    advances, full-width characters at 1 em, other signs at their widest."""
    latin = _LATIN[lang][bold]
    signs = _SYMBOL_EM[lang]
    total = 0.0
    for c in text.replace(NBSP, " "):
        if c in signs:
            total += signs[c]
        elif c.isascii() and (c.isalnum() or c == " "):
            total += text_em(c) * latin
        else:
            total += text_em(c)
    return total


def _pieces(pt: float, text: str, *, bold: bool = False, whole: bool = False) -> list[Piece]:
    """``text`` at ``pt`` in the pieces a line may break between (builder.render.fit.segments;
    a no-break space holds its neighbours together), or whole (a .nw span)."""
    out: list[Piece] = []
    for seg in [text] if whole else segments(text):
        if out and (seg.startswith(NBSP) or out[-1][0].endswith(NBSP)):
            out[-1] = (out[-1][0] + seg, bold, pt, 0.0)
        else:
            out.append((seg, bold, pt, 0.0))
    return out


def _box(pt: float, text: str, extra_mm: float, bold: bool = False) -> list[Piece]:
    """An inline box (slot tag, type box) that never breaks, and the space after it."""
    return [(text, bold, pt, extra_mm), (" ", False, pt, 0.0)]


def _width(piece: Piece, lang: Lang, strip: bool = False) -> float:
    text, bold, pt, extra = piece
    return _em(text.rstrip() if strip else text, lang, bold) * pt * PT_MM + extra


def _lines(
    pieces: list[Piece],
    width_mm: float,
    lang: Lang,
    first_mm: float | None = None,
    narrow: int = 1,
) -> int:
    """Lines the ``pieces`` fill, greedily, in a box ``width_mm`` wide; the first ``narrow``
    lines may have less room (``first_mm``: after a lead, or beside a float)."""
    lines, used = 1, 0.0
    room = width_mm if first_mm is None else first_mm
    for n, piece in enumerate(pieces):
        need = _width(piece, lang, strip=True)
        if (used or (n == 0 and first_mm is not None)) and used + need > room:
            lines += 1
            used = 0.0
            room = first_mm if first_mm is not None and lines <= narrow else width_mm
        used += _width(piece, lang)
    return lines


def _mm(pt: float) -> float:
    return pt * PT_MM


def _row(m: _Metrics, lines: int, line_pt: float, pad_v: float | None = None) -> float:
    """A table row: its lines, the cell padding and one border."""
    return lines * _mm(line_pt) + 2 * (m.cell_pad_v if pad_v is None else pad_v) + _BORDER


def _track(m: _Metrics, rows: int, label_lines: int, label_pt: float) -> float:
    return max(rows * m.tick_row, m.tlabel_pad + label_lines * 1.05 * _mm(label_pt))


def _movement_height(
    card: dict[str, Any], labels: dict[str, str], lang: Lang, cols: int, size: str = "large"
) -> float:
    """The movement table with ``cols`` modes a row, beside its heading."""
    m = _METRICS[size]
    f = card["body_pt"]
    th = m.move_th_em * _mm(f) + 2 * m.cell_pad_h + _BORDER
    td = (m.inner_w - th) / cols - 2 * m.cell_pad_h - _BORDER
    height = m.table_gap + _BORDER
    modes = card["movement"]
    for i in range(0, len(modes), cols):
        tallest = 1
        for mode in modes[i : i + cols]:
            distance = f"{NBSP}{mode['distance']}" if mode["distance"] else ""
            cell = _pieces(f, f"{mode['name']}{distance}{NBSP}· ", bold=True)
            cell += _pieces(f, f"{labels['turn']}{NBSP}{mode['turn']}", whole=True)
            if mode["zuzzer"]:
                cell += _pieces(f, f"{NBSP}· {labels['zuzzer']}{NBSP}{mode['zuzzer']}")
            if mode["heat"] != "":
                cell += _pieces(f, f"{NBSP}· {labels['heat']}{NBSP}{mode['heat']}")
            tallest = max(tallest, _lines(cell, td, lang))
        height += _row(m, tallest, 1.12 * f)
    return height


def card_height(
    card: dict[str, Any], labels: dict[str, str], lang: Lang, size: str = "large"
) -> float:
    """Estimated height (mm) of a ``size`` unit card's content, hit table included, at the type
    sizes ``card`` holds (see :func:`_set_type`)."""
    return sum(card_sections(card, labels, lang, size).values())


def large_card_height(card: dict[str, Any], labels: dict[str, str], lang: Lang) -> float:
    """:func:`card_height` of a large card (127 mm)."""
    return card_height(card, labels, lang, "large")


def card_sections(
    card: dict[str, Any], labels: dict[str, str], lang: Lang, size: str = "large"
) -> dict[str, float]:
    """:func:`card_height` section by section, as the card's flex layout stacks them."""
    m = _METRICS[size]
    f = card["body_pt"]
    small = f * m.label_em
    big = f * m.frame_em
    stat = f * m.stat_em
    w = m.inner_w
    full = w - 2 * m.cell_pad_h - _BORDER  # a cell across the table
    space = _em(" ", lang) * _mm(f)

    def lines(pieces: list[Piece], width: float, first: float | None = None) -> int:
        return _lines(pieces, width, lang, first)

    # header: the name (two lines at most), the team line, the frame line
    name_pt = card["name_pt"]
    name_lines = min(2, lines(_pieces(name_pt, card["name"], bold=True), m.head_w))
    frame_line = (
        _pieces(big, f"{labels['frame']}: {card['frame']}{NBSP}· ", bold=True)
        + _pieces(big, f"{labels['durability_short']}{NBSP}{card['durability']}{NBSP}· ")
        + _pieces(big, f"{labels['payload']}{NBSP}{card['payload_used']}/{card['payload_limit']}")
    )
    if card["over_payload"]:
        frame_line += _pieces(big, " " + labels["over_payload"], bold=True)
    head = max(
        m.head_min,
        name_lines * 1.1 * _mm(name_pt)
        + m.line_h * _mm(card["team_pt"])
        + lines(frame_line, m.head_w) * m.line_h * _mm(big),
    )
    movement = _movement_height(card, labels, lang, card["movement_cols"], size)
    # silhouette: a title row, two cells a row (face, slot tag, part name), the guards
    exposure = f"{labels['exposure']}{NBSP}{card['valid_faces']}/6{NBSP}({card['exposure']})"
    title = _pieces(f, f"{labels['silhouette']} · ", bold=True)
    title += _pieces(f, exposure, bold=True, whole=True)
    sil = m.table_gap + _BORDER + _row(m, lines(title, full), m.line_h * f)
    cell_w = w / 2 - 2 * m.cell_pad_h - _BORDER
    cells = card["sil_cells"]
    for i in range(0, len(cells), 2):
        tallest = 1
        for c in cells[i : i + 2]:
            lead = max(1.9, _em(c["faces"], lang, bold=True)) * _mm(f) + space
            if c["slot"]:
                tag = _box(small, f"{labels['slot_short']}{c['slot']}", 1.0, bold=True)[0]
                lead += _width(tag, lang) + space
            words = [(wd, False, c["pt"], 0.0) for wd in c["words"]]
            tallest = max(tallest, lines(words, cell_w, cell_w - lead))
        sil += _row(m, tallest, 1.1 * f)
    if card["guards"]:
        guards = " · ".join(
            f"{labels['faces_label']}{NBSP}{g['face']}: {labels['guarded_by']} {g['by']}"
            for g in card["guards"]
        )
        sil += _row(m, lines(_pieces(small, guards), full), 1.1 * small)
    # survival: a title row, the bars (when fill_card gave them room), the percentages
    surv = 0.0
    if card["survival"] is not None:
        sv = card["survival"]
        n = len(sv["rounds"])
        heading = (
            f"{labels['survival']} {sv['threat']} · {labels['alive']} {labels['round_short']}1–{n}"
        )
        heading_lines = lines(_pieces(f, heading, bold=True), full)
        surv = m.table_gap + _BORDER + _row(m, heading_lines, m.line_h * f, m.surv_pad_v)
        surv += _row(m, 1, m.line_h * f, m.surv_pad_v)
        if card["chart_mm"]:
            surv += card["chart_mm"] + m.surv_pad_v + _BORDER
    # tick tracks: the frame's (and heat's), then each weapon's head line and boxes
    tl = card["tlabel_pt"]
    tracks = m.tracks_gap + m.trow_gap + _track(m, len(card["durability_rows"]), 1, tl)
    if card["heat"] is not None:
        heat_lines = 2 if card["heat"]["cooling"] is not None else 1
        tracks += m.trow_gap + _track(m, len(card["heat"]["rows"]), heat_lines, tl)
    for wpn in card["weapons"]:
        stats: list[tuple[str, object]] = []
        if wpn["attacking"]:
            stats += [(labels["power"], wpn["power"]), (labels["attacks"], wpn["attacks"])]
            if wpn["ammo"] is not None:
                stats.append((labels["ammo_per_attack"], wpn["ammo_per_attack"]))
        if wpn["heat_per_attack"] is not None:
            stats.append((labels["heat"], wpn["heat_per_attack"]))
        stats_mm = sum(
            _width((k, False, small, 0.9 + _BORDER), lang)
            + space
            + _width((str(v), True, stat, 0.0), lang)
            for k, v in stats
        )
        stats_mm += 0.8 + _BORDER if stats else 0.0
        line = _box(small, f"{labels['slot_short']}{wpn['slot']}", 1.0, bold=True)
        line += [(wd, True, wpn["name_pt"], 0.0) for wd in wpn["name_words"]]
        if wpn["type"] != "normal":
            line += [(" ", False, f, 0.0), *_box(small, wpn["type_label"], 0.8 + 2 * _BORDER)]
        if wpn["abilities"]:
            line += _pieces(f, " ")
            for n, a in enumerate(wpn["abilities"]):
                line += _pieces(f, a, whole=True)  # a .nw span
                if n < len(wpn["abilities"]) - 1:
                    line += _pieces(f, " · ")
        # the stats float beside the first lines (two when it is taller than a line)
        stat_h = 1.2 * _mm(stat) + 2 * _BORDER if stats else 0.0
        beside = max(1, math.ceil(stat_h / (1.25 * _mm(f)) - 1e-9))
        head_lines = _lines(line, w, lang, w - stats_mm, beside)
        thead = max(head_lines * 1.25 * _mm(f), stat_h) + m.thead_gap
        boxes = _track(m, len(wpn["durability_rows"]), 1, tl)
        if wpn["ammo"] is not None:
            boxes += _track(m, len(wpn["ammo_rows"]), 1, tl)
        tracks += m.trow_gap + thead + boxes
    foot = m.foot_gap + _row(m, 1, 1.15 * card["hit_pt"], m.foot_pad_v) + _BORDER
    return {
        "header": head,
        "movement": movement,
        "silhouette": sil,
        "survival": surv,
        "tracks": tracks,
        "foot": foot,
    }


def large_card_sections(
    card: dict[str, Any], labels: dict[str, str], lang: Lang
) -> dict[str, float]:
    """:func:`card_sections` of a large card."""
    return card_sections(card, labels, lang, "large")


def fill_card(card: dict[str, Any], labels: dict[str, str], lang: Lang, size: str) -> None:
    """Grow a unit card's type, then its survival bars, into the room its unit leaves.

    The type scale is the largest (in steps of 1/24, up to :data:`MAX_SCALE` of the size) whose
    estimated content fits the card; a unit that leaves no room keeps the normal sizes. What
    room is left then goes to survival bars (:data:`CHARTS_MM`).
    """
    m = _METRICS[size]
    room = m.card_h - m.pad_top - m.pad_bottom - m.safety
    steps = round((MAX_SCALE[size] - 1) * 24)
    for step in range(steps, -1, -1):
        if not _set_type(card, labels, size, 1 + step / 24) and step:
            continue
        if step:
            # big type wraps a mode in two columns ("Normal / move 2 · / turn 60°"): one mode
            # a row reads better, unless that takes more than a cell's padding more
            one, two = (_movement_height(card, labels, lang, cols, size) for cols in (1, 2))
            card["movement_cols"] = 1 if one <= two + 2 * m.cell_pad_v + _BORDER else 2
        if card_height(card, labels, lang, size) <= room:
            break
    survival = card["survival"]
    low, high = CHARTS_MM[size]
    left = room - card_height(card, labels, lang, size) - m.surv_pad_v - _BORDER
    if survival is None or left < low:
        return
    card["chart_mm"] = round(min(left, high), 1)
    for r in survival["rounds"]:
        r["bar_mm"] = round(card["chart_mm"] * r["alive_p"], 2)


def fill_large_card(card: dict[str, Any], labels: dict[str, str], lang: Lang) -> None:
    """:func:`fill_card` for a large card."""
    fill_card(card, labels, lang, "large")


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
