"""``laminim analyze`` for a force: each unit's weapon odds and its D12 survival table."""

from __future__ import annotations

from builder.core.problems import InputError, Problem, did_you_mean
from builder.systems.artifact.derive import find_threat, threat_stats, unit_stats
from builder.systems.artifact.legality import ForceReport, Member
from builder.systems.artifact.models import ArtifactCatalog
from builder.systems.artifact.rules import survival
from builder.systems.artifact.text import analysis_json, analysis_text
from builder.systems.base import AnalyzeOptions, Output


def _pick(wanted: str, members: list[Member]) -> Member:
    """The unit named ``wanted``: exactly, else whatever the case; InputError with a hint."""
    exact = [m for m in members if m.name == wanted]
    if exact:
        return exact[0]
    folded = [m for m in members if m.name.casefold() == wanted.strip().casefold()]
    if len(folded) == 1:
        return folded[0]
    names = [m.name for m in members]
    starts = [n for n in names if n.casefold().startswith(wanted.strip().casefold())]
    if len(starts) > 1:
        hint = f" (did you mean one of: {', '.join(starts)}?)"
    else:
        hint = did_you_mean(wanted, starts or names)
    message = f"no unit named '{wanted}'{hint}; units: {', '.join(names)}"
    raise InputError([Problem("--unit", None, None, "", message)])


def analyze_force(report: ForceReport, catalog: ArtifactCatalog, options: AnalyzeOptions) -> Output:
    threat = find_threat(options.threat, catalog)
    members = [m for m in report.members if m.unit is not None]
    if options.unit is not None:
        members = [_pick(options.unit, members)]
    stats = threat_stats(threat, catalog)
    rows = []
    for m in members:
        assert m.unit is not None
        rows.append((m.name, m.unit, survival(unit_stats(m.unit), stats, options.rounds)))
    return Output(
        analysis_json(threat, rows, catalog),
        analysis_text(threat, rows, catalog),
        notes=report.errors,
    )
