"""Shooting missiles down (docs/rules.md §1.4, D19): how many missiles of a salvo an attack removes.

Each die of a normal weapon that hits a missile token removes one missile, whatever its power;
hits beyond the token's count are lost. With total bonus B a die hits with min(6, 1 + B)/6, so
the missiles removed from a salvo of n are ``min(n, Binomial(attacks, p))``, exactly.

D19 puts this in expected survival: the analysed unit's weapon in one slot, if intact at the
start of the round, shoots once at the threat's first missile salvo (threat order) before it
contacts; the missiles left arrive as usual. ``survival(..., intercept=Intercept(slot, bonus))``
runs that chain; this module gives the distributions it mixes over.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import comb

from .hit_odds import hit_probability
from .model import ThreatSpec, UnitSpec, WeaponSpec

DEFAULT_BONUS = 2
"""Both aim bonuses (+1 no zuzzer on the shooter, +1 none on the token): the usual shot."""

CARD_SALVO = 5
"""The salvo the cards quote ("stops on average x of 5 missiles"): a missile pod's token."""


@dataclass(frozen=True)
class Intercept:
    """D19: the weapon in ``slot`` (0-based) shoots at the first missile salvo with ``bonus``."""

    slot: int
    bonus: int = DEFAULT_BONUS


def can_intercept(weapon: WeaponSpec | None) -> bool:
    """Only a ``normal`` weapon shoots missiles (melee reaches distance 1; missiles cannot)."""
    return weapon is not None and weapon.kind == "normal" and weapon.attacks > 0


@dataclass(frozen=True)
class Refusal:
    """Why an interception cannot be used, as data: the key of the message the caller shows
    (the rules core prints nothing) and what it names."""

    key: str
    """``intercept-no-slot``, ``intercept-empty-slot`` or ``intercept-not-normal``."""
    slot: int
    """The slot asked for, counted 1–3 as a player counts."""
    slots: int = 0
    weapon: str = ""
    kind: str = ""

    def __str__(self) -> str:
        return f"{self.key} (slot {self.slot})"


def intercept_problem(unit: UnitSpec, intercept: Intercept) -> Refusal | None:
    """Why ``intercept`` cannot be used on ``unit`` (None when it can)."""
    slot = intercept.slot + 1
    if not 0 <= intercept.slot < len(unit.slots):
        return Refusal("intercept-no-slot", slot, slots=len(unit.slots))
    weapon = unit.slots[intercept.slot]
    if weapon is None:
        return Refusal("intercept-empty-slot", slot)
    if not can_intercept(weapon):
        return Refusal("intercept-not-normal", slot, weapon=weapon.name, kind=weapon.kind)
    return None


def missiles_removed(weapon: WeaponSpec, salvo: int, bonus: int) -> tuple[Fraction, ...]:
    """P(k missiles removed), k = 0..salvo: ``min(salvo, Binomial(attacks, p))``, exact.

    >>> from .model import WeaponSpec
    >>> rifle = WeaponSpec("rifle", "normal", 10, 3, 4, 10, 1)
    >>> [str(p) for p in missiles_removed(rifle, 2, 2)]  # p = 1/2: 0, 1, at least 2 of 4 dice
    ['1/16', '1/4', '11/16']
    """
    n = weapon.attacks if can_intercept(weapon) else 0
    p = hit_probability(bonus)
    hits = [comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(n + 1)]
    out = [Fraction(0)] * (salvo + 1)
    for k, q in enumerate(hits):
        out[min(k, salvo)] += q
    return tuple(out)


def mean_stopped(weapon: WeaponSpec, salvo: int = CARD_SALVO, bonus: int = DEFAULT_BONUS) -> float:
    """Expected missiles removed from a salvo of ``salvo`` (the card's interception line)."""
    return float(sum(k * q for k, q in enumerate(missiles_removed(weapon, salvo, bonus))))


def first_salvo(threat: ThreatSpec) -> int | None:
    """Index of the threat's first missile salvo (the one D19's interceptor shoots), or None."""
    for index, attack in enumerate(threat.attacks):
        if attack.weapon.kind == "missile" and attack.weapon.attacks > 0:
            return index
    return None


def arriving(
    unit: UnitSpec, threat: ThreatSpec, intercept: Intercept
) -> tuple[int, tuple[float, ...]] | None:
    """(index of the intercepted salvo, P(m missiles still arrive), m = 0..n); None when the
    threat has no missile salvo (interception changes nothing)."""
    index = first_salvo(threat)
    if index is None:
        return None
    weapon = unit.slots[intercept.slot]
    assert weapon is not None
    n = threat.attacks[index].weapon.attacks
    removed = missiles_removed(weapon, n, intercept.bonus)
    return index, tuple(float(removed[n - m]) for m in range(n + 1))
