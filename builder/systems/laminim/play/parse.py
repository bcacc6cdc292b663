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

import unicodedata
from typing import Any

from builder.core.messages import Message, Messages
from builder.core.problems import closest
from builder.systems.battle import Refused
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


def _fold(text: str) -> str:
    return unicodedata.normalize("NFKC", text).strip().casefold()


class Reader:
    """One action's values, typed; every problem kept (``problems``) to be refused at once."""

    def __init__(self, action: dict[str, Any], table: Table, catalog: Catalog) -> None:
        self.action = action
        self.table = table
        self.catalog = catalog
        self.problems: list[tuple[tuple[str | int, ...], Message]] = []

    def bad(self, at: tuple[str | int, ...], key: str, **params: object) -> None:
        self.problems.append((at, MESSAGES(key, **params)))

    def check_keys(self, do: str) -> None:
        allowed = (*COMMON, *KEYS[do])
        for key in self.action:
            if key not in allowed:
                hint = closest(str(key), list(allowed))
                self.bad(
                    (key,),
                    "action-unknown-key",
                    field=key,
                    do=do,
                    keys=", ".join(KEYS[do]),
                    hint=MESSAGES("did-you-mean", word=hint) if hint else "",
                )
        for key in REQUIRED[do]:
            if key not in self.action:
                self.bad((), "action-missing-key", field=key, do=do)
        round_no = self.action.get("round")
        if round_no is not None and round_no != self.table.round:
            self.bad(("round",), "wrong-round", given=round_no, round=self.table.round)

    def unit(
        self, key: str, value: Any = ..., at: tuple[str | int, ...] | None = None
    ) -> int | None:
        """A unit named by ID or name (case and width ignored) -> its ID."""
        value = self.action.get(key) if value is ... else value
        at = (key,) if at is None else at
        if value is None:
            return None
        fighters = self.table.fighters
        if isinstance(value, int) and not isinstance(value, bool):
            if self.table.fighter(value) is None:
                self.bad(at, "no-such-unit", unit=value, units=_roll_call(fighters))
                return None
            return value
        if isinstance(value, str):
            exact = [f for f in fighters if f.name == value]
            found = exact or [f for f in fighters if _fold(f.name) == _fold(value)]
            if len(found) == 1:
                return found[0].id
            if len(found) > 1:
                ids = ", ".join(str(f.id) for f in found)
                self.bad(at, "unit-name-twice", name=value, ids=ids)
                return None
            self.bad(at, "no-such-unit", unit=value, units=_roll_call(fighters))
            return None
        self.bad(at, "unit-ref", field=key)
        return None

    def slot(self, unit_id: int | None, key: str = "weapon") -> int | None:
        """A weapon named by slot (1-3) or by its id or name -> the 0-based slot."""
        value = self.action.get(key)
        if value is None or unit_id is None:
            return None
        fighter = self.table.fighter(unit_id)
        assert fighter is not None
        if isinstance(value, int) and not isinstance(value, bool):
            if not 1 <= value <= 3:
                self.bad((key,), "slot-range", got=value)
                return None
            return value - 1
        if isinstance(value, str):
            wanted = _fold(value)
            hits = []
            for i, spec in enumerate(fighter.spec.slots):
                if spec is None:
                    continue
                weapon = self.catalog.weapon(spec.name)
                names = {spec.name}
                if weapon is not None:
                    names |= {weapon.name, weapon.name_ja}
                if wanted in {_fold(n) for n in names}:
                    hits.append(i)
            if len(hits) == 1:
                return hits[0]
            if len(hits) > 1:
                slots = ", ".join(str(i + 1) for i in hits)
                self.bad((key,), "weapon-twice", unit=fighter.name, weapon=value, slots=slots)
                return None
            self.bad(
                (key,), "no-such-weapon", unit=fighter.name, weapon=value, weapons=_arms(fighter)
            )
            return None
        self.bad((key,), "slot-ref")
        return None

    def number(self, key: str, low: float = 0) -> float | None:
        value = self.action.get(key)
        if value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, int | float) or value < low:
            self.bad((key,), "not-a-distance", field=key)
            return None
        return float(value)

    def whole(self, key: str, low: int, high: int) -> int | None:
        value = self.action.get(key)
        if value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            self.bad((key,), "not-whole", field=key, low=low, high=high)
            return None
        return value

    def flag(self, key: str, default: bool = False) -> bool:
        value = self.action.get(key, default)
        if not isinstance(value, bool):
            self.bad((key,), "not-yes-no", field=key)
            return default
        return value

    def text(self, key: str) -> str:
        value = self.action.get(key, "")
        if value is None:
            return ""
        if not isinstance(value, str | int | float) or isinstance(value, bool):
            self.bad((key,), "not-text", field=key)
            return ""
        return str(value)

    def token(self, key: str) -> str | None:
        value = self.action.get(key)
        if value is None:
            return None
        if not isinstance(value, str):
            self.bad((key,), "token-ref", field=key)
            return None
        for token in self.table.tokens:
            if _fold(token.id) == _fold(value):
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
                        if isinstance(value, str) and _fold(t.id) == _fold(value)
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

    def refuse_if_any(self) -> None:
        if self.problems:
            raise Refused(self.problems)


def _roll_call(fighters: tuple[Fighter, ...]) -> str:
    return ", ".join(f"{f.id} {f.name}" for f in fighters)


def _arms(fighter: Fighter) -> str:
    return ", ".join(f"{i + 1} {w.name}" for i, w in enumerate(fighter.spec.slots) if w is not None)
