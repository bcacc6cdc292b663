"""The artifact state of a battle record as the record file's plain data, and back.

```yaml
round: 2
first: 1                        # the side with the initiative (null: not rolled yet)
active: {unit: 3, used: 1}      # the activation under way (null: none)
acted: [2, 6]                   # units whose activation this round is over, in order
over: false
winner: null
names: [Sleeves vanguard, Londo Bell]
names_ja: [袖付き先遣隊, null]   # only when a force file gives a name_ja
units:
  - {id: 1, side: 1, name: Rewloola, name_ja: レウルーラ, type: rewloola, hp: 25}
  - {id: 2, side: 1, name: Nightingale, type: nightingale, hp: 9, p: 7, aboard: false}
declared: null                  # or {by: 2, weapon: funnel, target: 6, near: 0, evade_near: 0}
```

Reading checks every value and reports every problem at once (paths from the record's top).
"""

from __future__ import annotations

from typing import Any

from builder.core.messages import Messages
from builder.play.state_reader import StateReader
from builder.systems.artifact.derive import all_units, unit_stats
from builder.systems.artifact.models import ArtifactCatalog
from builder.systems.artifact.rules.play import Declared, Fighter, Table
from builder.systems.battle import Refused
from builder.systems.battle_names import name_ja_data, names_ja_data, read_name_ja, read_names_ja

MESSAGES = Messages.load(__file__)

STATE_KEYS = (
    "round",
    "first",
    "active",
    "acted",
    "over",
    "winner",
    "names",
    "names_ja",
    "units",
    "declared",
)
UNIT_KEYS = ("id", "side", "name", "name_ja", "type", "hp", "p", "aboard")
DECLARED_KEYS = ("by", "weapon", "target", "near", "evade_near")


def unit_data(f: Fighter) -> dict[str, Any]:
    data: dict[str, Any] = {
        "id": f.id,
        "side": f.side,
        "name": f.name,
        **name_ja_data(f.name_ja),
        "type": f.stats.id,
        "hp": f.hp,
    }
    if not f.is_ship:
        data["p"] = f.propellant
        data["aboard"] = f.aboard
    return data


def state_data(table: Table) -> dict[str, Any]:
    d = table.declared
    return {
        "round": table.round,
        "first": table.first,
        "active": None if table.active is None else {"unit": table.active, "used": table.used},
        "acted": list(table.acted),
        "over": table.over,
        "winner": table.winner,
        "names": list(table.names),
        **names_ja_data(table.names_ja),
        "units": [unit_data(f) for f in table.fighters],
        "declared": None
        if d is None
        else {
            "by": d.by,
            "weapon": d.weapon,
            "target": d.target,
            "near": d.near,
            "evade_near": d.evade_near,
        },
    }


class _Reader(StateReader):
    messages = MESSAGES


def read_state(data: dict[str, Any], catalog: ArtifactCatalog) -> Table:
    r = _Reader()
    units_by_id = all_units(catalog)
    round_no = r.whole(data, "round", (), 1)
    first = r.whole(data, "first", (), 1, none=True)
    if first is not None and first > 2:
        r.bad(("first",), "state-side")
    over = r.flag(data, "over", ())
    winner = r.whole(data, "winner", (), 1, none=True) if "winner" in data else None
    names = r.names(data)
    fighters: list[Fighter] = []
    seen: set[int] = set()
    for at, u, uid, side, name in r.units(data, UNIT_KEYS):
        name_ja = read_name_ja(u, at, r.problems)
        type_id = u.get("type")
        unit = units_by_id.get(str(type_id))
        if unit is None:
            r.bad((*at, "type"), "state-unknown-type", type=type_id)
            continue
        stats = unit_stats(unit)
        hp = r.whole(u, "hp", at, 0)
        if hp > stats.hp:
            r.bad((*at, "hp"), "state-above", field="hp", most=stats.hp)
        p: int | None = None
        aboard = False
        if stats.kind == "ms":
            p = r.whole(u, "p", at, 0)
            if stats.propellant is not None and p > stats.propellant:
                r.bad((*at, "p"), "state-above", field="p", most=stats.propellant)
            aboard = r.flag(u, "aboard", at)
        elif "p" in u or "aboard" in u:
            r.bad((*at, "p" if "p" in u else "aboard"), "state-ship-no-p")
        if uid in seen:
            r.bad((*at, "id"), "state-id-twice", id=uid)
        seen.add(uid)
        fighters.append(Fighter(uid, side, name, stats, hp, p, aboard, name_ja))
    active, used = None, 0
    raw_active = r.mapping(data, "active", ("unit", "used"))
    if raw_active is not None:
        active = r.whole(raw_active, "unit", ("active",), 1)
        used = r.whole(raw_active, "used", ("active",), 0)
    acted = r.ids(data, "acted")
    declared = None
    raw = r.mapping(data, "declared", DECLARED_KEYS)
    if raw is not None:
        at = ("declared",)
        declared = Declared(
            r.whole(raw, "by", at, 1),
            str(raw.get("weapon")),
            r.whole(raw, "target", at, 1),
            r.whole(raw, "near", at, 0),
            r.whole(raw, "evade_near", at, 0),
        )
    names_ja = read_names_ja(data, r.problems)
    r.keys(data, STATE_KEYS, ())
    if r.problems:
        raise Refused(r.problems)
    return Table(
        tuple(fighters),
        tuple(names),
        round=round_no,
        first=first,
        active=active,
        used=used,
        acted=acted,
        over=over,
        winner=winner,
        declared=declared,
        names_ja=names_ja,
    )
