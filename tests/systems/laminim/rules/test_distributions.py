"""Exact single-attack distributions (docs/rules.md §1.2-§1.4)."""

from __future__ import annotations

from fractions import Fraction
from math import comb

import pytest

from builder.systems.laminim.rules import (
    ThreatAttack,
    attack_damage_distribution,
    expected_damage,
    location_outcomes,
    missiles_destroyed,
)
from systems.laminim.rules.conftest import GATLING, MISSILE, RIFLE, SHIELD, unit


def test_missile_salvo_has_no_hit_roll():
    target = unit("bastion", GATLING, MISSILE, MISSILE)
    low = attack_damage_distribution(target, ThreatAttack(MISSILE, -10))
    high = attack_damage_distribution(target, ThreatAttack(MISSILE, 5))
    assert low == high
    assert sum(p for vec, p in low.items() if sum(vec) == 5 * 8) == 1  # every missile lands
    assert expected_damage(target, ThreatAttack(MISSILE, 0))[0] == 5 * Fraction(3, 6) * 8


def test_normal_attack_rolls_the_hit_table():
    target = unit("striker")
    dist = attack_damage_distribution(target, ThreatAttack(RIFLE, 2))
    # a die reaches the frame with 1/2 (hit) * 1/2 (faces 1-3 of 6)
    assert dist[(0, 0, 0, 0)] == Fraction(3, 4) ** 4
    assert dist[(12, 0, 0, 0)] == Fraction(1, 4) ** 4
    assert sum(dist.values()) == 1


def test_invalid_face_has_no_effect():
    outcomes = location_outcomes(unit("striker", RIFLE), power=3)
    assert sum(p for part, _, p in outcomes if part is None) == Fraction(2, 6)
    assert sum(p for part, _, p in outcomes if part == 1) == Fraction(1, 6)


def test_d4_shield_hits_are_reduced_whatever_the_face():
    outcomes = location_outcomes(unit("striker", RIFLE, SHIELD), power=3)
    shield = [(dealt, p) for part, dealt, p in outcomes if part == 2]
    assert shield == [(2, Fraction(2, 6))]  # face 1 (guarded) and face 5 (direct), 3 - 1 each
    assert location_outcomes(unit("striker", None, SHIELD), power=1)[0][1] in (0, 1)
    assert all(dealt == 0 for part, dealt, _ in location_outcomes(unit(5, SHIELD), 1) if part == 1)


@pytest.mark.parametrize("bonus", [0, 2, 4, 5])
def test_missiles_destroyed_is_binomial(bonus):
    p = min(6, 1 + bonus) / 6
    dist = missiles_destroyed(RIFLE, bonus)
    assert len(dist) == RIFLE.attacks + 1
    for k, q in enumerate(dist):
        assert q == pytest.approx(comb(4, k) * p**k * (1 - p) ** (4 - k))


def test_missile_power_is_irrelevant_to_missiles_destroyed():
    heavy = RIFLE.__class__(**{**RIFLE.__dict__, "power": 30})
    assert missiles_destroyed(heavy, 2) == missiles_destroyed(RIFLE, 2)
