"""The AP planner: splits, the one-evasion-roll-per-round rule, the objective."""

from __future__ import annotations

import numpy as np
import pytest

from builder.systems.soh.rules import Combatant, best_of, odds, partitions, plan, pmf, splits

ME = Combatant(ap=5, hit=6, evasion=4, damage=10, durability=4)
THEM = Combatant(ap=5, hit=5, evasion=5, damage=12, durability=5)


def test_seed_evasion_value_3_with_dice_4_3_achieves_7_for_the_round():
    total = 3 + best_of([[4], [3]])
    assert total == 7
    # That one total meets every attack of the round: two 1-die attacks at hit 2 both need a 5+.
    # Given the total, P(neither wounds) is q^2; the planner must average q(t)^2, not square
    # the average.
    attacker = Combatant(ap=2, hit=2, evasion=0, damage=1, durability=1)
    evader = Combatant(ap=2, hit=0, evasion=3, damage=1, durability=1)
    row = next(r for r in plan(attacker, evader, 2).rows if r.split.attacks == (1, 1))
    ev, _ = pmf(2)
    q = np.array([1 - odds(2 - t, 1, 3, 0, 1, 1).p_hit for t in range(len(ev))])
    assert row.p_wound_dealt == pytest.approx(1 - float(ev @ q**2), abs=1e-12)
    independent = 1 - (float(ev @ q)) ** 2
    assert abs(row.p_wound_dealt - independent) > 0.01


def test_partitions_of_up_to_5():
    assert [len(partitions(n)) for n in range(6)] == [1, 1, 2, 3, 5, 7]
    assert partitions(4) == [(4,), (3, 1), (2, 2), (2, 1, 1), (1, 1, 1, 1)]


def test_5_ap_have_19_splits():
    assert len(splits(5)) == 19


def test_rate_limits_the_number_of_attacks():
    assert all(len(s.attacks) <= 2 for s in splits(5, max_attacks=2))
    assert partitions(4, 2) == [(4,), (3, 1), (2, 2)]


def test_single_attack_row_matches_odds():
    p = plan(ME, THEM, 2)
    row = next(r for r in p.rows if r.split.attacks == (3,))
    n = row.split.attacks[0]
    one = odds(ME.hit, n, THEM.evasion, 2, ME.damage, THEM.durability)
    assert row.expected_dealt == pytest.approx(one.expected_wounds, abs=1e-12)
    assert row.p_wound_dealt == pytest.approx(1 - one.wounds[0], abs=1e-12)


def test_expected_wounds_add_up_over_attacks():
    p = plan(ME, THEM, 3)
    row = next(r for r in p.rows if r.split.attacks == (2, 1))
    a = odds(ME.hit, 2, THEM.evasion, 3, ME.damage, THEM.durability).expected_wounds
    b = odds(ME.hit, 1, THEM.evasion, 3, ME.damage, THEM.durability).expected_wounds
    assert row.expected_dealt == pytest.approx(a + b, abs=1e-12)


def test_against_a_fixed_evasion_total_attacks_are_independent():
    p = plan(ME, THEM, 0)
    row = next(r for r in p.rows if r.split.attacks == (1, 1, 1) and r.split.evasion_dice == 2)
    q = odds(ME.hit, 1, THEM.evasion, 0, ME.damage, THEM.durability).wounds[0]
    assert row.p_wound_dealt == pytest.approx(1 - q**3, abs=1e-12)


def test_best_split_maximises_net_expected_wounds():
    p = plan(ME, THEM, 2)
    assert p.best.net == max(r.net for r in p.rows)
    assert len(p.rows) == 19


def test_net_ties_are_broken_by_less_risk():
    p = plan(ME, THEM, 2)
    for a, b in zip(p.rows, p.rows[1:], strict=False):
        if abs(a.net - b.net) < 1e-12:
            assert a.p_multiplier2_taken <= b.p_multiplier2_taken + 1e-12


def test_safe_objective_minimises_the_risk_of_a_x2_hit():
    p = plan(ME, THEM, 2, objective="safe")
    assert p.best.split.evasion_dice == 5
    assert p.best.p_multiplier2_taken == min(r.p_multiplier2_taken for r in p.rows)


def test_more_evasion_dice_never_raise_the_risk():
    p = plan(ME, THEM, 2)
    by_e = {r.split.evasion_dice: r.p_multiplier2_taken for r in p.rows}
    assert all(by_e[e] >= by_e[e + 1] - 1e-15 for e in range(5))


def test_opponent_best_response_is_its_most_damaging_plan():
    p = plan(ME, THEM, 1)
    for row in p.rows:
        given = [plan(ME, THEM, 1, opponent_attacks=a).rows for a in partitions(4)]
        taken = [next(r for r in rows if r.split == row.split).expected_taken for rows in given]
        assert row.expected_taken == pytest.approx(max(taken), abs=1e-12)
        break  # one row is enough; the others share the code path


def test_given_opponent_attacks_are_used_as_declared():
    p = plan(ME, THEM, 2, opponent_attacks=(3,))
    assert all(r.opponent_attacks == (3,) for r in p.rows)
    with pytest.raises(ValueError):
        plan(ME, THEM, 2, opponent_attacks=(3, 1))  # 4 > 3 attack AP


def test_evasion_ap_buy_movement():
    assert {s.evasion_dice: s.movement for s in splits(5)}[5] == 2


def test_planner_refuses_huge_ap():
    with pytest.raises(ValueError):
        plan(Combatant(ap=13, hit=1, evasion=1, damage=1, durability=1), THEM, 0)
