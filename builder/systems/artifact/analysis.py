"""``laminim analyze`` for a force: each unit's weapon odds and its D12 survival table."""

from __future__ import annotations

from builder.core.problems import find_named
from builder.core.report_lang import current_lang
from builder.systems.artifact.derive import find_threat, threat_stats, unit_stats
from builder.systems.artifact.legality import ForceReport
from builder.systems.artifact.models import ArtifactCatalog
from builder.systems.artifact.rules import survival
from builder.systems.artifact.text import analysis_json, analysis_text
from builder.systems.base import AnalyzeOptions, Output


def analyze_force(report: ForceReport, catalog: ArtifactCatalog, options: AnalyzeOptions) -> Output:
    threat = find_threat(options.threat, catalog)
    members = [m for m in report.members if m.unit is not None]
    if options.unit is not None:
        members = [find_named(members, options.unit, lambda m: m.name)]
    stats = threat_stats(threat, catalog)
    rows = []
    for m in members:
        assert m.unit is not None
        rows.append((m.name, m.unit, survival(unit_stats(m.unit), stats, options.rounds)))
    lang = current_lang()
    shown = [(report.shown(name, lang), unit, result) for name, unit, result in rows]
    return Output(
        analysis_json(threat, rows, catalog),
        analysis_text(threat, shown, catalog, lang=lang),  # names as the player reads them
        notes=report.errors,
    )
