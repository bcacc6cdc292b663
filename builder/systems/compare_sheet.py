"""The one-page compare sheet every game prints (``laminim compare -o OUT.pdf``): plain data for
``templates/common/compare.html`` — the compare table and, for a game that counts rounds, the
P(alive) curves overlaid.

A game gives its rows (:class:`~builder.systems.compare_table.Row`), its units and, when it has
them, each unit's P(alive) per round; the sheet, its marks and its chart look the same in every
game.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from builder.core.i18n import Labels, Lang
from builder.render.layout import PAPERS
from builder.systems.compare_table import Row, format_diff, format_value

SHEET_MARGIN = 12.0  # mm: inside every home printer's unprinted edge
LABEL_COLUMN = 52.0  # mm: the row labels' column; the units share the rest of the width
CELL_PADDING = 1.2  # mm, each side of a cell (templates/common/compare.css)
CHART_W, CHART_H = 180.0, 70.0  # mm, the survival chart's drawing area
PLOT_LEFT, PLOT_TOP, PLOT_W, PLOT_H = 14.0, 4.0, 124.0, 54.0
"""The plot frame inside the chart (mm); the room to its right holds the curves' end labels."""
DASHES = ("none", "3 1.5", "1 1.2", "4 1.2 1 1.2")
MARKERS = ("circle", "square", "triangle", "diamond")
MARK_GROWTH = 0.28
"""Each curve's markers are this much (a share) larger than the previous curve's, drawn largest
first: markers on the same true value nest instead of hiding each other."""
LABEL_GAP = 3.2  # mm between two end labels (a 7 pt line)
LABEL_W = CHART_W - PLOT_LEFT - PLOT_W - 4.0
LABEL_PT = 7.0
PT_PER_MM = 72 / 25.4

_LABELS = Labels.load(__file__, "compare_labels.yaml")


@dataclass(frozen=True)
class Curve:
    """One unit's P(alive) after rounds 1, 2, … (its column's index fixes its line style)."""

    column: int
    name: str
    alive: Sequence[float]


def spread(wanted: list[float], gap: float, low: float, high: float) -> list[float]:
    """Positions as close to ``wanted`` as possible, at least ``gap`` apart, inside
    ``[low, high]``, in the same order (labels move; the points they name never do)."""
    order = sorted(range(len(wanted)), key=lambda i: wanted[i])
    placed = [max(low, min(high, wanted[i])) for i in order]
    for k in range(1, len(placed)):
        placed[k] = max(placed[k], placed[k - 1] + gap)
    overflow = placed[-1] - high if placed else 0.0
    if overflow > 0:
        placed = [y - overflow for y in placed]
        for k in range(len(placed) - 2, -1, -1):
            placed[k] = min(placed[k], placed[k + 1] - gap)
    out = [0.0] * len(wanted)
    for k, i in enumerate(order):
        out[i] = placed[k]
    return out


def chart(curves: Sequence[Curve], rounds: int, lang: Lang) -> dict[str, Any]:
    """The survival curves as plain numbers in mm for the sheet's inline SVG. Every point sits
    on its true value (round k, P(alive)); curves that coincide are told apart by their dash
    pattern, their nested marker shapes and a label at each line's end (the labels are spread
    apart, with a leader to the true end point; the points never move)."""
    from builder.render.fit import fit  # the measurer (and BudouX) load only for a sheet

    left, top, w, h = PLOT_LEFT, PLOT_TOP, PLOT_W, PLOT_H
    rounds = max(rounds, 1)
    series: list[dict[str, Any]] = []
    for c in curves:
        i = c.column
        points = [(left, top)] + [
            (left + w * (k + 1) / rounds, top + h * (1.0 - float(p))) for k, p in enumerate(c.alive)
        ]
        series.append(
            {
                "name": c.name,
                "dash": DASHES[i % len(DASHES)],
                "marker": MARKERS[i % len(MARKERS)],
                "scale": round(1.0 + MARK_GROWTH * i, 3),
                "grey": ("#000", "#333", "#555", "#111")[i % 4],
                "points": " ".join(f"{x:.3f},{y:.3f}" for x, y in points),
                "marks": [{"x": round(x, 3), "y": round(y, 3)} for x, y in points[1:]],
                "end": {"x": round(points[-1][0], 3), "y": round(points[-1][1], 3)},
            }
        )
    ends = spread([s["end"]["y"] for s in series], LABEL_GAP, top + 1.0, top + h + 1.0)
    for s, y in zip(series, ends, strict=True):
        label = fit(s["name"], LABEL_W, LABEL_PT, 6.5)
        s["label"] = {
            "text": label.text,
            "mm": round(label.size / PT_PER_MM, 3),
            "x": round(left + w + 4.0, 3),
            "y": round(y, 3),
        }
    ticks_y = [{"y": top + h * (1 - p / 100), "label": f"{p}%"} for p in (0, 25, 50, 75, 100)]
    ticks_x = [{"x": left + w * k / rounds, "label": f"R{k}"} for k in range(rounds + 1)]
    return {
        "width": CHART_W,
        "height": CHART_H,
        "left": left,
        "top": top,
        "w": w,
        "h": h,
        "series": list(reversed(series)),  # the largest markers first, the smallest on top
        "legend": series,
        "ticks_x": ticks_x,
        "ticks_y": ticks_y,
        "title": _LABELS.t("chart_title", lang),
    }


def sheet_context(
    *,
    lang: Lang,
    paper: str,
    subject: str,
    subtitle: str,
    units: Sequence[tuple[str, str]],
    rows: Sequence[Row],
    curves: Sequence[Curve] = (),
    rounds: int = 0,
    extra: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """The sheet's plain data: ``subject`` after "Compare —" in the title, ``subtitle`` the line
    under it (what the units face), ``units`` (name, source) in column order; no ``curves``,
    no chart. ``extra`` adds a game's own keys (its JSON-like facts) for tests and templates."""
    page_w, page_h = PAPERS[paper]
    title = f"{_LABELS.t('heading', lang)} — {subject}"
    table = [
        {
            "label": r.label,
            "cells": [
                {
                    "value": format_value(r.values[i], r.fmt),
                    "diff": format_diff(r.diffs[i], r.fmt) if i else "",
                    "best": i in r.best,
                    "differs": i in r.different,
                }
                for i in range(len(r.values))
            ],
        }
        for r in rows
    ]
    return {
        "system": "common",
        "kind": "compare",
        "lang": lang,
        "labels": {"note": _LABELS.t("sheet_note", lang)},
        "title": title,
        "subtitle": subtitle,
        "page": {"width": page_w, "height": page_h, "paper": paper},
        "item": {"width": page_w - 2 * SHEET_MARGIN, "height": page_h - 2 * SHEET_MARGIN},
        "pages": [{"items": [{"x": SHEET_MARGIN, "y": SHEET_MARGIN, "item": {}}], "marks": []}],
        "units": [{"name": name, "source": source} for name, source in units],
        "columns": {"label": LABEL_COLUMN, "text": _unit_text_width(page_w, len(units))},
        "rows": table,
        "chart": chart(curves, rounds, lang) if curves else None,
        **(extra or {}),
    }


def _unit_text_width(page_w: float, units: int) -> float:
    """The width (mm) a unit's name has in its column: a longer word wraps anywhere."""
    return (page_w - 2 * SHEET_MARGIN - LABEL_COLUMN) / max(units, 1) - 2 * CELL_PADDING
