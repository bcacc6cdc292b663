"""Kuroganen Gauge's :class:`~builder.systems.battle.Battle` (docs/rules.md D24, docs/play.md
"Kuroganen Gauge"): the players' moves read, the rules core applied, what happened worded.

```yaml
- {do: move, unit: 1, path: [[2, 0], [3, 0], [3, 1]]}   # the cells it enters, in order
- {do: move, unit: Scout, move: 5, to: [6, 2]}         # the planner's least-risk path there
- {do: move, unit: 2, path: [[6, 2], [6, 1]], place: [5, 1]}   # onto a unit: where it lands
- {do: move, unit: 2, path: [[6, 2], [6, 1]], roll: true}       # ... or a die picks it
- {do: push, unit: 3, to: [7, 4]}                        # a forced move (seed 例6)
- {do: set-risk, unit: 3, risk: 0}                       # the players' call on a risk total
- {do: end-round}
```

Units by ID or name; ``move`` (the allowance) defaults to the unit's own; ``round: N`` makes an
action stand only in round N. The one die a kuroganen record takes: among several cells equally
near a faller, ``placement: [face]`` (or ``roll: true``, the record rolls it) picks one. Every
key the action does not take, and every value of the wrong kind, is a problem at its place, all
reported at once.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from builder.core.messages import Message, Messages
from builder.core.problems import InputError, Problem
from builder.play.acting import ActingBattle
from builder.play.reader import ActionReader, unit_label
from builder.systems.base import PrintOptions, Printout
from builder.systems.battle import Applied, Dice, Refused, Side
from builder.systems.battle_names import names_ja_of
from builder.systems.kuroganen.models import MAX_MOVE, MAX_RISK, KuroganenMap
from builder.systems.kuroganen.play import state_data
from builder.systems.kuroganen.rules import Point, ReachTooLarge
from builder.systems.kuroganen.rules.play import (
    FORCED,
    Field,
    Mover,
    MoveReport,
    Pick,
    PlayRefusal,
    end_round,
    move_along,
    move_to,
    push,
    set_risk,
)

MESSAGES = Messages.load(__file__)

DEFAULT_MOVE = 4
"""A unit's movement allowance when its map has no ``plan:`` to take it from."""

KEYS: dict[str, tuple[str, ...]] = {
    "move": ("unit", "move", "path", "to", "place", "placement"),
    "push": ("unit", "to", "place", "placement"),
    "set-risk": ("unit", "risk"),
    "end-round": (),
}
REQUIRED: dict[str, tuple[str, ...]] = {
    "move": ("unit",),
    "push": ("unit", "to"),
    "set-risk": ("unit", "risk"),
    "end-round": (),
}


class Reader(ActionReader[Field, Any]):
    """One kuroganen action's values, typed: the shared reader's, and cells and paths."""

    keys = KEYS
    required = REQUIRED
    messages = MESSAGES

    @property
    def field(self) -> Field:
        return self.table

    def cell(self, key: str) -> Point | None:
        value = self.action.get(key)
        if value is None:
            return None
        found = _cell(value)
        if found is None:
            self.bad((key,), "not-a-cell", field=key)
        return found

    def path(self) -> list[Point] | None:
        value = self.action.get("path")
        if value is None:
            return None
        if not isinstance(value, list):
            self.bad(("path",), "not-a-path")
            return None
        cells: list[Point] = []
        for i, item in enumerate(value):
            found = _cell(item)
            if found is None:
                self.bad(("path", i), "not-a-cell", field=f"path[{i}]")
                continue
            cells.append(found)
        return cells if len(cells) == len(value) else None

    def bounded(self, key: str, most: int, message: str) -> int | None:
        value = self.action.get(key)
        if value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= most:
            self.bad((key,), message, most=most)
            return None
        return value


def _cell(value: object) -> Point | None:
    if (
        isinstance(value, list | tuple)
        and len(value) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    ):
        return (int(value[0]), int(value[1]))
    return None


# -- the actions ------------------------------------------------------------------------------


def _act_move(read: Reader, dice: Dice) -> Applied[Field]:
    unit = read.unit("unit")
    allowance = read.bounded("move", MAX_MOVE, "not-a-move")
    path = read.path()
    to = read.cell("to")
    place = read.cell("place")
    if read.action.get("path") is None and read.action.get("to") is None:
        read.bad((), "path-or-to")
    read.refuse_if_any()
    assert unit is not None
    mover = read.field.mover(unit)
    assert mover is not None
    move = mover.move if allowance is None else allowance
    if path is not None:
        end = path[-1] if path else None
        if to is not None and end is not None and end != to:
            raise Refused.at(
                ("to",), MESSAGES("to-not-path-end", x=to[0], y=to[1], ex=end[0], ey=end[1])
            )
        field, report = move_along(read.field, unit, path, move, place, _pick(read, dice))
    else:
        assert to is not None
        field, report = move_to(read.field, unit, to, move, place, _pick(read, dice))
    log: dict[str, Any] = {}
    if allowance is None:
        log["move"] = move  # the replay moves as far, whatever the record's allowance becomes
    if path is None:
        log["path"] = [list(c) for c in report.path[1:]]  # the planner's choice, kept
    return Applied(field, log, _moved(read.field, field, report, move))


def _pick(read: Reader, dice: Dice) -> Pick | None:
    """Among equally near cells for a faller: the die under ``placement`` (``placement: [2]``,
    the second of them, as the refusal lists them), or the record's roll with ``roll: true``."""
    if read.action.get("placement") is None and read.action.get("roll") is not True:
        return None
    return lambda n: dice.next("placement", n)


def _moved(before: Field, after: Field, r: MoveReport, move: int) -> tuple[Message, ...]:
    shown = f"({r.start[0]},{r.start[1]}) → ({r.end[0]},{r.end[1]})"
    lines = [
        MESSAGES(
            "moved",
            unit=unit_label(before, r.unit),
            path=shown,
            cost=r.cost,
            move=move,
            before=r.risk_before,
            risk=r.risk,
        )
    ]
    parts = leg_words(r)
    if parts:
        joined = parts[0]
        for more in parts[1:]:
            joined = joined + MESSAGES("leg-sep") + more
        lines.append(MESSAGES("legs", legs=joined))
    if r.collision is not None:
        lines.append(_collided(after, r))
    return tuple(lines)


def leg_words(r: MoveReport) -> list[Message]:
    """The legs as the players would say them: a run of steps as one walk (ended by a step
    that falls), each jump on its own, with what it fell."""
    words: list[Message] = []
    walk: list[str] = []

    def flush(fall: int) -> None:
        if walk:
            key = "leg-walk-fall" if fall else "leg-walk"
            words.append(MESSAGES(key, cells=" ".join(walk), fall=fall))
            walk.clear()

    for leg in r.legs:
        if leg.kind == "step":
            walk.append(f"({leg.to[0]},{leg.to[1]})")
            if leg.fall:
                flush(leg.fall)
            continue
        flush(0)
        key = "leg-jump-fall" if leg.fall else "leg-jump"
        words.append(MESSAGES(key, x=leg.to[0], y=leg.to[1], fall=leg.fall, cells=len(leg.cells)))
    flush(0)
    return words


def _collided(after: Field, r: MoveReport) -> Message:
    c = r.collision
    assert c is not None
    x, y = c.placed
    said = MESSAGES(
        "collision", victim=unit_label(after, c.victim), victim_risk=c.victim_risk, x=x, y=y
    )
    if c.rolled is not None:
        said = said + MESSAGES("placement-rolled", face=c.rolled, sides=len(c.choices))
    return said


def _act_push(read: Reader, dice: Dice) -> Applied[Field]:
    unit = read.unit("unit")
    to = read.cell("to")
    place = read.cell("place")
    read.refuse_if_any()
    assert unit is not None and to is not None
    field, r = push(read.field, unit, to, place, _pick(read, dice))
    leg = r.legs[0]
    said = MESSAGES(
        "pushed" if leg.fall else "pushed-no-fall",
        unit=unit_label(read.field, unit),
        x=to[0],
        y=to[1],
        fall=leg.fall,
        levels=leg.fall - FORCED if leg.fall else 0,
        before=r.risk_before,
        risk=r.risk,
    )
    lines = [said] if r.collision is None else [said, _collided(field, r)]
    return Applied(field, {}, tuple(lines))


def _act_set_risk(read: Reader, dice: Dice) -> Applied[Field]:
    unit = read.unit("unit")
    risk = read.bounded("risk", MAX_RISK, "not-a-risk")
    read.refuse_if_any()
    assert unit is not None and risk is not None
    before = read.field.mover(unit)
    assert before is not None
    field = set_risk(read.field, unit, risk)
    said = MESSAGES("risk-set", unit=unit_label(field, unit), before=before.risk, risk=risk)
    return Applied(field, {}, (said,))


def _act_end_round(read: Reader, dice: Dice) -> Applied[Field]:
    read.refuse_if_any()
    field = end_round(read.field)
    return Applied(field, {}, (MESSAGES("end-round", round=read.field.round, next=field.round),))


ACTS: dict[str, Callable[[Reader, Dice], Applied[Field]]] = {
    "move": _act_move,
    "push": _act_push,
    "set-risk": _act_set_risk,
    "end-round": _act_end_round,
}


def _refusal(exc: PlayRefusal) -> Message:
    params: dict[str, Any] = dict(exc.params)
    if "unit" in params and exc.key != "unknown-unit":
        params["unit"] = str(params["unit"])
    return MESSAGES(exc.key, **params)


def _budget(exc: ReachTooLarge) -> Message:
    return MESSAGES(
        "over-budget", move=exc.move, width=exc.width, height=exc.height, allowed=exc.allowed
    )


def start_field(sides: Sequence[Side]) -> Field:
    """Units numbered 1.. in the map's ``units:`` order; one map file: every unit is side 1's;
    two: the second file's units are side 2's (both files must hold the same map)."""
    first = sides[0].team
    assert isinstance(first, KuroganenMap)
    one_file = len(sides) == 1 or sides[0].label == sides[-1].label
    played = sides[:1] if one_file else sides
    movers: list[Mover] = []
    taken: set[Point] = set()
    problems: list[Problem] = []
    for side_no, side in enumerate(played, start=1):
        team = side.team
        assert isinstance(team, KuroganenMap)
        if team.map != first.map:
            said = MESSAGES("teams-other-maps", first=sides[0].label, second=side.label)
            problems.append(Problem(side.label, None, None, "map", said))
            continue
        move = team.plan.move if team.plan is not None else DEFAULT_MOVE
        for x, y in team.units:
            if (x, y) in taken:
                first_label = sides[0].label
                said = MESSAGES("teams-same-cell", first=first_label, second=side.label, x=x, y=y)
                problems.append(Problem(side.label, None, None, "units", said))
                continue
            taken.add((x, y))
            uid = len(movers) + 1
            name = MESSAGES("unit-name", id=uid)  # named in both languages
            movers.append(Mover.placed(uid, side_no, name.en, (x, y), move, name.ja))
    if problems:
        raise InputError(problems)
    levels = tuple(tuple(None if v is None else float(v) for v in row) for row in first.map)
    names = tuple(s.team.name for s in played)
    return Field(levels, tuple(movers), names, names_ja=names_ja_of([s.team for s in played]))


class KuroganenBattle(ActingBattle[Field, Any]):
    """The battle record's rules for Kuroganen Gauge (docs/rules.md D24)."""

    states = state_data
    screen_keys = (  # the play screen's keys, none of the kit's (p prints, r renames)
        ("m", "move unit: ", ("move", "移動")),
        ("f", "push unit: ", ("push (forced move)", "押し出し（強制移動）")),
        ("k", "set-risk unit: ", ("set risk", "リスク設定")),
        ("n", "end-round", ("end round", "ラウンド終了")),
    )
    reader = Reader
    refused = PlayRefusal
    acts = ACTS
    dice_keys: tuple[str, ...] = ()

    def start(self, sides: Sequence[Side], catalog: Any) -> Field:
        return start_field(sides)

    def act(self, do: str, read: Reader, dice: Dice) -> Applied[Field]:
        try:
            return ACTS[do](read, dice)
        except ReachTooLarge as exc:
            raise Refused.at(("move",), _budget(exc)) from None

    def refusal(self, exc: PlayRefusal, state: Field, catalog: Any) -> Message:
        return _refusal(exc)

    def printouts(
        self, state: Field, catalog: Any, options: PrintOptions, catalog_line: Any
    ) -> list[Printout]:
        """``laminim cards RECORD``: the map with every unit where it stands and its risk."""
        from builder.systems.kuroganen.play.printing import printouts

        return printouts(state, options)

    def view(self) -> Any:
        from builder.systems.kuroganen.play import view

        return view
