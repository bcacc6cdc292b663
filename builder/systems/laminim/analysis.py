"""The rules core's numbers for a team's units (what the CLI, TUI and cards display).

Results are cached by the unit's parts and the threat: the TUI recomputes on every keystroke and
a unit that did not change must cost nothing.
"""

from __future__ import annotations

from functools import lru_cache

from builder.systems.base import DEFAULT_ROUNDS
from builder.systems.laminim.legality import ResolvedUnit
from builder.systems.laminim.models import Catalog, Threat
from builder.systems.laminim.rules import UnitAnalysis
from builder.systems.laminim.rules import analyze_unit as _analyze
from builder.systems.laminim.rules.interception import Intercept
from builder.systems.laminim.rules.model import ThreatSpec, UnitSpec
from builder.systems.laminim.specs import threat_spec, unit_spec


def analyze(
    unit: ResolvedUnit,
    threat: Threat,
    catalog: Catalog,
    rounds: int = DEFAULT_ROUNDS,
    intercept: Intercept | None = None,
    exact: bool = True,
) -> UnitAnalysis:
    """Exposure, survival per round and damage output of a unit against a threat;
    ``intercept``: RULES D19 (the weapon in that slot shoots at the first missile salvo).
    Survival beyond the exact chain's budget raises ``TooLarge`` (cards, the TUI), or with
    ``exact=False`` (``analyze``/``compare`` without ``--exact``) is a sampled estimate."""
    return _cached(unit_spec(unit), threat_spec(threat, catalog), rounds, intercept, exact)


@lru_cache(maxsize=512)
def _cached(
    unit: UnitSpec,
    threat: ThreatSpec,
    rounds: int,
    intercept: Intercept | None = None,
    exact: bool = True,
) -> UnitAnalysis:
    return _analyze(unit, threat, rounds, intercept, exact)
