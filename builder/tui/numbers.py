"""The one door from the TUI to the rules core's numbers (``builder.roster.analysis``).

The import is lazy so the TUI still starts (without numbers) if the rules core is missing, and
so the start-up time does not pay for numpy before the first screen is drawn.
"""

from __future__ import annotations

from typing import Any

from builder.catalog.models import Catalog, Threat
from builder.roster.legality import ResolvedUnit

ROUNDS = 6


def analysis_available() -> bool:
    try:
        import builder.roster.analysis  # noqa: F401
    except ImportError:
        return False
    return True


def analyze(unit: ResolvedUnit, threat: Threat, catalog: Catalog) -> Any | None:
    """The rules core's ``UnitAnalysis`` of a unit, or None when the rules core is unavailable."""
    try:
        from builder.roster import analysis
    except ImportError:
        return None
    return analysis.analyze(unit, threat, catalog, rounds=ROUNDS)


def final_round(result: Any) -> Any:
    """The last ``RoundResult`` of an analysis (after round 6)."""
    return result.survival.rounds[-1]
