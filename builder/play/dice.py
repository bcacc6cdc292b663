"""The faces of one action (the kit's :class:`~builder.systems.battle.Dice`): the player's,
then the record's seeded rolls when the action asks for them (``roll: true``).

Faces are pulled by the game in rule order, under the key of the action that holds them
(``hits``, ``locations``, ``dice`` …). A face that does not exist (0, 7, ``x``) is refused at its
own place in the file; too few faces without ``roll: true``, or faces left over once the rules
are done, are refused too. A rolled face comes from a generator seeded by the record's seed, the
action's place in the log and the key, so the same record rolls the same faces again; every
face used, given or rolled, is written to the log, and a replay reads them from there.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from builder.core.messages import Messages
from builder.systems import Refused

MESSAGES = Messages.load(__file__)


class ActionDice:
    """The dice of one action; ``used`` holds every face taken, by key, for the log."""

    def __init__(self, action: Mapping[str, Any], roll: bool, seed: str) -> None:
        self._given: dict[str, list[Any]] = {}
        for key, value in action.items():
            if isinstance(value, list):
                self._given[key] = value
        self._roll = roll
        self._seed = seed
        self._rngs: dict[str, random.Random] = {}
        self.used: dict[str, list[int]] = {}

    def _face(self, key: str, index: int, sides: int) -> int | None:
        given = self._given.get(key, [])
        if index >= len(given):
            return None
        value = given[index]
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= sides:
            raise Refused.at((key, index), MESSAGES("no-such-face", face=value, sides=sides))
        return value

    def _rolled(self, key: str, sides: int) -> int:
        if key not in self._rngs:
            self._rngs[key] = random.Random(f"{self._seed}/{key}")
        return self._rngs[key].randint(1, sides)

    def next(self, key: str, sides: int = 6) -> int:
        used = self.used.setdefault(key, [])
        face = self._face(key, len(used), sides)
        if face is None:
            if not self._roll:
                given = len(self._given.get(key, []))
                raise Refused.at((key,), MESSAGES("too-few-faces", field=key, given=given))
            face = self._rolled(key, sides)
        used.append(face)
        return face

    def take(self, key: str, count: int, sides: int = 6) -> list[int]:
        start = len(self.used.setdefault(key, []))
        given = len(self._given.get(key, []))
        if not self._roll and given < start + count:
            raise Refused.at(
                (key,), MESSAGES("faces-needed", field=key, needed=start + count, given=given)
            )
        return [self.next(key, sides) for _ in range(count)]

    def left_over(self) -> list[tuple[tuple[str | int, ...], int]]:
        """Faces given beyond those the rules took, under each key they took dice from (the
        game takes 0 faces of a key it needs none of): (path of the first extra face, count)."""
        out: list[tuple[tuple[str | int, ...], int]] = []
        for key, used in self.used.items():
            given = len(self._given.get(key, []))
            if given > len(used):
                out.append(((key, len(used)), given - len(used)))
        return out
