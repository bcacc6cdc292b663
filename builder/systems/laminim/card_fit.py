"""How a unit card is fitted: its type grows, then its survival bars, into the room its unit leaves.

A light unit (a frame with one or two weapons) used to leave a third of the card blank. The
type scale is the largest whose estimated content (:mod:`builder.systems.laminim.card_height`)
fits the card, then survival bars take what room is left, and the card's flex layout spreads
the last millimetres between its sections; the heaviest loadouts keep the normal sizes.
"""

from __future__ import annotations

from typing import Any

from builder.core.i18n import Lang
from builder.render.fit import fit, fit_words
from builder.render.measure import segments, text_em
from builder.systems.laminim.card_height import BORDER, METRICS, card_height, movement_height

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


def set_type(card: dict[str, Any], labels: dict[str, str], size: str, scale: float) -> bool:
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
    """``pt`` rounded down to a quarter point (the steps of :func:`builder.render.fit.fit`)."""
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


def fill_card(card: dict[str, Any], labels: dict[str, str], lang: Lang, size: str) -> None:
    """Grow a unit card's type, then its survival bars, into the room its unit leaves.

    The type scale is the largest (in steps of 1/24, up to :data:`MAX_SCALE` of the size) whose
    estimated content fits the card; a unit that leaves no room keeps the normal sizes. What
    room is left then goes to survival bars (:data:`CHARTS_MM`).
    """
    m = METRICS[size]
    room = m.card_h - m.pad_top - m.pad_bottom - m.safety
    steps = round((MAX_SCALE[size] - 1) * 24)
    for step in range(steps, -1, -1):
        if not set_type(card, labels, size, 1 + step / 24) and step:
            continue
        if step:
            # big type wraps a mode in two columns ("Normal / move 2 · / turn 60°"): one mode
            # a row reads better, unless that takes more than a cell's padding more
            one, two = (movement_height(card, labels, lang, cols, size) for cols in (1, 2))
            card["movement_cols"] = 1 if one <= two + 2 * m.cell_pad_v + BORDER else 2
        if card_height(card, labels, lang, size) <= room:
            break
    survival = card["survival"]
    low, high = CHARTS_MM[size]
    left = room - card_height(card, labels, lang, size) - m.surv_pad_v - BORDER
    if survival is None or left < low:
        return
    card["chart_mm"] = round(min(left, high), 1)
    for r in survival["rounds"]:
        r["bar_mm"] = round(card["chart_mm"] * r["alive_p"], 2)
