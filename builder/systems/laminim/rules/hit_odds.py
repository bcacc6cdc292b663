"""The odds of a hit roll with no obstruction (docs/rules.md §1.2): the total bonus and the
faces that succeed. What the exact chain needs of the hit table, without its faces and
obstructions (``hit_table``), so that an analysis does not load them."""

from __future__ import annotations

from fractions import Fraction


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
