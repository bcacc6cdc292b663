"""Cook-off (誘爆, docs/rules.md §1.5, D5): a destroyed weapon with ammo rolls one d6 per ammo unit.

Each 1 is a location check on its own unit (parts destroyed so far are invalid; parts brought to
<= 0 in the current wave are still valid) dealing the weapon's power; a shield reduces it (D4).
The target never spends ammo (D7), so a weapon always cooks off with its full ammo.
"""

from __future__ import annotations

from fractions import Fraction

from .distributions import DieOutcome, location_outcomes
from .model import UnitSpec, WeaponSpec
from .silhouette import Destroyed

COOK_OFF_FACE = 1
P_COOK_OFF_DIE = Fraction(1, 6)


def cook_off_dice(weapon: WeaponSpec | None) -> int:
    """D5: dice = remaining ammo units (full ammo); weapons with no ammo never cook off."""
    return 0 if weapon is None else weapon.cook_off_dice


def p_no_cook_off(dice: int) -> Fraction:
    """P(none of ``dice`` cook-off dice shows a 1)."""
    return (1 - P_COOK_OFF_DIE) ** dice


def cook_off_die_outcomes(
    unit: UnitSpec, slot: int, destroyed: Destroyed
) -> tuple[DieOutcome, ...]:
    """One cook-off die of the weapon in ``slot`` (0-based): a 1, then a location check.

    ``destroyed`` must already include the cooking weapon and every part of its wave.
    Outcomes that change nothing (no 1, invalid face) are merged into ``(None, 0, p)``.
    """
    weapon = unit.slots[slot]
    if weapon is None:
        raise ValueError(f"slot {slot + 1} is empty and cannot cook off")
    stay = 1 - P_COOK_OFF_DIE
    outcomes: list[DieOutcome] = []
    for part, dealt, p in location_outcomes(unit, weapon.power, destroyed):
        if part is None or dealt == 0:
            stay += P_COOK_OFF_DIE * p
        else:
            outcomes.append((part, dealt, P_COOK_OFF_DIE * p))
    outcomes.append((None, 0, stay))
    return tuple(outcomes)
