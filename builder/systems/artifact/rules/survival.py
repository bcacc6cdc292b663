"""D12: exact expected survival of one unit holding under a threat, round by round.

Every round every attack of the threat is made in order while the unit lives; damage lands at
once (HP 0 destroys); the unit evades per D11 while its P is above ``reserve``, never refills P and
spends none on its own actions. The chain runs over (HP, P) states, so the numbers are exact up to
float rounding (``exact=True`` keeps ``Fraction`` throughout, for tests and audits).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from . import chain
from .model import Threat, UnitKind, UnitStats

MAX_ROUNDS = 1000
"""Refuse longer analyses: the cost is linear in rounds, but nobody plays a thousand rounds."""


@dataclass(frozen=True)
class RoundResult:
    """After round ``round``: P(alive), E[HP], E[P] (destroyed counts 0; E[P] None for a ship)."""

    round: int
    alive: float
    expected_hp: float
    expected_propellant: float | None

    def as_json(self) -> dict[str, Any]:
        return {
            "round": self.round,
            "alive": self.alive,
            "expected_hp": self.expected_hp,
            "expected_propellant": self.expected_propellant,
        }


@dataclass(frozen=True)
class ExactRoundResult:
    round: int
    alive: Fraction
    expected_hp: Fraction
    expected_propellant: Fraction | None


@dataclass(frozen=True)
class SurvivalResult:
    threat: str
    unit: str
    kind: UnitKind
    reserve: int
    rounds: tuple[RoundResult, ...]

    def as_json(self, name: str | None = None) -> dict[str, Any]:
        """One entry of ``analyze --json``'s ``units`` list (``name`` = the force's unit name)."""
        return {
            "name": self.unit if name is None else name,
            "kind": self.kind,
            "rounds": [r.as_json() for r in self.rounds],
        }


def _rounds(
    unit: UnitStats,
    threat: Threat,
    rounds: int,
    reserve: int,
    start_hp: int | None,
    start_propellant: int | None,
    exact: bool,
) -> list[tuple[Any, Any, Any | None]]:
    if isinstance(rounds, bool) or not isinstance(rounds, int) or not 1 <= rounds <= MAX_ROUNDS:
        raise ValueError(f"rounds must be between 1 and {MAX_ROUNDS}, got {rounds}")
    if reserve < 0:
        raise ValueError(f"the P reserve must be 0 or more, got {reserve}")
    full_p = unit.propellant if unit.kind == "ms" and unit.propellant is not None else 0
    hp0 = unit.hp if start_hp is None else start_hp
    p0 = full_p if start_propellant is None or unit.kind == "ship" else start_propellant
    alive = chain.start_state(hp0, unit.hp, p0, full_p, exact)
    out: list[tuple[Any, Any, Any | None]] = []
    for _ in range(rounds):
        for attack in threat.attacks:
            alive = chain.apply_attack(alive, attack.action, unit.kind, reserve, exact)
        e_p = chain.expected_propellant(alive, exact) if unit.kind == "ms" else None
        out.append((chain.total(alive, exact), chain.expected_hp(alive, exact), e_p))
    return out


def survival(
    unit: UnitStats,
    threat: Threat,
    rounds: int = 6,
    *,
    reserve: int = 0,
    start_hp: int | None = None,
    start_propellant: int | None = None,
) -> SurvivalResult:
    """Per round k = 1..``rounds``: P(alive), E[HP], E[P] of ``unit`` under ``threat`` (D12)."""
    rows = _rounds(unit, threat, rounds, reserve, start_hp, start_propellant, exact=False)
    return SurvivalResult(
        threat=threat.id,
        unit=unit.id,
        kind=unit.kind,
        reserve=reserve,
        rounds=tuple(
            RoundResult(k, float(a), float(h), None if p is None else float(p))
            for k, (a, h, p) in enumerate(rows, start=1)
        ),
    )


def survival_exact(
    unit: UnitStats,
    threat: Threat,
    rounds: int = 6,
    *,
    reserve: int = 0,
    start_hp: int | None = None,
    start_propellant: int | None = None,
) -> tuple[ExactRoundResult, ...]:
    """The same chain in ``Fraction`` arithmetic (slower; for tests and audits)."""
    rows = _rounds(unit, threat, rounds, reserve, start_hp, start_propellant, exact=True)
    return tuple(ExactRoundResult(k, a, h, p) for k, (a, h, p) in enumerate(rows, start=1))


def survival_states(
    unit: UnitStats,
    threat: Threat,
    rounds: int = 6,
    *,
    reserve: int = 0,
) -> list[dict[tuple[int, int], Fraction]]:
    """Exact distribution of living (HP, P) states after each round (P is 0 for a ship)."""
    full_p = unit.propellant if unit.kind == "ms" and unit.propellant is not None else 0
    alive = chain.start_state(unit.hp, unit.hp, full_p, full_p, True)
    out = []
    for _ in range(rounds):
        for attack in threat.attacks:
            alive = chain.apply_attack(alive, attack.action, unit.kind, reserve, True)
        out.append(
            {
                (h, p): alive[h, p]
                for h in range(alive.shape[0])
                for p in range(alive.shape[1])
                if alive[h, p]
            }
        )
    return out
