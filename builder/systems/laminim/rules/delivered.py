"""Damage delivered over a game (docs/rules.md D25): a loadout's worth to a player.

The expected damage the unit's weapons deal over N rounds while it survives the threat:

    Σ over rounds k = 1…N and slots s of P(alive and slot s intact at the start of round k) × d_s

counting a weapon only in the rounds its ammo lasts (⌊ammo ÷ ammo per attack⌋ rounds; a weapon
without ammo fires every round). ``d_s`` is the slot's damage per round as ``analyze`` reports it
(``damage_output``: every weapon firing at bonus +2, against a target of the unit's own
exposure). The start of round k is the end of round k − 1, and the chain reports, after every
round, P(slot s's weapon destroyed by then) counting a destroyed unit as every part destroyed
(D7): so P(alive and slot s intact at the start of round k) = 1 − that figure after round k − 1
(1 at the start of round 1). At N = 1 the figure is ``analyze``'s all-weapons damage.

Nothing here runs a chain: the figure is read off the per-round outputs the chain (or the
sampler) already gave, so the optimiser, the balance report and a match-up get it for free.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from .damage_output import damage_output
from .model import UnitSpec, WeaponSpec
from .results import RoundResult, Span
from .silhouette import silhouette


def ammo_rounds(weapon: WeaponSpec) -> int | None:
    """The rounds a weapon can fire on its ammo (None: every round, it uses none)."""
    if weapon.ammo is None or weapon.ammo_per_attack <= 0:
        return None
    return weapon.ammo // weapon.ammo_per_attack


def per_round_damage(unit: UnitSpec) -> tuple[float | None, ...]:
    """``d_s`` of each slot (None: empty or no attack), as ``analyze`` reports it per slot."""
    return _per_slot(unit.slots)


@lru_cache(maxsize=65536)  # exact Fractions inside; the same weapons score alike on every frame
def _per_slot(slots: tuple[WeaponSpec | None, ...]) -> tuple[float | None, ...]:
    unit = UnitSpec("", 1, slots)  # type: ignore[arg-type]
    return damage_output(unit, float(silhouette(unit).exposure)).per_slot


@dataclass(frozen=True)
class Delivered:
    """D25's figure of one unit against one threat over ``rounds`` rounds."""

    rounds: int
    total: float
    per_slot: tuple[float | None, float | None, float | None]  # None: empty or no attack
    interval: Span | None = None  # sampled per-round figures: bounds from their intervals


def firing_rounds(weapon: WeaponSpec, rounds: int) -> int:
    """How many of rounds 1…``rounds`` the weapon fires in (its ammo permitting)."""
    limit = ammo_rounds(weapon)
    return rounds if limit is None else min(rounds, limit)


def intact_at_start(destroyed: Sequence[float | None], firing: int) -> float:
    """Σ over rounds k = 1…``firing`` of P(alive and the slot intact at the start of round k),
    from ``destroyed`` = P(slot destroyed by round j) for j = 1, 2, … (the chain's figure)."""
    total = 0.0
    for k in range(1, firing + 1):
        gone = 0.0 if k == 1 else destroyed[k - 2]
        total += 1.0 - (gone or 0.0)
    return total


def delivered(unit: UnitSpec, per_round: Sequence[RoundResult], rounds: int) -> Delivered:
    """D25 for ``unit`` from its per-round results (at least ``rounds - 1`` of them).

    Sampled rounds (``RoundResult.interval``) give the figure with bounds made from the
    per-slot intervals (every slot at its worst, then at its best): wider than a 95 % interval
    of the sum, never narrower.
    """
    damage = per_round_damage(unit)
    per_slot: list[float | None] = []
    low = high = 0.0
    sampled = any(r.interval is not None for r in per_round[: max(0, rounds - 1)])
    for s, (weapon, d) in enumerate(zip(unit.slots, damage, strict=True)):
        if weapon is None or d is None:
            per_slot.append(None)
            continue
        firing = firing_rounds(weapon, rounds)
        destroyed = [r.slot_destroyed[s] for r in per_round]
        per_slot.append(d * intact_at_start(destroyed, firing))
        if sampled:
            spans = [r.interval.slot_destroyed[s] if r.interval else None for r in per_round]
            worst = [span[1] if span else x for span, x in zip(spans, destroyed, strict=True)]
            best = [span[0] if span else x for span, x in zip(spans, destroyed, strict=True)]
            low += d * intact_at_start(worst, firing)
            high += d * intact_at_start(best, firing)
    total = sum(v for v in per_slot if v is not None)
    return Delivered(
        rounds,
        total,
        (per_slot[0], per_slot[1], per_slot[2]),
        (low, high) if sampled else None,
    )
