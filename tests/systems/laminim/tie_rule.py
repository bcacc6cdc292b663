"""The documented tie rule, written out pairwise for the tests (docs/balance.md "Ties"): two
figures within 1e-9 are equal; a ranking compares its figures in order and falls through on
equal ones; a loadout dominates another when it is at least as good on every Pareto figure and
better (by more than 1e-9) on one.

The code compares tie classes (``rules/ties.py``), which are this pairwise rule whenever no
chain of values each within 1e-9 of the next spans more than 1e-9; :func:`no_chains` checks
that of the data a test compares, so the two are the same there."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from typing import Any

TIE = 1e-9
FIGURES = ("delivered", "alive", "expected_remaining", "damage_all")
PARETO = ("alive", "expected_remaining", "damage_all", "delivered")
RANK_FIELD = {
    "delivered": "delivered",
    "alive": "alive",
    "remaining": "expected_remaining",
    "damage": "damage_all",
}


def _get(row: Any, field: str) -> Any:
    return row[field] if isinstance(row, dict) else getattr(row, field)


def _weapons(row: Any) -> tuple[str, ...]:
    return tuple(w or "~" for w in _get(row, "weapons"))


def figure_order(rank: str) -> tuple[str, ...]:
    first = () if rank == "payload" else (RANK_FIELD[rank],)
    return (*first, *(f for f in FIGURES if f not in first))


def before(a: Any, b: Any, rank: str = "delivered") -> bool | None:
    """True when the rule ranks ``a`` before ``b``, False when after, None when they tie on
    every figure, the payload and the names."""
    steps: list[tuple[Any, Any, bool]] = []
    if rank == "payload":
        steps.append((_get(a, "payload"), _get(b, "payload"), False))
    steps += [(_get(a, f), _get(b, f), True) for f in figure_order(rank)]
    for x, y, figure in steps:
        if figure:
            if x - y > TIE:
                return True
            if y - x > TIE:
                return False
        elif x != y:
            return x < y
    if rank != "payload" and _get(a, "payload") != _get(b, "payload"):
        return _get(a, "payload") < _get(b, "payload")
    names_a = (_get(a, "frame"), _weapons(a))
    names_b = (_get(b, "frame"), _weapons(b))
    return None if names_a == names_b else names_a < names_b


def adjacent_against_the_rule(rows: Sequence[Any], rank: str = "delivered") -> int:
    """How many adjacent pairs the rule would swap."""
    return sum(before(a, b, rank) is False for a, b in itertools.pairwise(rows))


def dominates(a: Any, b: Any) -> bool:
    """``a`` at least as good as ``b`` on every Pareto figure and better on one."""
    ge = all(_get(a, f) >= _get(b, f) - TIE for f in PARETO)
    return ge and any(_get(a, f) > _get(b, f) + TIE for f in PARETO)


def front(rows: Sequence[Any]) -> list[bool]:
    return [not any(dominates(o, r) for o in rows) for r in rows]


def no_chains(rows: Sequence[Any], fields: Sequence[str] = PARETO) -> bool:
    """No figure has a chain of values within 1e-9 of each other spanning more than 1e-9."""
    for f in fields:
        values = sorted(_get(r, f) for r in rows)
        start = 0
        for i in range(1, len(values) + 1):
            if i == len(values) or values[i] - values[i - 1] > TIE:
                if values[i - 1] - values[start] > TIE:
                    return False
                start = i
    return True


def best(rows: Sequence[Any], rank: str = "delivered", key: Callable | None = None) -> Any:
    """The row the rule ranks first (a linear scan)."""
    top = rows[0]
    for r in rows[1:]:
        if before(r, top, rank):
            top = r
    return top
