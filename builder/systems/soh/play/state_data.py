"""The soh state of a battle record as the record file's plain data, and back.

```yaml
round: 2
first: 1                 # the side with the initiative this round
active: 3                # the character whose turn is under way (null: none)
acted: [2]               # characters whose turn this round is over, in order
waiting: []              # characters who waited and may act later
over: false
winner: null
names: [Stray Comet crew, Salvage team]
units:
  - {id: 1, side: 1, name: Captain Ines, wounds: 2, ap: 3, evasion: 1, evasion_roll: 4,
     spent: 1, moved: 0, ammo: [5], fired: [1]}
declared: null           # or {by: 1, weapon: 1, target: 4, ap: 2, bonus: 0, targets: 1}
crews:                   # the sides' characters as they started (the record needs no crew file)
  - {name: Stray Comet crew, side: pc, characters: [...]}
```

Reading checks every value and reports every problem at once (paths from the record's top).
"""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from builder.core.messages import Messages
from builder.play.state_reader import StateReader
from builder.systems.battle import Refused
from builder.systems.soh.models import Catalog, Crew
from builder.systems.soh.play.sheets import crew_data, fighters_of
from builder.systems.soh.rules.play import Declared, Fighter, Table

MESSAGES = Messages.load(__file__)

STATE_KEYS = (
    "round",
    "first",
    "active",
    "acted",
    "waiting",
    "over",
    "winner",
    "names",
    "units",
    "declared",
    "crews",
)
UNIT_KEYS = (
    "id",
    "side",
    "name",
    "wounds",
    "ap",
    "evasion",
    "evasion_roll",
    "spent",
    "moved",
    "ammo",
    "fired",
)
DECLARED_KEYS = ("by", "weapon", "target", "ap", "bonus", "targets")


def unit_data(f: Fighter) -> dict[str, Any]:
    """A character's entry in the record: its value of each of ``UNIT_KEYS`` (the keys
    ``read_state`` takes), a tuple (ammo, fired) as a list."""
    values = {key: getattr(f, key) for key in UNIT_KEYS}
    return {key: list(v) if isinstance(v, tuple) else v for key, v in values.items()}


def state_data(table: Table) -> dict[str, Any]:
    d = table.declared
    return {
        "round": table.round,
        "first": table.first,
        "active": table.active,
        "acted": list(table.acted),
        "waiting": list(table.waiting),
        "over": table.over,
        "winner": table.winner,
        "names": list(table.names),
        "units": [unit_data(f) for f in table.fighters],
        "declared": None
        if d is None
        else {
            "by": d.by,
            "weapon": d.weapon + 1,
            "target": d.target,
            "ap": d.ap,
            "bonus": d.bonus,
            "targets": d.targets,
        },
        "crews": list(table.crews),
    }


class _Reader(StateReader):
    messages = MESSAGES


def _crews(r: _Reader, data: dict[str, Any]) -> list[Crew]:
    raw = data.get("crews")
    if not isinstance(raw, list) or not 1 <= len(raw) <= 2:
        r.bad(("crews",), "state-crews")
        return []
    crews: list[Crew] = []
    for i, c in enumerate(raw):
        try:
            crews.append(Crew.model_validate({"system": "soh", **c} if isinstance(c, dict) else c))
        except ValidationError as exc:
            first = exc.errors()[0]
            where = ".".join(str(p) for p in first["loc"])
            r.bad(("crews", i), "state-crew", where=where, why=first["msg"])
    return crews


def _unit(r: _Reader, u: Any, at: tuple[str | int, ...], base: Fighter) -> Fighter:
    if not isinstance(u, dict):
        r.bad(at, "state-mapping")
        return base
    r.keys(u, UNIT_KEYS, at)
    uid = r.whole(u, "id", at, 1)
    side = r.whole(u, "side", at, 1)
    if uid != base.id or side != base.side or u.get("name") != base.name:
        r.bad(at, "state-unit-crew", id=base.id, side=base.side, name=base.name)
    wounds = r.whole(u, "wounds", at, 0)
    ap = r.whole(u, "ap", at, 0)
    evasion = r.whole(u, "evasion", at, 0, none=True)
    roll = r.whole(u, "evasion_roll", at, 0, none=True)
    spent = r.whole(u, "spent", at, 0)
    moved = r.whole(u, "moved", at, 0)
    arms = base.sheet.arms
    ammo: list[int | None] = []
    raw_ammo = u.get("ammo")
    if not isinstance(raw_ammo, list) or len(raw_ammo) != len(arms):
        r.bad((*at, "ammo"), "state-ammo", count=len(arms))
        raw_ammo = [a.ammo for a in arms]
    for j, (value, arm) in enumerate(zip(raw_ammo, arms, strict=True)):
        if arm.ammo is None:
            if value is not None:
                r.bad((*at, "ammo", j), "state-no-magazine", weapon=arm.id)
            ammo.append(None)
        elif isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= arm.ammo:
            r.bad((*at, "ammo", j), "state-ammo-range", weapon=arm.id, most=arm.ammo)
            ammo.append(arm.ammo)
        else:
            ammo.append(value)
    fired = u.get("fired")
    if (
        not isinstance(fired, list)
        or len(fired) != len(arms)
        or not all(isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in fired)
    ):
        r.bad((*at, "fired"), "state-fired", count=len(arms))
        fired = [0] * len(arms)
    if evasion is not None and evasion > ap:
        r.bad((*at, "evasion"), "state-above", field="evasion", most=ap)
    if spent + (evasion or 0) > ap:
        r.bad((*at, "spent"), "state-above", field="spent", most=ap - (evasion or 0))
    return Fighter(
        base.id,
        base.side,
        base.sheet,
        wounds=wounds,
        ap=ap,
        evasion=evasion,
        evasion_roll=roll,
        spent=spent,
        moved=moved,
        ammo=tuple(ammo),
        fired=tuple(fired),
    )


def read_state(data: dict[str, Any], catalog: Catalog) -> Table:
    r = _Reader()
    r.keys(data, STATE_KEYS, ())
    crews = _crews(r, data)
    bases = fighters_of(crews, catalog) if crews else []
    round_no = r.whole(data, "round", (), 1)
    first = r.whole(data, "first", (), 1)
    if first > 2:
        r.bad(("first",), "state-side")
    active = r.whole(data, "active", (), 1, none=True)
    over = data.get("over", False)
    if not isinstance(over, bool):
        r.bad(("over",), "state-yes-no", field="over")
        over = False
    winner = r.whole(data, "winner", (), 1, none=True) if "winner" in data else None
    names = r.names(data)
    raw_units = data.get("units")
    if not isinstance(raw_units, list):
        r.bad(("units",), "state-units")
        raw_units = []
    if crews and len(raw_units) != len(bases):
        r.bad(("units",), "state-unit-count", count=len(bases))
    fighters = [
        _unit(r, u, ("units", i), base)
        for i, (u, base) in enumerate(zip(raw_units, bases, strict=False))
    ]
    declared = None
    raw = r.mapping(data, "declared", DECLARED_KEYS)
    if raw is not None:
        at = ("declared",)
        declared = Declared(
            r.whole(raw, "by", at, 1),
            r.whole(raw, "weapon", at, 1) - 1,
            r.whole(raw, "target", at, 1),
            r.whole(raw, "ap", at, 1),
            r.whole(raw, "bonus", at, None),
            r.whole(raw, "targets", at, 1),
        )
    acted, waiting = r.ids(data, "acted"), r.ids(data, "waiting")
    if r.problems:
        raise Refused(r.problems)
    return Table(
        tuple(fighters),
        tuple(names),
        tuple(c.side == "pc" for c in crews),
        round=round_no,
        first=first,
        active=active,
        acted=acted,
        waiting=waiting,
        over=over,
        winner=winner,
        declared=declared,
        crews=tuple(crew_data(c) for c in crews),
    )
