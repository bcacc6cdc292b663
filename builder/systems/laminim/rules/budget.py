"""How big an exact survival job is, known before a single array is allocated.

The chain (``chain_reference``) keeps one float64 array per validity pattern whose axes list every
durability a part can show, and applies every die of the threat (and every cook-off die) to it.
``estimate`` counts those cells and die applications from the specs alone, in microseconds even
for absurd inputs (durability 10^9, ammo 10^9, attacks 10^6); ``check_budget`` refuses a job
beyond the limits with ``TooLarge``, which a caller (CLI, TUI) turns into a "job too large" message
(exit 2) instead of a hang or a swap storm.

Limits: ``MAX_STATES`` cells held at once (state arrays plus the chain's working copies, about
1 GB of float64) and ``MAX_WORK`` die-cell updates (a few seconds on the compiled engine,
``engine``: durabilities x4 of the heaviest demo unit against the heaviest threat fit, x6 not).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import product
from math import gcd, prod

import numpy as np

from .distributions import damage_taken
from .model import ThreatSpec, UnitSpec

MAX_STATES = 125_000_000  # float64 cells: 1 GB
MAX_WORK = 6_000_000_000  # die applications x cells: a few seconds on the compiled engine
_EXACT_AXIS = 1 << 20  # count reachable durabilities exactly up to this far below the start
_WORKING_COPIES = 4  # state + pending + next state + one die's output, in units of the state


class TooLarge(ValueError):
    """An exact job beyond the budget: ``needed`` exceeds ``limit`` (``what``: states | work)."""

    def __init__(self, needed: int, limit: int, what: str = "states") -> None:
        self.needed = needed
        self.limit = limit
        self.what = what
        noun = {"states": "probability cells", "work": "die-cell updates"}.get(what, "dice")
        super().__init__(
            f"exact survival needs about {needed:.3g} {noun}, over the limit of {limit:.3g};"
            " use fewer rounds or smaller durabilities, ammo or attacks"
        )

    @property
    def needed_states(self) -> int:
        return self.needed


@dataclass(frozen=True)
class Estimate:
    """Upper bounds on what an exact chain holds and does (``estimate``)."""

    states: int  # float64 cells held at once at the peak (upper bound)
    work: int  # die applications times the cells they touch, over all rounds (upper bound)
    axis_cells: tuple[int, int, int, int]  # cells on the frame and slot axes (0: empty slot)

    @property
    def bytes(self) -> int:
        return 8 * self.states


def reachable_count(start: int, steps: frozenset[int] | set[int]) -> int:
    """How many durabilities a part starting at ``start`` can show when hit by ``steps``.

    Matches ``chain_tables._reachable`` (start minus any sum of steps, clipped at 0): a value
    ``start - x`` with ``0 <= x < start`` is reachable when ``x`` is a sum of steps, plus the
    cell 0. The sums below a bound come from a sieve (closure under each step by doubling
    shifts); beyond the semigroup's Frobenius number every multiple of the gcd is a sum.
    Past ``_EXACT_AXIS`` it is an upper bound (every value counted), which is all a refusal needs.
    """
    steps = {s for s in steps if s > 0}
    if start <= 0:
        return 1
    if not steps:
        return 2
    limit = min(start, _EXACT_AXIS)
    reach = np.zeros(limit, dtype=bool)
    reach[0] = True
    for step in sorted(steps):
        shift = step  # closure under +step by doubling: after shifts s, 2s, 4s.. any m*s is in
        while shift < limit:
            reach[shift:] |= reach[:-shift].copy()
            shift *= 2
    count = int(reach.sum())
    if start > limit:
        g = gcd(*steps)
        if max(steps) ** 2 <= limit:  # beyond the Frobenius number: every multiple of g
            count += (start - 1) // g - (limit - 1) // g
        else:
            count += start - limit
    return count + 1  # the cell 0


@lru_cache(maxsize=16384)  # the optimiser's size guard, then the chain itself, ask the same
def estimate(unit: UnitSpec, threat: ThreatSpec, rounds: int) -> Estimate:
    """Cells and work of ``survival(unit, threat, rounds)`` from the specs alone."""
    powers = {a.weapon.power for a in threat.attacks if a.weapon.makes_attacks}
    powers |= {w.power for w in unit.slots if w is not None and w.cook_off_dice}
    starts = (
        unit.frame_durability,
        *(w.durability if w is not None else 0 for w in unit.slots),
    )
    axes = tuple(
        reachable_count(starts[part], {damage_taken(unit, part, p) for p in powers})
        if part == 0 or unit.slots[part - 1] is not None
        else 0
        for part in range(4)
    )
    mounted = [i for i in range(3) if unit.slots[i] is not None]
    cells = 0  # every pattern's array: the frame axis times the intact slots' axes
    for keep in product((True, False), repeat=len(mounted)):
        cells += axes[0] * prod(axes[i + 1] for i, k in zip(mounted, keep, strict=True) if k)
    views = 2  # [clean, total]
    dice = sum(a.weapon.attacks for a in threat.attacks if a.weapon.makes_attacks)
    group = max((a.weapon.attacks for a in threat.attacks if a.weapon.makes_attacks), default=0)
    ammo = sum(w.cook_off_dice for w in unit.slots if w is not None)
    # A whole group of dice on a small slot space (<= 64 cells, chain_ops._GROUP_MAX_STATES) is
    # one product with group + 1 blocks side by side; larger spaces go one die at a time.
    slot_space = prod(axes[i + 1] for i in mounted)
    blocks = group + 1 if slot_space <= 64 else 0
    states = views * cells * (_WORKING_COPIES + blocks)
    work = max(0, rounds) * views * cells * (dice + ammo)
    return Estimate(states, work, axes)  # type: ignore[arg-type]


def check_budget(
    unit: UnitSpec,
    threat: ThreatSpec,
    rounds: int,
    max_states: int = MAX_STATES,
    max_work: int = MAX_WORK,
) -> Estimate:
    """``estimate``, raising ``TooLarge`` when the job is beyond either limit."""
    est = estimate(unit, threat, rounds)
    if est.states > max_states:
        raise TooLarge(est.states, max_states, "states")
    if est.work > max_work:
        raise TooLarge(est.work, max_work, "work")
    return est
