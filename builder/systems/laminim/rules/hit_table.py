"""The hit table of a normal or melee attack (docs/rules.md §1.2): bonuses, then obstruction
overwrite. The odds of a hit with no obstruction are ``hit_odds``'s (re-exported here)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from .hit_odds import hit_bonus, hit_probability, success_faces

__all__ = [
    "FaceOutcome",
    "Obstruction",
    "hit_bonus",
    "hit_probability",
    "hit_table",
    "success_faces",
]

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
