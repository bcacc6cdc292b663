"""Reading one soh action's values (the shape every game's action reader has: its keys checked,
units by ID or name, numbers and flags typed, every problem kept to be refused at once)."""

from __future__ import annotations

from typing import Any, ClassVar

from builder.core.messages import Message, Messages
from builder.core.names import fold
from builder.core.problems import closest
from builder.systems.battle import Refused

MESSAGES = Messages.load(__file__)

COMMON = ("do", "round", "roll")


class ActionReader:
    """One action's values, typed; ``problems`` keeps every problem to refuse at once."""

    keys: ClassVar[dict[str, tuple[str, ...]]] = {}
    required: ClassVar[dict[str, tuple[str, ...]]] = {}

    def __init__(
        self,
        action: dict[str, Any],
        table: Any,
        units: list[tuple[int, str]],
        roll_call: tuple[str, str] | None = None,
    ) -> None:
        self.action = action
        self.table = table
        self.units = units
        """Every (ID, name) a unit may be called by."""
        listed = ", ".join(f"{i} {n}" for i, n in dict(units).items())
        self.roll_call = roll_call or (listed, listed)
        """The units, as a refusal lists them (in each language)."""
        self.problems: list[tuple[tuple[str | int, ...], Message]] = []

    def bad(self, at: tuple[str | int, ...], key: str, **params: object) -> None:
        self.problems.append((at, MESSAGES(key, **params)))

    def check_keys(self, do: str) -> None:
        allowed = (*COMMON, *self.keys[do])
        for key in self.action:
            if key not in allowed:
                hint = closest(str(key), list(allowed))
                self.bad(
                    (key,),
                    "action-unknown-key",
                    field=key,
                    do=do,
                    keys=", ".join(self.keys[do]) or "—",
                    hint=MESSAGES("did-you-mean", word=hint) if hint else "",
                )
        for key in self.required[do]:
            if self.action.get(key) is None:
                self.bad((), "action-missing-key", field=key, do=do)
        round_no = self.action.get("round")
        if round_no is not None and round_no != self.table.round:
            self.bad(("round",), "wrong-round", given=round_no, round=self.table.round)

    def unit(self, key: str) -> int | None:
        """A unit by ID or name (case and width ignored) -> its ID."""
        value = self.action.get(key)
        if value is None:
            return None
        roll_call = self.roll_call
        if isinstance(value, int) and not isinstance(value, bool):
            if value not in {i for i, _ in self.units}:
                self.bad((key,), "no-such-unit", unit=value, units=roll_call)
                return None
            return value
        if isinstance(value, str):
            exact = [i for i, n in self.units if n == value]
            found = exact or [i for i, n in self.units if fold(n) == fold(value)]
            found = list(dict.fromkeys(found))
            if len(found) == 1:
                return found[0]
            if len(found) > 1:
                self.bad((key,), "unit-name-twice", name=value, ids=", ".join(map(str, found)))
                return None
            self.bad((key,), "no-such-unit", unit=value, units=roll_call)
            return None
        self.bad((key,), "unit-ref", field=key)
        return None

    def refuse_if_any(self) -> None:
        if self.problems:
            raise Refused(self.problems)
