"""Where a unit can end its move, and with what risk (docs/rules.md D16–D18).

**Digestion, precisely.** Every action -- a step or a whole jump -- first spends its movement,
then falls. Each 1 of movement spent removes 1 of the risk the unit carries at that moment
(never below 0); climb costs are movement and digest too. The fall's risk is added after the
action's own movement, so a fall at the very end of the move keeps all of its risk (seed 例2),
while walking on after a fall digests it (seed: 途中で落下すれば実質ノーリスク). The starting
risk ``R`` is carried from the start and digests the same way. So after an action of cost ``c``
and fall ``f``: ``risk' = max(0, risk - c) + f``.

**Staying put.** The unit may end its move where it started (moving is "up to" the allowance):
the start cell is always reachable, with risk ``R`` and cost 0 -- unless walking away and back
leaves less risk, in which case that is its entry (least risk first, then least movement).

**The search.** The final risk is non-decreasing in the risk carried before each action, so the
least risk at (cell, movement spent) is enough state: a layered dynamic programme over movement
spent 0..move. A state is skipped when the same cell was already reached with no more risk and
less movement (everything it could do, the earlier state can do with movement to spare). A jump
whose cell before the landing is a free floor at the jump's height is skipped too: standing
there and stepping on gives the same cost and risk (``Jump.walkable_end``), and without them a
jump over open ground would add a landing per cell of every run.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any, Literal

from .falls import digest
from .height_map import HeightMap, Point
from .jumps import jumps_from
from .steps import steps_from

MAX_WORK = 600_000
"""Budget, in jump-run cells (see ``planner_work``): about 2 s on the worst maps we tried
(terraces, stepping stones). Larger jobs are refused rather than left to run for a minute."""


class ReachTooLarge(ValueError):
    """The job is over the planner's budget (``MAX_WORK``)."""


def planner_work(hmap: HeightMap, move: int) -> int:
    """An upper estimate of the jump-run cells the planner walks: the cells within ``move``
    steps (at most the map), each looking ``move`` cells (at most the map's side) 4 ways, plus
    one per movement layer (a huge ``move`` on a tiny map is refused, not allocated)."""
    area = min(hmap.width * hmap.height, 2 * (move + 1) ** 2)
    return area * 4 * min(move, max(hmap.width, hmap.height)) + move


def max_move(hmap: HeightMap) -> int:
    """The largest movement the planner takes on for this map (``planner_work`` grows with
    the movement)."""
    low, high = 0, MAX_WORK
    while low < high:
        mid = (low + high + 1) // 2
        if planner_work(hmap, mid) <= MAX_WORK:
            low = mid
        else:
            high = mid - 1
    return low


@dataclass(frozen=True)
class Leg:
    """One action of a path: a step or a jump, the cells it enters (the last is where it ends,
    the others are flown over), its movement, its fall and the risk carried after it."""

    kind: Literal["step", "jump"]
    cells: tuple[Point, ...]
    cost: int
    fall: int
    risk: int

    @property
    def to(self) -> Point:
        return self.cells[-1]


@dataclass(frozen=True)
class Reach:
    """A cell the unit can end its move on, the least risk it ends with there, the least
    movement that gives that risk, and one path that does it."""

    x: int
    y: int
    risk: int
    cost: int
    path: tuple[Point, ...]  # every cell entered from the start, flown-over ones included
    legs: tuple[Leg, ...] = field(default=())

    @property
    def at(self) -> Point:
        return (self.x, self.y)

    def as_dict(self) -> dict[str, Any]:
        """The cell as in ``laminim reach --json`` (docs/design.md "Kuroganen Gauge")."""
        return {
            "x": self.x,
            "y": self.y,
            "risk": self.risk,
            "cost": self.cost,
            "path": [[x, y] for x, y in self.path],
        }


@dataclass(frozen=True)
class _Action:
    kind: Literal["step", "jump"]
    cells: tuple[Point, ...]
    cost: int
    fall: int


def _actions(hmap: HeightMap, at: Point, max_cost: int) -> tuple[_Action, ...]:
    steps = (_Action("step", (s.to,), s.cost, s.fall) for s in steps_from(hmap, at))
    jumps = (
        _Action("jump", j.cells, j.cost, j.fall)
        for j in jumps_from(hmap, at, max_cost, walkable=False)
    )
    return tuple(a for a in (*steps, *jumps) if a.cost <= max_cost)


def _check(hmap: HeightMap, start: Point, move: int, risk: int) -> None:
    if not hmap.in_bounds(start):
        raise ValueError(f"start {start} is off the {hmap.width}x{hmap.height} map")
    if hmap.floor(start) is None:
        raise ValueError(f"start {start} is a pit")
    if move < 0:
        raise ValueError(f"movement must be 0 or more, not {move}")
    if risk < 0:
        raise ValueError(f"risk must be 0 or more, not {risk}")
    check_budget(hmap, move)


def check_budget(hmap: HeightMap, move: int) -> None:
    """ReachTooLarge when ``move`` on this map is over the planner's budget (``MAX_WORK``),
    naming the movement the map allows."""
    if planner_work(hmap, move) > MAX_WORK:
        raise ReachTooLarge(
            f"movement {move} on a {hmap.width}×{hmap.height} map is over the planner's budget "
            f"(it would take too long); this map allows movement up to {max_move(hmap)}"
        )


_Parent = tuple[Point, int, _Action] | None


def _plan(
    hmap: HeightMap, start: Point, move: int, risk: int
) -> tuple[dict[Point, tuple[int, int]], dict[tuple[Point, int], tuple[int, _Parent]]]:
    """Least (risk, cost) per cell, and the layer table to walk the paths back."""
    layers: list[dict[Point, tuple[int, _Parent]]] = [{} for _ in range(move + 1)]
    layers[0][start] = (risk, None)
    best: dict[Point, tuple[int, int]] = {}  # cell -> (least risk, least movement giving it)
    kept: dict[tuple[Point, int], tuple[int, _Parent]] = {}
    actions: dict[Point, tuple[_Action, ...]] = {}
    for spent in range(move + 1):
        for at, (carried, parent) in layers[spent].items():
            if at in best and best[at][0] <= carried:
                continue  # dominated: reached before with no more risk
            best[at] = (carried, spent)
            kept[(at, spent)] = (carried, parent)
            if at not in actions:
                actions[at] = _actions(hmap, at, move)
            left = move - spent
            for action in actions[at]:
                if action.cost > left:
                    continue
                after = digest(carried, action.cost) + action.fall
                to = action.cells[-1]
                if to in best and best[to][0] <= after:
                    continue
                layer = layers[spent + action.cost]
                old = layer.get(to)
                if old is None or after < old[0]:
                    layer[to] = (after, (at, spent, action))
        layers[spent] = {}  # free memory: ``kept`` has what paths need
    return best, kept


def _legs(
    kept: dict[tuple[Point, int], tuple[int, _Parent]], at: Point, spent: int
) -> Iterator[Leg]:
    legs: list[Leg] = []
    while True:
        carried, parent = kept[(at, spent)]
        if parent is None:
            break
        prev, prev_spent, action = parent
        legs.append(Leg(action.kind, action.cells, action.cost, action.fall, carried))
        at, spent = prev, prev_spent
    return reversed(legs)


def reach(hmap: HeightMap, start: Point, move: int, risk: int = 0) -> list[Reach]:
    """Every cell the unit at ``start`` can end its move on with ``move`` movement, starting with
    ``risk``: least final risk (ties: least movement) and one path, sorted by ``(y, x)``.

    A unit listed in ``hmap.units`` at ``start`` is the mover itself; its cell is free to it.
    """
    _check(hmap, start, move, risk)
    hmap = hmap.without_unit(start)
    best, kept = _plan(hmap, start, move, risk)
    found = []
    for at, (least, spent) in best.items():
        legs = tuple(_legs(kept, at, spent))
        path = (start, *(cell for leg in legs for cell in leg.cells))
        found.append(Reach(at[0], at[1], least, spent, path, legs))
    return sorted(found, key=lambda r: (r.y, r.x))


def path_to(hmap: HeightMap, start: Point, move: int, to: Point, risk: int = 0) -> Reach | None:
    """The least-risk way (ties: least movement) from ``start`` to end the move at ``to``, or
    None when ``to`` cannot be reached (the ``--to X,Y`` of ``laminim reach``)."""
    for found in reach(hmap, start, move, risk):
        if found.at == to:
            return found
    return None
