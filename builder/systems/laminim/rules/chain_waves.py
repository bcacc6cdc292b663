"""End-of-round resolution of the numpy reference chain (docs/rules.md §1.5, D5, D8):
destruction and cook-off waves on the per-pattern arrays, then the per-round summary."""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations

import numpy as np

from .chain_ops import _windowed
from .chain_tables import _Chain, _p_clean
from .results import Pattern, RoundResult

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


@lru_cache(maxsize=1024)
def _cut(shape: tuple[int, ...], zero: int, hit: int) -> tuple[tuple, np.ndarray | None]:
    """Index and mask of the mass whose part axes in ``zero`` are at 0 and all others above 0
    (those axes dropped): ``array[index] * mask``. ``hit``: the part axes holding any mass at 0;
    every other axis's cell 0 is empty already, so only the hit axes left need it cleared
    (the mask's 0.0s, broadcast along every other axis; None when none is left to clear)."""
    index: list = [slice(None)]
    mask_shape = [1]  # (views, part axes left): the length of each axis the mask clears, or 1
    clear: list[int] = []
    for axis, size in enumerate(shape[1:]):
        if zero >> axis & 1:
            index.append(0)
            continue
        index.append(slice(None))
        if hit >> axis & 1:
            clear.append(len(mask_shape))
        mask_shape.append(size if hit >> axis & 1 else 1)
    if not clear:
        return tuple(index), None
    mask = np.ones(mask_shape)
    for dim in clear:
        mask[(slice(None),) * dim + (0,)] = 0.0
    return tuple(index), mask


def _split(array: np.ndarray) -> list[tuple[int, np.ndarray]]:
    """The array's mass by which part axes are at 0: (those axes' bits, the mass with them
    dropped), fewer axes at 0 first, then in ``itertools.combinations`` order (the order the
    waves add them up in). Pieces with no mass are left out. ``array`` is spent: the piece with
    no axis at 0 is cut from it in place.

    Only axes holding mass at 0 can be part of a split (one look at each face of cells, both
    views: a cell empty in the total is empty in the clean view too)."""
    axes = [a for a in range(array.ndim - 1) if array[(slice(None),) * (a + 1) + (0,)].any()]
    hit = sum(1 << a for a in axes)
    zeros = [sum(1 << a for a in at) for n in range(len(axes) + 1) for at in combinations(axes, n)]
    out = []
    for zero in reversed(zeros):  # every other piece is copied out before the array is cut
        index, mask = _cut(array.shape, zero, hit)
        if zero == 0:
            sub = array if mask is None else np.multiply(array, mask, out=array)
        else:
            sub = array[index].copy() if mask is None else array[index] * mask
        if sub[TOTAL].any():
            out.append((zero, sub))
    return out[::-1]


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
            for zero, sub in _split(pending.pop(pattern)):
                frame_gone, new, dice, cooks = chain.wave(pattern, zero)
                if frame_gone:  # the frame is gone: only the cook-off flag still counts
                    into.dead += float(sub[TOTAL].sum())
                    into.dead_clean += float(sub[CLEAN].sum()) * _p_clean(dice)
                elif dice == 0:  # nothing cooks off: this pattern is settled for the round
                    _add(into.alive, new, sub)
                else:
                    _add(cooking, (new, cooks), sub)


def _summarise(chain: _Chain, state: _State, round_no: int, error: float) -> RoundResult:
    alive = 0.0
    remaining = 0.0
    clean = state.dead_clean
    lost = [state.dead, state.dead, state.dead]
    for pattern, array in state.alive.items():
        total = array[TOTAL]
        mass = float(total.sum())
        alive += mass
        clean += float(array[CLEAN].sum())
        for marginal, values in zip(_marginals(total), chain.float_values(pattern), strict=True):
            remaining += float(marginal @ values)
        for i in range(3):
            if chain.mounted[i] and not pattern[i]:
                lost[i] += mass
    slot_destroyed = tuple(min(1.0, lost[i]) if chain.mounted[i] else None for i in range(3))
    cook_off = min(1.0, max(0.0, 1.0 - clean))
    return RoundResult(round_no, alive, remaining, slot_destroyed, cook_off, error)  # type: ignore[arg-type]


def _marginals(total: np.ndarray) -> list[np.ndarray]:
    """The mass along each axis of ``total`` (the other axes summed out)."""
    if total.ndim == 1:
        return [total]
    return [total.sum(axis=_others(total.ndim, axis)) for axis in range(total.ndim)]


@lru_cache(maxsize=16)
def _others(ndim: int, axis: int) -> tuple[int, ...]:
    return tuple(a for a in range(ndim) if a != axis)


# A validity pattern whose whole living mass is below this is forgotten after the round's
# resolution (a weapon that is all but certainly intact, or a doomed unit's last crumbs), so no
# later round spends a die on it. Only whole patterns go: the test is one sum per array, never a
# scan of its cells (a per-cell pass cost more than it saved on large units). The dropped mass is
