"""What an MS may still do on its propellant (seed ②): each action costs 1 P; at P 0 only move
(half M, rounded down) and land. A ship spends no P."""

from __future__ import annotations

from .model import UnitStats

ACTIONS = ("move", "attack", "land", "launch")
AT_P0 = ("move", "land")


def allowed_actions(unit: UnitStats, propellant: int | None = None) -> tuple[str, ...]:
    """Actions open to ``unit`` with ``propellant`` left (default: full); ships cannot land."""
    if unit.kind == "ship":
        return ("move", "attack")
    p = unit.propellant if propellant is None else propellant
    return AT_P0 if not p else ACTIONS


def move_distance(unit: UnitStats, propellant: int | None = None) -> int:
    """Maximum move in cm: M, halved and rounded down for an MS at P 0."""
    if unit.kind == "ship":
        return unit.move
    p = unit.propellant if propellant is None else propellant
    return unit.move // 2 if not p else unit.move
