"""The planner's flat grid gives exactly the actions the readable rules give (D16, D17)."""

from __future__ import annotations

import random

import pytest

from builder.systems.kuroganen.rules import HeightMap, jumps_from, steps_from
from builder.systems.kuroganen.rules.grid import Grid

LEVELS = [0, 0, 0, 0.5, 0.5, 1, 1, 1.5, 2, 2.5, 3, 4, None]


def readable_actions(hmap: HeightMap, at: tuple[int, int], max_cost: int) -> list[tuple]:
    steps = [("step", (s.to,), s.cost, s.fall) for s in steps_from(hmap, at)]
    jumps = [
        ("jump", j.cells, j.cost, j.fall) for j in jumps_from(hmap, at, max_cost, walkable=False)
    ]
    return [a for a in (*steps, *jumps) if a[2] <= max_cost]


def grid_actions(hmap: HeightMap, at: tuple[int, int], max_cost: int) -> list[tuple]:
    grid = Grid(hmap)
    found = []
    for to, cost, fall, d, n in grid.actions(grid.index(at), max_cost):
        off = grid.offsets[d]
        if n == 0:
            found.append(("step", (grid.point(to),), cost, fall))
        else:
            cells = tuple(grid.point(to - off * k) for k in range(n - 1, -1, -1))
            found.append(("jump", cells, cost, fall))
    return found


@pytest.mark.parametrize("seed", range(150))
def test_grid_actions_are_the_rules_steps_then_jumps_in_order(seed):
    rng = random.Random(f"grid-{seed}")
    width, height = rng.randint(1, 9), rng.randint(1, 9)
    levels = [[rng.choice(LEVELS) for _ in range(width)] for _ in range(height)]
    floors = [(x, y) for y in range(height) for x in range(width) if levels[y][x] is not None]
    if not floors:
        levels[0][0] = 0
        floors = [(0, 0)]
    units = rng.sample(floors, min(len(floors) - 1, rng.randint(0, 4)))
    hmap = HeightMap.from_rows(levels, units)
    for at in floors:
        max_cost = rng.randint(0, 12)
        assert grid_actions(hmap, at, max_cost) == readable_actions(hmap, at, max_cost), at
