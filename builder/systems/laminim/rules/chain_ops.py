"""Applying a group of identical dice to one validity pattern's array (the numpy reference chain).

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
Large arrays apply each group of dice inside its support window (``_windowed``): dice only
lower durabilities, so the result holds mass only between the highest cell holding mass and
what the group's largest damages can reach from the lowest; the same sums over fewer cells.
"""

from __future__ import annotations

from functools import lru_cache
from math import comb, prod

import numpy as np

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


def _moves(space: tuple[tuple[int, ...], ...], first: int, kernel: Kernel) -> np.ndarray:
    """One die on part axes ``first...`` (cells ``space``, flattened in C order) as a matrix:
    M[j, i] = the stay probability on the diagonal plus q where a move takes cell i to cell j
    (its damage off one axis, clipped at 0). Moves on axes before ``first`` are left out."""
    stay, moves = kernel
    cells = np.arange(prod(len(values) for values in space)).reshape([len(v) for v in space])
    step = stay * np.eye(cells.size)
    for axis, damage, q in moves:
        if axis < first:
            continue
        values = np.asarray(space[axis - first])
        drop = np.searchsorted(values, np.maximum(values - damage, 0))
        step[np.take(cells, drop, axis=axis - first).reshape(-1), cells.reshape(-1)] += q
    return step


@lru_cache(maxsize=128)  # each entry at most 64 x 64 (n + 1) floats
def _group_operator(slot_values: tuple, kernel: Kernel, times: int) -> np.ndarray:
    """Right factor B of ``times`` identical dice on the slot space (axes after the frame).

    A die is ``q0 * S0 + R``: S0 takes its frame damage, R = stay + the slot moves. The two
    commute (different axes), so n dice are ``sum_k C(n, k) q0^k S0^k R^(n-k)``. With the slot
    axes flattened into rows' columns, ``X @ B`` gives every ``C(n, k) q0^k R^(n-k)`` term side
    by side (block k); the caller then shifts block k by k frame hits (``_frame_stack``).
    """
    step = _moves(slot_values, 1, kernel)
    q0 = next((q for axis, _, q in kernel[1] if axis == 0), 0.0)
    powers = [np.eye(len(step))]
    for _ in range(times):
        powers.append(step @ powers[-1])
    blocks = [comb(times, k) * q0**k * powers[times - k].T for k in range(times + 1 if q0 else 1)]
    return np.ascontiguousarray(np.hstack(blocks))


@lru_cache(maxsize=128)
def _step_matrix(matrix_values: tuple, first: int, kernel: Kernel) -> np.ndarray:
    """Transposed one-die operator (stay + moves) on part axes ``first...`` flattened."""
    return np.ascontiguousarray(_moves(matrix_values, first, kernel).T)


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
    """[F_0 F_1 ... F_{blocks-1}] side by side, F_k the frame taking ``k * damage`` (clip at 0):
    F_k[j, i] = 1 when a cell of value ``values[i]`` drops to ``values[j]``.

    ``F @ Y`` with Y's blocks stacked on rows adds every block shifted by its frame hits in one
    product, instead of a slice-add per block and run."""
    vals = np.asarray(values)
    hits = np.arange(blocks).reshape(-1, 1) * damage
    drop = np.searchsorted(vals, np.maximum(vals - hits, 0))  # row k: where k hits take each cell
    stack = np.zeros((len(vals), drop.size))
    stack[drop.reshape(-1), np.arange(drop.size)] = 1.0
    return stack


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
