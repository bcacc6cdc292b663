"""The artifact balance matrix: what one activation of each unit does to each unit.

One activation is two attack actions (the seed allows the same action twice); the matrix gives,
for every attacker x target of a catalog, the attacker's **best weapon** used for both actions,
at each attack modifier (D10: 0, -1, -2) and with the target evading or not (D11; a ship never
evades, so a ship target has no evading cell). Best: the highest kill chance from full HP, then
the highest expected damage, then the weapon listed first. Range and propellant are left out on
purpose: the matrix asks what a unit can do to another once it is in reach, and an MS starts an
activation with P for both actions. Numbers are :func:`odds.activation_odds`' exact ones.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .model import AttackAction, UnitStats
from .odds import ACTIONS_PER_ACTIVATION, activation_odds

MODIFIERS = (0, 1, 2)
"""Enemy MS near the attacker (D10): modifier 0, -1, -2."""


@dataclass(frozen=True)
class MatrixCell:
    attacker: str
    target: str
    near: int  # the D10 attack modifier is -near
    evade: bool
    weapon: str  # the best weapon (its id)
    expected_damage: float
    p_kill: float


def best_activation(attacker: UnitStats, target: UnitStats, near: int, evade: bool) -> MatrixCell:
    """The attacker's best weapon, fired in both actions of one activation, at ``target``."""
    best: MatrixCell | None = None
    for weapon in attacker.weapons:
        actions = [AttackAction(weapon, near)] * ACTIONS_PER_ACTIVATION
        odds = activation_odds(actions, target, evade=evade)
        cell = MatrixCell(
            attacker.id, target.id, near, evade, weapon.id, odds.expected_damage, odds.p_kill
        )
        if best is None or (cell.p_kill, cell.expected_damage) > (
            best.p_kill,
            best.expected_damage,
        ):
            best = cell
    if best is None:
        raise ValueError(f"{attacker.id} has no weapon")
    return best


def activation_matrix(
    units: Sequence[UnitStats], modifiers: Sequence[int] = MODIFIERS
) -> list[MatrixCell]:
    """Every attacker x target x modifier x evasion cell (targets that cannot evade: off only),
    attackers outer, then targets, modifiers, evasion off before on."""
    cells = []
    for attacker in units:
        if not attacker.weapons:
            continue
        for target in units:
            for near in modifiers:
                for evade in (False, True):
                    if evade and (target.kind == "ship" or not target.propellant):
                        continue
                    cells.append(best_activation(attacker, target, near, evade))
    return cells
