"""Round set-up of docs/rules.md §3: initiative, D15 AP normalisation, evasion movement."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal


def normalise_ap(ap: Sequence[int]) -> list[int]:
    """D15: if any AP is 1 or less, raise everyone's by the same amount so the lowest is 2.

    >>> normalise_ap([2, 1, -1])  # the seed's example
    [5, 4, 2]
    """
    values = list(ap)
    if not values:
        return values
    lowest = min(values)
    if lowest > 1:
        return values
    return [v + 2 - lowest for v in values]


def evasion_movement(evasion_ap: int) -> int:
    """AP worth of pure movement that evasion AP give: 1 per 2 AP put into evasion."""
    if evasion_ap < 0:
        raise ValueError(f"evasion AP must be 0 or more, not {evasion_ap}")
    return evasion_ap // 2


@dataclass(frozen=True)
class Leader:
    """A side's leader for initiative: intellect and the tactics skill (None: no tactics)."""

    intellect: int
    tactics: int | None


def tactical_ability(leader: Leader) -> int | None:
    """Tactical ability = intellect + tactics; None for a leader without the tactics skill."""
    return None if leader.tactics is None else leader.intellect + leader.tactics


def initiative(pc: Leader, enemy: Leader) -> Literal["pc", "enemy"]:
    """Which side takes the initiative: the higher tactical ability, ties to the PCs; a side
    without tactics loses outright. (Neither with tactics: the seed is silent; we compare
    intellect alone, ties to the PCs.)"""
    a, b = tactical_ability(pc), tactical_ability(enemy)
    if a is None and b is None:
        return "pc" if pc.intellect >= enemy.intellect else "enemy"
    if b is None:
        return "pc"
    if a is None:
        return "enemy"
    return "pc" if a >= b else "enemy"
