"""An independent planner for cross-checks: tries every legal action sequence, one cell at a time.

It shares no code with the rules core. Jumps are flown cell by cell (continue or land), and
risk is digested one movement point at a time, so it checks the planner's whole-action
shortcut as well as its search. Identical complete states (including the in-flight ones) are
explored once; that prunes nothing that could give a different outcome.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

DIRS = ((1, 0), (0, 1), (-1, 0), (0, -1))


def brute_force_reach(
    levels: Sequence[Sequence[float | None]],
    units: set[tuple[int, int]],
    start: tuple[int, int],
    move: int,
    risk: int = 0,
) -> dict[tuple[int, int], tuple[int, int]]:
    """Every end cell -> least (risk, cost), by exhaustive search."""
    height, width = len(levels), len(levels[0])
    others = set(units) - {start}
    outcomes: dict[tuple[int, int], tuple[int, int]] = {}
    seen: set[tuple] = set()

    def on_map(x: int, y: int) -> bool:
        return 0 <= x < width and 0 <= y < height

    def spend(r: int, points: int) -> int:
        for _ in range(points):
            if r > 0:
                r -= 1
        return r

    def stand(x: int, y: int, spent: int, r: int) -> None:
        key = ("stand", x, y, spent, r)
        if key in seen:
            return
        seen.add(key)
        if (x, y) not in outcomes or (r, spent) < outcomes[(x, y)]:
            outcomes[(x, y)] = (r, spent)
        here = levels[y][x]
        assert here is not None
        for dx, dy in DIRS:
            nx, ny = x + dx, y + dy
            if not on_map(nx, ny):
                continue
            there = levels[ny][nx]
            if there is not None and (nx, ny) not in others and there - here < 2:
                cost = 2 if there - here >= 1 else 1
                if spent + cost <= move:
                    drop = here - there
                    fall = math.floor(drop) if drop >= 1 else 0
                    stand(nx, ny, spent + cost, spend(r, cost) + fall)
            fly(x, y, spent, r, (dx, dy), here, 0)

    def fly(x: int, y: int, spent: int, r: int, d: tuple[int, int], h: float, n: int) -> None:
        key = ("fly", x, y, spent, r, d, h, min(n, 2))
        if key in seen:
            return
        seen.add(key)
        nx, ny = x + d[0], y + d[1]
        if not on_map(nx, ny):
            return
        floor = levels[ny][nx]
        if floor is None:
            cost, nh = 1, h
        elif floor - h >= 2:
            return
        else:
            cost = 2 if floor - h >= 1 else 1
            nh = max(h, floor)
        if spent + cost > move:
            return
        r2 = spend(r, cost)
        if n + 1 >= 2 and floor is not None and (nx, ny) not in others:
            stand(nx, ny, spent + cost, r2 + math.floor(nh - floor))
        fly(nx, ny, spent + cost, r2, d, nh, n + 1)

    stand(start[0], start[1], 0, risk)
    return outcomes


def replay(
    levels: Sequence[Sequence[float | None]],
    units: set[tuple[int, int]],
    start: tuple[int, int],
    legs: Sequence[tuple[str, Sequence[tuple[int, int]]]],
    risk: int = 0,
) -> tuple[int, int]:
    """Check a path leg by leg under the rules and return its final (risk, cost)."""
    others = set(units) - {start}
    x, y = start
    spent = 0
    for kind, cells in legs:
        here = levels[y][x]
        assert here is not None
        dx, dy = cells[0][0] - x, cells[0][1] - y
        assert abs(dx) + abs(dy) == 1, "legs start next to the unit"
        h = here
        cost = 0
        for i, (cx, cy) in enumerate(cells):
            assert (cx, cy) == (x + dx * (i + 1), y + dy * (i + 1)), "legs run straight"
            floor = levels[cy][cx]
            if floor is None:
                assert kind == "jump", "walking never enters a pit"
                cost += 1
                continue
            assert floor - h < 2, "2 or more levels up is a wall"
            cost += 2 if floor - h >= 1 else 1
            if kind == "jump":
                h = max(h, floor)
        end = cells[-1]
        floor = levels[end[1]][end[0]]
        assert floor is not None and end not in others
        if kind == "step":
            assert len(cells) == 1
            drop = here - floor
        else:
            assert len(cells) >= 2
            drop = h - floor
        risk = max(0, risk - cost) + (math.floor(drop) if drop >= 1 else 0)
        spent += cost
        x, y = end
    return risk, spent
