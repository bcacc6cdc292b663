"""The end-of-round split (``chain_waves._split``, docs/rules.md §1.5: every part at 0 is
destroyed at once) cuts the very pieces a plain copy-and-clear cuts, bit for bit and in the
same order: the waves add them up in that order."""

from __future__ import annotations

import importlib
from itertools import combinations

import numpy as np
import pytest

waves = importlib.import_module("builder.systems.laminim.rules.chain_waves")


def plain_split(array: np.ndarray) -> list[tuple[int, np.ndarray]]:
    """Each piece copied out whole, then cell 0 of every other axis holding mass at 0 cleared."""
    parts = array.ndim - 1
    hit = [a for a in range(parts) if array[(slice(None),) * (a + 1) + (0,)].any()]
    out = []
    for n in range(len(hit) + 1):
        for zero in combinations(hit, n):
            index = (slice(None), *(0 if a in zero else slice(None) for a in range(parts)))
            piece = array[index].copy()
            kept = [a for a in range(parts) if a not in zero]
            for dim, axis in enumerate(kept, start=1):
                if axis in hit:
                    piece[(slice(None),) * dim + (0,)] = 0.0
            if piece[1].any():
                out.append((sum(1 << a for a in zero), piece))
    return out


@pytest.mark.parametrize("seed", range(40))
def test_split_cuts_what_copying_and_clearing_cuts(seed):
    rng = np.random.default_rng(seed)
    parts = int(rng.integers(1, 5))
    shape = (2, *(int(rng.integers(1, 6)) for _ in range(parts)))  # 1: a part already at 0
    total = rng.random(shape[1:]) * (rng.random(shape[1:]) < 0.5)
    array = np.stack((total * (rng.random(shape[1:]) < 0.7), total))  # clean <= total
    want = plain_split(array)
    got = waves._split(array.copy())
    assert [zero for zero, _ in got] == [zero for zero, _ in want]
    for (_, a), (_, b) in zip(got, want, strict=True):
        assert a.shape == b.shape and np.array_equal(a, b)
