"""The AP planner: every way to split a round's AP between evasion dice and attacks.

The seed makes one evasion roll count for the whole round ("that achievement lasts all round,
however often you are shot"). So all attacks made against one character in a round meet the
*same* evasion total: they are independent only given that total. Every figure here conditions
on the evasion total exactly and then averages over it; treating the attacks as independent
would overstate P(at least one wound) and understate the chance of several big hits together.

Model (the project's, stated in the report): two single combatants, each with one weapon; a
split is (evasion dice, attacks) where attacks is a partition of the remaining AP into dice per
attack (several one-die attacks, one many-dice attack, or a mix), at most ``max_attacks`` (the
weapon's rate) attacks. The opponent's evasion dice are declared; the opponent's attack plan is
either given, or assumed to be its best response to our evasion (most expected wounds to us,
ties: more risk to us), since attacks are chosen after evasion is declared.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

import numpy as np
from numpy.typing import NDArray

from .exploding import pmf
from .multiplier import (
    first_wounding_multiplier,
    multiplier_count,
    multiplier_survival,
    wound_steps,
    wounds_of,
)

MAX_PLANNER_AP = 12
"""Larger AP make the partition table too big to be useful at the table (77 partitions of 12)."""

TIE = 1e-12
Objective = Literal["net", "dealt", "safe"]


@dataclass(frozen=True)
class Combatant:
    """One side for the planner.

    ``hit`` is the hit value with its bonuses against the other side; ``evasion`` the evasion value;
    ``damage`` the weapon's damage; ``durability`` this side's own durability against the *other*
    side's weapon; ``max_attacks`` the weapon's rate (None: no limit).
    """

    ap: int
    hit: int
    evasion: int
    damage: int
    durability: int
    max_attacks: int | None = None


@dataclass(frozen=True)
class Split:
    evasion_dice: int
    attacks: tuple[int, ...]
    """Dice per attack, largest first; () = no attack."""

    @property
    def movement(self) -> int:
        """AP worth of movement the evasion dice give (1 per 2)."""
        return self.evasion_dice // 2


@dataclass(frozen=True)
class PlanRow:
    split: Split
    expected_dealt: float
    expected_taken: float
    p_wound_dealt: float
    """P(at least one wound dealt this round)."""
    p_wound_taken: float
    p_multiplier2_taken: float
    """P(at least one incoming attack reaches x2 or more): the risk."""
    opponent_attacks: tuple[int, ...]

    @property
    def net(self) -> float:
        return self.expected_dealt - self.expected_taken


@dataclass(frozen=True)
class Plan:
    rows: tuple[PlanRow, ...]
    """Every split, best first by the objective."""
    objective: Objective

    @property
    def best(self) -> PlanRow:
        return self.rows[0]


def partitions(total: int, max_parts: int | None = None) -> list[tuple[int, ...]]:
    """Partitions of ``total`` dice into attacks, largest attack first; () for 0.

    >>> partitions(3)
    [(3,), (2, 1), (1, 1, 1)]
    """
    if total < 0:
        raise ValueError(f"AP must be 0 or more, not {total}")
    out: list[tuple[int, ...]] = []

    def walk(left: int, largest: int, prefix: tuple[int, ...]) -> None:
        if left == 0:
            out.append(prefix)
            return
        if max_parts is not None and len(prefix) >= max_parts:
            return
        for part in range(min(left, largest), 0, -1):
            walk(left - part, part, (*prefix, part))

    walk(total, total, ())
    return out


def splits(ap: int, max_attacks: int | None = None) -> list[Split]:
    """Every split of ``ap``: evasion dice 0..ap, the rest partitioned into attacks.

    Spending fewer AP than one has is never better here, so every AP is used.
    """
    return [Split(e, attacks) for e in range(ap + 1) for attacks in partitions(ap - e, max_attacks)]


@dataclass(frozen=True)
class _Conditional:
    """Per evasion total t (weight ``weight[t]``) and dice n: E[wounds], P(0 wounds), P(x<2)."""

    weight: NDArray[np.float64]
    expected: dict[int, NDArray[np.float64]]
    p_zero: dict[int, NDArray[np.float64]]
    p_below2: dict[int, NDArray[np.float64]]


def _conditional(
    hit: int, dice_counts: set[int], evasion: int, evasion_dice: int, damage: int, durability: int
) -> _Conditional:
    return _conditional_cached(
        hit, tuple(sorted(dice_counts)), evasion, evasion_dice, damage, durability
    )


@lru_cache(maxsize=512)
def _conditional_cached(
    hit: int,
    dice_counts: tuple[int, ...],
    evasion: int,
    evasion_dice: int,
    damage: int,
    durability: int,
) -> _Conditional:
    wounds_of(damage, 0, durability)
    ev_pmf, _tail = pmf(evasion_dice)
    rolls = np.nonzero(ev_pmf)[0].astype(np.int64)
    lead = hit - evasion  # per row: hit - (evasion + roll)
    k0 = first_wounding_multiplier(damage, durability)
    expected, p_zero, p_below2 = {}, {}, {}
    for n in dice_counts:
        steps = max(multiplier_count(n, lead), 2, k0 or 0)
        at_least = multiplier_survival(lead, n, rolls, steps)  # rows: rolls, cols: k = 1..steps
        expected[n] = at_least @ wound_steps(damage, durability, steps)
        p_zero[n] = 1.0 - at_least[:, k0 - 1] if k0 is not None else np.ones(len(rolls))
        p_below2[n] = 1.0 - at_least[:, 1]
    return _Conditional(ev_pmf[rolls], expected, p_zero, p_below2)


def _against(cond: _Conditional, attacks: tuple[int, ...]) -> tuple[float, float, float]:
    """(E[wounds], P(>= 1 wound), P(some attack x2+)) of ``attacks`` against one evasion roll."""
    if not attacks:
        return 0.0, 0.0, 0.0
    w = cond.weight
    expected = sum(float(w @ cond.expected[n]) for n in attacks)
    none = np.ones_like(w)
    below2 = np.ones_like(w)
    for n in attacks:
        none = none * cond.p_zero[n]
        below2 = below2 * cond.p_below2[n]
    return expected, float(1.0 - w @ none), float(1.0 - w @ below2)


def _check(side: Combatant, label: str) -> None:
    if not 0 <= side.ap <= MAX_PLANNER_AP:
        raise ValueError(f"{label} AP must be 0-{MAX_PLANNER_AP}, not {side.ap}")
    if side.max_attacks is not None and side.max_attacks < 1:
        raise ValueError(f"{label} max_attacks must be at least 1")


def plan(
    me: Combatant,
    opponent: Combatant,
    opponent_evasion_dice: int,
    opponent_attacks: tuple[int, ...] | None = None,
    objective: Objective = "net",
) -> Plan:
    """The whole table of ``me``'s splits against ``opponent``, best first.

    Objectives: ``net`` maximises expected wounds dealt - taken, ties by less risk (P(taking x2+));
    ``dealt`` maximises wounds dealt, ties by less risk; ``safe`` minimises the risk, ties by net.
    Remaining ties: more P(wound dealt), then fewer evasion dice, then fewer attacks.
    """
    _check(me, "my")
    _check(opponent, "the opponent's")
    if not 0 <= opponent_evasion_dice <= opponent.ap:
        raise ValueError(
            f"the opponent's evasion dice must be 0-{opponent.ap}, not {opponent_evasion_dice}"
        )
    opp_attack_ap = opponent.ap - opponent_evasion_dice
    if opponent_attacks is not None:
        if any(n < 1 for n in opponent_attacks) or sum(opponent_attacks) > opp_attack_ap:
            raise ValueError(
                f"the opponent's attacks {list(opponent_attacks)} need more than its "
                f"{opp_attack_ap} attack AP"
            )
        responses = [tuple(sorted(opponent_attacks, reverse=True))]
    else:
        responses = partitions(opp_attack_ap, opponent.max_attacks)

    my_splits = splits(me.ap, me.max_attacks)
    dealing = _conditional(
        me.hit,
        set(range(1, me.ap + 1)),
        opponent.evasion,
        opponent_evasion_dice,
        me.damage,
        opponent.durability,
    )
    taking_by_e: dict[int, tuple[tuple[int, ...], float, float, float]] = {}
    for e in range(me.ap + 1):
        taking = _conditional(
            opponent.hit,
            set(range(1, opp_attack_ap + 1)),
            me.evasion,
            e,
            opponent.damage,
            me.durability,
        )
        # The opponent picks its attacks after our evasion is declared: its best response.
        scored = [(attacks, *_against(taking, attacks)) for attacks in responses]
        best = max(scored, key=lambda s: (_q(s[1]), _q(s[3])))
        taking_by_e[e] = best

    rows = []
    for split in my_splits:
        dealt, p_dealt, _p2 = _against(dealing, split.attacks)
        opp_attacks, taken, p_taken, p2_taken = taking_by_e[split.evasion_dice]
        rows.append(PlanRow(split, dealt, taken, p_dealt, p_taken, p2_taken, opp_attacks))
    rows.sort(key=lambda r: _rank(r, objective))
    return Plan(tuple(rows), objective)


def _q(x: float) -> float:
    """Quantise so that float noise below TIE does not decide a ranking."""
    return round(x / TIE) * TIE


def _rank(row: PlanRow, objective: Objective) -> tuple[float, ...]:
    risk = _q(row.p_multiplier2_taken)
    tail = (-_q(row.p_wound_dealt), row.split.evasion_dice, len(row.split.attacks))
    if objective == "net":
        return (-_q(row.net), risk, *tail)
    if objective == "dealt":
        return (-_q(row.expected_dealt), risk, *tail)
    return (risk, -_q(row.net), *tail)
