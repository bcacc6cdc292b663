"""D10: ``die - modifier >= n``; the modifier counts enemy MS within 10 cm, target excluded."""

from __future__ import annotations

from fractions import Fraction

import pytest

from builder.systems.artifact.rules import (
    AttackAction,
    attack_odds,
    in_range,
    near_modifier,
    needed_face,
    p_hit,
    p_success,
)


def test_d10_no_modifier_hits_on_the_printed_number():
    assert p_success(3) == Fraction(4, 6)
    assert p_success(5) == Fraction(2, 6)
    assert p_success(6) == Fraction(1, 6)


def test_d10_enemy_ms_within_10cm_is_minus_one():
    # die - 1 >= 3 means the die must show 4 or more.
    assert needed_face(3, 1) == 4
    assert p_success(3, 1) == Fraction(3, 6)


def test_d10_modifiers_stack_one_per_enemy_ms():
    assert [p_success(3, m) for m in range(5)] == [Fraction(k, 6) for k in (4, 3, 2, 1, 0)]


def test_d10_needed_face_above_six_never_succeeds():
    assert p_success(6, 1) == 0
    assert p_success(5, 3) == 0


def test_d10_no_automatic_failure_a_one_plus_always_succeeds():
    assert p_success(1) == 1
    assert p_success(2) == Fraction(5, 6)


def test_d10_modifier_is_never_negative():
    with pytest.raises(ValueError, match="never negative"):
        p_success(3, -1)


def test_d10_distance_exactly_10cm_counts_and_beyond_does_not():
    assert near_modifier([10]) == 1
    assert near_modifier([10.1]) == 0
    assert near_modifier([3, 9, 10, 12, 40]) == 3
    assert near_modifier([]) == 0


def test_seed_nightingale_funnel_minus_one_with_enemy_at_9cm(units):
    """Seed example 2: funnels at the ship at 16 cm get -1 for the enemy MS at 9 cm; the rifle
    shot at that MS itself gets none, as no *other* enemy MS is within 10 cm."""
    nightingale, ship, enemy_ms = units["nightingale"], units["ra-cailum"], units["hi-nu-gundam"]
    funnel, rifle = nightingale.weapon("funnel"), nightingale.weapon("beam-rifle")
    enemy_ms_cm = 9.0
    # Example 1: both targets are in range.
    assert in_range(funnel, 16) and in_range(rifle, enemy_ms_cm)
    # Funnel at the ship: the MS at 9 cm is not the target -> -1, A.S 3+ needs a 4.
    near_funnel = near_modifier([enemy_ms_cm])
    assert near_funnel == 1
    assert p_hit(funnel, "ship", near_funnel) == Fraction(1, 2)
    assert attack_odds(AttackAction(funnel, near=near_funnel), ship).p_hit == 0.5
    # Rifle at the MS at 9 cm: it is the target, no other enemy MS -> no modifier, A.MS 3+.
    near_rifle = near_modifier([])
    assert near_rifle == 0
    assert attack_odds(AttackAction(rifle, near=near_rifle), enemy_ms).p_hit == pytest.approx(4 / 6)


def test_a_ms_target_uses_a_ms_and_a_ship_target_uses_a_s(units):
    machine_gun = units["ra-cailum"].weapon("machine-gun")  # A.MS 3+, A.S 6+
    assert p_hit(machine_gun, "ms") == Fraction(4, 6)
    assert p_hit(machine_gun, "ship") == Fraction(1, 6)
    main_gun = units["ra-cailum"].weapon("main-gun")  # A.MS 5+, A.S 3+
    assert p_hit(main_gun, "ms") == Fraction(2, 6)
    assert p_hit(main_gun, "ship") == Fraction(4, 6)


def test_range_reaches_targets_within_its_number_of_cm(units):
    funnel = units["nightingale"].weapon("funnel")
    assert in_range(funnel, 20)
    assert not in_range(funnel, 20.5)
    assert in_range(units["nightingale"].weapon("beam-saber"), 1)
