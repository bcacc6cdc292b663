"""Plain-data contexts of the kuroganen printouts: the elevation reference and the map.

- ``reference``: one page (A4 or Letter) of the elevation rules (docs/rules.md §4, seed 003)
  with the planner's cost table, in English or Japanese.
- ``map``: the map file's grid, shaded by level, pits and units marked; with the file's
  ``plan: {from: [x, y], move: N, risk: R}`` every cell the mover can end on is tinted by its
  least final risk (the rules core's ``reach``) and the start is marked. Without a plan, the
  plain map.

Templates see only dicts, lists, strings and numbers.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from builder.core.i18n import Lang, pick, shown_name
from builder.core.phrases import is_wide
from builder.core.problems import InputError, Problem
from builder.render.layout import PAPERS, check_choices
from builder.systems.base import PrintOptions, Printout

from .models import KuroganenMap
from .print_labels import PLANNER_NOTE, SECTIONS, TABLE, TABLE_TITLE, labels_for
from .read import budget_message
from .rules import ReachTooLarge, reach
from .text import count, level_text

MARGIN = 12.0
"""Page margin in mm (home printers leave 3–6 mm; the footer sits in the rest)."""

MAP_TOP = 24.0
"""Room above the grid for the title and the plan line (mm)."""

MAP_BOTTOM = 34.0
"""Room below the grid for the legend (mm)."""

CELL_MAX = 30.0
"""Largest printed cell (mm), about a base's width: a small map (6 × 3) still spans the page's
width rather than its top third; a 10-wide map is bounded by the page (18 mm on A4)."""

CELL_NUMBERS = 8.0
"""Smallest cell (mm) that carries its numbers readably: its level (a "2.5") takes under two
thirds of the cell, so it never runs into the next cell's level ("2.5 2" read as "2.52", as 6 mm
cells printed). A map whose cells would be smaller on one page is printed in parts (an overview
page, then the parts)."""

LEVEL_EM = 0.33
"""A level's type size as a share of the cell (mm per mm), between :data:`MIN_PT` and
:data:`LEVEL_PT`."""

LEVEL_PT = 14.0
"""The largest level (pt): read at arm's length on the demo's 18 mm cells."""

RISK_EM = 0.33
"""A risk digit's type size as a share of the cell, between :data:`MIN_PT` and
:data:`RISK_PT`."""

RISK_PT = 11.0
"""The largest risk digit (pt)."""

PAD, PAD_SHARE = 0.8, 0.05
"""Room (mm) between a cell's edge (or the start's frame) and its letters: 0.8 mm, or a
twentieth of a big cell."""

PART_LINE = 5.0
"""Room for the line naming a part of a big map (mm)."""

HEAD_W, HEAD_H = 6.0, 4.0
"""Room (mm) left of the grid for the row numbers and above it for the column numbers: the
grid is drawn at exact positions, so its width is exactly ``HEAD_W`` plus its cells and never
runs past the margin."""

PT_PER_MM = 72 / 25.4

HEAD_PT = 7.5
"""The column and row numbers (pt): the numbers a player finds a cell or joins two parts by,
larger than the 6 pt minimum yet inside :data:`HEAD_W` × :data:`HEAD_H` (two digits)."""

MIN_PT = 6.05
"""The smallest type in a cell: 6 pt and a hair, so the SVG's scaling never prints it under 6."""

RISK_COLOURS = ("#9be39b", "#f5e36b", "#f6b45c", "#ef7a7a")
"""Tints for final risk 0, 1, 2 and 3 or more, laid half-transparent over the relief's grey so
the levels still show; in greyscale each risk has its own pattern too (dots, one hatch, a cross
hatch, a dense cross hatch) beside its digit."""


def _page(paper: str) -> dict[str, Any]:
    w, h = PAPERS[paper]
    return {"width": w, "height": h, "paper": paper}


def _document(kind: str, lang: Lang, paper: str, title: str, item: dict[str, Any]) -> dict:
    """One page holding one item: the printable area inside ``MARGIN``."""
    page = _page(paper)
    area = {"width": page["width"] - 2 * MARGIN, "height": page["height"] - 2 * MARGIN}
    return {
        "system": "kuroganen",
        "kind": kind,
        "lang": lang,
        "labels": labels_for(lang),
        "title": title,
        "page": page,
        "item": area,
        "pages": [{"items": [{"x": MARGIN, "y": MARGIN, "item": item}], "marks": []}],
    }


def reference_context(*, lang: Lang, paper: str) -> dict[str, Any]:
    labels = labels_for(lang)
    head, rows = TABLE[lang]
    item = {
        "heading": f"{labels['system']} — {labels['doc_reference']}",
        "sections": [{"title": t, "lines": lines} for t, lines in SECTIONS[lang]],
        "table_title": pick(TABLE_TITLE, lang),
        "table_head": head,
        "table_rows": rows,
        "note": pick(PLANNER_NOTE, lang),
    }
    title = f"{labels['system']} — {labels['doc_reference']}"
    return _document("reference", lang, paper, title, item)


def risk_colour(risk: int) -> str:
    return RISK_COLOURS[min(risk, len(RISK_COLOURS) - 1)]


def level_shade(level: float, lowest: float, highest: float) -> str:
    """Grey for a floor: white at the lowest level, darker the higher (never too dark to read)."""
    span = highest - lowest
    t = 0.0 if span <= 0 else (level - lowest) / span
    v = round(255 - 110 * t)
    return f"#{v:02x}{v:02x}{v:02x}"


def _tiles(length: int, per_page: int) -> list[range]:
    """``range(length)`` cut into the fewest even parts of at most ``per_page``."""
    parts = -(-length // max(1, per_page))
    size = -(-length // parts)
    return [range(i, min(i + size, length)) for i in range(0, length, size)]


OUTLINE_EM = 3.5
"""Type size (mm, 10 pt) of the page numbers the overview prints on each part."""


def _label_width(text: str, em: float) -> float:
    """Width (mm) of a short bold label at ``em``: Japanese full width, digits and Latin
    letters about two thirds of it (DejaVu Sans Bold; BIZ UDGothic's are half)."""
    return round(sum(em if is_wide(ch) else 0.68 * em for ch in text), 3)


def _joins(labels: dict[str, str], i: int, j: int, across: int, down: int) -> str:
    """Which pages join part (``i``, ``j``) of an ``across`` × ``down`` cut, and on which side:
    what a player laying the parts out needs (pages are numbered across, then down, from 2)."""
    page = 2 + j * across + i
    sides = [
        (i > 0, "join_left", page - 1),
        (i + 1 < across, "join_right", page + 1),
        (j > 0, "join_above", page - across),
        (j + 1 < down, "join_below", page + across),
    ]
    found = [labels[key].format(n=n) for there, key, n in sides if there]
    return labels["joins"].format(sides=labels["join_sep"].join(found)) if found else ""


def map_context(team: KuroganenMap, *, lang: Lang, paper: str) -> dict[str, Any]:
    """The map on one page when its cells can carry their numbers; a bigger map gets an
    overview page (shading only, each part outlined with its page number) and then as many
    pages as it takes at one cell size, each a part of the map with its real column and row
    numbers and the pages that join it on each side (the parts can be laid side by side)."""
    labels = labels_for(lang)
    page = _page(paper)
    area_w = page["width"] - 2 * MARGIN - HEAD_W
    area_h = page["height"] - 2 * MARGIN - MAP_TOP - MAP_BOTTOM
    whole = min(CELL_MAX, area_w / team.width, area_h / team.height)
    floors = [v for row in team.map for v in row if v is not None]
    lowest, highest = (min(floors), max(floors)) if floors else (0.0, 0.0)
    plan = team.plan
    risks: dict[tuple[int, int], int] = {}
    plan_line = labels["no_plan"]
    if plan is not None:
        try:
            found = reach(team.height_map(), plan.start, plan.move, plan.risk)
        except ReachTooLarge as exc:
            problem = Problem(team.name, None, None, "plan.move", budget_message(exc))
            raise InputError([problem]) from None
        risks = {r.at: r.risk for r in found}
        x, y = plan.start
        plan_line = labels["plan"].format(
            x=x,
            y=y,
            move=plan.move,
            risk=plan.risk,
            cells=len(found),
            cells_text=count(len(found), "cell"),
        )
    start = plan.start if plan is not None else None
    units = set(team.units)
    grid = []
    for y, row in enumerate(team.map):
        cells = []
        for x, level in enumerate(row):
            at = (x, y)
            risk = risks.get(at)
            cells.append(
                {
                    "level": level_text(level),
                    "pit": level is None,
                    "shade": "#222222" if level is None else level_shade(level, lowest, highest),
                    "unit": at in units and at != start,
                    "start": at == start,
                    "risk": risk,
                    "tint": risk_colour(risk) if risk is not None else None,
                }
            )
        grid.append(cells)
    legend_risks = [
        {"label": labels["risk_n"].format(n=n), "colour": c, "pattern": f"r{n}", "digit": str(n)}
        for n, c in enumerate(RISK_COLOURS[:-1])
    ]
    last = len(RISK_COLOURS) - 1
    legend_risks.append(
        {
            "label": labels["risk_more"].format(n=last),
            "colour": RISK_COLOURS[-1],
            "pattern": f"r{last}",
            "digit": f"{last}+",
        }
    )
    doc = labels["doc_map" if plan is not None else "doc_map_only"]
    heading = f"{shown_name(team, lang)} — {doc}"

    def item(cell: float, xs: range, ys: range, numbers: bool, part: str) -> dict[str, Any]:
        level_mm = min(LEVEL_PT, max(MIN_PT, cell * LEVEL_EM * PT_PER_MM)) / PT_PER_MM
        risk_mm = min(RISK_PT, max(MIN_PT, cell * RISK_EM * PT_PER_MM)) / PT_PER_MM
        head_w, head_h = (HEAD_W, HEAD_H) if numbers else (0.0, 0.0)
        drawn = []
        for j, y in enumerate(ys):
            for i, x in enumerate(xs):
                c = grid[y][x]
                risk = risks.get((x, y))
                digits = len(str(risk)) if risk is not None else 0
                drawn.append(
                    {
                        **c,
                        "x": round(head_w + i * cell, 3),
                        "y": round(head_h + j * cell, 3),
                        "pattern": None if risk is None else f"r{min(risk, len(RISK_COLOURS) - 1)}",
                        "risk_w": round(risk_mm * (0.7 * digits + 0.4), 3),
                    }
                )
        return {
            "key": f"m{len(ys) * 1000 + len(xs)}x{xs[0]}y{ys[0]}n{int(numbers)}",
            "heading": heading,
            "part": part,
            "plan_line": plan_line,
            "has_plan": plan is not None,
            "cell": round(cell, 3),
            "numbers": numbers,
            "level_pt": round(level_mm * PT_PER_MM, 2),
            "risk_pt": round(risk_mm * PT_PER_MM, 2),
            "level_mm": math.ceil(level_mm * 1000) / 1000,  # never below 6 pt once rounded
            "risk_mm": math.ceil(risk_mm * 1000) / 1000,
            "head_w": head_w,
            "head_mm": round(HEAD_PT / PT_PER_MM, 3),
            "head_h": head_h,
            "width": round(head_w + len(xs) * cell, 3),
            "height": round(head_h + len(ys) * cell, 3),
            "columns": list(xs),
            "column_x": [round(head_w + (i + 0.5) * cell, 3) for i in range(len(xs))],
            "rows": [
                {
                    "y": y,
                    "at": round(head_h + (j + 0.5) * cell, 3),
                    "cells": [grid[y][x] for x in xs],
                }
                for j, y in enumerate(ys)
            ],
            "drawn": drawn,
            "legend_risks": legend_risks,
            "has_sub": any(grid[y][x]["unit"] or grid[y][x]["start"] for y in ys for x in xs),
            "pad": round(max(PAD, cell * PAD_SHARE), 3),
            "outlines": [],
            "outline_em": OUTLINE_EM,
        }

    title = heading
    context = _document("map", lang, paper, title, {})
    if whole >= CELL_NUMBERS:
        items = [item(whole, range(team.width), range(team.height), True, "")]
    else:
        part_h = area_h - PART_LINE
        xs = _tiles(team.width, int(area_w // CELL_NUMBERS))
        ys = _tiles(team.height, int(part_h // CELL_NUMBERS))
        cell = min(CELL_MAX, area_w / len(xs[0]), part_h / len(ys[0]))
        whole = min(whole, part_h / team.height)
        n = len(xs) * len(ys)
        overview = item(whole, range(team.width), range(team.height), False, "")
        overview["part"] = labels["overview"].format(first=2, last=n + 1)
        overview["outlines"] = [
            {
                "x": round(cols[0] * whole, 3),
                "y": round(rows[0] * whole, 3),
                "width": round(len(cols) * whole, 3),
                "height": round(len(rows) * whole, 3),
                "label": labels["overview_page"].format(n=2 + j * len(xs) + i),
            }
            for j, rows in enumerate(ys)
            for i, cols in enumerate(xs)
        ]
        for outline in overview["outlines"]:
            outline["label_w"] = _label_width(outline["label"], OUTLINE_EM)
        items = [overview]
        for j, rows in enumerate(ys):
            for i, cols in enumerate(xs):
                part = labels["part"].format(
                    x0=cols[0],
                    x1=cols[-1],
                    y0=rows[0],
                    y1=rows[-1],
                    page=2 + j * len(xs) + i,
                    total=n + 1,
                )
                joins = _joins(labels, i, j, len(xs), len(ys))
                items.append(item(cell, cols, rows, True, f"{part} · {joins}" if joins else part))
    context["pages"] = [
        {"items": [{"x": MARGIN, "y": MARGIN, "item": it}], "marks": []} for it in items
    ]
    return context


def printouts(team: KuroganenMap, options: PrintOptions) -> list[Printout]:
    """The elevation reference, then the map (with the reach overlay when it has a plan)."""
    return sheets(options, lambda lang, paper: map_context(team, lang=lang, paper=paper))


def sheets(options: PrintOptions, map_of: Callable[[Lang, str], dict[str, Any]]) -> list[Printout]:
    """The elevation reference, then the map ``map_of(lang, paper)`` draws (a team's map or a
    battle record's), once the paper and the language are known ones."""
    paper, lang = options.paper, options.lang
    check_choices(paper, lang)
    return [
        Printout(
            "reference", "kuroganen/reference.html", reference_context(lang=lang, paper=paper)
        ),
        Printout("map", "kuroganen/map.html", map_of(lang, paper)),
    ]
