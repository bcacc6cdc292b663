"""The balance report as a PDF (``laminim balance -o REPORT.pdf``): summary and heat map, one
scatter per threat, the weapon and frame tables (``templates/laminim/balance.html``).

Plots are the project's own inline SVG, as the compare sheet's: geometry is computed here in mm
as plain numbers, the template only draws it. Legible in greyscale: the heat map prints each true
value in its cell (dark cells in white text), each frame has its own marker shape and its front
its own dash pattern, and the legend repeats both. Axes start at 0 and carry their quantity.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from builder.core.i18n import Lang, part_name
from builder.render.layout import PAPERS
from builder.render.printout import Printout
from builder.systems.laminim.balance_text import (
    LABELS,
    dealt,
    loadout_text,
    percent,
    signed,
    summary_sentences,
    verdict,
    weapon_gains,
)
from builder.systems.laminim.text import catalog_name

if TYPE_CHECKING:
    from builder.systems.laminim.balance import BalanceRun
    from builder.systems.laminim.models import Catalog

MARGIN = 12.0  # mm: inside every home printer's unprinted edge
MARKERS = ("circle", "square", "triangle", "diamond", "cross", "ring", "plus", "star")
DASHES = ("none", "3 1.5", "1 1", "4 1.2 1 1.2", "6 2", "0.6 1.6", "2 2 6 2", "8 1")
SCATTERS_PER_PAGE = 2

PT_MM = 25.4 / 72
ROW_MM = 5.4
"""A table row of the report: an 8 pt line (line height 1.3), 0.7 mm padding above and below,
its rule (measured 5.3 mm)."""
HEADING_MM = 11.0
"""A table's heading (9.5 pt, 4 mm above, 1.5 mm below) and the table's 2 mm top margin."""
NOTE_MM = 10.0
"""A two-line note at 6.5 pt with its margins."""
PLOT_EXTRA_MM = 11.5
"""What a scatter takes beyond its drawing: its title, its legend, its bottom margin."""
LONE_PLOT_MIN_MM = 80.0
"""A scatter left alone on its page shrinks to make room for the tables, down to this height;
below it the tables keep a page of their own."""
SAFETY_MM = 8.0
"""Room kept free under estimated content: a page item clips what overflows."""


def nice_ticks(high: float, count: int = 5) -> list[float]:
    """Round tick values from 0 to at least ``high`` (about ``count`` steps). A top below the
    optimiser's tie grid (1e-9: every value there counts as 0) gets the axis 0 to 1."""
    if high < 1e-9:
        return [0.0, 0.25, 0.5, 0.75, 1.0]
    raw = high / count
    magnitude = 10 ** math.floor(math.log10(raw))
    step = next(m * magnitude for m in (1, 2, 2.5, 5, 10) if m * magnitude >= raw)
    n = math.ceil(high / step - 1e-9)
    return [float(f"{i * step:.12g}") for i in range(n + 1)]


def _tick_label(v: float) -> str:
    return f"{v:g}"


def heat_map(run: BalanceRun, catalog: Catalog, lang: Lang, width: float) -> dict[str, Any]:
    """Frames as rows, threats as columns; each cell the damage the frame's best loadout
    delivers over the game (D25), grey by value (white 0 to black at the table's highest) with
    the value printed in it."""
    b = run.balance
    label_w, head_h, row_h = 34.0, 14.0, 8.0
    col_w = (width - label_w) / max(1, len(b.threats))
    top = max((c.best.delivered for c in b.cells), default=0.0)
    cells = []
    for r, f in enumerate(b.frames):
        for c, tid in enumerate(b.threats):
            cell = next((x for x in b.cells if x.frame == f and x.threat == tid), None)
            level = 0.0 if cell is None or top <= 0 else cell.best.delivered / top
            shade = round(255 * (1 - 0.85 * level))
            cells.append(
                {
                    "x": label_w + c * col_w,
                    "y": head_h + r * row_h,
                    "fill": f"rgb({shade},{shade},{shade})",
                    "ink": "#fff" if level > 0.55 else "#000",
                    "text": "—" if cell is None else dealt(cell.best),
                    "mark": "" if cell is None or not cell.on_catalog_front else "*",
                }
            )
    return {
        "width": width,
        "height": head_h + row_h * len(b.frames) + 1,
        "label_w": label_w,
        "head_h": head_h,
        "row_h": row_h,
        "col_w": col_w,
        "rows": [
            {"y": head_h + r * row_h, "name": part_name(catalog.frame(f), lang, f)}
            for r, f in enumerate(b.frames)
        ],
        "cols": [
            {"x": label_w + c * col_w, "name": f"T{c + 1}", "sub": part_name(t, lang)}
            for c, t in enumerate(run.threats)
        ],
        "cells": cells,
    }


def scatter(
    run: BalanceRun, index: int, catalog: Catalog, lang: Lang, width: float, height: float
) -> dict[str, Any]:
    """Threat ``index``: every loadout at (damage delivered over the game, expected remaining
    durability), a marker shape per frame; each frame's own front (``optimize --frame F``) as a
    line through its front points in delivered order."""
    b = run.balance
    threat = run.threats[index]
    result = run.results[index]
    left, top, right, bottom = 16.0, 4.0, 4.0, 14.0
    w, h = width - left - right, height - top - bottom
    xs = nice_ticks(max((s.delivered for s in result.loadouts), default=1.0))
    ys = nice_ticks(max((s.expected_remaining for s in result.loadouts), default=1.0))
    x_hi, y_hi = xs[-1] or 1.0, ys[-1] or 1.0

    def at(damage: float, remaining: float) -> tuple[float, float]:
        return (
            round(left + w * damage / x_hi, 2),
            round(top + h * (1 - remaining / y_hi), 2),
        )

    series = []
    for k, f in enumerate(b.frames):
        points = sorted(
            {at(s.delivered, s.expected_remaining) for s in result.loadouts if s.frame == f}
        )
        cell = next((c for c in b.cells if c.frame == f and c.threat == threat.id), None)
        front = (
            [] if cell is None else sorted((s.delivered, s.expected_remaining) for s in cell.front)
        )
        line = [at(d, r) for d, r in front]
        series.append(
            {
                "name": part_name(catalog.frame(f), lang, f),
                "marker": MARKERS[k % len(MARKERS)],
                "dash": DASHES[k % len(DASHES)],
                "points": [{"x": x, "y": y} for x, y in points],
                "front": " ".join(f"{x},{y}" for x, y in line),
                "front_marks": [{"x": x, "y": y} for x, y in line],
            }
        )
    return {
        "title": LABELS.t("scatter_title", lang, threat=f"T{index + 1} {part_name(threat, lang)}"),
        "width": width,
        "height": height,
        "left": left,
        "top": top,
        "w": w,
        "h": h,
        "ticks_x": [{"x": at(v, 0)[0], "label": _tick_label(v)} for v in xs],
        "ticks_y": [{"y": at(0, v)[1], "label": _tick_label(v)} for v in ys],
        "axis_x": LABELS.t("axis_delivered", lang, rounds=b.rounds),
        "axis_y": LABELS.t("axis_remaining", lang, rounds=b.rounds),
        "series": series,
    }


def weapon_rows(run: BalanceRun, catalog: Catalog, lang: Lang) -> list[dict[str, str]]:
    gains = weapon_gains(run)
    rows = []
    for w in run.balance.weapon_rows:
        weapon = catalog.weapon(w.weapon)
        ga, gd = gains[w.weapon]
        rows.append(
            {
                "name": part_name(weapon, lang, w.weapon),
                "weight": "" if weapon is None else str(weapon.weight),
                "fronts": f"{w.fronts}/{w.of}",
                "fits": f"{w.fits}/{w.of}",
                "gain_alive": "—" if ga is None else signed(ga, pct=True),
                "gain_delivered": "—" if gd is None else signed(gd),
                "verdict": verdict(w, lang),
            }
        )
    return rows


def frame_rows(run: BalanceRun, catalog: Catalog, lang: Lang) -> list[dict[str, str]]:
    tnum = {tid: f"T{i + 1}" for i, tid in enumerate(run.balance.threats)}
    out = []
    for fr in run.balance.frame_rows:
        by = LABELS.t("and", lang).join(
            part_name(catalog.frame(g), lang, g) for g in fr.dominated_by
        )
        out.append(
            {
                "name": part_name(catalog.frame(fr.frame), lang, fr.frame),
                "niche": " ".join(tnum[t] for t in fr.niche)
                or LABELS.t("dominated_everywhere" if fr.scored else "no_loadout", lang),
                "by": by or "—",
            }
        )
    return out


def best_rows(run: BalanceRun, catalog: Catalog, lang: Lang) -> list[dict[str, str]]:
    """Per threat, the catalog-wide best loadout (the first row of ``optimize``)."""
    out = []
    for i, (th, s) in enumerate(zip(run.threats, run.balance.best, strict=True)):
        if s is None:
            continue
        out.append(
            {
                "threat": f"T{i + 1} {part_name(th, lang)}",
                "loadout": loadout_text(s.frame, s.weapons, catalog, lang),
                "alive": percent(s.alive),
                "remaining": f"{s.expected_remaining:.2f}",
                "damage": f"{s.damage_all:.2f}",
                "delivered": dealt(s),
            }
        )
    return out


def tables_height(tables: dict[str, list[dict[str, str]]], lang: Lang, width: float) -> float:
    """An upper estimate (mm) of the weapon and frame tables with their note: a frame row whose
    "dominated by" list is wider than its column (half the width) takes a line more."""
    from builder.render.measure import font_em

    col = width / 2
    rows = len(tables["weapons"]) + 1
    for r in tables["frames"]:
        rows += 1 + int(font_em(r["by"], lang) * 8.0 * PT_MM // col)
    return 2 * HEADING_MM + (rows + 1) * ROW_MM + NOTE_MM


def lone_plot_height(inner_h: float, tables_h: float, plot_h: float) -> float | None:
    """The height of a scatter sharing its page with the tables (at most the usual one), or
    None when the tables need more room than a readable scatter leaves."""
    room = inner_h - tables_h - NOTE_MM - SAFETY_MM - PLOT_EXTRA_MM
    height = min(plot_h, room)
    return height if height >= LONE_PLOT_MIN_MM else None


def report_context(run: BalanceRun, catalog: Catalog, lang: Lang, paper: str) -> dict[str, Any]:
    """The report's plain data: pages of kind summary, scatters and tables."""
    page_w, page_h = PAPERS[paper]
    inner_w, inner_h = page_w - 2 * MARGIN, page_h - 2 * MARGIN
    sampled = any(s.interval is not None for r in run.results for s in r.loadouts)
    b = run.balance
    subtitle = LABELS.t(
        "subtitle",
        lang,
        threats=len(b.threats),
        rounds=b.rounds,
        loadouts=run.results[0].evaluated if run.results else 0,
        method=LABELS.t("sampled" if sampled else "exact", lang),
    )
    pages: list[dict[str, Any]] = [
        {
            "kind": "summary",
            "sentences": summary_sentences(run, catalog, lang),
            "heat": heat_map(run, catalog, lang, inner_w),
            "best": best_rows(run, catalog, lang),
        }
    ]
    plot_h = (inner_h - 12.0) / SCATTERS_PER_PAGE - 14.0
    tables = {"weapons": weapon_rows(run, catalog, lang), "frames": frame_rows(run, catalog, lang)}
    lone_h = lone_plot_height(inner_h, tables_height(tables, lang, inner_w), plot_h)
    for start in range(0, len(run.threats), SCATTERS_PER_PAGE):
        shown = range(start, min(start + SCATTERS_PER_PAGE, len(run.threats)))
        # an odd threat's scatter alone on the last page would leave its lower half blank:
        # the tables go under it (the scatter a little shorter when they need the room)
        joined = len(shown) < SCATTERS_PER_PAGE and lone_h is not None
        height = lone_h if joined and lone_h is not None else plot_h
        page: dict[str, Any] = {
            "kind": "scatters",
            "plots": [scatter(run, i, catalog, lang, inner_w, height) for i in shown],
        }
        if joined:
            page.update(tables)
            tables = {}
        pages.append(page)
    if tables:
        pages.append({"kind": "tables", **tables})
    return {
        "system": "laminim",
        "kind": "balance",
        "lang": lang,
        "labels": LABELS.in_lang(lang)
        | {
            "heat_caption": LABELS.t("heat_caption", lang, rounds=b.rounds),
            "title_full": LABELS.t("title", lang, catalog=catalog_name(catalog, lang)),
        },
        "title": LABELS.t("doc_title", lang),
        "subtitle": subtitle,
        "page": {"width": page_w, "height": page_h, "paper": paper},
        "item": {"width": inner_w, "height": inner_h},
        "pages": [{"items": [{"x": MARGIN, "y": MARGIN, "item": p}], "marks": []} for p in pages],
    }


def report_printout(run: BalanceRun, catalog: Catalog, lang: Lang, paper: str) -> Printout:
    return Printout("balance", "laminim/balance.html", report_context(run, catalog, lang, paper))
