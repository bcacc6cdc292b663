"""Falls, collisions and risk digestion (docs/rules.md §4, D16–D18)."""

from __future__ import annotations

import math

FORCED_FALL_RISK = 2
"""Extra risk when the fall ends a forced move (a push), on top of the levels fallen."""

COLLISION_RISK = 2
"""Risk a collision adds to each of the two units (the faller and the one landed on)."""


def fall_risk(drop: float, forced: bool = False) -> int:
    """Risk of dropping ``drop`` levels: one per whole level (a drop under one level is none).

    A drop under one level (level ground, a half-level slope, going up) is no fall at all, so a
    forced move that ends on such a drop adds no forced-fall risk either.
    """
    if drop < 1:
        return 0
    return math.floor(drop) + (FORCED_FALL_RISK if forced else 0)


def digest(risk: int, movement: int) -> int:
    """D18: each 1 of movement spent while carrying risk removes 1 risk, never below 0."""
    return max(0, risk - movement)
