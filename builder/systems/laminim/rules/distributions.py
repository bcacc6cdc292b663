"""Exact per-attack distributions: where each die lands and what it does.

Everything here is exact (``Fraction``) except ``missiles_destroyed``, which returns floats for
display. Part indices: 0 = frame, 1..3 = slot 1..3. Damage vectors are ``(frame, slot1, slot2,
slot3)`` after the shield's reduction (D4).
"""

from __future__ import annotations

from fractions import Fraction
from math import comb

from .hit_odds import hit_probability
from .model import ThreatAttack, UnitSpec, WeaponSpec
from .silhouette import Destroyed, face_parts

DieOutcome = tuple[int | None, int, Fraction]  # (part index or None, damage dealt, probability)
DamageVector = tuple[int, int, int, int]


def contact_probability(weapon: WeaponSpec, bonus: int) -> Fraction:
    """P(one die of this weapon reaches the unit): missiles always contact (no hit roll)."""
    if not weapon.makes_attacks:
        return Fraction(0)
    if weapon.kind == "missile":
        return Fraction(1)
    return hit_probability(bonus)


def damage_taken(unit: UnitSpec, part: int, power: int) -> int:
    """D4: a shield (a weapon with a guard) takes every hit reduced by its reduction, never < 0."""
    if part == 0:
        return power
    weapon = unit.slots[part - 1]
    if weapon is not None and weapon.guard is not None:
        return max(0, power - weapon.guard.reduction)
    return power


def location_outcomes(
    unit: UnitSpec, power: int, destroyed: Destroyed = (False, False, False)
) -> tuple[DieOutcome, ...]:
    """One location die (docs/rules.md §1.3): the part it damages and by how much; None = invalid
    face. Outcomes in the order of the first face showing each, each 1/6 per face."""
    faces: dict[tuple[int | None, int], int] = {}
    for part, guard in face_parts(unit, destroyed):
        hit = part if guard is None else guard + 1
        dealt = 0 if hit is None else damage_taken(unit, hit, power)
        faces[(hit, dealt)] = faces.get((hit, dealt), 0) + 1
    return tuple((part, dealt, _SIXTHS[n]) for (part, dealt), n in faces.items())


_SIXTHS = tuple(Fraction(n, 6) for n in range(7))


def die_outcomes(
    unit: UnitSpec, weapon: WeaponSpec, bonus: int, destroyed: Destroyed = (False, False, False)
) -> tuple[DieOutcome, ...]:
    """One attack die: contact (hit roll or missile contact), then a location check."""
    contact = contact_probability(weapon, bonus)
    outcomes = [
        (part, dealt, p * contact)
        for part, dealt, p in location_outcomes(unit, weapon.power, destroyed)
    ]
    if contact < 1:
        outcomes.append((None, 0, 1 - contact))
    return tuple(o for o in outcomes if o[2] > 0)


def attack_damage_distribution(
    unit: UnitSpec, attack: ThreatAttack, destroyed: Destroyed = (False, False, False)
) -> dict[DamageVector, Fraction]:
    """Exact distribution of the damage one attack (all its dice) deals to each part.

    Normal/melee dice roll the hit table with ``attack.bonus``; a missile salvo contacts with every
    missile. Damage is not clipped: clipping belongs to the part's durability, not to the attack.

    >>> from .model import WeaponSpec, UnitSpec, ThreatAttack
    >>> gun = WeaponSpec("gun", "normal", 10, 3, 1, None, 0)
    >>> bare = UnitSpec("u", 10, (None, None, None))
    >>> dist = attack_damage_distribution(bare, ThreatAttack(gun, 5))
    >>> dist[(3, 0, 0, 0)], dist[(0, 0, 0, 0)]
    (Fraction(1, 2), Fraction(1, 2))
    """
    dist: dict[DamageVector, Fraction] = {(0, 0, 0, 0): Fraction(1)}
    die = die_outcomes(unit, attack.weapon, attack.bonus, destroyed)
    for _ in range(attack.weapon.attacks if attack.weapon.makes_attacks else 0):
        nxt: dict[DamageVector, Fraction] = {}
        for vec, p in dist.items():
            for part, dealt, q in die:
                new = list(vec)
                if part is not None:
                    new[part] += dealt
                key = (new[0], new[1], new[2], new[3])
                nxt[key] = nxt.get(key, Fraction(0)) + p * q
        dist = nxt
    return dist


def expected_damage(
    unit: UnitSpec, attack: ThreatAttack, destroyed: Destroyed = (False, False, False)
) -> DamageVector | tuple[Fraction, ...]:
    """Mean damage per part of one attack (linear, so no need to build the distribution)."""
    die = die_outcomes(unit, attack.weapon, attack.bonus, destroyed)
    n = attack.weapon.attacks if attack.weapon.makes_attacks else 0
    means = [Fraction(0)] * 4
    for part, dealt, q in die:
        if part is not None:
            means[part] += n * dealt * q
    return tuple(means)


def missiles_destroyed(weapon: WeaponSpec, bonus: int) -> tuple[float, ...]:
    """P(k missiles removed), k = 0..attacks, when ``weapon`` shoots at a missile token.

    Each die that hits removes one missile whatever the power (docs/rules.md §1.2):
    binomial(attacks, p)."""
    n = weapon.attacks if weapon.makes_attacks else 0
    p = contact_probability(weapon, bonus)
    return tuple(float(comb(n, k) * p**k * (1 - p) ** (n - k)) for k in range(n + 1))
