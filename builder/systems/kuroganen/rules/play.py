"""D24: the kuroganen battle record's rules — the units on the map and what a move does to them.

The state (:class:`Field`) is the battlefield's floor levels and, per unit, its cell, its
accumulated risk and its movement allowance; a unit's level is its cell's floor. Every action
returns a new field (nothing is changed in place) or raises :class:`PlayRefusal` (a message
key, where in the action it is about, and what the message names: the caller words it).

The rules applied (docs/rules.md §4, D16–D18, D24):

* **move along a path**: the cells the unit enters, in order, each next to the one before (a
  flown-over cell included). Where on the path the unit steps and where it jumps is read the
  way that leaves it the least risk (ties: the least movement) — the players call out the
  cells, the record finds the legal reading; a path no reading of D16/D17 allows is refused at
  the first cell no reading reaches, with the reason. Each step or jump first spends its
  movement, digesting that much carried risk (D18), then adds its fall;
* **move to a cell**: the planner's least-risk path there (``reach``, exactly ``laminim reach
  --to``), then as above;
* **landing on a unit** (the last leg of a path, a straight jump of two or more cells ending
  over the unit's cell): the fall, then a collision — 2 risk to each — and the faller is placed
  on the nearest free cell (a placement, not movement: it digests nothing); when several cells
  are nearest, the players name one;
* **push** (a forced move, seed 例6): the unit is carried straight to the cell the players
  measured, at its own height (no climbing; pits and lower ground passed over, a unit in the
  way stops it), then falls: 1 risk a level and 2 more for the forced move, and a collision if
  it lands on a unit. A forced move is not the unit's movement: it digests nothing;
* **risk**: what a risk total does at the table (a check, a fall) is the players' call; they
  set the total the record keeps;
* **end-round**: the rules have no round structure of their own; the record counts rounds.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from .falls import COLLISION_RISK, FORCED_FALL_RISK, digest, fall_risk
from .height_map import HeightMap, Level, Point
from .jumps import MIN_JUMP, jump_run
from .planner import Leg, check_budget, path_to
from .steps import climb_cost, step
from .stomp import nearest_free


class PlayRefusal(ValueError):
    """An action the rules refuse, as data: the message key, where in the action it is about,
    and what the message names (the rules core prints nothing)."""

    def __init__(self, key: str, at: tuple[str | int, ...] = (), **params: object) -> None:
        super().__init__(f"{key} at {'.'.join(map(str, at))}: {params}")
        self.key = key
        self.at = at
        self.params = params


@dataclass(frozen=True)
class Mover:
    """One unit on the map: where it stands, the risk it carries, its movement allowance (a move
    that names none moves this far), and the cell it started the battle on (the replay of the
    log starts there)."""

    id: int
    side: int
    name: str
    cell: Point
    risk: int
    move: int
    home: Point
    name_ja: str | None = None
    """Its Japanese name (None: the name serves both languages)."""

    @classmethod
    def placed(
        cls, id: int, side: int, name: str, cell: Point, move: int, name_ja: str | None = None
    ) -> Mover:
        return cls(id, side, name, cell, 0, move, cell, name_ja)

    def restarted(self) -> Mover:
        return replace(self, cell=self.home, risk=0)


@dataclass(frozen=True)
class Field:
    """The battlefield: floor levels (rows top to bottom, None a pit), the units on it, the
    sides' names and the round."""

    levels: tuple[tuple[Level, ...], ...]
    movers: tuple[Mover, ...]
    names: tuple[str, ...] = ()
    round: int = 1
    names_ja: tuple[str | None, ...] = ()
    """Each side's Japanese name (None: none; (): no side has one)."""

    @property
    def over(self) -> bool:
        """The elevation rules end no game: the players stop."""
        return False

    def restarted(self) -> Field:
        movers = tuple(m.restarted() for m in self.movers)
        return Field(self.levels, movers, self.names, names_ja=self.names_ja)

    def mover(self, unit: int) -> Mover | None:
        return next((m for m in self.movers if m.id == unit), None)

    @property
    def fighters(self) -> tuple[Mover, ...]:
        """The units, under the name the play mode's shared action reader asks for."""
        return self.movers

    def fighter(self, unit: int) -> Mover | None:
        return self.mover(unit)

    def at(self, cell: Point) -> Mover | None:
        """The unit standing on ``cell``, if any."""
        return next((m for m in self.movers if m.cell == cell), None)

    def height_map(self, without: int | None = None) -> HeightMap:
        """The map with every unit's cell occupied but ``without``'s (the mover's own)."""
        cells = (m.cell for m in self.movers if m.id != without)
        return HeightMap(self.levels, frozenset(cells))

    def level(self, cell: Point) -> float:
        found = self.levels[cell[1]][cell[0]]
        assert found is not None  # units stand on floors
        return found

    def with_mover(self, mover: Mover) -> Field:
        movers = tuple(mover if m.id == mover.id else m for m in self.movers)
        return replace(self, movers=movers)


@dataclass(frozen=True)
class Collision:
    """A landing on a unit: who was landed on, where, the nearest free cells and the one the
    faller was placed on, and the risk each carries afterwards."""

    victim: int
    landed: Point
    choices: tuple[Point, ...]
    placed: Point
    victim_risk: int
    rolled: int | None = None
    """The die that picked ``placed`` among ``choices`` (1 = the first), when one did."""


Pick = Callable[[int], int]
"""A die of ``n`` faces (1..n) that picks among equally near cells when no one was named."""


@dataclass(frozen=True)
class MoveReport:
    """What a move (or a push) did: the legs (for a push, one leg of the whole carry), the
    movement spent, the risk before and after, and a collision if it ended on a unit."""

    unit: int
    start: Point
    end: Point
    legs: tuple[Leg, ...]
    cost: int
    risk_before: int
    risk: int
    collision: Collision | None = None
    forced: bool = False

    @property
    def path(self) -> tuple[Point, ...]:
        return (self.start, *(c for leg in self.legs for c in leg.cells))


def _direction(a: Point, b: Point) -> Point | None:
    dx, dy = b[0] - a[0], b[1] - a[1]
    return (dx, dy) if abs(dx) + abs(dy) == 1 else None


def _check_cells(hmap: HeightMap, start: Point, cells: Sequence[Point], offset: int) -> None:
    """Every cell on the map and next to the one before; ``offset`` maps an index of ``cells``
    to its place in the action's ``path`` (1 when the path began with the unit's own cell)."""
    before = start
    for i, cell in enumerate(cells):
        at = ("path", i + offset)
        if not hmap.in_bounds(cell):
            last = {"last_x": hmap.width - 1, "last_y": hmap.height - 1}
            raise PlayRefusal("path-off-map", at, x=cell[0], y=cell[1], **last)
        if _direction(before, cell) is None:
            raise PlayRefusal("path-not-next", at, x=cell[0], y=cell[1], px=before[0], py=before[1])
        before = cell


# A state of the reading of a path: (index on the path, movement spent) -> (risk carried,
# the state it came from and the leg that got here)
_State = tuple[int, "tuple[int, int] | None", "Leg | None"]


def _read_path(
    hmap: HeightMap, cells: Sequence[Point], move: int, risk: int
) -> dict[tuple[int, int], _State]:
    """Every (index, movement spent) a legal reading of the path reaches, with the least risk
    carried there. ``cells[0]`` is the start; a leg ends on a free floor, or — the last leg,
    a jump — over the unit standing on the last cell (its fall then counts; the collision is
    added by the caller)."""
    last = len(cells) - 1
    states: dict[tuple[int, int], _State] = {(0, 0): (risk, None, None)}
    for i in range(last):
        here = sorted((k for k in states if k[0] == i), key=lambda k: k[1])
        for key in here:
            carried = states[key][0]
            spent = key[1]
            d = _direction(cells[i], cells[i + 1])
            assert d is not None
            found = step(hmap, cells[i], d)
            if found is not None and found.to == cells[i + 1]:
                _keep(
                    states,
                    (i + 1, spent + found.cost),
                    move,
                    carried,
                    found.cost,
                    found.fall,
                    key,
                    Leg("step", (found.to,), found.cost, found.fall, 0),
                )
            run = jump_run(hmap, cells[i], d, move - spent)
            for k, cell in enumerate(run):
                j = i + 1 + k
                if j > last or cells[j] != cell.at:
                    break
                if k + 1 < MIN_JUMP:
                    continue
                fall = cell.fall
                if fall is None and j == last and cell.at in hmap.units:
                    fall = fall_risk(cell.height - hmap.floor(cell.at))  # type: ignore[operator]
                if fall is None:
                    continue
                leg = Leg("jump", tuple(cells[i + 1 : j + 1]), cell.cost, fall, 0)
                _keep(states, (j, spent + cell.cost), move, carried, cell.cost, fall, key, leg)
    return states


def _keep(
    states: dict[tuple[int, int], _State],
    key: tuple[int, int],
    move: int,
    carried: int,
    cost: int,
    fall: int,
    came: tuple[int, int],
    leg: Leg,
) -> None:
    if key[1] > move:
        return
    after = digest(carried, cost) + fall
    old = states.get(key)
    # on a tie a step is kept over a jump: the reading the players most likely made
    step_over_jump = leg.kind == "step" and _kind(old) == "jump"
    if old is None or after < old[0] or (after == old[0] and step_over_jump):
        states[key] = (after, came, replace(leg, risk=after))


def _kind(state: _State | None) -> str | None:
    return None if state is None or state[2] is None else state[2].kind


def _legs(states: dict[tuple[int, int], _State], key: tuple[int, int]) -> tuple[Leg, ...]:
    legs: list[Leg] = []
    while True:
        _risk, came, leg = states[key]
        if came is None or leg is None:
            break
        legs.append(leg)
        key = came
    return tuple(reversed(legs))


def _why_stuck(
    field: Field, hmap: HeightMap, cells: Sequence[Point], k: int, offset: int
) -> PlayRefusal:
    """Why no reading of the path goes on from ``cells[k]`` (the furthest it reaches)."""
    here, there = cells[k], cells[k + 1]
    at = ("path", k + offset)
    x, y = there
    floor, below = hmap.floor(there), hmap.floor(here)
    other = field.at(there)
    if floor is None:
        return PlayRefusal("path-pit", at, x=x, y=y)
    if other is not None and k + 1 == len(cells) - 1:
        return PlayRefusal("path-onto-unit", at, x=x, y=y, unit=other.id, jump=MIN_JUMP)
    if other is not None:
        return PlayRefusal("path-through-unit", at, x=x, y=y, unit=other.id, jump=MIN_JUMP)
    if below is not None and climb_cost(floor - below) is None:
        return PlayRefusal(
            "path-too-high", at, x=x, y=y, px=here[0], py=here[1], rise=f"{floor - below:g}"
        )
    return PlayRefusal("path-no-reading", at, x=x, y=y, px=here[0], py=here[1], jump=MIN_JUMP)


def move_along(
    field: Field,
    unit: int,
    path: Sequence[Point],
    move: int,
    place: Point | None = None,
    pick: Pick | None = None,
) -> tuple[Field, MoveReport]:
    """The unit moves along ``path`` (the cells it enters, its own cell first or not) with
    ``move`` movement: the least-risk legal reading of it (ties: least movement). Landing on a
    unit, the faller goes to ``place`` or, among several nearest cells, the one ``pick``
    rolls."""
    mover = field.mover(unit)
    if mover is None:
        raise PlayRefusal("unknown-unit", ("unit",), unit=unit)
    offset = 0
    cells = list(path)
    if cells and cells[0] == mover.cell:
        cells, offset = cells[1:], 1
    if not cells:
        raise PlayRefusal("path-empty", ("path",))
    hmap = field.height_map(without=unit)
    check_budget(hmap, move)
    _check_cells(hmap, mover.cell, cells, offset)
    if len(cells) > move:  # every cell entered costs 1 or more
        raise PlayRefusal("path-too-long", ("path",), cost=len(cells), move=move, unit=unit)
    full = [mover.cell, *cells]
    last = len(full) - 1
    states = _read_path(hmap, full, move, mover.risk)
    ends = sorted((states[k][0], k[1]) for k in states if k[0] == last)
    if not ends:
        unbounded = _read_path(hmap, full, 2 * last + 2, mover.risk)  # a cell costs at most 2
        least = min((k[1] for k in unbounded if k[0] == last), default=None)
        if least is not None:
            raise PlayRefusal("path-too-long", ("path",), cost=least, move=move, unit=unit)
        furthest = max(k[0] for k in unbounded)
        raise _why_stuck(field, hmap, full, furthest, offset)
    risk, cost = ends[0]
    legs = _legs(states, (last, cost))
    victim = field.at(full[-1]) if full[-1] != mover.cell else None
    field, collision, end, landing_risk = _landed(field, hmap, victim, full[-1], place, pick)
    risk += landing_risk
    moved = replace(mover, cell=end, risk=risk)
    report = MoveReport(unit, mover.cell, end, legs, cost, mover.risk, risk, collision)
    return field.with_mover(moved), report


def _landed(
    field: Field,
    hmap: HeightMap,
    victim: Mover | None,
    cell: Point,
    place: Point | None,
    pick: Pick | None,
) -> tuple[Field, Collision | None, Point, int]:
    """A move or push ending on ``cell``: the field, the collision, where the unit ends and the
    risk the landing adds. On another unit (``victim``) the collision (its risk, the faller
    placed); else ``cell`` itself and no risk, and a ``place`` given is refused."""
    if victim is None:
        if place is not None:
            raise PlayRefusal("place-no-collision", ("place",))
        return field, None, cell, 0
    collision, field = _collide(field, hmap, victim, cell, place, pick)
    return field, collision, collision.placed, COLLISION_RISK


def _collide(
    field: Field,
    hmap: HeightMap,
    victim: Mover,
    landed: Point,
    place: Point | None,
    pick: Pick | None,
) -> tuple[Collision, Field]:
    """2 risk to the unit landed on; the faller's placement: the nearest free cell, or among
    several equally near the one the players name (or roll for)."""
    at = ("place",)
    choices = nearest_free(hmap, landed)
    if not choices:
        raise PlayRefusal("no-free-cell", at)
    shown = ", ".join(f"({x},{y})" for x, y in choices)
    rolled = None
    if place is None:
        if len(choices) > 1 and pick is None:
            raise PlayRefusal("place-choose", at, cells=shown)
        if len(choices) > 1 and pick is not None:
            rolled = pick(len(choices))
        place = choices[0 if rolled is None else rolled - 1]
    elif place not in choices:
        raise PlayRefusal("place-not-nearest", at, x=place[0], y=place[1], cells=shown)
    hit = replace(victim, risk=victim.risk + COLLISION_RISK)
    collision = Collision(victim.id, landed, choices, place, hit.risk, rolled)
    return collision, field.with_mover(hit)


def move_to(
    field: Field,
    unit: int,
    to: Point,
    move: int,
    place: Point | None = None,
    pick: Pick | None = None,
) -> tuple[Field, MoveReport]:
    """The unit moves to ``to`` by the planner's least-risk path (``laminim reach --to``); onto
    a unit's cell, by the straight jump that lands on it (the least-risk one)."""
    mover = field.mover(unit)
    if mover is None:
        raise PlayRefusal("unknown-unit", ("unit",), unit=unit)
    hmap = field.height_map(without=unit)
    check_budget(hmap, move)
    if not hmap.in_bounds(to):
        last = {"last_x": hmap.width - 1, "last_y": hmap.height - 1}
        raise PlayRefusal("to-off-map", ("to",), x=to[0], y=to[1], **last)
    if to == mover.cell:
        raise PlayRefusal("to-own-cell", ("to",), x=to[0], y=to[1])
    if hmap.floor(to) is None:
        raise PlayRefusal("to-pit", ("to",), x=to[0], y=to[1])
    victim = field.at(to)
    if victim is not None:
        path = _stomp_path(mover.cell, to)
        if path is None:
            raise PlayRefusal("to-unit-line", ("to",), x=to[0], y=to[1], unit=victim.id)
        try:
            return move_along(field, unit, path, move, place, pick)
        except PlayRefusal as exc:
            raise PlayRefusal(exc.key, ("to",), **exc.params) from None
    found = path_to(hmap, mover.cell, move, to, mover.risk)
    if found is None:
        raise PlayRefusal("to-unreachable", ("to",), x=to[0], y=to[1], move=move)
    return move_along(field, unit, found.path, move, place, pick)


def _stomp_path(start: Point, to: Point) -> list[Point] | None:
    dx, dy = to[0] - start[0], to[1] - start[1]
    if (dx and dy) or abs(dx) + abs(dy) < MIN_JUMP:
        return None
    sx, sy = (dx > 0) - (dx < 0), (dy > 0) - (dy < 0)
    return [(start[0] + sx * k, start[1] + sy * k) for k in range(1, abs(dx) + abs(dy) + 1)]


def push(
    field: Field, unit: int, to: Point, place: Point | None = None, pick: Pick | None = None
) -> tuple[Field, MoveReport]:
    """A forced move (seed 例6): the unit is carried straight to ``to`` at its own height, then
    falls (1 a level, 2 more for the forced move); a collision if it lands on a unit."""
    mover = field.mover(unit)
    if mover is None:
        raise PlayRefusal("unknown-unit", ("unit",), unit=unit)
    hmap = field.height_map(without=unit)
    if not hmap.in_bounds(to):
        last = {"last_x": hmap.width - 1, "last_y": hmap.height - 1}
        raise PlayRefusal("to-off-map", ("to",), x=to[0], y=to[1], **last)
    dx, dy = to[0] - mover.cell[0], to[1] - mover.cell[1]
    if (dx and dy) or not (dx or dy):
        raise PlayRefusal("push-line", ("to",), x=to[0], y=to[1])
    sx, sy = (dx > 0) - (dx < 0), (dy > 0) - (dy < 0)
    height = field.level(mover.cell)
    cells: list[Point] = []
    for k in range(1, abs(dx) + abs(dy) + 1):
        cell = (mover.cell[0] + sx * k, mover.cell[1] + sy * k)
        cells.append(cell)
        floor = hmap.floor(cell)
        other = field.at(cell)
        if floor is not None and floor - height >= 1:
            raise PlayRefusal("push-wall", ("to",), x=cell[0], y=cell[1])
        if floor is not None and floor > height:
            height = floor  # a half-level slope is run onto, as when walking
        if other is not None and cell != to:
            raise PlayRefusal("push-blocked", ("to",), x=cell[0], y=cell[1], unit=other.id)
    floor = hmap.floor(to)
    if floor is None:
        raise PlayRefusal("to-pit", ("to",), x=to[0], y=to[1])
    victim = field.at(to)
    fall = fall_risk(height - floor, forced=True)
    if victim is not None and height - floor < 1:
        raise PlayRefusal("push-blocked", ("to",), x=to[0], y=to[1], unit=victim.id)
    field, collision, end, landing_risk = _landed(field, hmap, victim, to, place, pick)
    risk = mover.risk + fall + landing_risk
    leg = Leg("jump", tuple(cells), 0, fall, risk)
    moved = replace(mover, cell=end, risk=risk)
    report = MoveReport(unit, mover.cell, end, (leg,), 0, mover.risk, risk, collision, True)
    return field.with_mover(moved), report


def set_risk(field: Field, unit: int, risk: int) -> Field:
    """The players' call on a unit's risk (a check made, a fall resolved): the new total."""
    mover = field.mover(unit)
    if mover is None:
        raise PlayRefusal("unknown-unit", ("unit",), unit=unit)
    if risk < 0:
        raise PlayRefusal("risk-negative", ("risk",))
    return field.with_mover(replace(mover, risk=risk))


def end_round(field: Field) -> Field:
    return replace(field, round=field.round + 1)


FORCED = FORCED_FALL_RISK

__all__ = [
    "FORCED",
    "Collision",
    "Field",
    "MoveReport",
    "Mover",
    "Pick",
    "PlayRefusal",
    "end_round",
    "move_along",
    "move_to",
    "push",
    "set_risk",
]
