"""The height map as the planner walks it: one flat list of whole numbers, actions as tuples.

``steps.py`` and ``jumps.py`` state the rules (D16, D17) cell by cell with readable objects; the
planner asks for the actions of hundreds of cells, so here the same rules run on a flat grid:

- a cell is one index ``(y + 1) * stride + (x + 1)`` of a map padded with one ring of wall, so
  a step or a jump run never tests the map's bounds (a wall is "2 or more levels up": it blocks
  a step and ends a run, as the map's edge does); the planner flattens only the window a move
  can reach (every cell entered costs 1 or more), not a whole big map;
- levels are counted in half levels (whole numbers), so a rise, a drop and ``floor`` of a drop
  are integer sums and shifts;
- an action is a plain tuple ``(to, cost, fall, direction, cells)``: ``cells`` is 0 for a step,
  the cells entered for a jump.

``tests/systems/kuroganen/rules/test_grid.py`` pins that these are exactly the actions
``steps_from`` and ``jumps_from(walkable=False)`` give, in the same order.
"""

from __future__ import annotations

from .height_map import DIRECTIONS, HeightMap, Point

WALL = 1 << 20
"""The padding ring's level, in half levels: far more than the 2 levels no one climbs."""

Action = tuple[int, int, int, int, int]
"""``(to, cost, fall, direction index, cells entered: 0 for a step)``."""


class Grid:
    """A ``HeightMap`` flattened for the planner: half levels (None: pit), free cells, offsets."""

    __slots__ = ("free", "half", "left", "offsets", "stride", "top")

    def __init__(self, hmap: HeightMap, window: tuple[int, int, int, int] | None = None) -> None:
        """``window`` ``(left, top, right, bottom)``, right and bottom excluded: only that part
        of the map (the cells a move can reach at all), walled off like the map's edge."""
        left, top, right, bottom = window or (0, 0, hmap.width, hmap.height)
        self.left, self.top = left, top
        self.stride = stride = right - left + 2
        wall: list[int | None] = [WALL] * stride
        half: list[int | None] = list(wall)
        free = bytearray(stride)
        units = hmap.units
        for y in range(top, bottom):
            row = hmap.levels[y][left:right]
            half.append(WALL)
            half.extend(None if v is None else int(v * 2) for v in row)
            half.append(WALL)
            free.append(0)
            free.extend(v is not None and (x, y) not in units for x, v in enumerate(row, left))
            free.append(0)
        half.extend(wall)
        free.extend(bytes(stride))
        self.half = half
        self.free = free
        self.offsets = tuple(dx + dy * stride for dx, dy in DIRECTIONS)

    def index(self, p: Point) -> int:
        return (p[1] - self.top + 1) * self.stride + p[0] - self.left + 1

    def point(self, i: int) -> Point:
        y, x = divmod(i, self.stride)
        return (x - 1 + self.left, y - 1 + self.top)

    def actions(self, at: int, max_cost: int) -> list[Action]:
        """Every step, then every jump, from the floor at ``at`` costing at most ``max_cost``;
        jumps whose landing a step from the cell before gives as well are left out (see
        ``Jump.walkable_end``)."""
        half, free = self.half, self.free
        here = half[at]
        assert here is not None
        found: list[Action] = []
        for d, off in enumerate(self.offsets):
            to = at + off
            there = half[to]
            if there is None or not free[to]:
                continue
            rise = there - here
            if rise >= 4:
                continue
            cost = 2 if rise >= 2 else 1
            if cost <= max_cost:
                found.append((to, cost, -rise >> 1 if rise <= -2 else 0, d, 0))
        for d, off in enumerate(self.offsets):
            height = here
            cost = 0
            cell = at
            n = 0
            before_stand = False  # the cell before: a free floor under a drop of one level
            before_floor = 0
            before_cost = 0
            while True:
                cell += off
                floor = half[cell]
                if floor is None:
                    cost += 1
                    stand = False
                else:
                    rise = floor - height
                    if rise >= 4:
                        break
                    if rise >= 2:
                        cost += 2
                        height = floor
                    else:
                        cost += 1
                        if rise > 0:
                            height = floor
                    stand = bool(free[cell]) and height - floor < 2
                if cost > max_cost:
                    break
                n += 1
                if n >= 2 and floor is not None and free[cell]:
                    fall = (height - floor) >> 1
                    if not (
                        before_stand
                        and _step_matches(before_floor, floor, cost - before_cost, fall)
                    ):
                        found.append((cell, cost, fall, d, n))
                before_stand = stand
                if floor is not None:
                    before_floor = floor
                before_cost = cost
        return found


def _step_matches(here: int, there: int, cost: int, fall: int) -> bool:
    """A step from a floor at ``here`` to one at ``there`` (half levels) costs ``cost`` and
    falls no more than ``fall``."""
    rise = there - here
    if rise >= 4 or (2 if rise >= 2 else 1) != cost:
        return False
    return (-rise >> 1 if rise <= -2 else 0) <= fall
