"""How a deck of unit cards is set: one type scale for every card, the largest the fullest card
allows.

A deck printed at several sizes (a light unit's card at 7.25 pt beside a heavy one's at 6 pt)
reads as several decks, so the scale is the deck's, not a card's: each card's content is
estimated (:mod:`builder.systems.laminim.card_height`) at each scale, and the deck takes the
largest at which every card fits. A lighter card then fills its height by layout, not by type:
its movement modes take a row each, and the card's flex layout spreads its sections. A unit
too heavy for one card at the normal sizes goes on in a continuation card
(:func:`split_to_fit`).

The sizes are the table's: nothing under 6.5 pt on a poker card (7.5 pt on a large one), and the
numbers read in play (durability, power, attacks, the hit values) bold at 9 pt (11 pt).
"""

from __future__ import annotations

import copy
import itertools
from dataclasses import dataclass
from typing import Any

from builder.core.i18n import Lang
from builder.render.fit import fit_words
from builder.render.measure import PT_MM, font_em, segments
from builder.systems.laminim.card_height import METRICS, card_height

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


@dataclass(frozen=True)
class TypeScale:
    """A card size's type at scale 1 (pt)."""

    body: float
    """Names, movement, the silhouette."""
    label: float
    """The words beside a number, the tick labels, slot tags: the smallest type on the card,
    and the floor a long part name may shrink to."""
    key: float
    """The numbers read in play, bold."""


TYPE = {"poker": TypeScale(6.5, 6.5, 9.0), "large": TypeScale(8.0, 8.0, 11.0)}
"""Arm's-length type: nothing under 6.5 pt on a poker card and the play numbers at 9 pt bold
(large: 8 and 11 pt), as the hobby's best cards set them."""

MAX_SCALE = {"poker": 4 / 3, "large": 4 / 3}
"""A light deck's type grows with the room its fullest card leaves, up to 4/3 (poker body 6.5
→ 8.67 pt): big enough to read across the table, and the card stays a card."""

HIT_MAX_PT = {"poker": 10.5, "large": 14.5}
"""The hit values grow with the key numbers only as far as "6+" fits its cell of the hit
table (six across the card beside the row heads)."""

STEPS = 24
"""Scales are tried in steps of 1/24 (a quarter point at a 6 pt body)."""

PADDING_MM = {"poker": 3.0, "large": 4.0}
"""Left/right padding of a card."""

TLABEL_MM = {"poker": 8.8, "large": 12.5}
"""Width of the labels' column left of the tick boxes."""

TLABEL_GAP_MM = 0.8
"""Room kept between the widest tick label and its first box (a label set against the box
reads as one mark)."""


def _quarter(pt: float) -> float:
    """``pt`` rounded down to a quarter point (the steps of :func:`builder.render.fit.fit`)."""
    return int(pt * 4 + 1e-9) / 4


def deck_sizes(size: str, scale: float) -> dict[str, float]:
    """The three type sizes (pt) of a ``size`` deck at ``scale``."""
    t = TYPE[size]
    return {
        "scale": scale,
        "body_pt": _quarter(t.body * scale),
        "label_pt": _quarter(t.label * scale),
        "key_pt": _quarter(t.key * scale),
        "hit_pt": min(_quarter(t.key * scale), HIT_MAX_PT[size]),
    }


def set_type(card: dict[str, Any], labels: dict[str, str], size: str, scale: float) -> bool:
    """Type sizes of ``card`` at ``scale`` × the card size's normal ones; part names are fitted
    again at the new size (they shrink, never below the labels' size, rather than split a word).

    False when a part name that stays whole at the normal sizes would be split at this scale
    (its room shrinks as the slot tag and face number grow): the scale is too large."""
    whole = True
    sizes = deck_sizes(size, scale)
    card.update(sizes)
    pt, floor = sizes["body_pt"], TYPE[size].label
    card.setdefault("movement_cols", 2)
    # one row holds two cells; a part name too long to follow its face number and slot tag
    # goes under them, so each word needs to fit the cell's width (less a little in hand)
    m = METRICS[size]
    cell_w = CARD_SIZES[size][0] / 2 - PADDING_MM[size] - 2 * m.cell_pad_h - 0.15 - 0.5
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
    card["tlabel_pt"] = tick_label_pt(labels, size, sizes["label_pt"])
    return whole


def tick_label_pt(labels: dict[str, str], size: str, label_pt: float) -> float:
    """The tick labels' size: they keep a fixed column (the boxes need the rest of the
    width), so they grow with the deck's labels only while the widest still fits it, and
    never shrink under the labels' normal size. The same on every card of a deck."""
    widest = max(
        (labels[k] for k in ("frame", "heat_track", "durability_short", "ammo")),
        key=lambda t: font_em(t, _lang_of(labels), bold=True),
    )
    room = TLABEL_MM[size] - TLABEL_GAP_MM
    pt = label_pt
    width_em = font_em(widest, _lang_of(labels), bold=True)
    while pt > TYPE[size].label and width_em * pt * PT_MM > room:
        pt -= 0.25
    return max(pt, TYPE[size].label)


def _lang_of(labels: dict[str, str]) -> Lang:
    return "ja" if not labels["frame"].isascii() else "en"


def _room(size: str) -> float:
    m = METRICS[size]
    return m.card_h - m.pad_top - m.pad_bottom - m.safety


def fits(card: dict[str, Any], labels: dict[str, str], lang: Lang, size: str) -> bool:
    """The card's content, at the sizes it holds, fits its height."""
    return card_height(card, labels, lang, size) <= _room(size)


def _shortest(card: dict[str, Any], labels: dict[str, str], lang: Lang, size: str) -> None:
    """Movement modes one a row or two, whichever makes the card shorter (two narrow columns
    wrap every mode at large type)."""
    heights = {}
    for cols in (1, 2):
        card["movement_cols"] = cols
        heights[cols] = card_height(card, labels, lang, size)
    card["movement_cols"] = min(heights, key=lambda c: (heights[c], c))


def largest_scale(card: dict[str, Any], labels: dict[str, str], lang: Lang, size: str) -> float:
    """The largest scale (steps of 1/:data:`STEPS`, up to :data:`MAX_SCALE`) at which ``card``
    fits; 1 when none does (the heaviest loadouts)."""
    steps = round((MAX_SCALE[size] - 1) * STEPS)
    for step in range(steps, 0, -1):
        scale = 1 + step / STEPS
        if set_type(card, labels, size, scale):
            _shortest(card, labels, lang, size)
            if fits(card, labels, lang, size):
                return scale
    return 1.0


def fit_deck(
    cards: list[dict[str, Any]], labels: dict[str, str], lang: Lang, size: str
) -> dict[str, float]:
    """Set every card of a deck at one scale, the largest every card fits at, and return the
    deck's sizes (for the reference card too). Each card then takes its movement modes one a
    row when that still fits (a fuller card, easier to read)."""
    scale = min((largest_scale(c, labels, lang, size) for c in cards), default=MAX_SCALE[size])
    for card in cards:
        set_type(card, labels, size, scale)
        card["movement_cols"] = 1
        if not fits(card, labels, lang, size):
            _shortest(card, labels, lang, size)
    sizes = deck_sizes(size, scale)
    return {**sizes, "tlabel_pt": tick_label_pt(labels, size, sizes["label_pt"])}


def split_to_fit(
    card: dict[str, Any], labels: dict[str, str], lang: Lang, size: str
) -> list[dict[str, Any]]:
    """``card``, or when even the normal sizes cannot hold it (a heavy frame with three guns,
    a heat track and heat on every gun), ``card`` with some of its weapons and continuation
    cards with the rest: the type never shrinks under the table's sizes to squeeze a card.

    The first card keeps the frame's track, the heat track (unless no split leaves room for
    it beside the frame's: then it heads the first continuation card) and the weapons of the
    first slots. A continuation card has the same header, marked continued, and the silhouette
    (a hit on any part is read off either card), then its weapons' tracks and the hit table;
    the movement table is the first card's. The weapons, in slot order, go on the fewest cards
    that hold them, split where the emptiest card is the least empty: a card with one weapon
    after a full one would leave a blank band down its middle (two weapons on each of two
    cards, not three and one)."""
    set_type(card, labels, size, 1.0)
    _shortest(card, labels, lang, size)
    if fits(card, labels, lang, size):
        return [card]
    weapons = card["weapons"]
    n = len(weapons)
    room = _room(size)
    heat = bool(card.get("heat_track"))

    def piece(group: list[dict[str, Any]], index: int, heat_first: bool) -> dict[str, Any]:
        out = copy.deepcopy(card)
        out["weapons"] = copy.deepcopy(group)
        if index:
            out.update(
                continued=True, frame_track=False, heat_track=heat and not heat_first and index == 1
            )
        else:
            out["heat_track"] = heat and heat_first
        return out

    for count in range(2, n + 2):
        for heat_first in (True, False) if heat else (True,):
            best: tuple[tuple[float, int], list[dict[str, Any]]] | None = None
            for cuts in itertools.combinations_with_replacement(range(n + 1), count - 1):
                bounds = (0, *cuts, n)
                groups = [weapons[a:b] for a, b in itertools.pairwise(bounds)]
                # every continuation card carries a weapon, or the heat track the first had
                # no room for
                if any(
                    not g and not (i == 1 and not heat_first) for i, g in enumerate(groups) if i
                ):
                    continue
                cards = [piece(g, i, heat_first) for i, g in enumerate(groups)]
                heights = [card_height(c, labels, lang, size) for c in cards]
                if max(heights) > room:
                    continue
                # the emptiest card as full as can be; then the first card the fuller
                key = (min(heights), len(groups[0]))
                if best is None or key > best[0]:
                    best = (key, cards)
            if best is not None:
                return best[1]
    # a weapon too tall for a card of its own (its tracks are capped at four rows each:
    # card_context.MAX_TICK_BOXES) still gets one
    return [piece([], 0, False), *(piece([w], i + 1, False) for i, w in enumerate(weapons))]
