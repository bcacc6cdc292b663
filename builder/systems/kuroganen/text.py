"""Text and JSON of ``laminim reach`` / ``check`` / ``analyze`` for a kuroganen map.

Only display: the numbers come from the rules core (``rules.reach``). The map is drawn as a
grid with column and row numbers; every cell is as wide as the widest thing any cell shows.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from typing import Any

from .models import KuroganenMap
from .rules import Leg, Point, Reach

PIT, UNREACHABLE, UNIT, START = "#", ".", "U", "@"


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


def levels_grid(team: KuroganenMap) -> list[str]:
    """The floor levels, ``~`` for a pit, ``U`` after a level where a unit stands."""
    units = set(team.units)

    def cell(x: int, y: int) -> str:
        text = level_text(team.map[y][x])
        return text + UNIT if (x, y) in units else text

    return _grid("levels (~ pit, U unit):", team.width, team.height, cell)


def risk_grid(team: KuroganenMap, start: Point, found: Sequence[Reach]) -> list[str]:
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

    return _grid(
        "final risk (. unreachable, # pit, U unit, @ start):", team.width, team.height, cell
    )


def leg_text(leg: Leg, levels: Sequence[Sequence[float | None]]) -> str:
    """One action of a path: ``step → (3,5) climb, cost 2, risk 0``."""
    x, y = leg.to
    land = level_text(levels[y][x])
    if leg.kind == "step":
        what = f"step → ({x},{y}) level {land}"
        if leg.cost > 1:
            what += " climb"
    else:
        over = " ".join(f"({cx},{cy})" for cx, cy in leg.cells[:-1])
        what = f"jump over {over} → ({x},{y}) level {land}"
    fall = f", fall {leg.fall}" if leg.fall else ""
    return f"{what}; cost {leg.cost}{fall}, risk {leg.risk}"


def path_lines(team: KuroganenMap, found: Reach | None, to: Point, move: int) -> list[str]:
    if found is None:
        x, y = to
        if team.map[y][x] is None:
            why = "it is a pit"
        elif to in team.units:
            why = "another unit stands there"
        else:
            why = f"not within movement {move}"
        return [f"path to ({x},{y}): cannot end the move there ({why})"]
    lines = [f"path to ({found.x},{found.y}): final risk {found.risk}, movement {found.cost}"]
    if not found.legs:
        lines.append("  stay where you are")
    for n, leg in enumerate(found.legs, start=1):
        lines.append(f"  {n}. {leg_text(leg, team.map)}")
    return lines


def reach_text(
    team: KuroganenMap,
    start: Point,
    move: int,
    risk: int,
    found: Sequence[Reach],
    to: Point | None = None,
    path: Reach | None = None,
) -> str:
    by_risk = Counter(r.risk for r in found)
    spread = ", ".join(f"risk {k}: {by_risk[k]}" for k in sorted(by_risk))
    head = f"{team.name}: from ({start[0]},{start[1]}), movement {move}, starting risk {risk}"
    reached = f"{count(len(found), 'cell')} reachable ({spread})"
    lines = [head, reached, "", *levels_grid(team), "", *risk_grid(team, start, found)]
    if to is not None:
        lines += ["", *path_lines(team, path, to, move)]
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
    """``1 pit`` / ``2 pits`` / ``0 pits``."""
    return f"{n} {one if n == 1 else (many or one + 's')}"


def summary_line(team: KuroganenMap) -> str:
    s = map_summary(team)
    lo, hi = s["lowest"], s["highest"]
    if lo is None:
        span = "no floor"
    elif lo == hi:
        span = f"level {level_text(lo)} everywhere"
    else:
        span = f"levels {level_text(lo)}–{level_text(hi)}"
    return (
        f"{team.name}: {team.width}×{team.height} map, {span}, {count(s['pits'], 'pit')}, "
        f"{count(s['half_levels'], 'half-level cell')}, {count(len(team.units), 'unit')}"
    )


def _number(level: float) -> float | int:
    return int(level) if float(level).is_integer() else level
