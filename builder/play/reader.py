"""The part of reading one action every game shares (docs/design.md "Battle records and actions").

A game's reader subclasses :class:`ActionReader`, names its actions' keys (``keys``, ``required``)
and its message table, and adds the readers of its own values (a weapon, a token, a path). The
shared readers here take what every game's actions name: a unit by ID or name, a number, a whole
number in a range, a yes/no, a word. Each keeps its problem (at its place in the action) and
goes on, so that ``refuse_if_any`` refuses the action with every problem at once.

Messages are looked up in the game's table first, then in this package's: a game words a unit as
its players call it (機体, キャラクター) by giving ``no-such-unit`` and ``unit-ref`` itself. A unit
is named by its ``name`` or, where its team file gives one, its Japanese ``name_ja``.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Collection, Mapping, Sequence
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from builder.core.i18n import Pair, shown_name
from builder.core.messages import Message, Messages
from builder.core.problems import closest
from builder.systems import Refused

MESSAGES = Messages.load(__file__)

At = tuple[str | int, ...]
"""A place inside one action (``("blockers", 0, "unit")``)."""


class Named(Protocol):
    """A unit on the table: an ID the record gives and the name its team gave."""

    @property
    def id(self) -> int: ...

    @property
    def name(self) -> str: ...


class PlayTable(Protocol):
    """What the shared readers need of a game's table: the round and who is on it."""

    @property
    def round(self) -> int: ...

    @property
    def fighters(self) -> Sequence[Named]: ...

    def fighter(self, unit: int) -> Named | None: ...


TableT = TypeVar("TableT", bound=PlayTable)
CatalogT = TypeVar("CatalogT")


def fold(text: str) -> str:
    """A name as players type it: width, case and spaces at the ends ignored (ＢＵＬＷＡＲＫ)."""
    return unicodedata.normalize("NFKC", text).strip().casefold()


def unit_label(table: PlayTable, unit: int) -> Pair:
    """``4 Kestrel`` / ``4 ケストレル``: a unit's ID and its name in each language (its
    Japanese name where it has one); the bare ID for a unit not on the table."""
    found = table.fighter(unit)
    if found is None:
        return (str(unit), str(unit))
    return (f"{unit} {found.name}", f"{unit} {shown_name(found, 'ja')}")


def roll_call(table: PlayTable) -> Pair:
    """Every unit's ID and name, in each language (its Japanese name where it has one)."""
    fighters = table.fighters
    return (
        ", ".join(f"{f.id} {f.name}" for f in fighters),
        "、".join(f"{f.id} {shown_name(f, 'ja')}" for f in fighters),
    )


class ActionReader(Generic[TableT, CatalogT]):
    """One action's values, typed; every problem kept (``problems``) to be refused at once."""

    common: ClassVar[tuple[str, ...]] = ("do", "round", "roll")
    """The keys every action may have."""
    keys: ClassVar[Mapping[str, tuple[str, ...]]] = {}
    """Each action's own keys (beside ``common``)."""
    required: ClassVar[Mapping[str, tuple[str, ...]]] = {}
    """The keys each action cannot do without."""
    messages: ClassVar[Messages] = MESSAGES
    """The game's message table, looked up before this package's."""

    def __init__(self, action: dict[str, Any], table: TableT, catalog: CatalogT) -> None:
        self.action = action
        self.table = table
        self.catalog = catalog
        self.problems: list[tuple[At, Message]] = []

    def say(self, key: str, **params: object) -> Message:
        table = self.messages if key in self.messages else MESSAGES
        return table(key, **params)

    def bad(self, at: At, key: str, **params: object) -> None:
        self.problems.append((at, self.say(key, **params)))

    def check_keys(self, do: str) -> None:
        """Every key the action ``do`` does not take, every one it needs and lacks, its round."""
        own = tuple(self.keys.get(do, ()))
        allowed = (*self.common, *own)
        for key in self.action:
            if key not in allowed:
                hint = closest(str(key), list(allowed))
                self.bad(
                    (key,),
                    "action-unknown-key",
                    field=key,
                    do=do,
                    keys=", ".join(own) or "—",
                    hint=self.say("did-you-mean", word=hint) if hint else "",
                )
        for key in self.required.get(do, ()):
            if self.action.get(key) is None:
                self.bad((), "action-missing-key", field=key, do=do)
        round_no = self.action.get("round")
        if round_no is not None and round_no != self.table.round:
            self.bad(("round",), "wrong-round", given=round_no, round=self.table.round)

    def roll_call(self) -> Pair:
        return roll_call(self.table)

    def unit(self, key: str, value: Any = ..., at: At | None = None) -> int | None:
        """A unit named by ID or name (case and width ignored) -> its ID; ``value`` and ``at``
        read one inside a list (``blockers: [{unit: 5}]``) instead of the action's ``key``."""
        value = self.action.get(key) if value is ... else value
        at = (key,) if at is None else at
        if value is None:
            return None
        if isinstance(value, int) and not isinstance(value, bool):
            if self.table.fighter(value) is None:
                self.bad(at, "no-such-unit", unit=value, units=self.roll_call())
                return None
            return value
        if isinstance(value, str):
            fighters = self.table.fighters
            exact = [f for f in fighters if value in (f.name, shown_name(f, "ja"))]
            found = exact or [
                f for f in fighters if fold(value) in (fold(f.name), fold(shown_name(f, "ja")))
            ]
            if len(found) == 1:
                return found[0].id
            if len(found) > 1:
                ids = ", ".join(str(f.id) for f in found)
                self.bad(at, "unit-name-twice", name=value, ids=ids)
                return None
            self.bad(at, "no-such-unit", unit=value, units=self.roll_call())
            return None
        self.bad(at, "unit-ref", field=key)
        return None

    def owner(self, unit_id: int | None, key: str) -> Any:
        """The unit whose weapon (or other thing) the action names under ``key``, or None when
        the action leaves ``key`` out or the unit could not be read."""
        if self.action.get(key) is None or unit_id is None:
            return None
        fighter = self.table.fighter(unit_id)
        assert fighter is not None  # read by unit(): it is on the table
        return fighter

    def place(
        self, key: str, names: Sequence[Collection[str]], unit: Pair, listed: Pair
    ) -> int | None:
        """The action's ``key``: one of a unit's weapons by its place (1 …) or by one of its
        names (``names``: each weapon's; case and width ignored) -> its place (0 …). ``unit``
        and ``listed`` (the weapons, in each language) word the game's ``weapon-place`` and
        ``no-such-weapon``."""
        value = self.action.get(key)
        if isinstance(value, int) and not isinstance(value, bool):
            if not 1 <= value <= len(names):
                self.bad((key,), "weapon-place", unit=unit, got=value, weapons=listed)
                return None
            return value - 1
        if isinstance(value, str):
            wanted = fold(value)
            for i, own in enumerate(names):
                if wanted in {fold(n) for n in own}:
                    return i
        self.bad((key,), "no-such-weapon", unit=unit, weapon=value, weapons=listed)
        return None

    def number(self, key: str, low: float = 0) -> float | None:
        """A number (a distance) of at least ``low``, or None when the action leaves it out."""
        value = self.action.get(key)
        if value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, int | float) or value < low:
            self.bad((key,), "not-a-distance", field=key)
            return None
        return float(value)

    def whole(self, key: str, low: int, high: int) -> int | None:
        """A whole number from ``low`` to ``high``, or None when the action leaves it out."""
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

    def refuse_if_any(self) -> None:
        """Refuse the action, with every problem found, if there is any."""
        if self.problems:
            raise Refused(self.problems)


__all__ = ["ActionReader", "At", "Named", "PlayTable", "fold", "roll_call", "unit_label"]
