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

from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Literal

from .grid import Action, Grid
from .height_map import HeightMap, Point

MAX_WORK = 600_000
"""Budget, in jump-run cells (see ``planner_work``): about 2 s on the worst maps we tried
(terraces, stepping stones). Larger jobs are refused rather than left to run for a minute."""


class ReachTooLarge(ValueError):
    """The job is over the planner's budget (``MAX_WORK``): ``move`` on a ``width`` × ``height``
    map, which allows movement up to ``allowed`` (kept as numbers, so a reader words it in the
    player's language)."""

    def __init__(self, move: int, width: int, height: int, allowed: int) -> None:
        super().__init__(
            f"movement {move} on a {width}×{height} map is over the planner's budget "
            f"(it would take too long); this map allows movement up to {allowed}"
        )
        self.move, self.width, self.height, self.allowed = move, width, height, allowed


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
    movement that gives that risk, and one path that does it.

    The path is walked back from the search's table when first asked for (``legs``, ``path``):
    a map's reach has hundreds of cells and a screen or a text shows one path, so the search
    builds none of them."""

    x: int
    y: int
    risk: int
    cost: int
    trace: _Trace = field(repr=False, compare=False)

    @property
    def at(self) -> Point:
        return (self.x, self.y)

    @cached_property
    def legs(self) -> tuple[Leg, ...]:
        """Every action from the start, in order."""
        return self.trace.legs(self.at, self.cost)

    @cached_property
    def path(self) -> tuple[Point, ...]:
        """Every cell entered from the start, flown-over ones included."""
        if "legs" in self.__dict__:
            return (self.trace.start, *(cell for leg in self.legs for cell in leg.cells))
        return self.trace.path(self.at, self.cost)

    def as_dict(self, path: bool = True) -> dict[str, Any]:
        """The cell as in ``laminim reach --json`` (docs/design.md "Kuroganen Gauge"); without
        ``path`` as ``--json`` gives it unless paths are asked for."""
        cell: dict[str, Any] = {"x": self.x, "y": self.y, "risk": self.risk, "cost": self.cost}
        if path:
            cell["path"] = [[x, y] for x, y in self.path]
        return cell


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
        raise ReachTooLarge(move, hmap.width, hmap.height, max_move(hmap))


_Parent = tuple[int, Action] | None
"""The state an action came from (its key, see ``_Trace``) and the action; None at the start."""


class _Trace:
    """The states the search kept, to walk one path back: key ``cell * (move + 1) + spent``
    -> (risk carried, parent)."""

    __slots__ = ("grid", "kept", "layers", "paths", "start")

    def __init__(self, grid: Grid, start: Point, layers: int) -> None:
        self.grid = grid
        self.start = start
        self.layers = layers
        self.kept: dict[int, tuple[int, _Parent]] = {}
        self.paths: dict[int, tuple[Point, ...]] = {}

    def legs(self, at: Point, spent: int) -> tuple[Leg, ...]:
        grid, kept, layers = self.grid, self.kept, self.layers
        point, offsets = grid.point, grid.offsets
        legs: list[Leg] = []
        key = grid.index(at) * layers + spent
        while True:
            carried, parent = kept[key]
            if parent is None:
                break
            key, (to, cost, fall, d, n) = parent
            if n == 0:
                legs.append(Leg("step", (point(to),), cost, fall, carried))
            else:
                off = offsets[d]
                cells = tuple(point(to - off * k) for k in range(n - 1, -1, -1))
                legs.append(Leg("jump", cells, cost, fall, carried))
        legs.reverse()
        return tuple(legs)

    def path(self, at: Point, spent: int) -> tuple[Point, ...]:
        """The cells ``legs`` would enter, without building the legs (``--json`` wants every
        cell's path). Paths share their beginnings, so each kept state's path is made once."""
        grid, kept, paths = self.grid, self.kept, self.paths
        point, offsets = grid.point, grid.offsets
        key = grid.index(at) * self.layers + spent
        chain: list[int] = []
        while key not in paths:
            parent = kept[key][1]
            if parent is None:
                paths[key] = (self.start,)
                break
            chain.append(key)
            key = parent[0]
        path = paths[key]
        for key in reversed(chain):
            parent = kept[key][1]
            assert parent is not None
            to, _cost, _fall, d, n = parent[1]
            off = offsets[d]
            path += tuple(point(to - off * k) for k in range((n or 1) - 1, -1, -1))
            paths[key] = path
        return path


def _plan(
    grid: Grid, start: int, move: int, risk: int, trace: _Trace
) -> dict[int, tuple[int, int]]:
    """Least (risk, movement giving it) per cell index; ``trace.kept`` gets the kept states."""
    width = move + 1
    layers: list[dict[int, tuple[int, _Parent]]] = [{} for _ in range(width)]
    layers[0][start] = (risk, None)
    least = [1 << 30] * len(grid.half)  # cell -> least risk reached so far
    best: dict[int, tuple[int, int]] = {}
    kept = trace.kept
    actions: dict[int, list[Action]] = {}
    grid_actions = grid.actions
    for spent in range(width):
        left = move - spent
        for at, state in layers[spent].items():
            carried = state[0]
            if least[at] <= carried:
                continue  # dominated: reached before with no more risk and no more movement
            least[at] = carried
            best[at] = (carried, spent)
            key = at * width + spent
            kept[key] = state
            acts = actions.get(at)
            if acts is None:
                # the first visit has the most movement left: later ones use a prefix
                acts = actions[at] = grid_actions(at, left)
            for action in acts:
                cost = action[1]
                if cost > left:
                    continue
                after = carried - cost
                if after < 0:
                    after = 0
                after += action[2]
                to = action[0]
                if least[to] <= after:
                    continue
                layer = layers[spent + cost]
                old = layer.get(to)
                if old is None or after < old[0]:
                    layer[to] = (after, (key, action))
        layers[spent] = {}  # free memory: ``kept`` has what paths need
    return best


def reach(hmap: HeightMap, start: Point, move: int, risk: int = 0) -> list[Reach]:
    """Every cell the unit at ``start`` can end its move on with ``move`` movement, starting with
    ``risk``: least final risk (ties: least movement) and one path, sorted by ``(y, x)``.

    A unit listed in ``hmap.units`` at ``start`` is the mover itself; its cell is free to it.
    """
    _check(hmap, start, move, risk)
    x, y = start
    left, top = max(0, x - move), max(0, y - move)
    right, bottom = min(hmap.width, x + move + 1), min(hmap.height, y + move + 1)
    grid = Grid(hmap.without_unit(start), (left, top, right, bottom))  # all a move can enter
    trace = _Trace(grid, start, move + 1)
    best = _plan(grid, grid.index(start), move, risk, trace)
    point = grid.point
    return [Reach(*point(at), least, spent, trace) for at, (least, spent) in sorted(best.items())]


def path_to(hmap: HeightMap, start: Point, move: int, to: Point, risk: int = 0) -> Reach | None:
    """The least-risk way (ties: least movement) from ``start`` to end the move at ``to``, or
    None when ``to`` cannot be reached (the ``--to X,Y`` of ``laminim reach``)."""
    for found in reach(hmap, start, move, risk):
        if found.at == to:
            return found
    return None
