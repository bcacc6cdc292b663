"""D10: a die succeeds when ``die - modifier >= target number``; the modifier makes it harder.

The attack's modifier counts the enemy MS within 10 cm of the attacker other than the target
(seed ②: "自機から10㎝以内にいる攻撃対象以外の敵MSミニチュア1機毎に…マイナス1"). There is no
automatic success or failure: a needed face above 6 never succeeds, one of 1 or less always does.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction

from .model import UnitKind, WeaponStats

DIE_FACES = 6
NEAR_CM = 10
"""Enemy MS at this distance or closer (以内) count for the D10 modifier."""


def needed_face(target_number: int, modifier: int) -> int:
    """The lowest die face that succeeds: ``target_number + modifier``."""
    if modifier < 0:
        raise ValueError(f"a D10 modifier counts enemy MS and is never negative, got {modifier}")
    return target_number + modifier


def p_success(target_number: int, modifier: int = 0) -> Fraction:
    """Probability that one d6 succeeds on ``target_number``+ with the D10 modifier."""
    need = needed_face(target_number, modifier)
    faces = min(DIE_FACES, max(0, DIE_FACES + 1 - need))
    return Fraction(faces, DIE_FACES)


def p_hit(weapon: WeaponStats, target_kind: UnitKind, near: int = 0) -> Fraction:
    """Per-die hit chance of ``weapon`` at an MS (A.MS) or a ship (A.S), D10 modifier ``near``."""
    return p_success(weapon.to_hit(target_kind), near)


def near_modifier(other_enemy_ms_cm: Iterable[float]) -> int:
    """D10 modifier from the distances (cm) of the enemy MS that are *not* the target/attacker.

    Pass the distances of every enemy MS except the one being attacked (for an attack) or the one
    attacking (for an evasion); those within 10 cm count one each.
    """
    return sum(1 for d in other_enemy_ms_cm if d <= NEAR_CM)


def in_range(weapon: WeaponStats, distance_cm: float) -> bool:
    """A weapon reaches targets within its range (射程: 数字×㎝以内)."""
    return distance_cm <= weapon.range
