"""How tall a unit card's content prints, estimated before WeasyPrint sets it.

A unit card is laid out top-down (header, movement, silhouette, survival, tick tracks) with the
hit table at its foot. Its content's height is estimated here from the CSS in
templates/laminim/cards.css (the numbers in ``METRICS`` mirror it, one set per card size) and
the widths of :func:`card_em`, lines broken as :mod:`builder.render.measure` breaks them;
:mod:`builder.systems.laminim.card_fit` picks the largest type whose estimate fits. Change one
side, change the other (tests/systems/laminim/render/test_large_fill.py and test_poker_fill.py
measure the printed result).

Why not the font advances of :func:`builder.render.measure.font_em`: this estimate and its
safety margins were calibrated with :func:`card_em`'s generous widths; measured over 624
sample cards, font advances pick another type scale or bar height for a third of them, so the
printed cards would change.
"""

from __future__ import annotations

import math
from typing import Any, NamedTuple

from builder.core.i18n import Lang
from builder.render.measure import (
    NBSP,
    PT_MM,
    Piece,
    count_lines,
    font_em,
    inline_box,
    pieces,
    text_em,
    width_mm,
)


class CardMetrics(NamedTuple):
    """The CSS of one card size that the height estimate needs (mm unless said otherwise)."""

    card_h: float
    pad_top: float
    pad_bottom: float
    inner_w: float
    line_h: float  # the card's line height (the team line, table headings)
    cell_pad_v: float
    cell_pad_h: float
    table_gap: float
    head_min: float
    head_w: float
    move_th: float  # the movement heading's width
    tick_row: float
    tlabel_pad: float
    tracks_gap: float
    trow_gap: float  # margin, rule, padding above each track row
    thead_gap: float
    foot_gap: float
    foot_pad_v: float
    safety: float
    """Room the estimate keeps in hand: its text widths are generous (see :func:`card_em`),
    so it errs high; this covers the rest (rounding, borders)."""


BORDER = 0.15

METRICS = {
    "large": CardMetrics(
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
        move_th=12.0,
        tick_row=4.4,
        tlabel_pad=1.2,
        tracks_gap=1.0,
        trow_gap=0.6 + BORDER + 0.5,
        thead_gap=0.4,
        foot_gap=0.0,
        foot_pad_v=0.3,
        safety=1.5,
    ),
    "poker": CardMetrics(
        card_h=88.0,
        pad_top=3.5,
        pad_bottom=3.0,
        inner_w=57.0,
        line_h=1.18,
        cell_pad_v=0.15,
        cell_pad_h=0.5,
        table_gap=0.6,
        head_min=9.4,
        head_w=45.0,
        move_th=8.0,
        tick_row=4.1,
        tlabel_pad=0.4,
        tracks_gap=0.4,
        trow_gap=0.2 + BORDER + 0.25,
        thead_gap=0.15,
        foot_gap=0.6,
        foot_pad_v=0.0,
        safety=1.0,
    ),
}

_LATIN_EN = (0.87, 0.96)
"""English Latin letters, digits and spaces, regular and bold, are narrower than fit.py's
generous advances: DejaVu Sans at 0.77-0.85 of them (0.86-0.94 in bold)."""

JA_HALF_EM = 0.5 * 1.02
"""BIZ UDGothic, the Japanese cards' font, sets every Latin letter, digit and sign half width
(and Japanese full width): exact, with 2 % in hand."""

_SYMBOL_EM = {
    "en": {"·": 0.38, "°": 0.5, "→": 0.84, "−": 0.84, "+": 0.84, "–": 0.5, "/": 0.37, "%": 1.0},
    "ja": {"·": 0.5, "°": 1.0, "→": 1.0, "−": 0.5, "–": 0.5},
}
"""Signs the cards print often, at their width in DejaVu Sans Bold and in BIZ UDGothic."""


def card_em(text: str, lang: Lang, bold: bool = False) -> float:
    """Width of ``text`` in em as this estimate counts it: English letters, digits and spaces
    at :data:`_LATIN_EN` of :func:`builder.render.measure.char_em`, Japanese cards' Latin at
    half width, full-width characters at 1 em, other signs at their widest (a
    :data:`builder.render.measure.Widths`)."""
    signs = _SYMBOL_EM[lang]
    total = 0.0
    for c in text.replace(NBSP, " "):
        if c in signs:
            total += signs[c]
        elif lang == "ja" and c.isascii() and c.isalpha():
            # a name's Latin prints in the proportional BIZ UDPGothic (env.latin_spans)
            total += max(JA_HALF_EM, font_em(c, "ja", bold))
        elif lang == "ja" and c.isascii():
            total += JA_HALF_EM
        elif c.isascii() and (c.isalnum() or c == " "):
            total += text_em(c) * _LATIN_EN[bold]
        else:
            total += text_em(c)
    return total


def _mm(pt: float) -> float:
    return pt * PT_MM


def _row(m: CardMetrics, lines: int, line_pt: float, pad_v: float | None = None) -> float:
    """A table row: its lines, the cell padding and one border."""
    return lines * _mm(line_pt) + 2 * (m.cell_pad_v if pad_v is None else pad_v) + BORDER


def _track(m: CardMetrics, rows: int, label_lines: int, label_pt: float) -> float:
    """A track of tick-box rows beside its label (no rows: a tally box one row tall)."""
    return max(max(rows, 1) * m.tick_row, m.tlabel_pad + label_lines * 1.05 * _mm(label_pt))


def movement_height(
    card: dict[str, Any], labels: dict[str, str], lang: Lang, cols: int, size: str = "large"
) -> float:
    """The movement table with ``cols`` modes a row, beside its heading."""
    m = METRICS[size]
    f = card["body_pt"]
    th = m.move_th + 2 * m.cell_pad_h + BORDER
    td = (m.inner_w - th) / cols - 2 * m.cell_pad_h - BORDER
    height = m.table_gap + BORDER
    modes = card["movement"]
    for i in range(0, len(modes), cols):
        tallest = 1
        for mode in modes[i : i + cols]:
            distance = f"{NBSP}{mode['distance']}" if mode["distance"] else ""
            cell = [Piece(w, f, True) for w in mode["words"]]
            if mode["name"] == labels["turn"]:  # the angle alone (cards.html)
                cell += pieces(f, f"{distance}{NBSP}", bold=True)
                cell += pieces(f, mode["turn"], whole=True)
            else:
                cell += pieces(f, f"{distance}{NBSP}· ", bold=True)
                cell += pieces(f, f"{labels['turn']}{NBSP}{mode['turn']}", whole=True)
            # "&nbsp;· " then a .nw span: a line may end after the dot (pieces() keeps a
            # Japanese "· ズザー 1" whole, a piece wider than the cell)
            if mode["zuzzer"]:
                cell += [
                    Piece(f"{NBSP}· ", f),
                    Piece(f"{labels['zuzzer']}{NBSP}{mode['zuzzer']}", f),
                ]
            if mode["heat"] != "":
                cell += [Piece(f"{NBSP}· ", f), Piece(f"{labels['heat']}{NBSP}{mode['heat']}", f)]
            glued = _glued(cell)
            if cols > 1 and any(width_mm(p, lang, card_em, strip=True) > td for p in glued):
                # a mode's name and distance wider than its cell would print over the next one
                return math.inf
            tallest = max(tallest, count_lines(glued, td, lang, card_em))
        height += _row(m, tallest, 1.12 * f)
    return height


def _glued(line: list[Piece]) -> list[Piece]:
    """Pieces a no-break space joins made one (as :func:`builder.render.measure.pieces` does
    within one text)."""
    out: list[Piece] = []
    for p in line:
        if out and (p.text.startswith(NBSP) or out[-1].text.endswith(NBSP)) and not p.extra_mm:
            prev = out[-1]
            out[-1] = Piece(prev.text + p.text, max(prev.pt, p.pt), prev.bold or p.bold)
        else:
            out.append(p)
    return out


def card_height(
    card: dict[str, Any], labels: dict[str, str], lang: Lang, size: str = "large"
) -> float:
    """Estimated height (mm) of a ``size`` unit card's content, hit table included, at the type
    sizes ``card`` holds (see :func:`builder.systems.laminim.card_fit.set_type`)."""
    return sum(card_sections(card, labels, lang, size).values())


def card_sections(
    card: dict[str, Any], labels: dict[str, str], lang: Lang, size: str = "large"
) -> dict[str, float]:
    """:func:`card_height` section by section, as the card's flex layout stacks them."""
    m = METRICS[size]
    f = card["body_pt"]
    small = card["label_pt"]
    key = card["key_pt"]
    w = m.inner_w
    full = w - 2 * m.cell_pad_h - BORDER  # a cell across the table
    space = card_em(" ", lang) * _mm(f)

    def lines(line: list[Piece], width: float, first: float | None = None) -> int:
        return count_lines(line, width, lang, card_em, first)

    # header: the name (two lines at most), the team line, the frame line with its durability
    name_pt = card["name_pt"]
    name_lines = min(2, lines(pieces(name_pt, card["name"], bold=True), m.head_w))
    frame_line = pieces(f, f"{labels['frame']}: ", bold=True)
    frame_line += [Piece(wd, f, True) for wd in card["frame_words"]]
    frame_line += pieces(f, f"{NBSP}· ")
    # "Dur 20" never breaks: the label at the labels' size, the number a key number
    dur = width_mm(Piece(f"{labels['durability_short']} ", small), lang, card_em)
    dur += width_mm(Piece(str(card["durability"]), key, True), lang, card_em)
    frame_line.append(Piece("", 0.0, False, dur))
    if card.get("continued"):
        frame_line += pieces(f, f" ({labels['continued']})", bold=True)
    if card["over_payload"]:
        frame_line += pieces(f, " " + labels["over_payload"], bold=True)
    frame_lh = max(1.25 * _mm(f), 1.0 * _mm(key) + 0.25 * _mm(f))
    head = max(
        m.head_min,
        name_lines * 1.1 * _mm(name_pt)
        + m.line_h * _mm(card["team_pt"])
        + lines(_glued(frame_line), m.head_w) * frame_lh,
    )
    # a continuation card leaves the movement table to the unit's first card
    movement = (
        0.0
        if card.get("continued")
        else movement_height(card, labels, lang, card["movement_cols"], size)
    )
    # silhouette: a title row, two cells a row (face, slot tag, part name), the guards
    title = pieces(f, labels["silhouette"], bold=True)
    sil = m.table_gap + BORDER + _row(m, lines(title, full), m.line_h * f)
    cell_w = w / 2 - 2 * m.cell_pad_h - BORDER
    cells = card["sil_cells"]
    for i in range(0, len(cells), 2):
        tallest = 1
        for c in cells[i : i + 2]:
            lead = max(1.9, card_em(c["faces"], lang, True)) * _mm(f) + space
            if c["slot"]:
                tag = inline_box(small, f"{labels['slot_short']}{c['slot']}", 1.0, bold=True)[0]
                lead += width_mm(tag, lang, card_em) + space
            words = [Piece(wd, c["pt"]) for wd in c["words"]]
            tallest = max(tallest, lines(words, cell_w, cell_w - lead))
        sil += _row(m, tallest, 1.1 * f)
    if card["guards"]:
        guards = f"{NBSP}· ".join(g["text"] for g in card["guards"])
        sil += _row(m, lines(pieces(small, guards), full), 1.1 * small)
    return {
        "header": head,
        "movement": movement,
        "silhouette": sil,
        **_tracks_and_foot(card, labels, lang, size),
    }


def _tracks_and_foot(
    card: dict[str, Any], labels: dict[str, str], lang: Lang, size: str
) -> dict[str, float]:
    """The tick tracks (the frame's and heat's when the card carries them: a continuation card
    has no frame track, and the heat track only when the first card had no room for it, then
    each weapon's head line and boxes) and the hit table at the foot."""
    m = METRICS[size]
    f = card["body_pt"]
    small = card["label_pt"]
    key = card["key_pt"]
    w = m.inner_w
    space = card_em(" ", lang) * _mm(f)
    tl = card["tlabel_pt"]
    tracks = m.tracks_gap
    if card.get("frame_track", True):
        tracks += m.trow_gap + _track(m, len(card["durability_rows"]), 1, tl)
    if card["heat"] is not None and card.get("heat_track", True):
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
            width_mm(Piece(k, small, False, 0.9 + BORDER), lang, card_em)
            + space
            + width_mm(Piece(str(v), key, True), lang, card_em)
            for k, v in stats
        )
        stats_mm += 0.8 + BORDER if stats else 0.0
        line = inline_box(small, f"{labels['slot_short']}{wpn['slot']}", 1.0, bold=True)
        line += [Piece(wd, wpn["name_pt"], True) for wd in wpn["name_words"]]
        if wpn["type_shown"]:
            line += [Piece(" ", f), *inline_box(small, wpn["type_label"], 0.8 + 2 * BORDER)]
        if wpn["abilities"]:
            line += pieces(f, " ")
            for n, a in enumerate(wpn["abilities"]):
                line += pieces(f, a, whole=True)  # a .nw span
                if n < len(wpn["abilities"]) - 1:
                    line += pieces(f, f"{NBSP}· ")
        # the stats float beside the first lines (two when it is taller than a line)
        stat_h = 1.2 * _mm(key) + 2 * BORDER if stats else 0.0
        beside = max(1, math.ceil(stat_h / (1.25 * _mm(f)) - 1e-9))
        head_lines = count_lines(_glued(line), w, lang, card_em, w - stats_mm, beside)
        thead = max(head_lines * 1.25 * _mm(f), stat_h) + m.thead_gap
        boxes = _track(m, len(wpn["durability_rows"]), 1, tl)
        if wpn["ammo"] is not None:
            boxes += _track(m, len(wpn["ammo_rows"]), 1, tl)
        tracks += m.trow_gap + thead + boxes
    # the hit table: a row of bonuses, a row of the faces they hit on (key numbers)
    foot = (
        m.foot_gap
        + _row(m, 1, 1.15 * small, m.foot_pad_v)
        + _row(m, 1, 1.15 * card["hit_pt"], m.foot_pad_v)
        + BORDER
    )
    return {"tracks": tracks, "foot": foot}
