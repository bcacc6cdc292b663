"""Exact odds of one attack (D13, D14): P(hit), the multiplier and wound distributions.

This is what ``laminim odds --system soh`` prints. Lists stop where the remaining mass is below
:data:`LIST_CUTOFF`; every reported probability is within 1e-12 of the true value (the only
approximations are the omitted tails of the two rolls, each bounded by ``TAIL_BOUND`` = 1e-17 via
P(one die > 6k) = 6^-k, and float rounding).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .bonuses import packed_targets_bonus
from .exploding import pmf
from .multiplier import (
    first_wounding_multiplier,
    multiplier_count,
    multiplier_survival,
    wounds_of,
)

LIST_CUTOFF = 1e-12
"""D13: a list ends at the first index from which the remaining mass is below this."""


@dataclass(frozen=True)
class OddsResult:
    """The exact outcome of one attack against one evasion roll (the soh JSON of
    docs/design.md "Space Opera Heroes")."""

    p_hit: float
    multiplier: tuple[float, ...]
    """P(x k) for k = 0, 1, ...; index 0 is a miss."""
    wounds: tuple[float, ...]
    """P(k wounds) for k = 0, 1, ...; wound counts no multiplier can give are 0."""
    expected_wounds: float

    def as_json(self) -> dict[str, object]:
        """The ``--json`` document: keys and meanings as fixed by docs/design.md
        "Space Opera Heroes"."""
        return {
            "p_hit": self.p_hit,
            "multiplier": list(self.multiplier),
            "wounds": list(self.wounds),
            "expected_wounds": self.expected_wounds,
        }

    def p_wounds_at_least(self, k: int) -> float:
        """P(at least k wounds), from the list (accurate to the list's cut-off)."""
        return float(sum(self.wounds[k:])) if k > 0 else 1.0


def odds(
    hit: int,
    attack_dice: int,
    evasion: int,
    evasion_dice: int,
    damage: int,
    durability: int,
    targets: int = 1,
) -> OddsResult:
    """Odds of one attack: ``hit`` value with ``attack_dice`` dice (kept best, exploding) against
    ``evasion`` value with ``evasion_dice`` dice, dealing ``damage`` to ``durability``.

    ``targets`` packed together add the +1-per-doubling bonus. 0 dice on a side means that side's
    total is its value alone (D13).

    >>> r = odds(hit=5, attack_dice=1, evasion=3, evasion_dice=0, damage=10, durability=4)
    >>> round(r.p_hit, 12)  # 5 + roll >= 3 always
    1.0
    >>> [round(p, 6) for p in r.multiplier[:3]]  # roll 1-2: x1; 3-5 and 6+1: x2
    [0.0, 0.333333, 0.527778]
    """
    wounds_of(damage, 0, durability)  # validates damage and durability
    lead = hit + packed_targets_bonus(targets) - evasion
    ev_pmf, _tail = pmf(evasion_dice)
    rolls = np.nonzero(ev_pmf)[0].astype(np.int64)
    weights = ev_pmf[rolls]
    steps = multiplier_count(attack_dice, lead)
    # P(x >= k) for k = 1..steps, averaged over the evasion roll (evasion value folded into lead).
    at_least = weights @ multiplier_survival(lead, attack_dice, rolls, steps)
    at_least = np.minimum(at_least, 1.0)
    s = np.concatenate(([1.0], at_least, [0.0]))  # s[k] = P(x >= k), k = 0..steps+1
    exact = s[:-1] - s[1:]  # P(x = k), k = 0..steps

    length = _list_length(s)
    multiplier = tuple(float(v) for v in exact[:length])

    k_all = np.arange(0, steps + 1, dtype=np.int64)
    w_all = damage * k_all // durability
    k0 = first_wounding_multiplier(damage, durability)
    if k0 is None:
        wounds: tuple[float, ...] = (1.0,)
    else:
        w_len = int(w_all[length - 1]) + 1  # wounds up to what the last listed multiplier gives
        p_w = np.bincount(w_all, weights=exact, minlength=w_len)[:w_len]
        p_w[0] = 1.0 - s[k0] if k0 < len(s) else 1.0
        wounds = tuple(float(v) for v in p_w)
    expected = float(np.dot(w_all.astype(np.float64), exact))
    return OddsResult(
        p_hit=float(s[1]), multiplier=multiplier, wounds=wounds, expected_wounds=expected
    )


def _list_length(at_least: np.ndarray) -> int:
    """The smallest L >= 1 with P(x >= L) < LIST_CUTOFF; ``at_least[k]`` = P(x >= k)."""
    below = np.nonzero(at_least[1:] < LIST_CUTOFF)[0]
    return int(below[0]) + 1 if len(below) else len(at_least) - 1
