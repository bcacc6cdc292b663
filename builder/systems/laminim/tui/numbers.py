"""The one door from the TUI to the rules core's numbers (``builder.systems.laminim.analysis``).

The import is lazy so that the first screen is drawn before numpy and the chain are loaded.
"""

from __future__ import annotations

from typing import Any

from builder.systems.base import DEFAULT_ROUNDS
from builder.systems.laminim.legality import ResolvedUnit
from builder.systems.laminim.models import Catalog, Threat

ROUNDS = DEFAULT_ROUNDS


def analyze(unit: ResolvedUnit, threat: Threat, catalog: Catalog) -> Any:
    """The rules core's ``UnitAnalysis`` of a unit against a threat (cached by the roster)."""
    from builder.systems.laminim import analysis

    return analysis.analyze(unit, threat, catalog, rounds=ROUNDS)
