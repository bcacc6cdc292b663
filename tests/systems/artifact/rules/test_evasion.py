"""D11: evade after seeing the hits, 4+ per hit with the D10 modifier, 1 P per evaded attack."""

from __future__ import annotations

from fractions import Fraction

import pytest

from builder.systems.artifact.rules import (
    AttackAction,
    activation_odds,
    attack_odds,
    can_evade,
    p_evade,
    p_hit,
)


def test_d11_evasion_succeeds_on_four_plus():
    assert p_evade() == Fraction(1, 2)


def test_d11_evasion_modifier_makes_it_harder():
    assert [p_evade(j) for j in range(4)] == [Fraction(k, 6) for k in (3, 2, 1, 0)]


def test_d11_a_ship_never_evades(units):
    assert not can_evade("ship", None)
    with pytest.raises(ValueError, match="never evades"):
        attack_odds(
            AttackAction(units["nightingale"].weapon("funnel")), units["rewloola"], evade=True
        )


def test_d11_ms_at_p0_cannot_evade(units):
    assert not can_evade("ms", 0)
    assert can_evade("ms", 1)
    funnel = units["hi-nu-gundam"].weapon("fin-funnel")
    with pytest.raises(ValueError, match="P 0"):
        activation_odds(
            [AttackAction(funnel)], units["nightingale"], evade=True, target_propellant=0
        )


def test_d11_reserve_keeps_p_back(units):
    assert not can_evade("ms", 2, reserve=2)
    assert can_evade("ms", 3, reserve=2)


def test_d11_each_hit_is_cancelled_separately(units):
    """Funnel (3 dice, 3+) at an MS that evades: every hit survives with 1/2, so the hits that
    land are binomial(3, 4/6 * 1/2)."""
    funnel = units["nightingale"].weapon("funnel")
    odds = attack_odds(AttackAction(funnel), units["rick-dias"], evade=True)
    q = 4 / 6 * 1 / 2
    assert odds.p_evade == 0.5
    assert odds.hits == pytest.approx(
        [(1 - q) ** 3, 3 * q * (1 - q) ** 2, 3 * q**2 * (1 - q), q**3]
    )


def test_d11_attack_without_hits_costs_no_propellant_and_any_hit_costs_one(units):
    """Expected P spent = P(at least one hit), however many hits were rolled."""
    funnel = units["nightingale"].weapon("funnel")
    result = activation_odds([AttackAction(funnel)], units["rick-dias"], evade=True)
    assert result.expected_propellant_spent == pytest.approx(1 - (2 / 6) ** 3)


def test_d11_one_p_left_evades_only_the_first_attack_that_hits(units):
    funnel = units["nightingale"].weapon("funnel")
    target = units["rick-dias"]
    one_p = activation_odds(
        [AttackAction(funnel), AttackAction(funnel)], target, evade=True, target_propellant=1
    )
    p_any = 1 - (1 - float(p_hit(funnel, "ms"))) ** 3
    assert one_p.expected_propellant_spent == pytest.approx(p_any + (1 - p_any) * p_any)
    assert one_p.expected_propellant_spent < 1
    full = activation_odds([AttackAction(funnel), AttackAction(funnel)], target, evade=True)
    assert full.expected_damage < one_p.expected_damage


def test_d11_hopeless_evasion_is_skipped_and_costs_nothing(units):
    """With evasion modifier 3 a 4+ needs a 7: the analysis does not waste P on it."""
    funnel = units["nightingale"].weapon("funnel")
    target = units["rick-dias"]
    hopeless = activation_odds([AttackAction(funnel, evade_near=3)], target, evade=True)
    plain = activation_odds([AttackAction(funnel, evade_near=3)], target, evade=False)
    assert hopeless.expected_propellant_spent == 0
    assert hopeless.damage == pytest.approx(plain.damage)
