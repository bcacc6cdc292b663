"""A seeded Monte Carlo of the physical dice as a sanity check of the exact code."""

from __future__ import annotations

import numpy as np

from builder.systems.soh.rules import Combatant, odds, plan

N = 200_000


def _roll(rng: np.random.Generator, n: int, dice: int) -> np.ndarray:
    """Best of ``dice`` exploding d6, rolled face by face; 0 dice -> 0."""
    if dice == 0:
        return np.zeros(n, dtype=np.int64)
    total = np.zeros((n, dice), dtype=np.int64)
    live = np.ones((n, dice), dtype=bool)
    while live.any():
        faces = rng.integers(1, 7, size=(n, dice))
        total += np.where(live, faces, 0)
        live &= faces == 6
    return total.max(axis=1)


def _wounds(margin: np.ndarray, damage: int, durability: int) -> np.ndarray:
    mult = np.where(margin < 0, 0, margin // 5 + 1)
    return damage * mult // durability


def _close(exact: float, sample: np.ndarray) -> bool:
    se = sample.std(ddof=1) / np.sqrt(len(sample))
    return abs(exact - sample.mean()) <= 5 * se + 1e-9


def test_monte_carlo_agrees_with_odds():
    rng = np.random.default_rng(20240501)
    for hit, na, ev, ne, dmg, dur in [(6, 3, 5, 2, 12, 4), (2, 1, 6, 3, 7, 2), (9, 2, 3, 0, 5, 5)]:
        margin = hit + _roll(rng, N, na) - ev - _roll(rng, N, ne)
        r = odds(hit, na, ev, ne, dmg, dur)
        assert _close(r.p_hit, (margin >= 0).astype(float))
        assert _close(r.expected_wounds, _wounds(margin, dmg, dur).astype(float))
        for k in range(3):
            assert _close(r.multiplier[k], (np.where(margin < 0, 0, margin // 5 + 1) == k) * 1.0)


def test_monte_carlo_round_shares_one_evasion_roll():
    rng = np.random.default_rng(7)
    me = Combatant(ap=4, hit=3, evasion=4, damage=6, durability=4)
    them = Combatant(ap=4, hit=4, evasion=5, damage=9, durability=5)
    row = next(r for r in plan(me, them, 2).rows if r.split.attacks == (1, 1))
    evasion_total = them.evasion + _roll(rng, N, 2)  # once for the whole round
    wounds = sum(
        _wounds(me.hit + _roll(rng, N, 1) - evasion_total, me.damage, them.durability)
        for _ in range(2)
    )
    assert _close(row.expected_dealt, wounds.astype(float))
    assert _close(row.p_wound_dealt, (wounds > 0).astype(float))
