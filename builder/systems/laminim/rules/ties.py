"""The one comparison rule of every ranking, front, dominance and niche (docs/balance.md "Ties").

Two figures within ``TIE`` of each other are equal: the chain is accurate to about that, so a
smaller difference is float noise, not a reason to rank one loadout above another (an extra
weapon that never cooks off leaves P(alive) the same up to the last bits). The rule is applied
to each pair compared, never through a grid: rounding to a 1e-9 grid would split two values
1e-10 apart when a grid line falls between them.

"Within ``TIE``" is not transitive (0, 0.6e-9 and 1.2e-9: the first two are equal, the last two
too, the outer two not), and such chains do occur (P(alive) of many loadouts a few 1e-9 above 0
against a heavy threat). So:

- a **front** (``front_flags``) and **dominance** (``dominated_by``) compare every pair, which
  needs no transitivity: a row is on the front when no row dominates it;
- a **ranking** (``path``) is an order in which every row comes before the next one by the
  rule, or ties with it. Such an order always exists (the rule decides every pair one way, so
  the rows form a tournament, and every tournament has a Hamiltonian path); it is built by
  sorting on the figures first and then moving each row up past every neighbour the rule puts
  after it, which leaves a sorted list as it was when there is no chain. The first sort uses
  ``tie_classes`` (sorted values cut wherever two neighbours are more than ``TIE`` apart), so
  only rows a chain joins ever move.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

import numpy as np

TIE = 1e-9
"""Figures closer than this are equal (the chain's accuracy)."""

T = TypeVar("T")


def same(a: float, b: float) -> bool:
    """The rule for two figures alone (a difference shown as ±0)."""
    return abs(a - b) <= TIE


def compare(a: float, b: float) -> int:
    """1 when ``a`` is higher by the rule, -1 when lower, 0 when equal."""
    if a - b > TIE:
        return 1
    if b - a > TIE:
        return -1
    return 0


def tie_classes(values: Sequence[float]) -> list[int]:
    """Each value's class (0 = lowest) when values are sorted and a new class begins wherever
    the gap to the previous one exceeds ``TIE``: a sort key that already puts equal figures
    together, for :func:`path` to start from."""
    order = sorted(range(len(values)), key=values.__getitem__)
    out = [0] * len(values)
    level = 0
    previous: float | None = None
    for i in order:
        value = values[i]
        if previous is not None and value - previous > TIE:
            level += 1
        out[i] = level
        previous = value
    return out


def path(rows: Sequence[T], key: Callable[[T], tuple], before: Callable[[T, T], bool]) -> list[T]:
    """``rows`` sorted by ``key``, then each row moved up past the rows ``before`` says it
    precedes: afterwards no row is followed by one that ``before`` puts ahead of it."""
    out = sorted(rows, key=key)
    for i in range(1, len(out)):
        row = out[i]
        j = i
        while j > 0 and before(row, out[j - 1]):
            out[j] = out[j - 1]
            j -= 1
        out[j] = row
    return out


def _dominance(of: np.ndarray, over: np.ndarray) -> np.ndarray:
    """``[i, j]``: row i of ``of`` dominates row j of ``over`` (figures maximised): at least as
    good on every figure (down to ``TIE`` below) and better by more than ``TIE`` on one."""
    ge = np.ones((len(of), len(over)), dtype=bool)
    gt = np.zeros((len(of), len(over)), dtype=bool)
    for k in range(of.shape[1]):  # one figure at a time: 2-D comparisons, no 3-D temporaries
        mine, theirs = of[:, k, None], over[None, :, k]
        ge &= mine >= theirs - TIE
        gt |= mine > theirs + TIE
    return ge & gt


_BLOCK = 512  # rows compared at once: the pair arrays stay a few MB


def dominated_by(of: np.ndarray, over: np.ndarray) -> np.ndarray:
    """For each row of ``over``: does some row of ``of`` dominate it?"""
    out = np.zeros(len(over), dtype=bool)
    if not len(of) or not len(over):
        return out
    of = np.asarray(of, dtype=float).reshape(len(of), -1)
    over = np.asarray(over, dtype=float).reshape(len(over), -1)
    for start in range(0, len(over), _BLOCK):
        part = over[start : start + _BLOCK]
        hit = np.zeros(len(part), dtype=bool)
        for first in range(0, len(of), _BLOCK):
            hit |= _dominance(of[first : first + _BLOCK], part).any(axis=0)
        out[start : start + _BLOCK] = hit
    return out


def dominance_matrix(figures: np.ndarray) -> np.ndarray:
    """``[i, j]``: row i dominates row j, for every pair of ``figures``' rows."""
    figures = np.asarray(figures, dtype=float).reshape(len(figures), -1)
    n = len(figures)
    out = np.zeros((n, n), dtype=bool)
    for start in range(0, n, _BLOCK):
        out[start : start + _BLOCK] = _dominance(figures[start : start + _BLOCK], figures)
    return out


def front_flags(figures: np.ndarray | Sequence[Sequence[float]]) -> list[bool]:
    """For each row (figures, all maximised): is no row dominating it?"""
    rows = np.asarray(figures, dtype=float)
    if not len(rows):
        return []
    return [not d for d in dominated_by(rows, rows)]
