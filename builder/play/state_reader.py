"""The part of reading a record's state every game shares (:meth:`Battle.read_state
<builder.systems.battle.Battle.read_state>`, docs/design.md "Battle records and actions").

A game's state reader subclasses :class:`StateReader`, names its message table (which words
``state-missing-key``, ``state-whole``, ``state-yes-no``, ``state-unknown-key``, ``state-names``,
``state-ids`` and ``state-mapping``) and adds
the readers of its own values (a cell, a list of IDs). Each reader keeps its problem, at its
path from the record's top, and goes on: the game refuses the state with every problem at once.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, ClassVar

from builder.core.messages import Message, Messages

At = tuple[str | int, ...]
"""A place in the record (``("units", 2, "hp")``)."""


def record_number(value: float | None) -> float | int | None:
    """A number (a distance, a level) as the record shows it: 3 for 3.0, 3.5 as it is."""
    if value is None:
        return None
    return int(value) if float(value).is_integer() else value


class StateReader:
    """A record's state values, typed; every problem kept (``problems``)."""

    messages: ClassVar[Messages]
    """The game's message table."""

    def __init__(self) -> None:
        self.problems: list[tuple[At, Message]] = []

    def bad(self, at: At, key: str, **params: object) -> None:
        self.problems.append((at, self.messages(key, **params)))

    def whole(
        self, data: dict[str, Any], key: str, at: At, low: int | None, none: bool = False
    ) -> Any:
        """``data[key]``, a whole number of at least ``low`` (None: no least), or None where
        ``none`` allows it; a problem and ``low`` (or 0) when it is missing or not one."""
        if key not in data:
            self.bad((*at, key), "state-missing-key", field=key)
            return None if none else (low or 0)
        value = data[key]
        if value is None and none:
            return None
        if (
            isinstance(value, bool)
            or not isinstance(value, int)
            or (low is not None and value < low)
        ):
            self.bad((*at, key), "state-whole", field=key, low=low if low is not None else "−∞")
            return None if none else (low or 0)
        return value

    def flag(self, data: dict[str, Any], key: str, at: At) -> bool:
        """``data[key]``, true or false (missing: false)."""
        value = data.get(key, False)
        if not isinstance(value, bool):
            self.bad((*at, key), "state-yes-no", field=key)
            return False
        return value

    def names(self, data: dict[str, Any]) -> list[str]:
        """``data["names"]``, the sides' names (missing: none); a problem and none when it is
        not a list of words."""
        names = data.get("names", [])
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
            self.bad(("names",), "state-names")
            return []
        return names

    def ids(self, data: dict[str, Any], key: str) -> tuple[int, ...]:
        """``data[key]``, a list of unit IDs (missing: none); a problem and none when it is
        not one."""
        value = data.get(key, [])
        if not isinstance(value, list) or not all(
            isinstance(a, int) and not isinstance(a, bool) for a in value
        ):
            self.bad((key,), "state-ids", field=key)
            return ()
        return tuple(value)

    def mapping(
        self, data: dict[str, Any], key: str, allowed: tuple[str, ...]
    ) -> dict[str, Any] | None:
        """``data[key]``, a mapping of the keys ``allowed`` (each other key a problem); None
        when it is left out or null, or (a problem) when it is no mapping."""
        raw = data.get(key)
        if raw is None:
            return None
        if not isinstance(raw, dict):
            self.bad((key,), "state-mapping")
            return None
        self.keys(raw, allowed, (key,))
        return raw

    def keys(self, data: dict[str, Any], allowed: tuple[str, ...], at: At) -> None:
        """A problem for each key of ``data`` not in ``allowed``."""
        for key in data:
            if key not in allowed:
                self.bad((*at, key), "state-unknown-key", field=key, keys=", ".join(allowed))

    def units(
        self, data: dict[str, Any], allowed: tuple[str, ...]
    ) -> Iterator[tuple[At, dict[str, Any], int, int, str]]:
        """Each entry of ``data["units"]`` that is a mapping: its place, the mapping, and its
        ID, side and name, read (its keys checked against ``allowed``; a problem for a list
        that is missing, an entry that is no mapping, a side but 1 or 2, a missing name)."""
        raw_units = data.get("units")
        if not isinstance(raw_units, list):
            self.bad(("units",), "state-units")
            raw_units = []
        for i, entry in enumerate(raw_units):
            at: At = ("units", i)
            if not isinstance(entry, dict):
                self.bad(at, "state-mapping")
                continue
            self.keys(entry, allowed, at)
            uid = self.whole(entry, "id", at, 1)
            side = self.whole(entry, "side", at, 1)
            if side > 2:
                self.bad((*at, "side"), "state-side")
            name = entry.get("name")
            if not isinstance(name, str) or not name.strip():
                self.bad((*at, "name"), "state-name")
                name = str(name)
            yield at, entry, uid, side, name


__all__ = ["At", "StateReader", "record_number"]
