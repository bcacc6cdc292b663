"""Expected damage a unit deals per round (the card's offence figure).

Assumptions (no seed rule covers this): every weapon fires every round at one target of the given
exposure with no obstruction; ammo, heat and range are ignored. A normal or melee die lands with
p(bonus) * exposure, a missile die with exposure (no hit roll; every missile contacts). With all
weapons firing the aim bonus is ``bonus_all`` (default +2, both aim bonuses); firing only one weapon
adds the +2 single-weapon bonus (``bonus_single``, default 4). Special weapons deal nothing.
"""

from __future__ import annotations

from dataclasses import dataclass

from .hit_odds import hit_probability
from .model import UnitSpec, WeaponSpec


@dataclass(frozen=True)
class DamageOutput:
    """Expected damage per round a unit deals (``damage_output``)."""

    all_weapons: float  # every weapon fires, each at bonus_all
    best_single: float  # the best one weapon alone, at bonus_single
    best_slot: int | None  # 0-based slot of that weapon; None when nothing deals damage
    per_slot: tuple[float | None, ...]  # each weapon at bonus_all; None = empty or no attack


def weapon_damage(weapon: WeaponSpec, exposure: float, bonus: int) -> float:
    """Expected damage of one weapon's attacks in one round."""
    if not weapon.makes_attacks:
        return 0.0
    land = 1.0 if weapon.kind == "missile" else float(hit_probability(bonus))
    return weapon.attacks * land * exposure * weapon.power


def damage_output(
    unit: UnitSpec, exposure: float, bonus_all: int = 2, bonus_single: int = 4
) -> DamageOutput:
    per_slot = tuple(
        weapon_damage(w, exposure, bonus_all) if w is not None and w.makes_attacks else None
        for w in unit.slots
    )
    best_slot: int | None = None
    best = 0.0
    for slot, weapon in enumerate(unit.slots):
        if weapon is None or not weapon.makes_attacks:
            continue
        value = weapon_damage(weapon, exposure, bonus_single)
        if best_slot is None or value > best:
            best_slot, best = slot, value
    return DamageOutput(sum(d for d in per_slot if d is not None), best, best_slot, per_slot)
