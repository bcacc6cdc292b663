"""Exact distributions of one attack's dice, as tuples of ``Fraction`` indexed by count."""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from math import comb


@lru_cache(maxsize=1024)
def binomial(n: int, p: Fraction) -> tuple[Fraction, ...]:
    """P(k successes of ``n`` independent dice, each succeeding with ``p``), k = 0..n."""
    q = 1 - p
    return tuple(comb(n, k) * p**k * q ** (n - k) for k in range(n + 1))


@lru_cache(maxsize=1024)
def hits_before_and_after_evasion(
    attacks: int, p_hit: Fraction, p_evade: Fraction | None
) -> tuple[tuple[Fraction, ...], ...]:
    """Joint table ``t[k][j]`` = P(k hits rolled and j of them left after evasion).

    ``p_evade`` None means no evasion (j = k). With evasion every hit is rolled for separately
    and cancelled with ``p_evade`` (D11); zero hits need no roll.
    """
    rolled = binomial(attacks, p_hit)
    table: list[list[Fraction]] = [[Fraction(0)] * (attacks + 1) for _ in range(attacks + 1)]
    for k, pk in enumerate(rolled):
        if p_evade is None or k == 0:
            table[k][k] = pk
            continue
        for cancelled, pc in enumerate(binomial(k, p_evade)):
            table[k][k - cancelled] += pk * pc
    return tuple(tuple(row) for row in table)


def hits_after_evasion(
    attacks: int, p_hit: Fraction, p_evade: Fraction | None = None
) -> tuple[Fraction, ...]:
    """P(j hits land after evasion), j = 0..attacks."""
    table = hits_before_and_after_evasion(attacks, p_hit, p_evade)
    return tuple(sum((row[j] for row in table), Fraction(0)) for j in range(attacks + 1))


def capped_damage(hits: tuple[Fraction, ...], damage: int, hp: int) -> tuple[Fraction, ...]:
    """P(damage = d), d = 0..hp, where damage = hits x ``damage`` and overkill is ignored."""
    out = [Fraction(0)] * (hp + 1)
    for k, pk in enumerate(hits):
        out[min(hp, k * damage)] += pk
    return tuple(out)


def mean(dist: tuple[Fraction, ...]) -> Fraction:
    """Expected value of a distribution indexed by value."""
    return sum((v * p for v, p in enumerate(dist)), Fraction(0))
