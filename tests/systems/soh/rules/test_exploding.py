"""D13: exploding dice, the best single die, and the seed's worked roll."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from builder.systems.soh.rules import best_of, pmf, support_cap, survival

from .reference import DEPTH
from .reference import best_of as ref_best_of


def test_seed_six_six_three_rerolls_to_ten():
    # 6, 6, 3: the two sixes are rolled again (4 and 2); the best die is 6+4 = 10.
    assert best_of([[3], [6, 2], [6, 4]]) == 10


def test_d13_a_six_on_the_extra_roll_explodes_again():
    assert best_of([[6, 6, 1]]) == 13
    p, _ = pmf(1)
    assert p[13] == pytest.approx(6**-3, rel=1e-14)


def test_d13_multiples_of_six_never_occur():
    p, _ = pmf(3)
    assert all(p[6 * k] == 0 for k in range(1, len(p) // 6))


def test_d13_best_single_die_not_the_sum():
    assert best_of([[5], [4]]) == 5


def test_d13_rolls_must_follow_the_explosion_rule():
    with pytest.raises(ValueError):
        best_of([[6]])  # a 6 must be rolled again
    with pytest.raises(ValueError):
        best_of([[3, 2]])  # only a 6 is rolled again


def test_d13_no_dice_is_the_value_alone():
    p, tail = pmf(0)
    assert list(p) == [1.0] and tail == 0.0


def test_d13_tail_bound_is_analytic():
    for n in range(1, 6):
        cap = support_cap(n)
        assert float(survival(n, cap)) <= n * 6.0 ** (-(cap // 6)) <= 1e-17


@pytest.mark.parametrize("n", range(0, 6))
def test_d13_pmf_matches_enumerated_chains(n):
    got, tail = pmf(n)
    ref, e = ref_best_of(n)
    missing = 1 - Fraction(sum(ref.values()), 6**e)  # chains deeper than the walk
    assert missing <= n * Fraction(1, 6 ** (DEPTH + 1))
    for x in range(len(got)):
        exact = Fraction(ref.get(x, 0), 6**e)
        assert exact - Fraction(1, 10**15) <= got[x] <= exact + missing + Fraction(1, 10**15)
    assert 0 <= tail <= 1e-17
    assert float(np.sum(got)) == pytest.approx(1.0, abs=1e-14)


def test_survival_of_one_die_is_one_in_six_per_explosion():
    for k in range(8):
        assert float(survival(1, 6 * k)) == pytest.approx(6.0**-k, rel=1e-14)
