"""D13: the best single total of n exploding d6, in closed form.

One die: faces 1-5 stand, a 6 is rolled again and added without limit, so a total is ``6a + r``
(``a`` sixes, then a final face ``r`` in 1..5) with probability ``6^-(a+1)``; multiples of 6 never
occur. Its survival function is exact and needs no series::

    P(X > x) = (6 - x % 6) / 6 ** (x // 6 + 1)      (x >= 0)

so ``P(X > 6k) = 6^-k``. The best of n dice has ``P(max <= x) = P(X <= x)^n``. Everything here is a
closed form evaluated in floats; truncation happens only where a caller sums over a support, and
:func:`support_cap` gives the cap whose omitted mass is provably below a bound.

>>> round(float(survival(1, 6)), 12)  # P(one die > 6) = P(first roll is 6)
0.166666666667
>>> float(survival(0, 0)), float(survival(0, -1))  # no dice: the value alone (a roll of 0)
(0.0, 1.0)
"""

from __future__ import annotations

import math
from functools import lru_cache

import numpy as np
from numpy.typing import NDArray

MAX_DICE = 60
"""More dice than this in one roll is refused: far beyond any AP plus transfers in the seed."""

TAIL_BOUND = 1e-17
"""Mass a truncated support may omit; far below the 1e-12 every reported number must meet."""


def _check_dice(dice: int) -> None:
    if dice < 0:
        raise ValueError(f"number of dice must be 0 or more, not {dice}")
    if dice > MAX_DICE:
        raise ValueError(f"at most {MAX_DICE} dice in one roll, not {dice}")


def single_survival(x: NDArray[np.int64] | int) -> NDArray[np.float64]:
    """P(one exploding die > x), elementwise; 1 for x < 1."""
    xs = np.asarray(x, dtype=np.int64)
    clipped = np.maximum(xs, 0)
    k = clipped // 6
    r = clipped % 6
    level = np.power(6.0, -k.astype(np.float64))
    below = np.power(6.0, -(k + 1).astype(np.float64))
    # r == 0 written as 6^-k itself, so P(X = 6k) = P(X > 6k-1) - P(X > 6k) is exactly 0
    out = np.where(r == 0, level, (6 - r) * below)
    return np.asarray(np.where(xs < 0, 1.0, out), dtype=np.float64)


def survival(dice: int, x: NDArray[np.int64] | int) -> NDArray[np.float64]:
    """P(best of ``dice`` exploding dice > x), elementwise.

    With 0 dice the roll is 0 (D13: "the value alone"). Computed as ``-expm1(n log1p(-g))`` so that
    small tails keep their relative precision.
    """
    _check_dice(dice)
    xs = np.asarray(x, dtype=np.int64)
    if dice == 0:
        return np.asarray(np.where(xs < 0, 1.0, 0.0), dtype=np.float64)
    g = single_survival(xs)
    with np.errstate(divide="ignore"):
        out = -np.expm1(dice * np.log1p(-g))
    return np.asarray(np.where(g >= 1.0, 1.0, out), dtype=np.float64)


def support_cap(dice: int, bound: float = TAIL_BOUND) -> int:
    """The smallest multiple of 6, ``6k``, with P(best of ``dice`` > 6k) <= dice * 6^-k <= bound.

    The union bound is the explicit, analytic bound on the tail every truncation here relies on.
    """
    _check_dice(dice)
    if dice == 0:
        return 0
    k = max(1, math.ceil(math.log(dice / bound) / math.log(6)))
    while dice * 6.0**-k > bound:  # guard against rounding in the logarithm
        k += 1
    return 6 * k


@lru_cache(maxsize=256)
def _pmf_cached(dice: int, bound: float) -> tuple[tuple[float, ...], float]:
    cap = support_cap(dice, bound)
    if dice == 0:
        return (1.0,), 0.0
    x = np.arange(0, cap + 1, dtype=np.int64)
    s = survival(dice, x - 1) - survival(dice, x)
    tail = float(survival(dice, cap))
    return tuple(float(v) for v in s), tail


def pmf(dice: int, bound: float = TAIL_BOUND) -> tuple[NDArray[np.float64], float]:
    """(P(best = x) for x = 0..cap, omitted tail mass P(best > cap) <= bound).

    Index 0 is the "no dice" outcome (roll 0); with one or more dice it has probability 0.
    """
    values, tail = _pmf_cached(dice, bound)
    return np.array(values, dtype=np.float64), tail


def best_of(rolls: list[list[int]]) -> int:
    """The result of one physical roll: each die's chain of faces is summed, the best total kept.

    ``rolls`` lists each die's faces in order, e.g. ``[[3], [6, 2], [6, 4]]`` -> 10 (the seed).
    A chain may only continue after a 6 and must end on a face below 6.
    """
    totals = []
    for chain in rolls:
        if not chain:
            raise ValueError("a die needs at least one face")
        for i, face in enumerate(chain):
            if not 1 <= face <= 6:
                raise ValueError(f"a d6 face is 1-6, not {face}")
            last = i == len(chain) - 1
            if (face == 6) == last:
                raise ValueError("a 6 is always rolled again, and only a 6 is")
        totals.append(sum(chain))
    return max(totals, default=0)
