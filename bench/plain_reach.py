"""The plain alternative to the reach planner: an exhaustive search with Pareto pruning.

This is what one would write first for docs/rules.md D16–D18, without the planner's shortcuts,
and it is kept honest: no dataclasses, plain tuples and dicts, the same rules. States are (cell,
risk carried, movement spent), taken in order of movement spent (a bucket per movement); a state is
dropped when its cell was already reached with no more risk (Pareto pruning on (cost, risk):
every earlier state has spent no more). Each state looks at its four steps and flies its four
jumps cell by cell, landing wherever the rules allow -- nothing is cached between states.

It shares no code with ``builder/``: ``bench/bench_reach.py`` times it beside the planner, and
``tests/systems/kuroganen/test_plain_search_agreement.py`` checks both give the same cells.
Run alone as a process (``python bench/plain_reach.py MAP.yaml X Y MOVE [--paths]``) it reads
the map with PyYAML's C loader (no line numbers, no checks: less than ``laminim`` does) and
prints the cells as compact JSON, paths only with ``--paths`` as ``laminim reach --json``, so
whole-process times compare.
"""

from __future__ import annotations

import json
import math
import sys
from collections.abc import Sequence

DIRS = ((1, 0), (0, 1), (-1, 0), (0, -1))

Cell = tuple[int, int]


def plain_reach(
    levels: Sequence[Sequence[float | None]],
    units: set[Cell],
    start: Cell,
    move: int,
    risk: int = 0,
) -> dict[Cell, tuple[int, int, list[Cell]]]:
    """Every end cell -> (least risk, least movement giving it, one path of entered cells)."""
    height, width = len(levels), len(levels[0])
    others = set(units) - {start}
    buckets: list[list[tuple[Cell, int, list[Cell]]]] = [[] for _ in range(move + 1)]
    buckets[0].append((start, risk, [start]))
    found: dict[Cell, tuple[int, int, list[Cell]]] = {}
    for spent in range(move + 1):
        for (x, y), carried, path in buckets[spent]:
            old = found.get((x, y))
            if old is not None and old[0] <= carried:
                continue  # Pareto-dominated: reached before, no more movement, no more risk
            found[(x, y)] = (carried, spent, path)
            here = levels[y][x]
            assert here is not None
            left = move - spent
            for dx, dy in DIRS:
                nx, ny = x + dx, y + dy
                if not (0 <= nx < width and 0 <= ny < height):
                    continue
                there = levels[ny][nx]
                if there is not None and (nx, ny) not in others and there - here < 2:
                    cost = 2 if there - here >= 1 else 1
                    if cost <= left:
                        drop = here - there
                        after = max(0, carried - cost) + (math.floor(drop) if drop >= 1 else 0)
                        buckets[spent + cost].append(((nx, ny), after, [*path, (nx, ny)]))
                # the jump in this direction, flown cell by cell
                h, cost, n, jx, jy = here, 0, 0, x, y
                flown: list[Cell] = []
                while True:
                    jx, jy = jx + dx, jy + dy
                    if not (0 <= jx < width and 0 <= jy < height):
                        break
                    floor = levels[jy][jx]
                    if floor is None:
                        cost += 1
                    else:
                        if floor - h >= 2:
                            break
                        cost += 2 if floor - h >= 1 else 1
                        h = max(h, floor)
                    if cost > left:
                        break
                    n += 1
                    flown.append((jx, jy))
                    if n >= 2 and floor is not None and (jx, jy) not in others:
                        after = max(0, carried - cost) + math.floor(h - floor)
                        buckets[spent + cost].append(((jx, jy), after, [*path, *flown]))
        buckets[spent] = []
    return found


def main(argv: list[str]) -> int:
    """``plain_reach.py MAP.yaml X Y MOVE [RISK] [--paths]``: the cells as ``{"cells": [...]}``
    JSON, each cell's path only with ``--paths`` (as ``laminim reach --json [--paths]``)."""
    import yaml

    paths = "--paths" in argv
    argv = [a for a in argv if a != "--paths"]
    with open(argv[0], encoding="utf-8") as handle:
        data = yaml.load(handle, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    start = (int(argv[1]), int(argv[2]))
    move, risk = int(argv[3]), int(argv[4]) if len(argv) > 4 else 0
    units = {(int(x), int(y)) for x, y in data.get("units", [])}
    found = plain_reach(data["map"], units, start, move, risk)
    cells = []
    for (x, y), (r, c, path) in sorted(found.items(), key=lambda kv: (kv[0][1], kv[0][0])):
        cell: dict[str, object] = {"x": x, "y": y, "risk": r, "cost": c}
        if paths:
            cell["path"] = [list(p) for p in path]
        cells.append(cell)
    print(json.dumps({"cells": cells}, separators=(",", ":")))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
