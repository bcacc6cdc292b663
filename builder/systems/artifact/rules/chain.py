"""The exact (HP, P) chain shared by an activation's odds and D12 survival.

The state of the target is its HP and its P. An array ``alive[hp, p]`` holds the probability of
each state in which the unit still lives (row 0 stays empty: HP 0 destroys at once, so that mass
leaves the array). One attack moves mass to lower HP and, when the target evades, one column to
the left. With ``exact`` the array holds ``Fraction`` objects, otherwise floats; the arithmetic
is the same code, so the fast float path is checked against the exact one in the tests.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import Any

import numpy as np

from .distributions import binomial, hits_before_and_after_evasion
from .evasion import EVADE_COST, p_evade, worth_evading
from .model import AttackAction, UnitKind
from .to_hit import p_hit

Outcome = tuple[int, int, Fraction]
"""(damage dealt before the HP cap, P spent, probability)."""


@lru_cache(maxsize=1024)
def attack_outcomes(
    action: AttackAction, target_kind: UnitKind, evading: bool
) -> tuple[Outcome, ...]:
    """Every (damage, P spent, probability) of one attack, the target evading or not (D11)."""
    w = action.weapon
    ph = p_hit(w, target_kind, action.near)
    if not evading:
        return tuple((k * w.damage, 0, pk) for k, pk in enumerate(binomial(w.attacks, ph)) if pk)
    table = hits_before_and_after_evasion(w.attacks, ph, p_evade(action.evade_near))
    landed: dict[int, Fraction] = {}
    for k in range(1, w.attacks + 1):
        for j, pkj in enumerate(table[k]):
            if pkj:
                landed[j] = landed.get(j, Fraction(0)) + pkj
    out: list[Outcome] = []
    if table[0][0]:
        out.append((0, 0, table[0][0]))
    out.extend((j * w.damage, EVADE_COST, p) for j, p in sorted(landed.items()))
    return tuple(out)


def start_state(hp: int, max_hp: int, propellant: int, max_propellant: int, exact: bool) -> Any:
    """All mass on one state: ``hp`` (1..max_hp) and ``propellant`` (0..max_propellant)."""
    if not 1 <= hp <= max_hp:
        raise ValueError(f"starting HP must be between 1 and {max_hp}, got {hp}")
    if not 0 <= propellant <= max_propellant:
        raise ValueError(f"starting P must be between 0 and {max_propellant}, got {propellant}")
    alive = empty(max_hp, max_propellant, exact)
    alive[hp, propellant] = Fraction(1) if exact else 1.0
    return alive


def empty(max_hp: int, max_propellant: int, exact: bool) -> Any:
    shape = (max_hp + 1, max_propellant + 1)
    if exact:
        arr = np.empty(shape, dtype=object)
        arr.fill(Fraction(0))
        return arr
    return np.zeros(shape, dtype=np.float64)


def apply_attack(
    alive: Any, action: AttackAction, target_kind: UnitKind, reserve: int, exact: bool
) -> Any:
    """The state array after one more attack; mass brought to HP 0 leaves (destroyed)."""
    max_hp = alive.shape[0] - 1
    cols = alive.shape[1]
    new = empty(max_hp, cols - 1, exact)
    evade_from = max(0, reserve) + 1  # columns p > reserve may evade
    can = target_kind == "ms" and worth_evading(action.evade_near) and evade_from < cols
    regions = [(0, evade_from if can else cols, False)]
    if can:
        regions.append((evade_from, cols, True))
    for c0, c1, evading in regions:
        if c0 >= c1:
            continue
        sub = alive[:, c0:c1]
        for dmg, spend, prob in attack_outcomes(action, target_kind, evading):
            q: Any = prob if exact else float(prob)
            if dmg >= max_hp:
                continue
            n0, n1 = c0 - spend, c1 - spend
            if dmg == 0:
                new[:, n0:n1] += sub * q
            else:
                new[1 : max_hp + 1 - dmg, n0:n1] += sub[1 + dmg :, :] * q
    return new


def total(arr: Any, exact: bool) -> Any:
    return sum(arr.ravel().tolist(), Fraction(0)) if exact else float(arr.sum())


def expected_hp(alive: Any, exact: bool) -> Any:
    weights = np.arange(alive.shape[0]).reshape(-1, 1)
    return total(alive * weights, exact)


def expected_propellant(alive: Any, exact: bool) -> Any:
    weights = np.arange(alive.shape[1]).reshape(1, -1)
    return total(alive * weights, exact)
