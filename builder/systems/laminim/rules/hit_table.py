"""The hit table of a normal or melee attack (docs/rules.md §1.2): bonuses, then obstruction
overwrite."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

Outcome = Literal["target", "miss", "obstruction"]


@dataclass(frozen=True)
class Obstruction:
    """Something touching the firing band; on the centre line it overwrites two faces, else one."""

    label: str
    on_centre_line: bool


@dataclass(frozen=True)
class FaceOutcome:
    """What face ``face`` of a hit die means after the bonus and the obstructions."""

    face: int
    outcome: Outcome
    obstruction: int | None = None  # index into the obstructions, nearest first


def success_faces(bonus: int) -> int:
    """Number of succeeding faces with total bonus B: min(6, 1 + B), never below 0."""
    return max(0, min(6, 1 + bonus))


def hit_probability(bonus: int) -> Fraction:
    """P(one die hits the target) with no obstruction: min(6, 1 + B) / 6 (B >= 5: certain).

    >>> hit_probability(2)
    Fraction(1, 2)
    """
    return Fraction(success_faces(bonus), 6)


def hit_bonus(
    attacker_zuzzer: bool,
    target_zuzzer: bool,
    single_weapon: bool,
    rear: bool,
    downed: bool,
) -> int:
    """Total bonus B (docs/rules.md §1.2). D3: a zuzzer token (high speed) *removes* an aim bonus.

    >>> hit_bonus(attacker_zuzzer=True, target_zuzzer=False, single_weapon=True,
    ...           rear=False, downed=False)
    3
    """
    aim = int(not attacker_zuzzer) + int(not target_zuzzer)
    return aim + 2 * int(single_weapon) + int(rear) + int(downed)


def hit_table(bonus: int, obstructions: Sequence[Obstruction] = ()) -> tuple[FaceOutcome, ...]:
    """Faces 1..6 after the bonus and the misfire overwrite (nearest blocker from face 1 upward).

    Face 6 is not protected: enough blockers overwrite the whole table.
    """
    first_success = 7 - success_faces(bonus)
    table = [
        FaceOutcome(face, "target" if face >= first_success else "miss") for face in range(1, 7)
    ]
    face = 1
    for index, blocker in enumerate(obstructions):
        for _ in range(2 if blocker.on_centre_line else 1):
            if face > 6:
                break
            table[face - 1] = FaceOutcome(face, "obstruction", index)
            face += 1
    return tuple(table)
