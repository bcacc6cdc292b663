"""An independent exact calculation for the tests: enumerate every chain of dice.

Written without the rules core's closed forms: a die is walked face by face (a 6 recurses) down to
``DEPTH`` explosions, the best of n is a brute-force max over pairs, the margin a brute-force
difference over pairs. Probabilities are integers over a power of 6 (exact, like ``Fraction``, but
fast). Whatever the walk leaves out is returned as an exact ``missing`` mass, so every event's true
probability lies in [enumerated, enumerated + missing].
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache

DEPTH = 17
"""Explosions walked per die: leaves out 6^-18 ~ 1e-14 per die."""

Dist = tuple[dict[int, int], int]
"""(value -> numerator, exponent e): P(value) = numerator / 6**e."""


@cache
def one_die() -> Dist:
    out: dict[int, int] = {}
    e = DEPTH + 1

    def walk(total: int, sixes: int) -> None:
        for face in range(1, 7):
            if face < 6:
                # this chain has sixes+1 faces: probability 6^-(sixes+1)
                out[total + face] = out.get(total + face, 0) + 6 ** (e - sixes - 1)
            elif sixes < DEPTH:
                walk(total + 6, sixes + 1)

    walk(0, 0)
    return out, e


@cache
def best_of(n: int) -> Dist:
    if n == 0:
        return {0: 1}, 0
    prev, pe = best_of(n - 1)
    die, de = one_die()
    out: dict[int, int] = {}
    for a, pa in prev.items():
        for b, pb in die.items():
            m = max(a, b)
            out[m] = out.get(m, 0) + pa * pb
    return out, pe + de


@cache
def roll_difference(attack_dice: int, evasion_dice: int) -> tuple[dict[int, int], int, Fraction]:
    """(attack roll - evasion roll -> numerator, exponent, exact missing mass)."""
    a, ae = best_of(attack_dice)
    v, ve = best_of(evasion_dice)
    out: dict[int, int] = {}
    for x, px in a.items():
        for y, py in v.items():
            out[x - y] = out.get(x - y, 0) + px * py
    e = ae + ve
    missing = 1 - Fraction(sum(out.values()), 6**e)
    return out, e, missing


def multiplier_of(margin: int) -> int:
    return 0 if margin < 0 else margin // 5 + 1


def reference_odds(
    lead: int, attack_dice: int, evasion_dice: int, damage: int, durability: int
) -> tuple[dict[int, Fraction], dict[int, Fraction], Fraction, Fraction]:
    """(P(x k), P(k wounds), E[wounds], missing mass), enumerated; ``lead`` = hit - evasion."""
    diff, e, missing = roll_difference(attack_dice, evasion_dice)
    den = 6**e
    mult: dict[int, int] = {}
    for d, p in diff.items():
        k = multiplier_of(lead + d)
        mult[k] = mult.get(k, 0) + p
    m = {k: Fraction(p, den) for k, p in mult.items()}
    w: dict[int, Fraction] = {}
    for k, p in m.items():
        wk = damage * k // durability
        w[wk] = w.get(wk, Fraction(0)) + p
    expected = sum((wk * p for wk, p in w.items()), Fraction(0))
    return m, w, expected, missing
