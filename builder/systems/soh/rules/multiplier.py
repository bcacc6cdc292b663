"""D14: the margin of one attack, its damage multiplier and the wounds it deals.

margin = (hit value + bonuses + attack roll) - (evasion value + evasion roll). A negative margin
misses (x0); otherwise the multiplier is ``margin // 5 + 1``. Wounds are
``floor(damage * multiplier / durability)``.

The work is done conditioned on a fixed evasion total, because the seed makes one evasion roll
last the whole round: every attack in a round meets the same total, so the attacks are
independent only given that total (see :mod:`.planner`). :func:`.odds.odds` is the same matrix
averaged over the evasion roll.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from .exploding import support_cap, survival


def multiplier_of(margin: int) -> int:
    """D14's table: <0 -> 0, 0-4 -> 1, 5-9 -> 2, ... ((5n-5)..(5n-1) -> n)."""
    return 0 if margin < 0 else margin // 5 + 1


def wounds_of(damage: int, multiplier: int, durability: int) -> int:
    """D14: wounds = floor(damage * multiplier / durability); durability must be at least 1."""
    if durability < 1:
        raise ValueError(f"durability is at least 1 (D14), not {durability}")
    if damage < 0:
        raise ValueError(f"damage must be 0 or more, not {damage}")
    return damage * multiplier // durability


def multiplier_count(attack_dice: int, max_lead: int) -> int:
    """How many multiplier steps k = 1..K to compute so that P(x >= K+1) is negligible.

    ``max_lead`` is the largest (hit side's value - evasion total) considered. P(x >= k) =
    P(lead + roll >= 5(k-1)) <= P(roll > cap) once 5(k-1) > lead + cap, which is bounded by
    :data:`.exploding.TAIL_BOUND`.
    """
    cap = support_cap(attack_dice)
    return max(1, (max(max_lead, 0) + cap + 1) // 5 + 2)


def multiplier_survival(
    hit: int, attack_dice: int, evasion_totals: NDArray[np.int64], steps: int
) -> NDArray[np.float64]:
    """P(multiplier >= k | evasion total t) for each t (rows) and k = 1..steps (columns).

    P(x >= k | t) = P(hit + roll - t >= 5(k-1)) = P(roll > 5(k-1) - (hit - t) - 1).
    """
    t = np.asarray(evasion_totals, dtype=np.int64)[:, None]
    k = np.arange(1, steps + 1, dtype=np.int64)[None, :]
    return survival(attack_dice, 5 * (k - 1) - (hit - t) - 1)


def wound_steps(damage: int, durability: int, steps: int) -> NDArray[np.float64]:
    """w(k) - w(k-1) for k = 1..steps, so that E[wounds] = sum_k step_k * P(x >= k)."""
    k = np.arange(0, steps + 1, dtype=np.int64)
    w = damage * k // durability
    return np.diff(w).astype(np.float64)


def first_wounding_multiplier(damage: int, durability: int) -> int | None:
    """The smallest multiplier that deals a wound: ceil(durability / damage); None if damage 0."""
    wounds_of(damage, 0, durability)  # validates
    if damage == 0:
        return None
    return -(-durability // damage)
