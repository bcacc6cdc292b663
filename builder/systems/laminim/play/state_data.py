"""The LAMINIM state of a battle record as the record file's plain data, and back.

```yaml
round: 2
over: false
names: [Night shift, Rivals]
names_ja: [夜勤, null]    # only when a team file gives a name_ja
units:
  - id: 1
    side: 1
    name: Kestrel
    name_ja: ケストレル    # only when the team file gives one
    frame: {id: striker, durability: 14}
    slots:
      - {weapon: rifle, durability: 10, ammo: 6}
      - {weapon: missile, durability: -2, ammo: 5, destroyed: true}
      - null
    zuzzer: {distance: 2, direction: left}
    centre: 3.5
tokens:
  - {id: T1, owner: 4, slot: 2, weapon: missile, target: 1, count: 5}
launched: 1
obstacles: [{name: wall, damage: 3}]
```

Keys written only when they say something: ``destroyed: true`` on a part, and the round's marks
on a unit (``fired: [1]`` slots that attacked, ``single: 1`` the declared single weapon,
``done: true`` this round's attacks on it are done). Reading checks every value and reports
every problem at once (paths from the record's top).
"""

from __future__ import annotations

from typing import Any

from builder.core.messages import Message, Messages
from builder.play.state_reader import record_number
from builder.systems.battle import Refused
from builder.systems.battle_names import name_ja_data, names_ja_data, read_name_ja, read_names_ja
from builder.systems.laminim.derive import unit_spec
from builder.systems.laminim.legality import ResolvedUnit
from builder.systems.laminim.models import Catalog, Weapon
from builder.systems.laminim.rules.play_state import Fighter, Table, Token, Zuzzer
from builder.systems.laminim.rules.state_odds import LAST_ROUND

MESSAGES = Messages.load(__file__)

STATE_KEYS = ("round", "over", "names", "names_ja", "units", "tokens", "launched", "obstacles")


def state_data(table: Table) -> dict[str, Any]:
    return {
        "round": table.round,
        "over": table.over,
        "names": list(table.names),
        **names_ja_data(table.names_ja),
        "units": [_unit_data(f) for f in table.fighters],
        "tokens": [
            {
                "id": t.id,
                "owner": t.owner,
                "slot": t.slot + 1,
                "weapon": _weapon_id(table, t),
                "target": t.target,
                "count": t.count,
            }
            for t in table.tokens
        ],
        "launched": table.launched,
        "obstacles": [{"name": n, "damage": d} for n, d in table.obstacles],
    }


def _weapon_id(table: Table, token: Token) -> str | None:
    owner = table.fighter(token.owner)
    weapon = owner.spec.slots[token.slot] if owner is not None else None
    return weapon.name if weapon is not None else None


def _unit_data(f: Fighter) -> dict[str, Any]:
    frame: dict[str, Any] = {"id": f.frame_id, "durability": f.frame}
    if f.destroyed:
        frame["destroyed"] = True
    slots: list[dict[str, Any] | None] = []
    for i, weapon in enumerate(f.spec.slots):
        if weapon is None:
            slots.append(None)
            continue
        slot: dict[str, Any] = {"weapon": weapon.name, "durability": f.parts[i]}
        if weapon.ammo is not None:
            slot["ammo"] = f.ammo[i]
        if f.broken[i]:
            slot["destroyed"] = True
        slots.append(slot)
    data: dict[str, Any] = {
        "id": f.id,
        "side": f.side,
        "name": f.name,
        **name_ja_data(f.name_ja),
        "frame": frame,
        "slots": slots,
        "zuzzer": None
        if f.zuzzer is None
        else {"distance": record_number(f.zuzzer.distance), "direction": f.zuzzer.direction},
        "centre": record_number(f.centre),
    }
    if f.fired:
        data["fired"] = [s + 1 for s in f.fired]
    if f.single is not None:
        data["single"] = f.single + 1
    if f.done:
        data["done"] = True
    return data


class _Reader:
    """Reads values, collecting a problem for each one that is not what it should be."""

    def __init__(self) -> None:
        self.problems: list[tuple[tuple[str | int, ...], Message]] = []

    def bad(self, at: tuple[str | int, ...], key: str, **params: object) -> None:
        self.problems.append((at, MESSAGES(key, **params)))

    def whole(
        self, data: dict[str, Any], key: str, at: tuple, low: int | None = None, default: Any = ...
    ) -> int:
        value = data.get(key, default)
        if value is ...:
            self.bad((*at, key), "state-missing-key", field=key)
            return 0
        if (
            isinstance(value, bool)
            or not isinstance(value, int)
            or (low is not None and value < low)
        ):
            self.bad((*at, key), "state-whole", field=key, low=0 if low is None else low)
            return 0
        return value

    def distance(self, value: Any, at: tuple) -> float | None:
        if value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, int | float) or value < 0:
            self.bad(at, "state-distance")
            return None
        return float(value)

    def mapping(self, value: Any, at: tuple) -> dict[str, Any] | None:
        if not isinstance(value, dict):
            self.bad(at, "state-mapping")
            return None
        return value


def read_state(data: dict[str, Any], catalog: Catalog) -> Table:
    """The table the record's state data describes; :class:`Refused` with every problem."""
    r = _Reader()
    for key in data:
        if key not in STATE_KEYS:
            r.bad((key,), "state-unknown-key", field=key, keys=", ".join(STATE_KEYS))
    round_no = r.whole(data, "round", (), 1)
    if not 1 <= round_no <= LAST_ROUND:
        r.bad(("round",), "state-round", last=LAST_ROUND)
    over = data.get("over", False)
    if not isinstance(over, bool):
        r.bad(("over",), "state-yes-no", field="over")
    names = data.get("names", [])
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        r.bad(("names",), "state-names")
        names = []
    names_ja = read_names_ja(data, r.problems)
    units = data.get("units")
    fighters: list[Fighter] = []
    if not isinstance(units, list) or not units:
        r.bad(("units",), "state-units")
        units = []
    for i, unit in enumerate(units):
        found = _read_unit(r, unit, ("units", i), catalog)
        if found is not None:
            fighters.append(found)
    ids = [f.id for f in fighters]
    for i, f in enumerate(fighters):
        if ids.count(f.id) > 1:
            r.bad(("units", i, "id"), "state-id-twice", id=f.id)
    tokens = []
    raw_tokens = data.get("tokens", [])
    if not isinstance(raw_tokens, list):
        r.bad(("tokens",), "state-list", field="tokens")
        raw_tokens = []
    by_id = {f.id: f for f in fighters}
    for i, raw in enumerate(raw_tokens):
        at = ("tokens", i)
        item = r.mapping(raw, at)
        if item is None:
            continue
        tid = item.get("id")
        owner = r.whole(item, "owner", at, 1)
        slot = r.whole(item, "slot", at, 1) - 1
        target = r.whole(item, "target", at, 1)
        count = r.whole(item, "count", at, 1)
        if not isinstance(tid, str) or not tid:
            r.bad((*at, "id"), "state-token-id")
            continue
        fighter = by_id.get(owner)
        weapon = fighter.spec.slots[slot] if fighter is not None and 0 <= slot < 3 else None
        if weapon is None or weapon.kind != "missile":
            r.bad((*at, "slot"), "state-token-launcher", owner=owner, slot=slot + 1)
            continue
        if target not in by_id:
            r.bad((*at, "target"), "state-token-target", target=target)
            continue
        tokens.append(Token(tid, owner, slot, target, count, weapon.power))
    launched = r.whole(data, "launched", (), 0, default=len(tokens))
    obstacles = []
    raw_obstacles = data.get("obstacles", [])
    if not isinstance(raw_obstacles, list):
        r.bad(("obstacles",), "state-list", field="obstacles")
        raw_obstacles = []
    for i, raw in enumerate(raw_obstacles):
        item = r.mapping(raw, ("obstacles", i))
        if item is None:
            continue
        name = item.get("name")
        if not isinstance(name, str):
            r.bad(("obstacles", i, "name"), "state-obstacle-name")
            continue
        obstacles.append((name, r.whole(item, "damage", ("obstacles", i), 0)))
    if r.problems:
        raise Refused(r.problems)
    return Table(
        round_no,
        tuple(fighters),
        tuple(tokens),
        launched,
        tuple(obstacles),
        bool(over),
        tuple(names),
        names_ja=names_ja,
    )


def _read_unit(r: _Reader, raw: Any, at: tuple, catalog: Catalog) -> Fighter | None:
    from dataclasses import replace

    unit = r.mapping(raw, at)
    if unit is None:
        return None
    before = len(r.problems)
    uid = r.whole(unit, "id", at, 1)
    side = r.whole(unit, "side", at, 1)
    name = unit.get("name")
    if not isinstance(name, str) or not name:
        r.bad((*at, "name"), "state-name")
    name_ja = read_name_ja(unit, at, r.problems)
    frame_data = r.mapping(unit.get("frame"), (*at, "frame")) or {}
    frame = catalog.frame(str(frame_data.get("id")))
    if frame_data and frame is None:
        r.bad((*at, "frame", "id"), "state-unknown-frame", frame=frame_data.get("id"))
    frame_now = r.whole(frame_data, "durability", (*at, "frame"), None) if frame_data else 0
    destroyed = frame_data.get("destroyed", False)
    slots_data = unit.get("slots")
    if not isinstance(slots_data, list) or len(slots_data) != 3:
        r.bad((*at, "slots"), "state-slots")
        slots_data = [None, None, None]
    weapons: list[Weapon | None] = []
    parts, broken, ammo = [0, 0, 0], [False, False, False], [None, None, None]
    for i, raw_slot in enumerate(slots_data):
        if raw_slot is None:
            weapons.append(None)
            continue
        s_at = (*at, "slots", i)
        slot = r.mapping(raw_slot, s_at)
        if slot is None:
            weapons.append(None)
            continue
        weapon = catalog.weapon(str(slot.get("weapon")))
        if weapon is None:
            r.bad((*s_at, "weapon"), "state-unknown-weapon", weapon=slot.get("weapon"))
        weapons.append(weapon)
        parts[i] = r.whole(slot, "durability", s_at, None)
        broken[i] = slot.get("destroyed", False) is True
        if weapon is not None and weapon.ammo is not None:
            ammo[i] = r.whole(slot, "ammo", s_at, 0)  # type: ignore[call-overload]
    zuzzer = unit.get("zuzzer")
    mark = None
    if zuzzer is not None:
        z = r.mapping(zuzzer, (*at, "zuzzer"))
        if z is not None:
            distance = r.distance(z.get("distance"), (*at, "zuzzer", "distance"))
            mark = Zuzzer(distance or 0.0, str(z.get("direction") or ""))
    centre = r.distance(unit.get("centre"), (*at, "centre"))
    fired = unit.get("fired", [])
    if not isinstance(fired, list) or not all(isinstance(s, int) and 1 <= s <= 3 for s in fired):
        r.bad((*at, "fired"), "state-fired")
        fired = []
    single = unit.get("single")
    if single is not None and (not isinstance(single, int) or not 1 <= single <= 3):
        r.bad((*at, "single"), "state-fired")
        single = None
    if len(r.problems) > before or frame is None:
        return None
    resolved = ResolvedUnit(str(name), frame, tuple(weapons))
    spec = unit_spec(resolved)
    whole = Fighter.whole(uid, side, str(name), frame.id, spec)
    return replace(
        whole,
        frame=frame_now,
        parts=(parts[0], parts[1], parts[2]),
        broken=(broken[0], broken[1], broken[2]),
        ammo=(ammo[0], ammo[1], ammo[2]),
        destroyed=destroyed is True,
        zuzzer=mark,
        centre=centre,
        fired=tuple(s - 1 for s in fired),
        single=None if single is None else single - 1,
        done=unit.get("done", False) is True,
        name_ja=name_ja,
    )
