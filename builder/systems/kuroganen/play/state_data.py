"""The kuroganen state of a battle record as the record file's plain data, and back.

```yaml
round: 1
names: [Ruined block]             # the sides' names (their map files' names)
names_ja: [廃墟の街区]            # their Japanese names (only when a map file gives one)
map:                              # the battlefield, as in the map file (the record keeps it)
  - [2, 2, 0, ~]
  - [1, 0.5, 0, 0]
units:
  - {id: 1, side: 1, name: Unit 1, cell: [1, 0], level: 2, risk: 0, move: 4, start: [1, 0]}
```

``level`` is the floor of the unit's cell, written for the reader (a record whose level is not
its cell's floor is refused like any other difference from the log). ``move`` is the unit's
movement allowance: a move that names none moves this far (the players may edit it). ``start``
is where the unit began: the log replays from there. Reading checks every value and reports
every problem at once (paths from the record's top).
"""

from __future__ import annotations

from typing import Any

from builder.core.messages import Messages
from builder.play.state_reader import StateReader, record_number
from builder.systems.battle import Refused
from builder.systems.battle_names import name_ja_data, names_ja_data, read_name_ja, read_names_ja
from builder.systems.kuroganen.models import MAX_MOVE
from builder.systems.kuroganen.read import map_shape_problems
from builder.systems.kuroganen.rules import Point
from builder.systems.kuroganen.rules.play import Field, Mover

MESSAGES = Messages.load(__file__)

STATE_KEYS = ("round", "names", "names_ja", "map", "units")
UNIT_KEYS = ("id", "side", "name", "name_ja", "cell", "level", "risk", "move", "start")


def unit_data(m: Mover, field: Field) -> dict[str, Any]:
    return {
        "id": m.id,
        "side": m.side,
        "name": m.name,
        **name_ja_data(m.name_ja),
        "cell": list(m.cell),
        "level": record_number(field.level(m.cell)),
        "risk": m.risk,
        "move": m.move,
        "start": list(m.home),
    }


def state_data(field: Field) -> dict[str, Any]:
    return {
        "round": field.round,
        "names": list(field.names),
        **names_ja_data(field.names_ja),
        "map": [[record_number(v) for v in row] for row in field.levels],
        "units": [unit_data(m, field) for m in field.movers],
    }


class _Reader(StateReader):
    messages = MESSAGES

    def cell(
        self, data: dict[str, Any], key: str, at: tuple, levels: list[list[Any]] | None
    ) -> Point | None:
        value = data.get(key)
        ok = (
            isinstance(value, list)
            and len(value) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
        )
        if ok and levels is not None:
            x, y = value  # type: ignore[misc]
            ok = 0 <= y < len(levels) and 0 <= x < len(levels[y]) and levels[y][x] is not None
        if not ok:
            last = (len(levels[0]) - 1, len(levels) - 1) if levels else (0, 0)
            self.bad((*at, key), "state-cell", field=key, last_x=last[0], last_y=last[1])
            return None
        assert isinstance(value, list)
        return (value[0], value[1])


def read_state(data: dict[str, Any], catalog: Any) -> Field:
    """The field the record's state gives (``catalog``: a map game has none)."""
    r = _Reader()
    r.keys(data, STATE_KEYS, ())
    round_no = r.whole(data, "round", (), 1)
    names = r.names(data)
    rows = data.get("map")
    shape = map_shape_problems(rows)
    r.problems += shape
    readable = isinstance(rows, list) and all(isinstance(row, list) and row for row in rows)
    # the units are checked against a ragged or badly levelled map too (every problem at once)
    levels: list[list[Any]] | None = [list(row) for row in rows] if readable and rows else None
    movers: list[Mover] = []
    seen: set[int] = set()
    standing: dict[Point, int] = {}
    for at, u, uid, side, name in r.units(data, UNIT_KEYS):
        name_ja = read_name_ja(u, at, r.problems)
        cell = r.cell(u, "cell", at, levels)
        home = r.cell(u, "start", at, levels)
        risk = r.whole(u, "risk", at, 0)  # no cap: falls may pile up past what a player sets
        move = r.whole(u, "move", at, 0)
        if move > MAX_MOVE:
            r.bad((*at, "move"), "state-above", field="move", most=MAX_MOVE)
        if uid in seen:
            r.bad((*at, "id"), "state-id-twice", id=uid)
        seen.add(uid)
        if cell is not None and cell in standing:
            other = standing[cell]
            r.bad((*at, "cell"), "state-cell-twice", a=other, b=uid, x=cell[0], y=cell[1])
        if cell is not None:
            standing[cell] = uid
        if cell is not None and home is not None:
            movers.append(Mover(uid, side, name, cell, risk, move, home, name_ja))
    names_ja = read_names_ja(data, r.problems)
    if r.problems or levels is None:
        raise Refused(r.problems)
    grid = tuple(tuple(None if v is None else float(v) for v in row) for row in levels)
    return Field(grid, tuple(movers), tuple(names), round_no, names_ja)
