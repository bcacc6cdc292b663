"""The pure-numpy exact chain (docs/rules.md §1.8, D5-D8, D19): the reference the compiled engine is
held to, and the engine for interception (D19).

Interception (D19, optional): in a pattern whose interceptor slot is intact, the round applies
every other die as usual and then the intercepted salvo as a mixture over the missiles that
arrive (``interception.arriving``), one missile die more per step; other patterns, and every
pattern when the threat has no salvo or nothing intercepts, take the plain path.

Reading of the rules where they are silent (the Monte Carlo and brute-force tests share it):
weapons destroyed in the same wave as the frame still roll their cook-off dice (the unit is
destroyed "after resolution"), so they count towards ``cook_off``; once the unit is destroyed no
later round touches it. A weapon with ``ammo`` None or 0 never rolls.
"""

from __future__ import annotations

import numpy as np

from .chain_ops import Kernel, _apply, _windowed
from .chain_tables import _Chain
from .chain_waves import CLEAN, TOTAL, _resolve, _State, _summarise
from .interception import Intercept
from .model import ThreatSpec, UnitSpec
from .results import Pattern, SurvivalResult
from .schedule import round_threats
from .threads import one_maths_thread


def _intercepted_round(
    array: np.ndarray,
    rest: list[tuple[Kernel, int]],
    missile: Kernel,
    arrive: tuple[float, ...],
    values: tuple,
    offset: int,
) -> np.ndarray:
    """One round with D19's interception: every other die, then the intercepted salvo as a
    mixture over how many of its missiles arrive (m = 0..n, one more missile die each step)."""
    for kernel, times in rest:
        array = _windowed(array, kernel, times, values, offset)
    out = arrive[0] * array
    for m in range(1, len(arrive)):
        array = _apply(array, missile, 1, values, offset)
        if arrive[m]:
            out += arrive[m] * array
    return out


# summed into the reported error bound, which stays within ``_ERROR_TARGET``; 0.0 turns dropping
# off (the plain chain, bit for bit).
_DROP_BELOW = 1e-15
_ERROR_TARGET = 1e-9  # every reported number stays within this of the exact chain


def _drop_crumbs(chain: _Chain, state: _State, below: float, allowance: float) -> float:
    """Forget patterns whose living mass is under ``below``, spending at most ``allowance``.

    Returns the error this may cause on any reported number: a probability moves by at most the
    dropped mass, the expected remaining durability by at most the mass times the pattern's
    largest remaining durability (its cells' values only fall), so the larger of the two.
    """
    cost = 0.0
    for pattern, array in list(state.alive.items()):
        mass = float(array[TOTAL].sum())
        if mass >= below:
            continue
        weight = max(1.0, float(sum(values[-1] for values in chain.axis_values(pattern))))
        if cost + mass * weight > allowance:
            continue
        cost += mass * weight
        del state.alive[pattern]
    return cost


def _survival(
    unit: UnitSpec,
    threat: ThreatSpec,
    rounds: int,
    intercept: Intercept | None = None,
    start: Pattern | None = None,
    attacks_done: bool = False,
) -> SurvivalResult:
    """The chain from ``unit`` whole (its durabilities and ammo are where it starts, see
    ``start``), with ``start`` the slots intact at the start (default: every mounted one), and
    each round's attacks from ``schedule.round_threats`` (D21)."""
    chain = _Chain(unit, threat, intercept)
    plan = round_threats(threat, rounds, attacks_done)
    if start is None:
        start = chain.mounted  # type: ignore[assignment]
    assert start is not None
    values = chain.axis_values(start)
    array = np.zeros((2, *(len(v) for v in values)))
    full: tuple = (slice(None), *(len(v) - 1 for v in values))
    array[full] = 1.0
    state = _State()
    state.alive[start] = array
    allowance = _ERROR_TARGET / max(1, rounds)
    dropped = 0.0
    results = []
    for round_no in range(1, rounds + 1):
        made = plan[round_no - 1]
        pending: dict[Pattern, np.ndarray] = {}
        for pattern, mass in state.alive.items():
            values = chain.axis_values(pattern)
            split = chain.intercepted(pattern, made)
            if split is not None:
                arrive = chain.arriving(made)
                assert arrive is not None
                if np.array_equal(mass[CLEAN], mass[TOTAL]):
                    total = _intercepted_round(mass[TOTAL], *split, arrive[1], values, 0)
                    mass = np.stack((total, total))
                else:
                    mass = _intercepted_round(mass, *split, arrive[1], values, 1)
                pending[pattern] = mass
                continue
            kernels = chain.round_kernels(pattern, made)
            if np.array_equal(mass[CLEAN], mass[TOTAL]):
                # No cook-off 1 can have touched this mass yet (e.g. no weapon destroyed): the
                # two views are bit-for-bit equal, so run the dice once and copy the result.
                total = mass[TOTAL]
                for kernel, times in kernels:
                    total = _windowed(total, kernel, times, values, offset=0)
                mass = np.empty((2, *total.shape))
                mass[CLEAN] = total
                mass[TOTAL] = total
            else:
                for kernel, times in kernels:
                    mass = _windowed(mass, kernel, times, values)
            pending[pattern] = mass
        nxt = _State()
        nxt.dead, nxt.dead_clean = state.dead, state.dead_clean
        _resolve(chain, pending, nxt)
        state = nxt
        if _DROP_BELOW > 0.0:
            dropped += _drop_crumbs(chain, state, _DROP_BELOW, allowance)
        results.append(_summarise(chain, state, round_no, dropped))
    return SurvivalResult(unit.name, threat.id, tuple(results))


def reference_survival(
    unit: UnitSpec,
    threat: ThreatSpec,
    rounds: int = 6,
    intercept: Intercept | None = None,
    start: Pattern | None = None,
    attacks_done: bool = False,
) -> SurvivalResult:
    """The reference chain on one maths thread, without the budget check (callers check it)."""
    with one_maths_thread():
        return _survival(unit, threat, rounds, intercept, start, attacks_done)
