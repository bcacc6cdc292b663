"""Exact expected survival (RULES §1.8, D5-D7): a Markov chain over part-durability states.

State layout. The chain keeps one dense float64 array per *validity pattern* (which mounted slots
are still intact) and per cook-off flag. The array's axes are the frame and the intact slots, and
an index along an axis *is* that part's durability (clipped at 0: index 0 = "at <= 0, not yet
destroyed"). A destroyed unit is one absorbing number (plus its cook-off flag). Probability mass
only ever moves to lower indices, so the arrays are cropped to the durabilities that mass has
reached (``_Block.lo``): early rounds touch a handful of cells, never the whole grid.

One round = every die of the threat applied as a small shift kernel against the pattern's
silhouette at the start of the round (dice commute, so identical dice are one group applied n
times; clipping at 0 commutes with adding damage). Then the end-of-round resolution splits each
array by which parts are at 0, destroys them at once and runs cook-off waves on the sub-arrays.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

import numpy as np

from .cook_off import cook_off_die_outcomes, p_no_cook_off
from .distributions import die_outcomes
from .model import ThreatSpec, UnitSpec

Pattern = tuple[bool, bool, bool]  # slot i intact (mounted and not destroyed)


@dataclass(frozen=True)
class RoundResult:
    """Outputs after round ``round``'s resolution (D7). None marks an empty slot."""

    round: int
    alive: float
    expected_remaining: float  # D6: intact parts' durability; a destroyed unit counts 0
    slot_destroyed: tuple[float | None, float | None, float | None]
    cook_off: float  # P(at least one cook-off die has shown a 1 by this round)


@dataclass(frozen=True)
class SurvivalResult:
    unit: str
    threat: str
    rounds: tuple[RoundResult, ...]


# A die kernel: (stay probability, ((axis, damage, probability), ...)) on a pattern's axes.
Kernel = tuple[float, tuple[tuple[int, int, float], ...]]


_Plan = tuple[tuple, tuple, tuple, tuple, int, bool, bool]


@lru_cache(maxsize=4096)
def _plan(shape: tuple[int, ...], axis: int, damage: int) -> _Plan:
    """Slices that take ``damage`` off ``axis`` (index = durability), clipping at index 0."""
    length = shape[axis]
    head = (slice(None),) * axis
    keep = length - damage  # indices 1..keep-1 receive from damage+1..length-1
    dst = (*head, slice(1, keep))
    src = (*head, slice(damage + 1, length))
    top = min(damage + 1, length)
    zero_src = (*head, 0) if top == 1 else (*head, slice(0, top))
    return dst, src, (*head, 0), zero_src, axis, keep > 1, top == 1


def _apply(array: np.ndarray, kernel: Kernel, times: int) -> np.ndarray:
    """Apply ``times`` identical dice: out = stay * A + sum of q * (A shifted down one axis)."""
    stay, moves = kernel
    plans = [(_plan(array.shape, axis, damage), q) for axis, damage, q in moves]
    add_reduce = np.add.reduce
    for _ in range(times):
        out = array * stay if stay else np.zeros_like(array)
        for (dst, src, zero_dst, zero_src, axis, shifted, single), q in plans:
            if shifted:
                out[dst] += q * array[src]
            if single:
                out[zero_dst] += q * array[zero_src]
            else:
                out[zero_dst] += q * add_reduce(array[zero_src], axis=axis)
        array = out
    return array


class _Chain:
    """Per-unit, per-threat tables cached by validity pattern."""

    def __init__(self, unit: UnitSpec, threat: ThreatSpec) -> None:
        self.unit = unit
        self.threat = threat
        self.mounted = tuple(w is not None for w in unit.slots)
        self.max_dur = (unit.frame_durability,) + tuple(
            w.durability if w is not None else 0 for w in unit.slots
        )
        self._round: dict[Pattern, list[tuple[Kernel, int]]] = {}
        self._cook: dict[tuple[Pattern, int], Kernel] = {}

    def parts(self, pattern: Pattern) -> tuple[int, ...]:
        """Part indices (0 frame, 1..3 slots) that are axes of this pattern's arrays."""
        return (0,) + tuple(i + 1 for i in range(3) if pattern[i])

    def destroyed(self, pattern: Pattern) -> tuple[bool, bool, bool]:
        return (
            self.mounted[0] and not pattern[0],
            self.mounted[1] and not pattern[1],
            self.mounted[2] and not pattern[2],
        )

    def _kernel(self, pattern: Pattern, outcomes) -> Kernel:
        axis_of = {part: axis for axis, part in enumerate(self.parts(pattern))}
        stay = 0.0
        moves: dict[tuple[int, int], float] = {}
        for part, dealt, p in outcomes:
            if part is None or dealt == 0:
                stay += float(p)
            else:
                key = (axis_of[part], dealt)
                moves[key] = moves.get(key, 0.0) + float(p)
        return stay, tuple((a, d, q) for (a, d), q in sorted(moves.items()))

    def round_kernels(self, pattern: Pattern) -> list[tuple[Kernel, int]]:
        """The threat's dice against this silhouette, identical dice grouped: (kernel, count)."""
        if pattern not in self._round:
            groups: dict[Kernel, int] = {}
            for attack in self.threat.attacks:
                weapon = attack.weapon
                if not weapon.makes_attacks:
                    continue
                outcomes = die_outcomes(self.unit, weapon, attack.bonus, self.destroyed(pattern))
                kernel = self._kernel(pattern, outcomes)
                if kernel[1]:
                    groups[kernel] = groups.get(kernel, 0) + weapon.attacks
            self._round[pattern] = list(groups.items())
        return self._round[pattern]

    def cook_kernel(self, pattern: Pattern, slot: int) -> Kernel:
        key = (pattern, slot)
        if key not in self._cook:
            outcomes = cook_off_die_outcomes(self.unit, slot, self.destroyed(pattern))
            self._cook[key] = self._kernel(pattern, outcomes)
        return self._cook[key]


class _State:
    """Probability mass of the living unit by pattern, split by the cook-off flag."""

    def __init__(self) -> None:
        self.clean: dict[Pattern, np.ndarray] = {}  # no cook-off die has shown a 1 yet
        self.cooked: dict[Pattern, np.ndarray] = {}
        self.dead = 0.0
        self.dead_cooked = 0.0

    @staticmethod
    def _add(store: dict[Pattern, np.ndarray], pattern: Pattern, array: np.ndarray) -> None:
        if pattern in store:
            store[pattern] += array
        else:
            store[pattern] = array


def _split_zero(array: np.ndarray, zero_axes: tuple[int, ...]) -> np.ndarray:
    """Mass whose parts on ``zero_axes`` are at 0 and all other parts above 0 (axes dropped)."""
    index = tuple(0 if axis in zero_axes else slice(None) for axis in range(array.ndim))
    sub = array[index]
    rest = sub.ndim
    if rest and any(sub.take(0, axis=a).any() for a in range(rest)):
        sub = sub.copy()
        for axis in range(rest):
            sub[(slice(None),) * axis + (0,)] = 0.0
    return sub


def _resolve(
    chain: _Chain,
    pattern: Pattern,
    clean: np.ndarray | None,
    cooked: np.ndarray | None,
    into: _State,
) -> None:
    """Destroy every part at 0 at once, then cook off (RULES §1.5 waves), recursively."""
    parts = chain.parts(pattern)
    axes = range(len(parts))
    for size in range(len(parts) + 1):
        for zero_axes in combinations(axes, size):
            sub_clean = None if clean is None else _split_zero(clean, zero_axes)
            sub_cooked = None if cooked is None else _split_zero(cooked, zero_axes)
            mass_clean = 0.0 if sub_clean is None else float(sub_clean.sum())
            mass_cooked = 0.0 if sub_cooked is None else float(sub_cooked.sum())
            if mass_clean == 0.0 and mass_cooked == 0.0:
                continue
            zero_parts = [parts[a] for a in zero_axes]
            new_pattern = tuple(
                pattern[i] and (i + 1) not in zero_parts for i in range(3)
            )
            cooking = [p - 1 for p in zero_parts if p > 0]
            dice = sum(chain.unit.slots[s].cook_off_dice for s in cooking)  # type: ignore[union-attr]
            if 0 in zero_parts:  # the frame is gone: only the cook-off flag still matters
                keep = float(p_no_cook_off(dice))
                into.dead += mass_clean + mass_cooked
                into.dead_cooked += mass_cooked + mass_clean * (1.0 - keep)
                continue
            if size == 0 or dice == 0:
                if size == 0:
                    if sub_clean is not None and mass_clean:
                        _State._add(into.clean, new_pattern, sub_clean)
                    if sub_cooked is not None and mass_cooked:
                        _State._add(into.cooked, new_pattern, sub_cooked)
                else:  # destroyed parts without ammo: a new pattern, no further wave
                    _resolve_settled(new_pattern, sub_clean, sub_cooked, into)
                continue
            total = sub_clean if sub_cooked is None else (
                sub_cooked if sub_clean is None else sub_clean + sub_cooked
            )
            for slot in cooking:
                n = chain.unit.slots[slot].cook_off_dice  # type: ignore[union-attr]
                if n:
                    total = _apply(total, chain.cook_kernel(new_pattern, slot), n)
            keep = float(p_no_cook_off(dice))
            if sub_clean is not None and mass_clean:
                still_clean = sub_clean * keep
                now_cooked = np.maximum(total - still_clean, 0.0)
            else:
                still_clean = None
                now_cooked = total
            _resolve(chain, new_pattern, still_clean, now_cooked, into)


def _resolve_settled(
    pattern: Pattern, clean: np.ndarray | None, cooked: np.ndarray | None, into: _State
) -> None:
    if clean is not None and clean.any():
        _State._add(into.clean, pattern, clean)
    if cooked is not None and cooked.any():
        _State._add(into.cooked, pattern, cooked)


def _summarise(chain: _Chain, state: _State, round_no: int) -> RoundResult:
    alive = 0.0
    remaining = 0.0
    cooked = state.dead_cooked
    lost = [state.dead, state.dead, state.dead]
    for store, is_cooked in ((state.clean, False), (state.cooked, True)):
        for pattern, array in store.items():
            mass = float(array.sum())
            alive += mass
            if is_cooked:
                cooked += mass
            for axis in range(array.ndim):
                other = tuple(a for a in range(array.ndim) if a != axis)
                marginal = array.sum(axis=other) if other else array
                remaining += float(marginal @ np.arange(marginal.shape[0]))
            for i in range(3):
                if chain.mounted[i] and not pattern[i]:
                    lost[i] += mass
    slot_destroyed = tuple(
        min(1.0, lost[i]) if chain.mounted[i] else None for i in range(3)
    )
    return RoundResult(round_no, alive, remaining, slot_destroyed, min(1.0, cooked))  # type: ignore[arg-type]


def survival(unit: UnitSpec, threat: ThreatSpec, rounds: int = 6) -> SurvivalResult:
    """Exact per-round survival of ``unit`` under ``threat`` (RULES §1.8, D7). No sampling.

    Floats (float64) throughout; the brute-force tests check it against exact Fractions.
    """
    chain = _Chain(unit, threat)
    start: Pattern = chain.mounted  # type: ignore[assignment]
    state = _State()
    array = np.zeros(tuple(chain.max_dur[p] + 1 for p in chain.parts(start)))
    array[tuple(chain.max_dur[p] for p in chain.parts(start))] = 1.0
    state.clean[start] = array
    results = []
    for round_no in range(1, rounds + 1):
        nxt = _State()
        nxt.dead, nxt.dead_cooked = state.dead, state.dead_cooked
        for store, is_cooked in ((state.clean, False), (state.cooked, True)):
            for pattern, mass in store.items():
                for kernel, times in chain.round_kernels(pattern):
                    mass = _apply(mass, kernel, times)
                if is_cooked:
                    _resolve(chain, pattern, None, mass, nxt)
                else:
                    _resolve(chain, pattern, mass, None, nxt)
        state = nxt
        results.append(_summarise(chain, state, round_no))
    return SurvivalResult(unit.name, threat.id, tuple(results))
