"""End-of-game scoring (docs/rules.md §1.7, D6): what the builder's "remaining durability" is for.

A surviving unit scores its remaining durability (D6: the sum over its intact parts) minus its
distance to the table centre, rounded down, never below 0. The higher team total wins; on a tie
the side with the unit nearest the centre wins.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Survivor:
    """A unit on the table at the end of the game."""

    frame: int  # remaining frame durability (> 0 for a surviving unit)
    slots: tuple[int | None, ...]  # remaining durability per slot; None = empty or destroyed
    distance: float  # to the table centre, in base widths


def remaining_durability(frame: int, slots: Iterable[int | None]) -> int:
    """D6: the remaining durability of the intact parts (frame + weapons not destroyed)."""
    if frame <= 0:
        return 0
    return frame + sum(s for s in slots if s is not None and s > 0)


def unit_score(unit: Survivor) -> int:
    """``max(0, remaining durability − floor(distance to the centre))``."""
    return max(0, remaining_durability(unit.frame, unit.slots) - math.floor(unit.distance))


def team_score(units: Iterable[Survivor]) -> int:
    return sum(unit_score(u) for u in units)


def winner(side_a: Sequence[Survivor], side_b: Sequence[Survivor]) -> str | None:
    """'a' or 'b'; a tied total goes to the side with the unit nearest the centre; None if even
    that ties (or neither side has a unit left)."""
    a, b = team_score(side_a), team_score(side_b)
    if a != b:
        return "a" if a > b else "b"
    nearest_a = min((u.distance for u in side_a), default=math.inf)
    nearest_b = min((u.distance for u in side_b), default=math.inf)
    if nearest_a == nearest_b:
        return None
    return "a" if nearest_a < nearest_b else "b"
