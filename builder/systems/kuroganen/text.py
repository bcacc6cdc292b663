"""Text and JSON of ``laminim reach`` / ``check`` / ``analyze`` for a kuroganen map.

Only display: the numbers come from the rules core (``rules.reach``). The map is drawn as a
grid with column and row numbers; every cell is as wide as the widest thing any cell shows.
The words are ``text_labels.yaml``, in the language the command reports in (``--lang``) unless
a ``lang`` is given; the grid's marks (``~ # . U @``) are the same in both.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from typing import Any

from builder.core.i18n import Labels, Lang, shown_name
from builder.core.report_lang import current_lang

from .models import KuroganenMap
from .rules import Leg, Point, Reach

PIT, UNREACHABLE, UNIT, START = "#", ".", "U", "@"

LABELS = Labels.load(__file__, "text_labels.yaml")


def counted(key: str, n: int, lang: Lang) -> str:
    """``1 pit`` / ``2 pits`` (``穴 2``): the label ``key-one`` or ``key-many`` with ``n``."""
    return LABELS.t(f"{key}-{'one' if n == 1 else 'many'}", lang, n=n)


def level_text(level: float | None) -> str:
    """``2`` / ``1.5`` / ``~``: a level as a map file writes it."""
    if level is None:
        return "~"
    return f"{level:g}"


def _grid(title: str, width: int, height: int, cell: Any) -> list[str]:
    """A grid of ``cell(x, y)`` strings with column numbers above and row numbers to the left."""
    cells = [[cell(x, y) for x in range(width)] for y in range(height)]
    w = max(2, len(str(width - 1)), *(len(c) for row in cells for c in row))
    label = len(str(height - 1))
    head = " " * label + " " + "".join(f"{x:>{w + 1}}" for x in range(width))
    lines = [title, head]
    for y, row in enumerate(cells):
        lines.append(f"{y:>{label}} " + "".join(f"{c:>{w + 1}}" for c in row))
    return lines


def levels_grid(team: KuroganenMap, lang: Lang | None = None) -> list[str]:
    """The floor levels, ``~`` for a pit, ``U`` after a level where a unit stands."""
    units = set(team.units)

    def cell(x: int, y: int) -> str:
        text = level_text(team.map[y][x])
        return text + UNIT if (x, y) in units else text

    title = LABELS.t("levels-title", lang or current_lang())
    return _grid(title, team.width, team.height, cell)


def risk_grid(
    team: KuroganenMap, start: Point, found: Sequence[Reach], lang: Lang | None = None
) -> list[str]:
    """Each reachable cell's final risk; ``.`` unreachable, ``#`` pit, ``U`` another unit,
    ``@`` the start."""
    risks = {r.at: r.risk for r in found}
    units = set(team.units) - {start}

    def cell(x: int, y: int) -> str:
        if (x, y) == start:
            return START
        if team.map[y][x] is None:
            return PIT
        if (x, y) in units:
            return UNIT
        return str(risks[(x, y)]) if (x, y) in risks else UNREACHABLE

    title = LABELS.t("risk-title", lang or current_lang())
    return _grid(title, team.width, team.height, cell)


def leg_text(leg: Leg, levels: Sequence[Sequence[float | None]], lang: Lang | None = None) -> str:
    """One action of a path: ``step → (3,5) level 1 climb; cost 2, risk 0``."""
    lang = lang or current_lang()
    x, y = leg.to
    land = level_text(levels[y][x])
    if leg.kind == "step":
        what = LABELS.t("step", lang, x=x, y=y, level=land)
        if leg.cost > 1:
            what += LABELS.t("climb", lang)
    else:
        over = " ".join(f"({cx},{cy})" for cx, cy in leg.cells[:-1])
        what = LABELS.t("jump", lang, over=over, x=x, y=y, level=land)
    fall = LABELS.t("leg-fall", lang, fall=leg.fall) if leg.fall else ""
    return LABELS.t("leg", lang, what=what, cost=leg.cost, fall=fall, risk=leg.risk)


def path_lines(
    team: KuroganenMap, found: Reach | None, to: Point, move: int, lang: Lang | None = None
) -> list[str]:
    lang = lang or current_lang()
    if found is None:
        x, y = to
        if team.map[y][x] is None:
            why = LABELS.t("why-pit", lang)
        elif to in team.units:
            why = LABELS.t("why-unit", lang)
        else:
            why = LABELS.t("why-far", lang, move=move)
        return [LABELS.t("path-none", lang, x=x, y=y, why=why)]
    lines = [LABELS.t("path", lang, x=found.x, y=found.y, risk=found.risk, cost=found.cost)]
    if not found.legs:
        lines.append("  " + LABELS.t("stay", lang))
    for n, leg in enumerate(found.legs, start=1):
        lines.append(f"  {n}. {leg_text(leg, team.map, lang)}")
    return lines


def reached_text(found: Sequence[Reach], lang: Lang) -> str:
    """``9 cells reachable (risk 0: 5, risk 1: 4)``: how many cells, how many at each risk."""
    by_risk = Counter(r.risk for r in found)
    spread = LABELS.t("list-sep", lang).join(
        LABELS.t("risk-count", lang, risk=k, n=by_risk[k]) for k in sorted(by_risk)
    )
    return LABELS.t("reached", lang, cells=counted("cells", len(found), lang), spread=spread)


def reach_text(
    team: KuroganenMap,
    start: Point,
    move: int,
    risk: int,
    found: Sequence[Reach],
    to: Point | None = None,
    path: Reach | None = None,
    lang: Lang | None = None,
) -> str:
    lang = lang or current_lang()
    x, y = start
    name = shown_name(team, lang)
    head = LABELS.t("reach-head", lang, name=name, x=x, y=y, move=move, risk=risk)
    lines = [head, reached_text(found, lang), ""]
    lines += [*levels_grid(team, lang), "", *risk_grid(team, start, found, lang)]
    if to is not None:
        lines += ["", *path_lines(team, path, to, move, lang)]
    return "\n".join(lines)


def reach_json(found: Sequence[Reach], paths: bool = True) -> dict[str, Any]:
    """The reach JSON of docs/design.md "Kuroganen Gauge":
    ``{"cells": [{"x", "y", "risk", "cost", "path": [[x, y], ...]}]}``, ``path`` only with
    ``paths``."""
    return {"cells": [r.as_dict(paths) for r in found]}


def reach_json_text(found: Sequence[Reach], paths: bool = True) -> str:
    """``reach_json`` as ``--json`` prints it: one cell per line, each on one line.

    Indenting every ``[x, y]`` of every path made a 100×100 map's answer half a megabyte, five
    times the data, and slower to write than to plan; a cell per line still reads and diffs
    line by line, and the keys are the same. Most readers want the risks, not a path to every
    cell, so ``laminim reach --json`` writes paths only when asked (``--paths``, ``--to``)."""
    if not found:
        return '{"cells": []}'
    cells = ",\n".join("  " + json.dumps(r.as_dict(paths), ensure_ascii=False) for r in found)
    return '{"cells": [\n' + cells + "\n]}"


def map_summary(team: KuroganenMap) -> dict[str, Any]:
    levels = [v for row in team.map for v in row]
    floors = sorted({v for v in levels if v is not None})
    counts = Counter(level_text(v) for v in levels if v is not None)
    return {
        "name": team.name,
        "width": team.width,
        "height": team.height,
        "pits": sum(1 for v in levels if v is None),
        "half_levels": sum(1 for v in levels if v is not None and not float(v).is_integer()),
        "units": [list(u) for u in team.units],
        "lowest": _number(floors[0]) if floors else None,
        "highest": _number(floors[-1]) if floors else None,
        "levels": {k: counts[k] for k in sorted(counts, key=float)},
        "plan": None
        if team.plan is None
        else {"from": list(team.plan.start), "move": team.plan.move, "risk": team.plan.risk},
    }


def count(n: int, one: str, many: str | None = None) -> str:
    """``1 pit`` / ``2 pits`` / ``0 pits`` (English only: the printed map's plan line)."""
    return f"{n} {one if n == 1 else (many or one + 's')}"


def summary_line(team: KuroganenMap, lang: Lang | None = None) -> str:
    lang = lang or current_lang()
    s = map_summary(team)
    lo, hi = s["lowest"], s["highest"]
    if lo is None:
        span = LABELS.t("span-none", lang)
    elif lo == hi:
        span = LABELS.t("span-one", lang, level=level_text(lo))
    else:
        span = LABELS.t("span", lang, low=level_text(lo), high=level_text(hi))
    return LABELS.t(
        "summary",
        lang,
        name=shown_name(team, lang),
        width=team.width,
        height=team.height,
        span=span,
        pits=counted("pits", s["pits"], lang),
        halves=counted("halves", s["half_levels"], lang),
        units=counted("units", len(team.units), lang),
    )


def _number(level: float) -> float | int:
    return int(level) if float(level).is_integer() else level
