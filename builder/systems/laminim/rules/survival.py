"""Exact expected survival (docs/rules.md §1.8, D5-D7): a Markov chain over part-durability states.

State layout. The chain keeps one float64 array per *validity pattern* (which mounted slots are
still intact). Axis 0 holds two views of the mass: [no cook-off 1 shown yet, all]; the other axes
are the frame and the intact slots. Each part axis lists only the durabilities that part can reach
(start minus sums of the damages it can take, clipped at 0), so a missile slot of 10 hit by 3s and
8s has six cells, not eleven; cell 0 is "at <= 0, not yet destroyed". A destroyed unit is one
absorbing number (plus its cook-off flag).

One round = every die of the threat applied as a small shift kernel against the pattern's
silhouette at the start of the round (dice commute, so identical dice are one group; clipping
at 0 commutes with adding damage). A die is ``q0 * S0 + R``: S0 shifts the frame axis, R is the
stay term plus the slot moves, and the two commute, so a group of n dice is
``sum_k C(n, k) q0^k S0^k R^(n-k)``. When the slot axes are small (<= 64 cells) the powers of R
are dense matrices, all n + 1 terms come from one matrix product and their frame shifts from a
second one (the shift matrices of 0..n frame hits side by side); a larger slot space keeps its
smallest fitting tail of slot axes as a per-die matrix, the other axes as shifted slices into
reused buffers. These only re-associate the same sums (agreement with the plain per-die shifts
to ~1e-14). Die kernels are built once per slot shape (power, ammo, guard) and threat.
A pattern whose "clean" view still equals its total (no cook-off has touched it) runs once.
Large arrays apply each group of dice inside its support window (``_windowed``): dice only
lower durabilities, so the result holds mass only between the highest cell holding mass and
what the group's largest damages can reach from the lowest; the same sums over fewer cells.
Then the end-of-round resolution splits each array by which parts are at 0, destroys them at
once and runs cook-off waves on the sub-arrays (their dice go through the same paths).

Interception (D19, optional): in a pattern whose interceptor slot is intact, the round applies
every other die as usual and then the intercepted salvo as a mixture over the missiles that
arrive (``interception.arriving``), one missile die more per step; other patterns, and every
pattern when the threat has no salvo or nothing intercepts, take the plain path above.

Reading of the rules where they are silent (the Monte Carlo and brute-force tests share it):
weapons destroyed in the same wave as the frame still roll their cook-off dice (the unit is
destroyed "after resolution"), so they count towards ``cook_off``; once the unit is destroyed no
later round touches it. A weapon with ``ammo`` None or 0 never rolls.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations
from math import comb, prod

import numpy as np

from .budget import check_budget
from .cook_off import cook_off_die_outcomes, p_no_cook_off
from .distributions import damage_taken, die_outcomes
from .interception import Intercept, arriving, intercept_problem
from .model import ThreatSpec, UnitSpec, WeaponSpec
from .threads import one_maths_thread

Pattern = tuple[bool, bool, bool]  # slot i intact (mounted and not destroyed)


@dataclass(frozen=True)
class RoundResult:
    """Outputs after round ``round``'s resolution (D7). None marks an empty slot."""

    round: int
    alive: float
    expected_remaining: float  # D6: intact parts' durability; a destroyed unit counts 0
    slot_destroyed: tuple[float | None, float | None, float | None]
    cook_off: float  # P(at least one cook-off die has shown a 1 by this round)
    # Bound on the absolute error of every number above (probabilities and expected remaining)
    # from the mass dropped so far (cells below ``_DROP_BELOW``); 0.0 when nothing was dropped.
    error_bound: float = 0.0


@dataclass(frozen=True)
class SurvivalResult:
    unit: str
    threat: str
    rounds: tuple[RoundResult, ...]

    @property
    def error_bound(self) -> float:
        """The largest per-round bound (they only grow, so the last round's)."""
        return max((r.error_bound for r in self.rounds), default=0.0)


# A die kernel: (stay probability, ((axis, damage, probability), ...)) on a pattern's axes.
Kernel = tuple[float, tuple[tuple[int, int, float], ...]]


_Runs = tuple[tuple[tuple, tuple], ...]

_MAX_RUNS = 8  # more contiguous runs than this: one fancy-indexed move instead (slow on big arrays)


@lru_cache(maxsize=4096)
def _plan(values: tuple[int, ...], axis: int, damage: int) -> tuple[_Runs, tuple, tuple, bool]:
    """Indexers that take ``damage`` off ``axis`` (whose cells hold ``values``), clipping at 0.

    Cells above ``damage`` move down as a few runs of basic slices (src and dst both
    contiguous), or as one fancy-indexed move when the axis has many gaps; cells at or below
    ``damage`` all fall into cell 0.
    """
    vals = np.asarray(values)
    head = (slice(None),) * axis
    first = int(np.searchsorted(vals, damage, side="right"))  # cells with value > damage
    targets = np.searchsorted(vals, vals[first:] - damage)
    runs: list[tuple[tuple, tuple]] = []
    start = 0
    for i in range(1, len(targets) + 1):
        if i == len(targets) or targets[i] != targets[i - 1] + 1:
            dst = slice(int(targets[start]), int(targets[i - 1]) + 1)
            src = slice(first + start, first + i)
            runs.append(((*head, dst), (*head, src)))
            start = i
    if len(runs) > _MAX_RUNS:
        runs = [((*head, targets), (*head, slice(first, len(values))))]
    zero_src = (*head, 0) if first == 1 else (*head, slice(0, first))
    return tuple(runs), (*head, 0), zero_src, first == 1


_GROUP_MAX_STATES = 64  # largest slot space whose group operator is built as a dense matrix


def _shift_matrix(values: tuple[int, ...], damage: int) -> np.ndarray:
    """M with M[j, i] = 1 when a cell of value ``values[i]`` drops to ``values[j]`` (clip at 0)."""
    vals = np.asarray(values)
    targets = np.searchsorted(vals, np.maximum(vals - damage, 0))
    matrix = np.zeros((len(values), len(values)))
    matrix[targets, np.arange(len(values))] = 1.0
    return matrix


@lru_cache(maxsize=128)  # each entry at most 64 x 64 (n + 1) floats
def _group_operator(slot_values: tuple, kernel: Kernel, times: int) -> np.ndarray:
    """Right factor B of ``times`` identical dice on the slot space (axes after the frame).

    A die is ``q0 * S0 + R``: S0 takes its frame damage, R = stay + the slot moves. The two
    commute (different axes), so n dice are ``sum_k C(n, k) q0^k S0^k R^(n-k)``. With the slot
    axes flattened into rows' columns, ``X @ B`` gives every ``C(n, k) q0^k R^(n-k)`` term side
    by side (block k); the caller then shifts block k by k frame hits (``_frame_stack``).
    """
    stay, moves = kernel
    size = 1
    for values in slot_values:
        size *= len(values)
    step = stay * np.eye(size)
    q0 = 0.0
    for axis, damage, q in moves:
        if axis == 0:
            q0 = q
            continue
        factor = np.ones((1, 1))
        for other, values in enumerate(slot_values, start=1):
            block = _shift_matrix(values, damage) if other == axis else np.eye(len(values))
            factor = np.kron(factor, block)
        step += q * factor
    powers = [np.eye(size)]
    for _ in range(times):
        powers.append(step @ powers[-1])
    blocks = [comb(times, k) * q0**k * powers[times - k].T for k in range(times + 1 if q0 else 1)]
    return np.ascontiguousarray(np.hstack(blocks))


@lru_cache(maxsize=128)
def _step_matrix(matrix_values: tuple, first: int, kernel: Kernel) -> np.ndarray:
    """Transposed one-die operator (stay + moves) on part axes ``first...`` flattened."""
    stay, moves = kernel
    size = 1
    for values in matrix_values:
        size *= len(values)
    step = stay * np.eye(size)
    for axis, damage, q in moves:
        if axis < first:
            continue
        factor = np.ones((1, 1))
        for other, values in enumerate(matrix_values, start=first):
            block = _shift_matrix(values, damage) if other == axis else np.eye(len(values))
            factor = np.kron(factor, block)
        step += q * factor
    return np.ascontiguousarray(step.T)


def _add_shifts(out: np.ndarray, array: np.ndarray, plans: list, scratch: np.ndarray) -> None:
    """``out += q * array`` shifted by each planned move (one die's damage to one axis each),
    clipping at 0: cells that would go below 0 pile up in cell 0. ``scratch`` (shaped like
    ``array``) holds the scaled copy, so a large array costs no fresh allocation per move."""
    for (runs, zero_dst, zero_src, single), axis, q in plans:
        for dst, src in runs:
            tmp = scratch[src]
            np.multiply(array[src], q, out=tmp)
            out[dst] += tmp
        if single:
            out[zero_dst] += q * array[zero_src]
        else:
            out[zero_dst] += q * np.add.reduce(array[zero_src], axis=axis)


def _apply_hybrid(
    array: np.ndarray, kernel: Kernel, times: int, values: tuple, offset: int, first: int
) -> np.ndarray:
    """``_apply`` one die at a time: part axes ``first...`` (a small space) by one matrix product
    that also carries the stay term, the leading part axes by shifted slices."""
    matrix = _step_matrix(values[first:], first, kernel)
    size = matrix.shape[0]
    plans = [
        (_plan(values[axis], axis + offset, damage), axis + offset, q)
        for axis, damage, q in kernel[1]
        if axis < first
    ]
    buffers = (np.empty_like(array), np.empty_like(array))
    scratch = np.empty_like(array)
    for i in range(times):
        out = buffers[i % 2]  # ping-pong: the input is never written, no allocation per die
        np.matmul(array.reshape(-1, size), matrix, out=out.reshape(-1, size))
        _add_shifts(out, array, plans, scratch)
        array = out
    return array


@lru_cache(maxsize=256)
def _frame_stack(values: tuple[int, ...], damage: int, blocks: int) -> np.ndarray:
    """[F_0 F_1 ... F_{blocks-1}] side by side, F_k the frame taking ``k * damage`` (clip at 0).

    ``F @ Y`` with Y's blocks stacked on rows adds every block shifted by its frame hits in one
    product, instead of a slice-add per block and run."""
    return np.ascontiguousarray(
        np.hstack([_shift_matrix(values, k * damage) for k in range(blocks)])
    )


def _apply_group(
    array: np.ndarray, kernel: Kernel, times: int, values: tuple, offset: int
) -> np.ndarray:
    """``_apply`` for a small slot space: one matrix product for the slot moves and the stay
    term of every k (k dice on the frame), then one product for the frame shifts of all k."""
    matrix = _group_operator(values[1:], kernel, times)
    size = matrix.shape[0]
    blocks = matrix.shape[1] // size
    frames = len(values[0])
    lead = array.shape[:offset]
    product = array.reshape(-1, size) @ matrix
    if blocks == 1:
        return product.reshape(array.shape)
    damage = next(d for axis, d, _ in kernel[1] if axis == 0)
    stack = _frame_stack(values[0], damage, blocks)
    rows = product.reshape(-1, frames, blocks, size).transpose(0, 2, 1, 3)
    out = stack @ rows.reshape(-1, blocks * frames, size)
    return out.reshape(*lead, *array.shape[offset:])


def _apply(
    array: np.ndarray, kernel: Kernel, times: int, values: tuple, offset: int = 1
) -> np.ndarray:
    """Apply ``times`` identical dice: out = stay * A + sum of q * (A shifted down one axis).

    ``values[axis]`` lists the durability held by each cell along part axis ``axis``, which is
    array axis ``axis + offset`` (the leading axes are carried along untouched). Part axis 0 is
    the frame. When the slot axes span at most ``_GROUP_MAX_STATES`` cells the whole group is
    one matrix product (``_apply_group``); otherwise the smallest tail of slot axes that fits
    is a matrix product per die (``_apply_hybrid``); the plain per-die shifts below remain for
    anything else (and serve as the reference in the tests).
    """
    stay, moves = kernel
    if times:
        first = 1
        while first < len(values) and prod(len(v) for v in values[first:]) > _GROUP_MAX_STATES:
            first += 1
        if first == 1 and sum(1 for move in moves if move[0] == 0) <= 1:
            return _apply_group(array, kernel, times, values, offset)
        if first < len(values):
            return _apply_hybrid(array, kernel, times, values, offset, first)
    plans = [
        (_plan(values[axis], axis + offset, damage), axis + offset, q) for axis, damage, q in moves
    ]
    if not times:
        return array
    buffers = (np.empty_like(array), np.empty_like(array))
    scratch = np.empty_like(array)
    for i in range(times):
        out = buffers[i % 2]
        np.multiply(array, stay, out=out)
        _add_shifts(out, array, plans, scratch)
        array = out
    return array


# Arrays of at least this many cells apply their dice inside the support window (``_windowed``);
# 0 turns the window off (every die runs over the whole array, the reference in the tests).
_WINDOW_MIN_CELLS = 1 << 16


def _window(
    array: np.ndarray, kernel: Kernel, times: int, values: tuple, offset: int
) -> tuple[tuple, tuple] | None:
    """Where ``times`` dice of ``kernel`` can put mass: (index of the sub-box, its values).

    Dice only lower durabilities, so along each part axis the result holds mass only between
    the highest cell holding mass now and the lowest cell that ``times`` of the axis's largest
    damage can reach from the lowest such cell. The sub-box's values are taken relative to its
    lowest cell, so shifting by a damage inside it is the same move as in the whole array (a
    cell reaching the sub-box's floor lands on its cell 0, the true 0 only when the floor is
    0). None when the window is the whole array (or the array holds no mass).
    """
    most: dict[int, int] = {}
    for axis, damage, _ in kernel[1]:
        most[axis] = max(most.get(axis, 0), damage)
    index: list = [slice(None)] * array.ndim
    sub_values = list(values)
    smaller = False
    for axis, vals in enumerate(values):
        dim = axis + offset
        others = tuple(a for a in range(array.ndim) if a != dim)
        held = np.flatnonzero(array.any(axis=others))
        if not len(held):
            return None
        low, high = int(held[0]), int(held[-1])
        floor = max(0, vals[low] - times * most.get(axis, 0))
        start = int(np.searchsorted(vals, floor, side="right")) - 1  # largest value <= floor
        if start == 0 and high == len(vals) - 1:
            continue
        smaller = True
        index[dim] = slice(start, high + 1)
        base = vals[start]
        sub_values[axis] = tuple(v - base for v in vals[start : high + 1])
    if not smaller:
        return None
    return tuple(index), tuple(sub_values)


def _windowed(
    array: np.ndarray, kernel: Kernel, times: int, values: tuple, offset: int = 1
) -> np.ndarray:
    """``_apply`` restricted to the support window of the result (exact: cells outside it hold
    no mass before or after, so the same sums run over fewer cells). Early rounds of a tough
    unit start from one corner, and a pattern's mass sits in a corner of its array late on."""
    if times and array.size >= _WINDOW_MIN_CELLS > 0:
        window = _window(array, kernel, times, values, offset)
        if window is not None:
            index, sub_values = window
            sub = _apply(np.ascontiguousarray(array[index]), kernel, times, sub_values, offset)
            out = np.zeros_like(array)
            out[index] = sub
            return out
    return _apply(array, kernel, times, values, offset)


def _reachable(start: int, steps: set[int]) -> tuple[int, ...]:
    """Every durability a part can show: ``start`` minus any sum of ``steps``, clipped at 0."""
    seen = {start, 0}
    todo = [start]
    while todo:
        value = todo.pop()
        for step in steps:
            nxt = max(0, value - step)
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return tuple(sorted(seen))


class _Chain:
    """Per-unit, per-threat tables cached by validity pattern."""

    def __init__(
        self, unit: UnitSpec, threat: ThreatSpec, intercept: Intercept | None = None
    ) -> None:
        self.unit = unit
        self.threat = threat
        self.intercept = intercept
        # D19: (intercepted salvo's index, P(m of its missiles arrive)); None = plain D7 chain
        self.arrive = None if intercept is None else arriving(unit, threat, intercept)
        self.mounted = tuple(w is not None for w in unit.slots)
        self.max_dur = (
            unit.frame_durability,
            *tuple(w.durability if w is not None else 0 for w in unit.slots),
        )
        powers = {a.weapon.power for a in threat.attacks if a.weapon.makes_attacks}
        powers |= {w.power for w in unit.slots if w is not None and w.cook_off_dice}
        self.values = tuple(
            _reachable(self.max_dur[part], {damage_taken(unit, part, p) for p in powers} - {0})
            for part in range(4)
        )
        self.shape = _shape(unit)
        self._round: dict[Pattern, list[tuple[Kernel, int]]] = {}
        self._cook: dict[tuple[Pattern, int], Kernel] = {}

    def parts(self, pattern: Pattern) -> tuple[int, ...]:
        """Part indices (0 frame, 1..3 slots) that are axes of this pattern's arrays."""
        return (0, *tuple(i + 1 for i in range(3) if pattern[i]))

    def axis_values(self, pattern: Pattern) -> tuple[tuple[int, ...], ...]:
        return tuple(self.values[part] for part in self.parts(pattern))

    def dice(self, slots: tuple[int, ...]) -> int:
        """Cook-off dice rolled by the weapons in ``slots`` (D5: their full ammo)."""
        return sum(w.cook_off_dice for w in (self.unit.slots[s] for s in slots) if w is not None)

    def destroyed(self, pattern: Pattern) -> tuple[bool, bool, bool]:
        return (
            self.mounted[0] and not pattern[0],
            self.mounted[1] and not pattern[1],
            self.mounted[2] and not pattern[2],
        )

    def round_kernels(self, pattern: Pattern) -> list[tuple[Kernel, int]]:
        """The threat's dice against this silhouette, identical dice grouped: (kernel, count)."""
        if pattern not in self._round:
            self._round[pattern] = _round_kernels(self.shape, self.threat, pattern)
        return self._round[pattern]

    def intercepted(self, pattern: Pattern) -> tuple[list[tuple[Kernel, int]], Kernel] | None:
        """D19 for this silhouette: (every other die, grouped; one die of the intercepted
        salvo), or None when the interceptor is not intact at the start of the round."""
        if self.arrive is None or self.intercept is None or not pattern[self.intercept.slot]:
            return None
        return _intercept_kernels(self.shape, self.threat, pattern, self.arrive[0])

    def cook_kernel(self, pattern: Pattern, slot: int) -> Kernel:
        key = (pattern, slot)
        if key not in self._cook:
            self._cook[key] = _cook_kernel(self.shape, pattern, slot)
        return self._cook[key]


def _shape(unit: UnitSpec) -> UnitSpec:
    """What the dice see of ``unit``: per slot only power, ammo and guard (names, durability and
    attacks never change a die's outcome), so loadouts that differ elsewhere share kernels."""
    slots = tuple(
        None if w is None else WeaponSpec("", "special", 0, w.power, 0, w.ammo, 0, w.guard)
        for w in unit.slots
    )
    return UnitSpec("", 0, slots)  # type: ignore[arg-type]


def _parts(pattern: Pattern) -> tuple[int, ...]:
    return (0, *tuple(i + 1 for i in range(3) if pattern[i]))


def _destroyed(shape: UnitSpec, pattern: Pattern) -> tuple[bool, bool, bool]:
    return (
        shape.slots[0] is not None and not pattern[0],
        shape.slots[1] is not None and not pattern[1],
        shape.slots[2] is not None and not pattern[2],
    )


def _kernel(pattern: Pattern, outcomes) -> Kernel:
    axis_of = {part: axis for axis, part in enumerate(_parts(pattern))}
    stay = 0.0
    moves: dict[tuple[int, int], float] = {}
    for part, dealt, p in outcomes:
        if part is None or dealt == 0:
            stay += float(p)
        else:
            key = (axis_of[part], dealt)
            moves[key] = moves.get(key, 0.0) + float(p)
    return stay, tuple((a, d, q) for (a, d), q in sorted(moves.items()))


@lru_cache(maxsize=4096)  # exact Fraction work, shared by every call and loadout of one shape
def _round_kernels(shape: UnitSpec, threat: ThreatSpec, pattern: Pattern) -> list:
    groups: dict[Kernel, int] = {}
    for attack in threat.attacks:
        weapon = attack.weapon
        if not weapon.makes_attacks:
            continue
        outcomes = die_outcomes(shape, weapon, attack.bonus, _destroyed(shape, pattern))
        kernel = _kernel(pattern, outcomes)
        if kernel[1]:
            groups[kernel] = groups.get(kernel, 0) + weapon.attacks
    return list(groups.items())


@lru_cache(maxsize=4096)
def _intercept_kernels(
    shape: UnitSpec, threat: ThreatSpec, pattern: Pattern, salvo: int
) -> tuple[list[tuple[Kernel, int]], Kernel]:
    """``_round_kernels`` without attack ``salvo``, and that salvo's one-missile kernel."""
    rest = ThreatSpec(threat.id, threat.attacks[:salvo] + threat.attacks[salvo + 1 :])
    attack = threat.attacks[salvo]
    outcomes = die_outcomes(shape, attack.weapon, attack.bonus, _destroyed(shape, pattern))
    return _round_kernels(shape, rest, pattern), _kernel(pattern, outcomes)


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


@lru_cache(maxsize=4096)
def _cook_kernel(shape: UnitSpec, pattern: Pattern, slot: int) -> Kernel:
    return _kernel(pattern, cook_off_die_outcomes(shape, slot, _destroyed(shape, pattern)))


@lru_cache(maxsize=256)
def _p_clean(dice: int) -> float:
    return float(p_no_cook_off(dice))


CLEAN, TOTAL = 0, 1  # axis 0 of every array: [mass with no cook-off 1 yet, all mass]


class _State:
    """Mass of the living unit by pattern; axis 0 = (clean, total), then the part axes."""

    def __init__(self) -> None:
        self.alive: dict[Pattern, np.ndarray] = {}
        self.dead = 0.0
        self.dead_clean = 0.0


def _add(store: dict, key, array: np.ndarray) -> None:
    if key in store:
        store[key] += array
    else:
        store[key] = array


def _split_zero(array: np.ndarray, zero_axes: tuple[int, ...]) -> np.ndarray:
    """Mass whose parts on ``zero_axes`` are at 0 and all others above 0 (those axes dropped)."""
    index = (
        slice(None),
        *tuple(0 if axis in zero_axes else slice(None) for axis in range(array.ndim - 1)),
    )
    sub = array[index].copy()
    for axis in range(1, sub.ndim):
        sub[(slice(None),) * axis + (0,)] = 0.0
    return sub


def _resolve(chain: _Chain, pending: dict[Pattern, np.ndarray], into: _State) -> None:
    """End of round (docs/rules.md §1.5): destroy every part at 0 at once, then cook-off waves.

    Work is merged across sources: every array headed for the same pattern is split once, and
    every wave of the same weapons into the same pattern cooks off once. Waves only ever shrink
    the pattern, so patterns are settled from the most intact down.
    """
    cooking: dict[tuple[Pattern, tuple[int, ...]], np.ndarray] = {}
    for size in (3, 2, 1, 0):
        for (pattern, slots), array in list(cooking.items()):
            if sum(pattern) != size:
                continue
            del cooking[(pattern, slots)]
            values = chain.axis_values(pattern)
            total = array[TOTAL]
            for slot in slots:
                kernel = chain.cook_kernel(pattern, slot)
                total = _windowed(total, kernel, chain.dice((slot,)), values, offset=0)
            dice = chain.dice(slots)
            array[CLEAN] *= _p_clean(dice)
            array[TOTAL] = total
            _add(pending, pattern, array)
        for pattern in [p for p in pending if sum(p) == size]:
            array = pending.pop(pattern)
            parts = chain.parts(pattern)
            total = array[TOTAL]
            # Only axes holding mass at 0 can be part of a split (one look at each face of cells).
            hit = [a for a in range(len(parts)) if total[(slice(None),) * a + (0,)].any()]
            for count in range(len(hit) + 1):
                for zero_axes in combinations(hit, count):
                    sub = _split_zero(array, zero_axes)
                    if not sub[TOTAL].any():
                        continue
                    zero_parts = {parts[a] for a in zero_axes}
                    slots = tuple(p - 1 for p in sorted(zero_parts) if p > 0)
                    dice = chain.dice(slots)
                    if 0 in zero_parts:  # the frame is gone: only the cook-off flag still counts
                        into.dead += float(sub[TOTAL].sum())
                        into.dead_clean += float(sub[CLEAN].sum()) * _p_clean(dice)
                        continue
                    new = tuple(pattern[i] and (i + 1) not in zero_parts for i in range(3))
                    if dice == 0:  # nothing cooks off: this pattern is settled for the round
                        _add(into.alive, new, sub)
                    else:
                        cooks = tuple(s for s in slots if chain.dice((s,)))
                        _add(cooking, (new, cooks), sub)


def _summarise(chain: _Chain, state: _State, round_no: int, error: float) -> RoundResult:
    alive = 0.0
    remaining = 0.0
    clean = state.dead_clean
    lost = [state.dead, state.dead, state.dead]
    for pattern, array in state.alive.items():
        values = chain.axis_values(pattern)
        total = array[TOTAL]
        mass = float(total.sum())
        alive += mass
        clean += float(array[CLEAN].sum())
        for axis in range(total.ndim):
            other = tuple(a for a in range(total.ndim) if a != axis)
            marginal = total.sum(axis=other) if other else total
            remaining += float(marginal @ np.asarray(values[axis], dtype=float))
        for i in range(3):
            if chain.mounted[i] and not pattern[i]:
                lost[i] += mass
    slot_destroyed = tuple(min(1.0, lost[i]) if chain.mounted[i] else None for i in range(3))
    cook_off = min(1.0, max(0.0, 1.0 - clean))
    return RoundResult(round_no, alive, remaining, slot_destroyed, cook_off, error)  # type: ignore[arg-type]


# A validity pattern whose whole living mass is below this is forgotten after the round's
# resolution (a weapon that is all but certainly intact, or a doomed unit's last crumbs), so no
# later round spends a die on it. Only whole patterns go: the test is one sum per array, never a
# scan of its cells (a per-cell pass cost more than it saved on large units). The dropped mass is
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


def survival(
    unit: UnitSpec, threat: ThreatSpec, rounds: int = 6, intercept: Intercept | None = None
) -> SurvivalResult:
    """Exact per-round survival of ``unit`` under ``threat`` (docs/rules.md §1.8, D7). No sampling.

    ``intercept`` (D19): the weapon in that slot shoots at the threat's first missile salvo each
    round it is intact at the start; ValueError when that slot holds no normal weapon. A threat
    with no missile salvo runs the plain chain (the numbers are exactly D7's).

    Floats (float64) throughout; the brute-force tests check it against exact Fractions. Cells
    below ``_DROP_BELOW`` are dropped and accounted for in ``RoundResult.error_bound``. The job
    is checked against the budget first (``budget.TooLarge``), and the maths libraries run on
    one thread (a chain of small products gains nothing from more, and timings stop depending
    on the machine's core count).
    """
    if intercept is not None:
        problem = intercept_problem(unit, intercept)
        if problem is not None:
            raise ValueError(problem)
    check_budget(unit, threat, rounds)
    with one_maths_thread():
        return _survival(unit, threat, rounds, intercept)


def _survival(
    unit: UnitSpec, threat: ThreatSpec, rounds: int, intercept: Intercept | None = None
) -> SurvivalResult:
    chain = _Chain(unit, threat, intercept)
    start: Pattern = chain.mounted  # type: ignore[assignment]
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
        pending: dict[Pattern, np.ndarray] = {}
        for pattern, mass in state.alive.items():
            values = chain.axis_values(pattern)
            split = chain.intercepted(pattern)
            if split is not None:
                assert chain.arrive is not None
                if np.array_equal(mass[CLEAN], mass[TOTAL]):
                    total = _intercepted_round(mass[TOTAL], *split, chain.arrive[1], values, 0)
                    mass = np.stack((total, total))
                else:
                    mass = _intercepted_round(mass, *split, chain.arrive[1], values, 1)
                pending[pattern] = mass
                continue
            kernels = chain.round_kernels(pattern)
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
