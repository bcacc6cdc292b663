"""An independent reference for the artifact odds, written without the rules core.

It counts succeeding die faces by enumeration, builds hit distributions one die at a time
(a hit that is evaded is simply a die that failed to land: thinning), and tracks (HP, P) states
in a plain dict. Generic over the number type so the same code runs in floats or Fractions.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

Num = Any


def faces_succeeding(n: int, modifier: int) -> int:
    return sum(1 for face in range(1, 7) if face - modifier >= n)


def per_die(n: int, modifier: int, one: Num) -> Num:
    return one * faces_succeeding(n, modifier) / 6


def dice_dp(count: int, p: Num, one: Num) -> list[Num]:
    dist = [one]
    for _ in range(count):
        nxt = [one * 0] * (len(dist) + 1)
        for k, pk in enumerate(dist):
            nxt[k] += pk * (one - p)
            nxt[k + 1] += pk * p
        dist = nxt
    return dist


def attack_outcomes(
    attacks: int, to_hit: int, near: int, damage: int, evade_near: int | None, one: Num
) -> list[tuple[int, int, Num]]:
    """(damage, P spent, probability). ``evade_near`` None: the target does not evade."""
    ph = per_die(to_hit, near, one)
    if evade_near is None or faces_succeeding(4, evade_near) == 0:
        return [(k * damage, 0, p) for k, p in enumerate(dice_dp(attacks, ph, one))]
    pe = per_die(4, evade_near, one)
    landed = dice_dp(attacks, ph * (one - pe), one)
    none_rolled = (one - ph) ** attacks
    out = [(0, 0, none_rolled)]
    for j, p in enumerate(landed):
        out.append((j * damage, 1, p - none_rolled if j == 0 else p))
    return out


Step = Callable[[int], list[tuple[int, int, Num]]]


def run_states(
    start: dict[tuple[int, int], Num], steps: list[Step], one: Num
) -> dict[tuple[int, int], Num]:
    """Apply attacks in order to a dict of living (hp, p) states; ``step(p)`` gives outcomes."""
    states = dict(start)
    for step in steps:
        nxt: dict[tuple[int, int], Num] = {}
        for (hp, p), mass in states.items():
            for dmg, spend, q in step(p):
                if hp - dmg <= 0 or q == 0:
                    continue
                key = (hp - dmg, p - spend)
                nxt[key] = nxt.get(key, one * 0) + mass * q
        states = nxt
    return states


def exact_one() -> Fraction:
    return Fraction(1)
