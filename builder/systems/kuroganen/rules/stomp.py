"""Landing on a unit on purpose (seed 例4, 踏みつけ): fall, collide, be placed aside.

Order (seed): move to the cell -> fall (+levels) -> collision (+2 to each) -> the faller is placed
on the nearest free cell. The placement is not movement, so it digests nothing and its own
height adds no fall (our reading: the seed counts only the one fall, onto the unit's cell).
Movement spent on the jump still digests risk carried from before it (D18).

The planner never ends a move on a unit; this is the separate, deliberate action.
"""

from __future__ import annotations

from dataclasses import dataclass

from .falls import COLLISION_RISK, digest, fall_risk
from .height_map import HeightMap, Point
from .jumps import MIN_JUMP, jump_run


@dataclass(frozen=True)
class Stomp:
    """The outcome of jumping from ``start`` onto the unit at ``target``."""

    start: Point
    target: Point
    cells: tuple[Point, ...]  # cells entered by the jump, the target last
    cost: int  # movement the jump spends
    fall: int  # levels fallen onto the target's cell (risk before the collision)
    risk: int  # the faller's risk afterwards: digested carried risk + fall + collision
    victim_risk: int  # risk added to the unit landed on
    placements: tuple[Point, ...]  # the nearest free cells; the faller goes on one of them


def nearest_free(hmap: HeightMap, around: Point) -> tuple[Point, ...]:
    """Free cells (floor, no unit) nearest to ``around`` by grid distance (|dx| + |dy|), all of
    them when several tie, sorted by ``(y, x)``; the players pick among ties."""
    best: list[Point] = []
    least = None
    for y in range(hmap.height):
        for x in range(hmap.width):
            p = (x, y)
            if p == around or not hmap.is_free(p):
                continue
            d = abs(x - around[0]) + abs(y - around[1])
            if least is None or d < least:
                least, best = d, [p]
            elif d == least:
                best.append(p)
    return tuple(best)


def stomp(
    hmap: HeightMap, start: Point, target: Point, risk: int = 0, move: int | None = None
) -> Stomp:
    """Jump from ``start`` straight onto the unit at ``target`` and resolve the collision.

    Raises ValueError when it is not a legal stomp: no unit at ``target``, not in a straight
    orthogonal line at least ``MIN_JUMP`` cells away, the run blocked before it, or (with
    ``move``) more movement than allowed.
    """
    hmap = hmap.without_unit(start)
    if target not in hmap.units:
        raise ValueError(f"no unit to land on at {target}")
    dx, dy = target[0] - start[0], target[1] - start[1]
    if (dx != 0 and dy != 0) or abs(dx) + abs(dy) < MIN_JUMP:
        raise ValueError(
            f"{target} is not in a straight orthogonal line at least {MIN_JUMP} cells from {start}"
        )
    direction = ((dx > 0) - (dx < 0), (dy > 0) - (dy < 0))
    limit = move if move is not None else 2 * (abs(dx) + abs(dy))  # a cell costs at most 2
    run = jump_run(hmap, start, direction, limit)
    cells = tuple(c.at for c in run)
    if target not in cells:
        raise ValueError(f"the jump from {start} cannot reach {target} (blocked or too far)")
    i = cells.index(target)
    over = run[i]
    level = hmap.floor(target)
    assert level is not None  # units stand on floors
    fall = fall_risk(over.height - level)
    return Stomp(
        start=start,
        target=target,
        cells=cells[: i + 1],
        cost=over.cost,
        fall=fall,
        risk=digest(risk, over.cost) + fall + COLLISION_RISK,
        victim_risk=COLLISION_RISK,
        placements=nearest_free(hmap, target),
    )


def pushed_fall_risk(drop: float, onto_unit: bool = False) -> int:
    """Risk a pushed unit takes when the push ends in a fall (seed 例6): +2 for the forced move,
    +1 per level, +2 more when it lands on a unit. A push with no fall adds nothing here."""
    risk = fall_risk(drop, forced=True)
    return risk + COLLISION_RISK if risk and onto_unit else risk
