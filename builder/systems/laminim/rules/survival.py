"""Exact expected survival (docs/rules.md §1.8, D5-D8, D19): the rules core's one entry point.

The maths is a Markov chain over part-durability states (``chain_tables`` describes the layout):
each round applies every die of the threat against the silhouette at the start of the round,
then the end-of-round resolution destroys every part at 0 at once and runs the cook-off waves.
Two engines compute it: ``chain_reference`` (pure numpy, one array per validity pattern) is the
reference and runs interception (D19); ``engine`` runs the same sums compiled, for throughput.
"""

from __future__ import annotations

from .budget import check_budget
from .chain_reference import _survival
from .interception import Intercept, arriving, intercept_problem
from .model import ThreatSpec, UnitSpec, UnitState
from .results import Pattern, RoundResult, SurvivalResult
from .start import start_pattern, start_unit
from .threads import one_maths_thread

__all__ = ["Pattern", "RoundResult", "SurvivalResult", "survival"]


def survival(
    unit: UnitSpec,
    threat: ThreatSpec,
    rounds: int = 6,
    intercept: Intercept | None = None,
    cook_off: bool = True,
    *,
    state: UnitState | None = None,
    attacks_done: bool = False,
) -> SurvivalResult:
    """Exact per-round survival of ``unit`` under ``threat`` (docs/rules.md §1.8, D7). No sampling.

    ``intercept`` (D19): the weapon in that slot shoots at the threat's first missile salvo each
    round it is intact at the start; ValueError when that slot holds no normal weapon. A threat
    with no missile salvo runs the plain chain (the numbers are exactly D7's).

    D21: ``state`` starts the chain where the unit stands (its parts' current durabilities,
    destroyed weapons, ammo left; default: whole, before round 1) and ``attacks_done`` makes
    the first round resolve only the damage already recorded. A threat attack with ``rounds``
    set is made only in that many of the threat's rounds (an enemy unit's magazine).

    Floats (float64) throughout; the brute-force tests check it against exact Fractions. Cells
    below ``_DROP_BELOW`` are dropped and accounted for in ``RoundResult.error_bound``. The job
    is checked against the budget first (``budget.TooLarge``), and the maths libraries run on
    one thread (a chain of small products gains nothing from more, and timings stop depending
    on the machine's core count).

    ``cook_off=False`` lets the compiled engine skip what only the cook-off figure needs (it
    is then NaN; the reference chain, used for interception, computes it anyway).
    """
    if intercept is not None:
        refused = intercept_problem(unit, intercept)
        if refused is not None:  # callers check first (intercepting.py words it for a player)
            raise ValueError(str(refused))
    if state is not None and state.frame_destroyed:
        return destroyed_result(unit, threat, rounds)
    start = None if state is None else start_pattern(unit, state)
    begin = unit if state is None else start_unit(unit, state)
    check_budget(begin, threat, rounds)
    # no salvo in the whole threat: none in any round's share of it (plain D7 chain)
    if intercept is None or arriving(begin, threat, intercept) is None:
        from .engine import exact_survival

        return exact_survival(begin, threat, rounds, cook_off, start, attacks_done)
    with one_maths_thread():
        return _survival(begin, threat, rounds, intercept, start, attacks_done)


def destroyed_result(unit: UnitSpec, threat: ThreatSpec, rounds: int) -> SurvivalResult:
    """A unit already destroyed (D20: it has left play): nothing alive, nothing left, every
    mounted weapon counted destroyed (as D7 counts a destroyed unit's), no cook-off to come."""
    lost = tuple(None if w is None else 1.0 for w in unit.slots)
    return SurvivalResult(
        unit.name,
        threat.id,
        tuple(RoundResult(r, 0.0, 0.0, lost, 0.0) for r in range(1, rounds + 1)),  # type: ignore[arg-type]
    )
