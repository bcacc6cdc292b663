"""Odds of one attack and of a whole activation (two attack actions) against one target.

These back ``laminim odds --system artifact``: per-die hit chance, per-hit evasion chance, the
distribution of hits that land, expected damage and the kill chance, with damage = hits x D
capped at the target's HP (overkill is ignored).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from . import chain
from .distributions import binomial, capped_damage, hits_after_evasion, mean
from .evasion import can_evade, p_evade, worth_evading
from .model import AttackAction, UnitStats
from .to_hit import p_hit

ACTIONS_PER_ACTIVATION = 2


@dataclass(frozen=True)
class OddsResult:
    """One attack: the numbers of ``laminim odds --system artifact --json``."""

    p_hit: float
    p_evade: float | None
    hits: tuple[float, ...]
    """P(k hits land after evasion), k = 0..attacks."""
    expected_damage: float
    p_kill: float
    damage: tuple[float, ...]
    """P(damage = d), d = 0..target HP (capped)."""
    target_hp: int

    def as_json(self) -> dict[str, Any]:
        return {
            "p_hit": self.p_hit,
            "p_evade": self.p_evade,
            "hits": list(self.hits),
            "expected_damage": self.expected_damage,
            "p_kill": self.p_kill,
        }


@dataclass(frozen=True)
class ActivationResult:
    """A whole activation (up to two attack actions, in order) against one target."""

    damage: tuple[float, ...]
    """P(total damage = d), d = 0..target HP (capped)."""
    expected_damage: float
    p_kill: float
    expected_propellant_spent: float | None
    """Expected P the target spends on evasion (None for a ship)."""
    target_hp: int

    def as_json(self) -> dict[str, Any]:
        return {
            "damage": list(self.damage),
            "expected_damage": self.expected_damage,
            "p_kill": self.p_kill,
            "expected_propellant_spent": self.expected_propellant_spent,
        }


def _target_hp(target: UnitStats, target_hp: int | None) -> int:
    hp = target.hp if target_hp is None else target_hp
    if isinstance(hp, bool) or not isinstance(hp, int) or not 1 <= hp <= target.hp:
        raise ValueError(f"target HP must be between 1 and {target.hp} ({target.id}), got {hp}")
    return hp


def _check_evade(target: UnitStats, propellant: int | None) -> None:
    if target.kind == "ship":
        raise ValueError(f"{target.id} is a ship: a ship never evades (RULES D11)")
    if not can_evade(target.kind, propellant):
        raise ValueError(f"{target.id} has P 0: an MS at P 0 cannot evade (RULES D11)")


def attack_distribution(
    action: AttackAction,
    target: UnitStats,
    *,
    evade: bool = False,
    target_hp: int | None = None,
) -> tuple[tuple[Fraction, ...], tuple[Fraction, ...]]:
    """Exact (hits after evasion, capped damage) distributions of one attack."""
    hp = _target_hp(target, target_hp)
    if evade:
        _check_evade(target, target.propellant)
    ph = p_hit(action.weapon, target.kind, action.near)
    pe = p_evade(action.evade_near) if evade else None
    hits = hits_after_evasion(action.weapon.attacks, ph, pe)
    return hits, capped_damage(hits, action.weapon.damage, hp)


def attack_odds(
    action: AttackAction,
    target: UnitStats,
    *,
    evade: bool = False,
    target_hp: int | None = None,
) -> OddsResult:
    """One attack of ``action.weapon`` at ``target`` (D10 modifiers in ``action``; D11 if evading).

    >>> from .model import WeaponStats
    >>> funnel = WeaponStats("funnel", range=20, attacks=3, to_hit_ms=3, to_hit_ship=3, damage=2)
    >>> ship = UnitStats("ra-cailum", "ship", move=15, hp=35, weapons=(), capacity=12)
    >>> attack_odds(AttackAction(funnel, near=1), ship).p_hit  # 3+ with -1: needs a 4
    0.5
    """
    hits, damage = attack_distribution(action, target, evade=evade, target_hp=target_hp)
    ph = p_hit(action.weapon, target.kind, action.near)
    return OddsResult(
        p_hit=float(ph),
        p_evade=float(p_evade(action.evade_near)) if evade else None,
        hits=tuple(float(p) for p in hits),
        expected_damage=float(mean(damage)),
        p_kill=float(damage[-1]),
        damage=tuple(float(p) for p in damage),
        target_hp=len(damage) - 1,
    )


def activation_states(
    actions: Sequence[AttackAction],
    target: UnitStats,
    *,
    evade: bool = False,
    target_hp: int | None = None,
    target_propellant: int | None = None,
    reserve: int = 0,
    exact: bool = True,
) -> tuple[Any, int, int]:
    """The (HP, P) array after the actions, the starting HP and the starting P column.

    Without evasion the array has a single P column (P cannot change).
    """
    if not 1 <= len(actions) <= ACTIONS_PER_ACTIVATION:
        raise ValueError(
            f"an activation has 1 to {ACTIONS_PER_ACTIVATION} attack actions, got {len(actions)}"
        )
    hp = _target_hp(target, target_hp)
    if target.kind == "ms":
        full_p = target.propellant or 0
        p0 = full_p if target_propellant is None else target_propellant
        if not 0 <= p0 <= full_p:
            raise ValueError(f"target P must be between 0 and {full_p} ({target.id}), got {p0}")
    else:
        full_p, p0 = 0, 0
    if evade:
        _check_evade(target, p0)
    # P only ever falls, so columns above p0 stay empty; without evasion it never moves at all.
    top = p0 if evade else 0
    alive = chain.start_state(hp, hp, top, top, exact)
    res = reserve if evade else top
    for action in actions:
        alive = chain.apply_attack(alive, action, target.kind, res, exact)
    return alive, hp, top


def activation_odds(
    actions: Sequence[AttackAction],
    target: UnitStats,
    *,
    evade: bool = False,
    target_hp: int | None = None,
    target_propellant: int | None = None,
    reserve: int = 0,
) -> ActivationResult:
    """A whole activation: the attack actions in order (the same weapon twice is allowed).

    The target evades each attack that scored a hit while its P is above ``reserve``, spending 1 P
    each time, so an MS low on P may evade the first attack but not the second.
    """
    alive, hp, p0 = activation_states(
        actions,
        target,
        evade=evade,
        target_hp=target_hp,
        target_propellant=target_propellant,
        reserve=reserve,
        exact=True,
    )
    dist = [Fraction(0)] * (hp + 1)
    for h in range(1, hp + 1):
        dist[hp - h] += chain.total(alive[h, :], True)
    p_alive = sum(dist, Fraction(0))
    dist[hp] = 1 - p_alive
    spent: float | None = None
    if target.kind == "ms":
        spent = float(_expected_spent(actions, target, evade, hp, p0, reserve))
    return ActivationResult(
        damage=tuple(float(p) for p in dist),
        expected_damage=float(mean(tuple(dist))),
        p_kill=float(dist[hp]),
        expected_propellant_spent=spent,
        target_hp=hp,
    )


def _expected_spent(
    actions: Sequence[AttackAction],
    target: UnitStats,
    evade: bool,
    hp: int,
    p0: int,
    reserve: int,
) -> Fraction:
    """Expected P the target spends on evasion (D11: 1 P per attack that scored a hit, evaded).

    A living target with P above the reserve spends 1 P exactly when the attack scores a hit,
    whatever the evasion dice then show; a destroyed target evades no more.
    """
    if not evade:
        return Fraction(0)
    spent = Fraction(0)
    alive = chain.start_state(hp, hp, p0, p0, True)
    for action in actions:
        if worth_evading(action.evade_near):
            could = chain.total(alive[:, max(0, reserve) + 1 :], True)
            miss_all = binomial(action.weapon.attacks, p_hit(action.weapon, "ms", action.near))[0]
            spent += could * (1 - miss_all)
        alive = chain.apply_attack(alive, action, target.kind, reserve, True)
    return spent
