"""The table's state in a battle record (docs/rules.md D20): units, missile tokens, the round.

Plain frozen data, changed only by the play rules (``play_attack``, ``play_missiles``,
``play_round``): every action gives a new state, so an undo is a step back in a list. A unit's
parts hold their *current* durability: damage is recorded at once and may take a part to 0 or
below, but nothing is destroyed before the end-of-round resolution (§1.5, 2-4c).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Protocol

from .model import UnitSpec, UnitState
from .scoring import remaining_durability
from .state_odds import LAST_ROUND


class PlayRefusal(ValueError):
    """An action the rules refuse, as data: the message key, where in the action it is about,
    and what the message names (the rules core prints nothing)."""

    def __init__(self, key: str, at: tuple[str | int, ...] = (), **params: object) -> None:
        super().__init__(f"{key} at {'.'.join(map(str, at))}: {params}")
        self.key = key
        self.at = at
        self.params = params


class Faces(Protocol):
    """The dice of one action (the players' faces, or rolled ones), by the action's key."""

    def take(self, key: str, count: int, sides: int = 6) -> list[int]: ...

    def next(self, key: str, sides: int = 6) -> int: ...


@dataclass(frozen=True)
class Zuzzer:
    """A zuzzer (skid) token: a dash or side step leaves one until its slide (2-4b)."""

    distance: float
    direction: str = ""


@dataclass(frozen=True)
class Fighter:
    """A unit on the table: the unit as built (``spec``) and where it stands."""

    id: int
    side: int
    name: str
    frame_id: str
    spec: UnitSpec
    frame: int  # current frame durability (<= 0: destroyed at this round's resolution)
    parts: tuple[int, int, int]  # current durability per slot (0 for an empty slot)
    broken: tuple[bool, bool, bool] = (False, False, False)  # weapons destroyed
    ammo: tuple[int | None, int | None, int | None] = (None, None, None)
    destroyed: bool = False  # the unit: its frame was destroyed; it has left play
    zuzzer: Zuzzer | None = None
    centre: float | None = None  # distance to the table centre, base widths (§1.7)
    fired: tuple[int, ...] = ()  # slots (0-based) that attacked or launched this round
    single: int | None = None  # the slot declared as this round's only weapon
    done: bool = False  # this round's attacks on the unit are done (D21)
    name_ja: str | None = None  # its Japanese name (None: its team file gives none)

    @classmethod
    def whole(cls, id: int, side: int, name: str, frame_id: str, spec: UnitSpec) -> Fighter:
        """A unit before the first round: every part whole, every magazine full."""
        return cls(
            id,
            side,
            name,
            frame_id,
            spec,
            spec.frame_durability,
            tuple(w.durability if w is not None else 0 for w in spec.slots),  # type: ignore[arg-type]
            (False, False, False),
            tuple(w.ammo if w is not None else None for w in spec.slots),  # type: ignore[arg-type]
        )

    def restarted(self) -> Fighter:
        """The same unit as it stood before the first round."""
        return replace(
            Fighter.whole(self.id, self.side, self.name, self.frame_id, self.spec),
            centre=None,
            name_ja=self.name_ja,
        )

    @property
    def alive(self) -> bool:
        return not self.destroyed

    def mounted(self, slot: int) -> bool:
        return self.spec.slots[slot] is not None

    def intact(self, slot: int) -> bool:
        """A weapon mounted and not destroyed (at 0 or below it still is, until 2-4c)."""
        return self.spec.slots[slot] is not None and not self.broken[slot]

    def unit_state(self) -> UnitState:
        """Where the unit stands, as the odds from the current state take it (D21)."""
        return UnitState(self.frame, self.parts, self.broken, self.ammo, self.destroyed)

    def remaining(self) -> int:
        """D6: the remaining durability of the intact parts (0 for a destroyed unit)."""
        if self.destroyed:
            return 0
        slots = [self.parts[i] if self.intact(i) else None for i in range(3)]
        return remaining_durability(self.frame, slots)


@dataclass(frozen=True)
class Token:
    """A missile token in flight: whose launcher, aimed at which unit, how many missiles."""

    id: str  # T1, T2 … in launch order
    owner: int
    slot: int  # 0-based slot of the launcher
    target: int
    count: int
    power: int


@dataclass(frozen=True)
class Table:
    """The whole state of a battle between two sides."""

    round: int
    fighters: tuple[Fighter, ...]
    tokens: tuple[Token, ...] = ()
    launched: int = 0  # tokens made so far: the next one is T<launched + 1>
    obstacles: tuple[tuple[str, int], ...] = ()  # damage each named obstacle has taken
    over: bool = False
    names: tuple[str, ...] = ()  # each side's name (its team's)
    last_round: int = LAST_ROUND
    names_ja: tuple[str | None, ...] = ()  # each side's Japanese name (None: none; (): no side)

    @classmethod
    def begin(
        cls,
        fighters: Sequence[Fighter],
        names: Sequence[str] = (),
        names_ja: Sequence[str | None] = (),
    ) -> Table:
        return cls(1, tuple(fighters), names=tuple(names), names_ja=tuple(names_ja))

    def restarted(self) -> Table:
        """The same units as they stood before the first round."""
        return Table.begin([f.restarted() for f in self.fighters], self.names, self.names_ja)

    def fighter(self, unit_id: int) -> Fighter | None:
        return next((f for f in self.fighters if f.id == unit_id), None)

    def token(self, token_id: str) -> Token | None:
        return next((t for t in self.tokens if t.id == token_id), None)

    def with_fighter(self, fighter: Fighter) -> Table:
        return replace(
            self, fighters=tuple(fighter if f.id == fighter.id else f for f in self.fighters)
        )

    def with_token(self, token: Token) -> Table:
        """``token`` in place of the one with its id; removed when its count is 0."""
        tokens = tuple(
            token if t.id == token.id else t for t in self.tokens if t.id != token.id or token.count
        )
        return replace(self, tokens=tokens)

    def without_tokens(self, *ids: str) -> Table:
        return replace(self, tokens=tuple(t for t in self.tokens if t.id not in ids))

    def sides(self) -> tuple[int, ...]:
        return tuple(sorted({f.side for f in self.fighters}))

    def side_alive(self, side: int) -> bool:
        return any(f.alive for f in self.fighters if f.side == side)
