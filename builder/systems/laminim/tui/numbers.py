"""The one door from the TUI to the rules core's numbers (``builder.systems.laminim.analysis``).

The import is lazy so that the first screen is drawn before numpy and the chain are loaded;
``warm_up`` then loads them in the background and fills the cache with the team's units, so
the editor and compare open on numbers instead of paying for the engine's first start.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from builder.systems.base import DEFAULT_ROUNDS
from builder.systems.laminim.legality import ResolvedUnit
from builder.systems.laminim.models import Catalog, Threat

ROUNDS = DEFAULT_ROUNDS


def analyze(unit: ResolvedUnit, threat: Threat, catalog: Catalog) -> Any:
    """The rules core's ``UnitAnalysis`` of a unit against a threat (cached by the roster)."""
    from builder.systems.laminim import analysis

    return analysis.analyze(unit, threat, catalog, rounds=ROUNDS)


def warm_up(
    units: Sequence[ResolvedUnit], threat: Threat, catalog: Catalog, stop: Callable[[], bool]
) -> None:
    """Analyse ``units`` into the cache, one by one until ``stop()``; a unit the exact chain
    cannot take (``TooLarge``) is left for its screen to report."""
    from builder.systems.laminim.rules import TooLarge

    for unit in units:
        if stop():
            return
        try:
            analyze(unit, threat, catalog)
        except TooLarge:
            continue
