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
CHART_W, CHART_H = 150.0, 70.0  # mm, the survival chart's drawing area
DASHES = ("none", "3 1.5", "1 1.2", "4 1.2 1 1.2")
MARKERS = ("circle", "square", "triangle", "diamond")
MARK_GAP = 2.6  # mm between markers that would overlap (a marker is about 2.4 mm wide)

_LABELS = Labels.load(__file__, "compare_labels.yaml")


@dataclass(frozen=True)
class Curve:
    """One unit's P(alive) after rounds 1, 2, … (its column's index fixes its line style)."""

    column: int
    name: str
    alive: Sequence[float]


def chart(curves: Sequence[Curve], rounds: int, lang: Lang) -> dict[str, Any]:
    """The survival curves as plain numbers in mm for the sheet's inline SVG: each unit a
    polyline with its own dash pattern and marker shape (readable in black and white), offset
    by a fraction of a millimetre so coinciding curves still show side by side."""
    left, top, w, h = 14.0, 4.0, CHART_W - 20.0, CHART_H - 16.0
    rounds = max(rounds, 1)
    points: dict[int, list[tuple[float, float]]] = {}
    for c in curves:
        nudge = (c.column - 1.5) * 0.35
        points[c.column] = [(left, top + nudge)] + [
            (left + w * (k + 1) / rounds, top + h * (1.0 - float(p)) + nudge)
            for k, p in enumerate(c.alive)
        ]
    marks = {i: [list(p) for p in line[1:]] for i, line in points.items()}
    for k in range(rounds):  # markers that would sit on each other move apart sideways
        at = sorted((marks[i][k][1], i) for i in marks if k < len(marks[i]))
        groups: list[list[int]] = []
        for y, i in at:
            if groups and y - marks[groups[-1][-1]][k][1] < MARK_GAP:
                groups[-1].append(i)
            else:
                groups.append([i])
        for group in groups:
            for j, i in enumerate(group):
                marks[i][k][0] += (j - (len(group) - 1) / 2) * MARK_GAP
    series = [
        {
            "name": c.name,
            "dash": DASHES[c.column % len(DASHES)],
            "marker": MARKERS[c.column % len(MARKERS)],
            "grey": ("#000", "#333", "#555", "#111")[c.column % 4],
            "points": " ".join(f"{x:.2f},{y:.2f}" for x, y in points[c.column]),
            "marks": [{"x": round(x, 2), "y": round(y, 2)} for x, y in marks[c.column]],
        }
        for c in curves
    ]
    ticks_y = [{"y": top + h * (1 - p / 100), "label": f"{p}%"} for p in (0, 25, 50, 75, 100)]
    ticks_x = [{"x": left + w * k / rounds, "label": f"R{k}"} for k in range(rounds + 1)]
    return {
        "width": CHART_W,
        "height": CHART_H,
        "left": left,
        "top": top,
        "w": w,
        "h": h,
        "series": series,
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
        "rows": table,
        "chart": chart(curves, rounds, lang) if curves else None,
        **(extra or {}),
    }
