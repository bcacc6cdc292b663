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

QUICK_WORK = 10_000_000
"""Die-cell updates (``rules.budget.estimate``) a screen may compute on its own thread: about
10-20 ms on the reference chain, which runs a job this small (``rules.survival.COMPILED_FROM``;
the heaviest demo unit is 7.6e6), about a frame."""

_loaded = False  # the engine has run in this process: a quick analysis pays no import


def analyze(unit: ResolvedUnit, threat: Threat, catalog: Catalog) -> Any:
    """The rules core's ``UnitAnalysis`` of a unit against a threat (cached by the roster)."""
    global _loaded
    from builder.systems.laminim import analysis

    result = analysis.analyze(unit, threat, catalog, rounds=ROUNDS)
    _loaded = True
    return result


def quick(unit: ResolvedUnit, threat: Threat, catalog: Catalog) -> Any | None:
    """The analysis when it costs less than a frame (the engine loaded, a small job), else None
    (compute it in a worker). A screen that gets it shows the changed parts and their numbers in
    one refresh, instead of a refresh with stale numbers and another when the worker is done."""
    if not _loaded:
        return None
    from builder.systems.laminim.derive import threat_spec, unit_spec
    from builder.systems.laminim.rules import TooLarge
    from builder.systems.laminim.rules.budget import estimate

    if estimate(unit_spec(unit), threat_spec(threat, catalog), ROUNDS).work > QUICK_WORK:
        return None
    try:
        return analyze(unit, threat, catalog)
    except TooLarge:
        return None


def warm_up(
    units: Sequence[ResolvedUnit], threat: Threat, catalog: Catalog, stop: Callable[[], bool]
) -> None:
    """Analyse ``units`` into the cache, one by one until ``stop()``; a unit the exact chain
    cannot take (``TooLarge``) is left for its screen to report. Then the compiled engine is
    loaded (``rules.engine.warm``): small units run on the reference chain without it, the
    optimiser and large units then answer without its second of start-up."""
    from builder.systems.laminim.rules import TooLarge
    from builder.systems.laminim.rules.engine import warm

    for unit in units:
        if stop():
            return
        try:
            analyze(unit, threat, catalog)
        except TooLarge:
            continue
    if not stop():
        warm()
