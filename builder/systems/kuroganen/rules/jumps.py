"""Jumps (docs/rules.md D17): a straight run at the jumper's height, flying over pits, units, low
ground.

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
from .steps import CLIMB_COST, STEP_COST, climb_cost

MIN_JUMP = 2
"""Horizontal cells a jump must cover before it may land."""


@dataclass(frozen=True)
class RunCell:
    """One cell of a jump's run, as the jumper passes it."""

    at: Point
    height: float  # the jumper's height over this cell
    cost: int  # movement spent from the take-off up to and including this cell
    fall: int | None  # risk of landing here; None when it cannot land here
    cheap_stand: bool  # a free floor under a fall of one level: standing here costs no risk


@dataclass(frozen=True)
class Jump:
    """A whole jump: every cell entered (the last is the landing cell), its cost and fall."""

    cells: tuple[Point, ...]
    cost: int
    fall: int
    walkable_end: bool = False
    """The same cost and no more risk come from standing on the cell before the landing (a step
    or a shorter jump onto it, a fall under one level) and stepping on. Risk digests the same
    when nothing falls in between, so the planner skips such jumps: they add no outcome."""

    @property
    def to(self) -> Point:
        return self.cells[-1]


def jump_run(hmap: HeightMap, start: Point, direction: Point, max_cost: int) -> tuple[RunCell, ...]:
    """The cells a jump from ``start`` in ``direction`` can pass within ``max_cost`` movement."""
    height = hmap.floor(start)
    if height is None:
        return ()
    levels, units = hmap.levels, hmap.units
    width, rows = hmap.width, hmap.height
    (x, y), (dx, dy) = start, direction
    run: list[RunCell] = []
    cost = 0
    while True:
        x, y = x + dx, y + dy
        if not (0 <= x < width and 0 <= y < rows):
            break
        floor = levels[y][x]
        if floor is None:
            cost += STEP_COST
            fall: int | None = None
            stand = False
        else:
            rise = floor - height
            if rise >= 2:
                break
            cost += STEP_COST + (CLIMB_COST if rise >= 1 else 0)
            if rise > 0:
                height = floor
            free = (x, y) not in units
            fall = math.floor(height - floor) if free else None
            stand = free and height - floor < 1
        if cost > max_cost:
            break
        landable = fall if len(run) + 1 >= MIN_JUMP else None
        run.append(RunCell((x, y), height, cost, landable, stand))
    return tuple(run)


def jumps_from(
    hmap: HeightMap, start: Point, max_cost: int, *, walkable: bool = True
) -> tuple[Jump, ...]:
    """Every legal jump from ``start`` costing at most ``max_cost``: directions in
    ``DIRECTIONS`` order, nearer landings first. ``walkable=False`` leaves out the jumps whose
    outcome a shorter jump or a step plus a step gives as well (``Jump.walkable_end``)."""
    jumps: list[Jump] = []
    for direction in DIRECTIONS:
        run = jump_run(hmap, start, direction, max_cost)
        ats = [c.at for c in run]
        for i, cell in enumerate(run):
            if cell.fall is None:
                continue
            before = run[i - 1]
            redundant = before.cheap_stand and _step_matches(hmap, before, cell)
            if walkable or not redundant:
                jumps.append(Jump(tuple(ats[: i + 1]), cell.cost, cell.fall, redundant))
    return tuple(jumps)


def _step_matches(hmap: HeightMap, before: RunCell, landing: RunCell) -> bool:
    """A step from ``before`` to ``landing`` costs what the jump's last cell costs and falls no
    more than the jump would."""
    here, there = hmap.floor(before.at), hmap.floor(landing.at)
    assert here is not None and there is not None and landing.fall is not None
    extra = climb_cost(there - here)
    if extra is None or STEP_COST + extra != landing.cost - before.cost:
        return False
    return (math.floor(here - there) if here - there >= 1 else 0) <= landing.fall
