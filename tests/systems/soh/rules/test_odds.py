"""D13/D14: one attack's exact odds, against an independent enumeration and by named rule."""

from __future__ import annotations

import random
from fractions import Fraction

import numpy as np
import pytest

from builder.systems.soh.rules import LIST_CUTOFF, multiplier_of, odds, wounds_of

from .reference import reference_odds

SLACK = 1e-12


def _assert_agrees(lead, na, ne, damage, durability):
    got = odds(lead, na, 0, ne, damage, durability)
    mult, wounds, expected, missing = reference_odds(lead, na, ne, damage, durability)
    assert missing < Fraction(1, 10**13)
    for name, listed, ref in (("multiplier", got.multiplier, mult), ("wounds", got.wounds, wounds)):
        # every listed probability: the truth is in [enumerated, enumerated + missing]
        for k, p in enumerate(listed):
            lo = ref.get(k, Fraction(0))
            assert lo - SLACK <= p <= lo + missing + SLACK, (name, k, p, float(lo))
        # the list ends where the remaining mass drops below 1e-12, not before, not after
        rest = sum((v for k, v in ref.items() if k >= len(listed)), Fraction(0))
        assert rest < LIST_CUTOFF + missing + 1e-15, (name, len(listed), float(rest))
        if len(listed) > 1:
            last = rest + ref.get(len(listed) - 1, Fraction(0))
            assert last + missing >= LIST_CUTOFF - 1e-15, (name, len(listed), float(last))
    assert got.p_hit == pytest.approx(float(1 - mult.get(0, 0)), abs=SLACK + float(missing))
    assert got.expected_wounds == pytest.approx(float(expected), abs=1e-9)


@pytest.mark.parametrize("na", range(0, 6))
@pytest.mark.parametrize("ne", range(0, 6))
def test_agrees_with_enumeration_to_1e_12(na, ne):
    """Dice 0-5 each side, every value difference -10..+15, damage and durability drawn by a
    seeded generator (not tuned to the code) so that a hit deals 0-10 wounds."""
    rng = random.Random(f"soh-{na}-{ne}")
    for lead in range(-10, 16):
        durability = rng.randint(1, 12)
        damage = rng.randint(0, 10 * durability // 2)
        _assert_agrees(lead, na, ne, damage, durability)


def test_d14_margin_minus_1_misses():
    assert multiplier_of(-1) == 0
    r = odds(hit=4, attack_dice=0, evasion=5, evasion_dice=0, damage=10, durability=1)
    assert r.p_hit == 0.0 and r.multiplier == (1.0,) and r.wounds == (1.0,)


def test_d14_margin_0_to_4_is_x1():
    assert [multiplier_of(m) for m in range(5)] == [1] * 5
    r = odds(hit=5, attack_dice=0, evasion=5, evasion_dice=0, damage=10, durability=1)
    assert r.multiplier == (0.0, 1.0)


def test_d14_margin_5_doubles():
    assert multiplier_of(5) == 2 and multiplier_of(9) == 2
    r = odds(hit=10, attack_dice=0, evasion=5, evasion_dice=0, damage=3, durability=1)
    assert r.multiplier == (0.0, 0.0, 1.0) and r.wounds[6] == 1.0


def test_d14_margin_5n_minus_5_is_xn():
    assert [multiplier_of(5 * n - 5) for n in range(1, 8)] == list(range(1, 8))
    assert [multiplier_of(5 * n - 1) for n in range(1, 8)] == list(range(1, 8))


def test_d14_wounds_round_down():
    assert wounds_of(damage=7, multiplier=1, durability=4) == 1
    assert wounds_of(damage=7, multiplier=2, durability=4) == 3
    assert wounds_of(damage=3, multiplier=1, durability=4) == 0


def test_d14_durability_below_1_is_refused():
    with pytest.raises(ValueError):
        wounds_of(5, 1, 0)


def test_d14_a_hit_that_deals_no_wound_is_still_a_hit():
    r = odds(hit=5, attack_dice=1, evasion=5, evasion_dice=0, damage=2, durability=5)
    assert r.p_hit == 1.0
    assert r.wounds[0] == pytest.approx(1 - float(np.sum(r.multiplier[3:])) - 0, abs=1e-12)


def test_packed_targets_add_their_bonus():
    base = odds(3, 2, 6, 2, 10, 4)
    packed = odds(3, 2, 6, 2, 10, 4, targets=4)
    assert packed.multiplier == odds(5, 2, 6, 2, 10, 4).multiplier
    assert packed.p_hit > base.p_hit


def test_d13_lists_end_where_remaining_mass_is_below_1e_12():
    r = odds(6, 3, 5, 2, 12, 4)
    assert sum(r.multiplier) > 1 - 1e-12
    assert r.multiplier[-1] > 0
    assert sum(r.wounds) == pytest.approx(sum(r.multiplier), abs=1e-15)


def test_json_has_designs_keys():
    assert set(odds(4, 2, 3, 1, 8, 3).as_json()) == {
        "p_hit",
        "multiplier",
        "wounds",
        "expected_wounds",
    }


def test_zero_damage_deals_zero_wounds_for_sure():
    r = odds(9, 3, 2, 1, 0, 3)
    assert r.wounds == (1.0,) and r.expected_wounds == 0.0


@pytest.mark.parametrize("bad", [dict(attack_dice=-1), dict(evasion_dice=61), dict(durability=0)])
def test_bad_input_is_a_value_error(bad):
    args = dict(hit=3, attack_dice=2, evasion=3, evasion_dice=2, damage=5, durability=2) | bad
    with pytest.raises(ValueError):
        odds(**args)


def test_large_lead_reaches_high_multipliers():
    r = odds(hit=60, attack_dice=1, evasion=0, evasion_dice=0, damage=1, durability=1)
    assert r.multiplier[:13] == (0.0,) * 13  # margin >= 61 -> at least x13
    assert sum(r.multiplier) == pytest.approx(1.0, abs=1e-12)
