"""Walking one cell (docs/rules.md D16): climb up to 1.5 levels for +1 movement, step down as a
fall."""

from __future__ import annotations

from dataclasses import dataclass

from .falls import fall_risk
from .height_map import DIRECTIONS, HeightMap, Point

STEP_COST = 1
CLIMB_COST = 1
"""Extra movement for going up 1 or 1.5 levels (walking or during a jump)."""


def climb_cost(rise: float) -> int | None:
    """Extra movement to go up ``rise`` levels; None when it cannot be climbed (2 or more).

    A rise under one level (a half-level slope, level ground or a drop) costs nothing extra.
    """
    if rise < 1:
        return 0
    if rise < 2:
        return CLIMB_COST
    return None


@dataclass(frozen=True)
class Step:
    """One legal step: where it ends, the movement it costs and the risk of the fall it makes."""

    to: Point
    cost: int
    fall: int


def step(hmap: HeightMap, at: Point, direction: Point) -> Step | None:
    """The step from ``at`` one cell in ``direction``, or None when it is not allowed.

    Walking never enters a pit or a unit's cell, nor a cell 2 or more levels higher.
    """
    here = hmap.floor(at)
    to = (at[0] + direction[0], at[1] + direction[1])
    if here is None or not hmap.is_free(to):
        return None
    there = hmap.floor(to)
    assert there is not None  # is_free
    extra = climb_cost(there - here)
    if extra is None:
        return None
    return Step(to, STEP_COST + extra, fall_risk(here - there))


def steps_from(hmap: HeightMap, at: Point) -> tuple[Step, ...]:
    """Every legal step from ``at``, in ``DIRECTIONS`` order."""
    found = (step(hmap, at, d) for d in DIRECTIONS)
    return tuple(s for s in found if s is not None)
