"""Jumps (RULES D17): a straight run at the jumper's height, flying over pits, units, low ground.

How the run goes, cell by cell from the jumper's standing cell (its height starts at that floor):

- a pit is flown over (cost 1); a unit's cell obeys its floor like any other cell, and is flown
  over or climbed the same way, but is never landed on;
- a floor at or below the jumper's height is flown over (cost 1), the height stays;
- a floor less than one level above it (a half-level slope) is run onto (cost 1) and the height
  becomes that floor -- differences under a level count as none, as when walking (our reading:
  D17 does not name this case; the jumper never runs below a floor);
- a floor 1 or 1.5 levels above it is climbed (cost 2) and the jump goes on at that floor;
- a floor 2 or more above it ends the run before that cell.

From the 2nd cell of the run on, the jumper may land on any free cell with a floor, falling
``floor(height - floor)`` levels. A jump is an action from standing to standing: turning needs a
landing first (seed: 経路を曲げるタイミングでは必ず落下を処理する).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from .height_map import DIRECTIONS, HeightMap, Point
from .steps import STEP_COST, climb_cost

MIN_JUMP = 2
"""Horizontal cells a jump must cover before it may land."""


@dataclass(frozen=True)
class RunCell:
    """One cell of a jump's run, as the jumper passes it."""

    at: Point
    height: float  # the jumper's height over this cell
    cost: int  # movement spent from the take-off up to and including this cell
    fall: int | None  # risk of landing here; None when it cannot land here


@dataclass(frozen=True)
class Jump:
    """A whole jump: every cell entered (the last is the landing cell), its cost and fall."""

    cells: tuple[Point, ...]
    cost: int
    fall: int

    @property
    def to(self) -> Point:
        return self.cells[-1]


def jump_run(hmap: HeightMap, start: Point, direction: Point, max_cost: int) -> tuple[RunCell, ...]:
    """The cells a jump from ``start`` in ``direction`` can pass within ``max_cost`` movement."""
    height = hmap.floor(start)
    if height is None:
        return ()
    run: list[RunCell] = []
    cost = 0
    x, y = start
    while True:
        x, y = x + direction[0], y + direction[1]
        at = (x, y)
        if not hmap.in_bounds(at):
            break
        level = hmap.floor(at)
        if level is None:
            cost += STEP_COST
            fall: int | None = None
        else:
            extra = climb_cost(level - height)
            if extra is None:
                break
            cost += STEP_COST + extra
            height = max(height, level)
            fall = math.floor(height - level) if at not in hmap.units else None
        if cost > max_cost:
            break
        run.append(RunCell(at, height, cost, fall if len(run) + 1 >= MIN_JUMP else None))
    return tuple(run)


def jumps_from(hmap: HeightMap, start: Point, max_cost: int) -> tuple[Jump, ...]:
    """Every legal jump from ``start`` costing at most ``max_cost``: directions in
    ``DIRECTIONS`` order, nearer landings first."""
    jumps: list[Jump] = []
    for direction in DIRECTIONS:
        run = jump_run(hmap, start, direction, max_cost)
        for i, cell in enumerate(run):
            if cell.fall is not None:
                jumps.append(Jump(tuple(c.at for c in run[: i + 1]), cell.cost, cell.fall))
    return tuple(jumps)
