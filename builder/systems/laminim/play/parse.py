"""The players' LAMINIM actions as typed values (docs/design.md "Battle records and actions").

```yaml
- {do: attack, by: 1, weapon: 1, target: 4, bonus: 2, blockers: [{unit: 5, line: centre}],
   hits: [6, 3, 1, 5], locations: [2, 4, 6], distance: 4}
- {do: attack, by: 4, weapon: 1, token: T1, bonus: 2, hits: [5, 2]}
- {do: launch, by: 2, weapon: 2, target: 5}
- {do: contact, token: T1, unit: 5, locations: [1, 2, 3, 4, 5]}   # or token: T1, other: T2
- {do: remove, token: T2}                                         # it left the table
- {do: zuzzer, unit: 3, distance: 2, direction: left}
- {do: centre, unit: 3, distance: 4.5}                            # (move: the same)
- {do: done, unit: 3}                # this round's attacks on unit 3 are done (D21)
- {do: end-round, dice: [1, 4, 6, 1, 3]}
```

Units are named by ID (1–6) or name, weapons by slot (1–3) or by the weapon's id or name (when
only one slot holds it); ``round: N`` makes the action stand only in round N. Every key that
is not the action's, and every value of the wrong kind, is a problem at its place.
"""

from __future__ import annotations

from builder.core.i18n import Pair, part_name
from builder.core.messages import Messages
from builder.play.reader import ActionReader, fold
from builder.systems.battle_names import in_both
from builder.systems.laminim.models import Catalog
from builder.systems.laminim.rules.play_attack import Blocker
from builder.systems.laminim.rules.play_state import Fighter, Table

MESSAGES = Messages.load(__file__)

COMMON = ("do", "round", "roll")
KEYS: dict[str, tuple[str, ...]] = {
    "attack": (
        "by",
        "weapon",
        "target",
        "token",
        "bonus",
        "blockers",
        "hits",
        "locations",
        "distance",
        "single",
        "rear",
        "downed",
    ),
    "launch": ("by", "weapon", "target", "single"),
    "contact": ("token", "unit", "other", "locations"),
    "remove": ("token",),
    "zuzzer": ("unit", "distance", "direction"),
    "centre": ("unit", "distance"),
    "move": ("unit", "distance"),
    "done": ("unit", "done"),
    "end-round": ("dice",),
}
"""Each action's own keys (beside ``do``, ``round`` and ``roll``)."""

REQUIRED: dict[str, tuple[str, ...]] = {
    "attack": ("by", "weapon"),
    "launch": ("by", "weapon", "target"),
    "contact": ("token",),
    "remove": ("token",),
    "zuzzer": ("unit", "distance"),
    "centre": ("unit", "distance"),
    "move": ("unit", "distance"),
    "done": ("unit",),
    "end-round": (),
}

LINES = ("band", "centre")


class Reader(ActionReader[Table, Catalog]):
    """One LAMINIM action's values, typed; every problem kept to be refused at once."""

    keys = KEYS
    required = REQUIRED
    messages = MESSAGES

    def slot(self, unit_id: int | None, key: str = "weapon") -> int | None:
        """A weapon named by slot (1-3) or by its id or name -> the 0-based slot."""
        fighter = self.owner(unit_id, key)
        if fighter is None:
            return None
        value = self.action[key]
        if isinstance(value, int) and not isinstance(value, bool):
            if not 1 <= value <= 3:
                self.bad((key,), "slot-range", got=value)
                return None
            return value - 1
        if isinstance(value, str):
            wanted = fold(value)
            hits = []
            for i, spec in enumerate(fighter.spec.slots):
                if spec is None:
                    continue
                weapon = self.catalog.weapon(spec.name)
                names = {spec.name}
                if weapon is not None:
                    names |= {weapon.name, weapon.name_ja}
                if wanted in {fold(n) for n in names}:
                    hits.append(i)
            if len(hits) == 1:
                return hits[0]
            if len(hits) > 1:
                slots = ", ".join(str(i + 1) for i in hits)
                self.bad(
                    (key,),
                    "weapon-twice",
                    unit=in_both(fighter.name, fighter.name_ja),
                    weapon=value,
                    slots=slots,
                )
                return None
            self.bad(
                (key,),
                "no-such-weapon",
                unit=in_both(fighter.name, fighter.name_ja),
                weapon=value,
                weapons=_arms(fighter, self.catalog),
            )
            return None
        self.bad((key,), "slot-ref")
        return None

    def token(self, key: str) -> str | None:
        value = self.action.get(key)
        if value is None:
            return None
        if not isinstance(value, str):
            self.bad((key,), "token-ref", field=key)
            return None
        for token in self.table.tokens:
            if fold(token.id) == fold(value):
                return token.id
        tokens = ", ".join(t.id for t in self.table.tokens) or "—"
        self.bad((key,), "no-such-token", token=value, tokens=tokens)
        return None

    def blockers(self) -> tuple[Blocker, ...]:
        raw = self.action.get("blockers", [])
        if raw is None:
            return ()
        if not isinstance(raw, list):
            self.bad(("blockers",), "blockers-list")
            return ()
        found = []
        for i, item in enumerate(raw):
            at = ("blockers", i)
            if not isinstance(item, dict):
                self.bad(at, "blocker-shape")
                continue
            kinds = [k for k in ("unit", "token", "obstacle") if k in item]
            extra = [k for k in item if k not in ("unit", "token", "obstacle", "line")]
            for key in extra:
                self.bad((*at, key), "blocker-key", field=key)
            if len(kinds) != 1:
                self.bad(at, "blocker-shape")
                continue
            kind = kinds[0]
            line = item.get("line", "band")
            if line not in LINES:
                self.bad((*at, "line"), "blocker-line", got=line)
                continue
            ref: int | str | None
            if kind == "unit":
                ref = self.unit("unit", item["unit"], (*at, "unit"))
            elif kind == "token":
                value = item["token"]
                ref = next(
                    (
                        t.id
                        for t in self.table.tokens
                        if isinstance(value, str) and fold(t.id) == fold(value)
                    ),
                    None,
                )
                if ref is None:
                    tokens = ", ".join(t.id for t in self.table.tokens) or "—"
                    self.bad((*at, "token"), "no-such-token", token=value, tokens=tokens)
            else:
                value = item["obstacle"]
                ref = (
                    str(value)
                    if isinstance(value, str | int) and not isinstance(value, bool) and str(value)
                    else None
                )
                if ref is None:
                    self.bad((*at, "obstacle"), "obstacle-name")
            if ref is not None:
                found.append(Blocker(kind, ref, line == "centre"))
        return tuple(found)


def _arms(fighter: Fighter, catalog: Catalog) -> Pair:
    """The unit's weapons by slot: ``1 rifle, 2 missile`` (ids) / ``1 ライフル、2 ミサイル``."""
    slots = [(i + 1, w.name) for i, w in enumerate(fighter.spec.slots) if w is not None]
    ja = [(n, part_name(catalog.weapon(wid), "ja", wid)) for n, wid in slots]
    return (", ".join(f"{n} {w}" for n, w in slots), "、".join(f"{n} {w}" for n, w in ja))
