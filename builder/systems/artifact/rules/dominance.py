"""Which unit types of an artifact catalog another type dominates (docs/balance.md "Artifact").

Read off the activation matrix (``matrix.py``) only, with the tie rule of the LAMINIM report
(figures within 1e-9 are equal): type Y **dominates** type X of the same kind (MS or ship) when

- as the attacker, Y's best activation does at least as much to every target as X's does
  (expected damage and kill chance, at every modifier, the target evading or not);
- as the target, every attacker leaves Y at least as much HP (its HP minus the expected damage)
  and kills it no more often than X (a type that cannot evade takes its no-evasion numbers
  where the other one evades; expected damage alone would not do: it is capped at the target's
  HP, so a tougher hull takes more of it);
- for ships, Y carries at least as many MS (its capacity, the one number of the force rules
  that is a ship's own: D9);

and Y is better somewhere (by more than 1e-9, or by capacity). The force rules give an MS type
no number of its own (each counts one toward the three a force needs), so for an MS the matrix
alone decides.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .matrix import MatrixCell
from .model import UnitStats

TIE = 1e-9

Key = tuple[str, str, int, bool]  # attacker, target, near, evade


def _table(cells: Sequence[MatrixCell]) -> dict[Key, tuple[float, float]]:
    return {(c.attacker, c.target, c.near, c.evade): (c.expected_damage, c.p_kill) for c in cells}


def _as_target(
    table: Mapping[Key, tuple[float, float]], hp: int, a: str, t: str, near: int, evade: bool
) -> tuple[float, float] | None:
    """How ``t`` (``hp`` HP) fares against ``a``, higher better: (HP left, 1 - kill chance); a
    target that cannot evade takes the no-evasion numbers."""
    found = table.get((a, t, near, evade)) or table.get((a, t, near, False))
    return None if found is None else (hp - found[0], 1.0 - found[1])


def _compare(better: tuple[float, float] | None, worse: tuple[float, float] | None) -> int:
    """-1 when ``better`` is below ``worse`` somewhere (by the tie rule), 1 when above
    somewhere and below nowhere, 0 when equal."""
    if better is None or worse is None:
        return 0 if better is worse else -1
    above = False
    for b, w in zip(better, worse, strict=True):
        if b < w - TIE:
            return -1
        if b > w + TIE:
            above = True
    return 1 if above else 0


def dominates(
    y: UnitStats,
    x: UnitStats,
    units: Sequence[UnitStats],
    table: Mapping[Key, tuple[float, float]],
    capacity: Mapping[str, int | None] | None = None,
) -> bool:
    """Does type ``y`` dominate type ``x`` (see the module doc)?"""
    if y.id == x.id or y.kind != x.kind:
        return False
    caps = capacity if capacity is not None else {u.id: u.capacity for u in units}
    strict = False
    if x.kind == "ship":
        cy, cx = caps.get(y.id) or 0, caps.get(x.id) or 0
        if cy < cx:
            return False
        strict = cy > cx
    modes = sorted({(k[2], k[3]) for k in table})
    for other in units:
        for near, evade in modes:
            if evade and other.kind == "ship":
                continue  # a ship never evades: no such cell
            as_attacker = _compare(
                table.get((y.id, other.id, near, evade)), table.get((x.id, other.id, near, evade))
            )
            as_target = _compare(
                _as_target(table, y.hp, other.id, y.id, near, evade),
                _as_target(table, x.hp, other.id, x.id, near, evade),
            )
            if as_attacker < 0 or as_target < 0:
                return False
            strict = strict or as_attacker > 0 or as_target > 0
    return strict


def dominated_types(
    units: Sequence[UnitStats],
    cells: Sequence[MatrixCell],
    capacity: Mapping[str, int | None] | None = None,
) -> dict[str, tuple[str, ...]]:
    """For each unit type another type dominates: the types that do, in catalog order."""
    table = _table(cells)
    out: dict[str, tuple[str, ...]] = {}
    for x in units:
        by = tuple(y.id for y in units if dominates(y, x, units, table, capacity))
        if by:
            out[x.id] = by
    return out
