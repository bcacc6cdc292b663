"""The rules core's numbers for a team's units (what the CLI, TUI and cards display).

Results are cached by the unit's parts and the threat: the TUI recomputes on every keystroke and
a unit that did not change must cost nothing.
"""

from __future__ import annotations

from functools import lru_cache

from builder.core.messages import MessageError, Messages
from builder.core.problems import InputError, Problem, find_named, unplaced
from builder.systems.base import DEFAULT_ROUNDS, AnalyzeOptions, Output
from builder.systems.laminim.derive import find_threat, threat_spec, unit_spec
from builder.systems.laminim.legality import ResolvedUnit, TeamReport
from builder.systems.laminim.models import Catalog, Threat
from builder.systems.laminim.read import LaminimRead
from builder.systems.laminim.refusals import said, too_large
from builder.systems.laminim.rules import TooLarge, UnitAnalysis
from builder.systems.laminim.rules import analyze_unit as _analyze
from builder.systems.laminim.rules.interception import Intercept
from builder.systems.laminim.rules.model import ThreatSpec, UnitSpec
from builder.systems.laminim.team import Team

MESSAGES = Messages.load(__file__)


def analyze(
    unit: ResolvedUnit,
    threat: Threat,
    catalog: Catalog,
    rounds: int = DEFAULT_ROUNDS,
    intercept: Intercept | None = None,
    exact: bool = True,
) -> UnitAnalysis:
    """Exposure, survival per round and damage output of a unit against a threat;
    ``intercept``: docs/rules.md D19 (the weapon in that slot shoots at the first missile salvo).
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


def analyze_team(
    read: LaminimRead,
    report: TeamReport,
    catalog: Catalog,
    options: AnalyzeOptions,
    intercept_text: str | None,
    exact: bool = False,
) -> Output:
    """``laminim analyze``: every resolved unit (or the one ``--unit`` names) against the
    threat; a unit beyond the budget or the float range is bad input at its row, not a crash."""
    from builder.systems.laminim.declared import BONUS
    from builder.systems.laminim.text import analysis_json, analysis_text

    threat = find_threat(options.threat, catalog, BONUS.of(options.values))
    choice = None
    if intercept_text is not None:  # only then is intercepting's code needed
        from builder.systems.laminim.intercepting import parse_intercept

        choice = parse_intercept(intercept_text)
    units = report.units
    if options.unit is not None:
        units = [find_named(units, options.unit, lambda u: u.name)]
    rows = {id(u): i for i, u in enumerate(report.units)}
    results = []
    for u in units:
        if u.resolved is None:
            continue
        locate = read.unit_locator(rows[id(u)])
        intercept = None
        if choice is not None:
            try:
                intercept = choice.for_unit(unit_spec(u.resolved))
            except MessageError as exc:
                message = MESSAGES("intercept-option", why=exc.said)
                raise InputError([locate(("weapons",), message, "bad-input")]) from None
        try:
            results.append(
                (u, analyze(u.resolved, threat, catalog, options.rounds, intercept, exact))
            )
        except TooLarge as exc:  # huge durability/ammo/attacks: bad input, not a crash
            message = MESSAGES("unit-too-large", name=u.name, threat=threat.id, why=too_large(exc))
            raise InputError([locate((), message, "bad-input")]) from None
        except OverflowError:  # e.g. hundreds of identical attacks: beyond float range
            message = MESSAGES("odds-overflow", threat=threat.id, count=len(threat.attacks))
            raise InputError([locate((), message, "bad-input")]) from None
    return Output(
        analysis_json(threat, results), analysis_text(threat, results, catalog), report.errors
    )


def too_large_problem(team: Team, catalog: Catalog, exc: Exception) -> Problem:
    """The cards' problem at the first unit whose survival table is beyond the budget."""
    from builder.systems.laminim.legality import resolve_unit
    from builder.systems.laminim.rules import check_budget

    threat = catalog.threat(catalog.default_threat) if catalog.default_threat else None
    for row, unit in enumerate(team.units):
        resolved = resolve_unit(unit, catalog)
        if resolved is None or threat is None:
            continue
        try:
            check_budget(unit_spec(resolved), threat_spec(threat, catalog), DEFAULT_ROUNDS)
        except TooLarge as found:
            message = MESSAGES(
                "unit-too-large", name=unit.name, threat=threat.id, why=too_large(found)
            )
            return unplaced(team.name, ("units", row))((), message, "bad-input")
    return unplaced(team.name, ("units",))((), said(exc), "bad-input")
