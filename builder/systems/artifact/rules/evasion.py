"""D11: evasion. The target sees the hit dice, then may spend 1 P to roll for every hit.

Each hit is cancelled on a 4+ with the D10 evasion modifier (enemy MS within 10 cm of the evader
other than the attacker). Only an attack that scored at least one hit can be evaded; a ship never
evades; an MS evades only while its P is above the reserve (an MS at P 0 cannot).
"""

from __future__ import annotations

from fractions import Fraction

from .model import UnitKind
from .to_hit import p_success

EVADE_TARGET = 4
EVADE_COST = 1


def p_evade(evade_near: int = 0) -> Fraction:
    """Probability that one evasion die cancels one hit."""
    return p_success(EVADE_TARGET, evade_near)


def can_evade(kind: UnitKind, propellant: int | None, reserve: int = 0) -> bool:
    """Whether the target may spend P on evasion now (an MS with P above ``reserve``)."""
    return kind == "ms" and propellant is not None and propellant > max(0, reserve)


def worth_evading(evade_near: int) -> bool:
    """An evasion that cannot succeed (needed face above 6) only wastes P; the analysis skips it."""
    return p_evade(evade_near) > 0
