"""What every game's pure play rules share (``builder/systems/<game>/rules/``): a refusal as
data and where the dice come from.

The one module of builder a rules core may import (tests/test_layers.py): it imports the
standard library's typing alone, so a core that takes it stays pure.
"""

from __future__ import annotations

from typing import Protocol


class PlayRefusal(ValueError):
    """An action the rules refuse, as data: the key of the message the caller shows (the rules
    core prints nothing), where in the action it is about, and what the message names (a unit
    by its ID, a weapon by its id: the caller words them)."""

    def __init__(self, key: str, at: tuple[str | int, ...] = (), **params: object) -> None:
        super().__init__(f"{key} at {'.'.join(map(str, at))}: {params}")
        self.key = key
        self.at = at
        self.params = params


class Faces(Protocol):
    """Where the play rules take their dice from, in rule order, by the action's key (the
    players' faces, or rolled ones): the record's :class:`builder.systems.battle.Dice`."""

    def take(self, key: str, count: int, sides: int = 6) -> list[int]: ...

    def next(self, key: str, sides: int = 6) -> int: ...


__all__ = ["Faces", "PlayRefusal"]
