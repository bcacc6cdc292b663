"""Exact expected survival (docs/rules.md §1.8, D5-D8, D19): the rules core's one entry point.

The maths is a Markov chain over part-durability states (``chain_tables`` describes the layout):
each round applies every die of the threat against the silhouette at the start of the round,
then the end-of-round resolution destroys every part at 0 at once and runs the cook-off waves.
Two engines compute it: ``chain_reference`` (pure numpy, one array per validity pattern) is the
reference and runs interception (D19); ``engine`` runs the same sums compiled, for throughput.

Which engine runs a chain is chosen here, so that an analysis costs what it computes. The
compiled engine is the faster per die-cell update (~0.3-0.6 ns against the reference's ~1-5 ns)
but starts slowly: importing numba and loading its cached machine code take about a second of
CPU, two hundred times the chain work of a demo unit. A chain under ``COMPILED_FROM`` updates
(every unit of the demo team) runs on the reference chain and never loads numba; a larger one
(large durabilities) runs compiled (``engine_for``: a function of the question alone, so one
question gets one answer in every command). The optimiser asks for the compiled engine for all
its chains (its hundreds of small chains pay for the start-up, and ``balance`` and ``optimize
--frame F`` then rank the very same numbers). The two engines agree to 1e-9 on every number
(``tests/systems/laminim/rules/test_engine.py`` runs both), so no printed figure depends on
which one ran.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Literal

from .budget import check_budget
from .chain_reference import _survival
from .interception import Intercept, arriving, intercept_problem
from .model import ThreatSpec, UnitSpec, UnitState
from .results import Pattern, RoundResult, SurvivalResult
from .start import start_pattern, start_unit
from .threads import one_maths_thread

__all__ = ["Pattern", "RoundResult", "SurvivalResult", "survival"]

Engine = Literal["reference", "compiled"]

COMPILED_FROM = 200_000_000
"""Die-cell updates (``budget.estimate``'s ``work``) from which a job runs compiled: about 0.2-1 s
of CPU on the reference chain, what the compiled engine's start-up costs (``bench/
bench_engine.py`` prints both engines; the heaviest demo unit is 7.6e6, twice its durabilities
1.9e8, four times 4.9e9)."""


def engine_for(work: int) -> Engine:
    """The engine for a chain of ``work`` die-cell updates (``budget.Estimate.work``)."""
    return "compiled" if work >= COMPILED_FROM else "reference"


def survival(
    unit: UnitSpec,
    threat: ThreatSpec,
    rounds: int = 6,
    intercept: Intercept | None = None,
    cook_off: bool = True,
    engine: Engine | None = None,
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
    is then NaN whichever engine ran; the reference chain, used for interception, computes it).

    ``engine``: the one to run (None: chosen by this chain's size, ``engine_for``; the optimiser
    asks for the compiled one). Interception (D19) always runs on the reference chain.
    """
    if intercept is not None:
        refused = intercept_problem(unit, intercept)
        if refused is not None:  # callers check first (intercepting.py words it for a player)
            raise ValueError(str(refused))
    if state is not None and state.frame_destroyed:
        return destroyed_result(unit, threat, rounds)
    start = None if state is None else start_pattern(unit, state)
    begin = unit if state is None else start_unit(unit, state)
    size = check_budget(begin, threat, rounds)
    if intercept is not None and arriving(begin, threat, intercept) is not None:
        with one_maths_thread():
            return _survival(begin, threat, rounds, intercept, start, attacks_done)
    if (engine or engine_for(size.work)) == "compiled":  # no salvo to intercept: plain D7
        from .engine import exact_survival

        return exact_survival(begin, threat, rounds, cook_off, start, attacks_done)
    try:
        with one_maths_thread():
            result = _survival(begin, threat, rounds, None, start, attacks_done)
    except OverflowError:  # hundreds of identical attacks: the reference chain's binomial of
        if engine is not None:  # them leaves float range; the compiled engine rolls the dice
            raise  # one by one and answers (a function of the question too: still one answer)
        from .engine import exact_survival

        return exact_survival(begin, threat, rounds, cook_off, start, attacks_done)
    if cook_off:
        return result
    nan = float("nan")  # as the compiled engine reports it: not kept, not a number
    return replace(result, rounds=tuple(replace(r, cook_off=nan) for r in result.rounds))


def destroyed_result(unit: UnitSpec, threat: ThreatSpec, rounds: int) -> SurvivalResult:
    """A unit already destroyed (D20: it has left play): nothing alive, nothing left, every
    mounted weapon counted destroyed (as D7 counts a destroyed unit's), no cook-off to come."""
    lost = tuple(None if w is None else 1.0 for w in unit.slots)
    return SurvivalResult(
        unit.name,
        threat.id,
        tuple(RoundResult(r, 0.0, 0.0, lost, 0.0) for r in range(1, rounds + 1)),  # type: ignore[arg-type]
    )
