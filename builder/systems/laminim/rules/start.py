"""A chain started where a unit stands (docs/rules.md D21): its current parts and magazines.

The exact chain only ever looks at a part's durability from its start downwards, at which
parts are intact, and at each weapon's ammo for its cook-off dice. So a unit in the middle of a
battle is the chain's start as a unit *built* with its remaining durabilities and ammo: a part at
0 or below (damage recorded, not yet resolved) starts in the cell "at 0, not yet destroyed",
which the round's resolution destroys, cooking off what its ammo says. Weapons destroyed before
start outside the validity pattern (invalid faces, no guard, no cook-off, counted destroyed).
"""

from __future__ import annotations

from dataclasses import replace

from .model import UnitSpec, UnitState, WeaponSpec
from .results import Pattern


def start_unit(unit: UnitSpec, state: UnitState) -> UnitSpec:
    """``unit`` with each part's durability set to where it stands (0 for at or below 0) and
    each weapon's ammo to what is left; a destroyed weapon keeps its slot (it is reported as
    destroyed) but has nothing left to cook off."""
    slots: list[WeaponSpec | None] = []
    for i, weapon in enumerate(unit.slots):
        if weapon is None:
            slots.append(None)
        elif state.destroyed[i]:
            slots.append(replace(weapon, durability=0, ammo=None))
        else:
            left = state.ammo[i]
            ammo = None if weapon.ammo is None else weapon.ammo if left is None else left
            slots.append(replace(weapon, durability=max(0, state.slots[i]), ammo=ammo))
    return UnitSpec(unit.name, max(0, state.frame), tuple(slots))  # type: ignore[arg-type]


def start_pattern(unit: UnitSpec, state: UnitState) -> Pattern:
    """The slots intact at the start: mounted and not destroyed."""
    return tuple(w is not None and not state.destroyed[i] for i, w in enumerate(unit.slots))  # type: ignore[return-value]


def is_full(unit: UnitSpec, state: UnitState) -> bool:
    """True when ``state`` is the unit before any damage or spent ammo."""
    return state == UnitState.full(unit)
