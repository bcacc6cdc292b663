"""Gundam Artifact as a game system of the builder (the :class:`GameSystem` protocol).

Everything the shell asks of artifact goes through :data:`SYSTEM`; the modules beside this one
do the work (catalog, force reading and D9 legality, text/JSON, odds, printouts, TUI).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from builder.core.problems import InputError
from builder.core.source import Located
from builder.systems.artifact.catalog import load_catalog
from builder.systems.artifact.legality import ForceReport, check
from builder.systems.artifact.models import ArtifactCatalog, ForceFile
from builder.systems.artifact.read import ForceRead, read_force
from builder.systems.base import (
    AnalyzeOptions,
    CardSize,
    Command,
    GameSystem,
    Output,
    PartUse,
    PrintOptions,
    Printout,
    SystemUI,
)
from builder.systems.game import Checked, Game
from builder.systems.options import ROUNDS, THREAT, UNIT


class Artifact(Game[ForceFile, ArtifactCatalog, ForceRead]):
    id = "artifact"
    name = "Gundam Artifact"
    name_ja = "ガンダムアーティファクト"
    demo_name = "demo_force.yaml"
    analyze_options = (UNIT, THREAT, ROUNDS)
    card_sizes = (
        CardSize("poker", "poker (63×88 mm, 9 a page)"),
        CardSize("large", "large (89×127 mm, 4 a page)"),
    )

    def read_catalog(self, folder: Path) -> ArtifactCatalog:
        return load_catalog(folder)

    def read_team(self, source: Located) -> ForceRead:
        return read_force(source)

    def judge(
        self, read: ForceRead, team: ForceFile, catalog: ArtifactCatalog
    ) -> Checked[ForceReport]:
        def text() -> str:
            from builder.systems.artifact.text import check_text

            return check_text(report)

        report = check(team, catalog, read)
        return Checked(report, text)

    def describe_catalog(self, catalog: ArtifactCatalog) -> Output:
        from builder.systems.artifact.text import parts_json, parts_text

        return Output(parts_json(catalog), parts_text(catalog))

    def analyze(self, read: ForceRead, catalog: ArtifactCatalog, options: AnalyzeOptions) -> Output:
        from builder.systems.artifact.analysis import analyze_force

        report = self.judge(read, self.team_of(read), catalog).report
        if report.bad_input:
            raise InputError(report.errors)
        return analyze_force(report, catalog, options)

    def documents(
        self, team: ForceFile, catalog: ArtifactCatalog, options: PrintOptions
    ) -> list[Printout]:
        from builder.systems.artifact.printouts import printouts

        return printouts(team, catalog, options)

    def tui(self) -> SystemUI:
        from builder.systems.artifact.tui.ui import artifact_ui

        return artifact_ui()

    def commands(self) -> list[Command]:
        from builder.systems.artifact.commands import ODDS

        return [ODDS]

    def dump_team(self, team: ForceFile) -> dict[str, Any]:
        # plain lists (not tuples): the saver merges lists item by item, keeping the file's text
        return team.model_dump(mode="json")

    # catalog versions (builder.systems.TracksCatalog)
    def catalog_files(self) -> tuple[str, ...]:
        from builder.systems.artifact.catalog import CATALOG_FILES

        return CATALOG_FILES

    def catalog_collections(self) -> tuple[str, ...]:
        from builder.systems.artifact.versions import COLLECTIONS

        return COLLECTIONS

    def part_uses(self, data: Any) -> list[PartUse]:
        from builder.systems.artifact.versions import part_uses

        return part_uses(data)

    def headlines(self, read: ForceRead, catalog: ArtifactCatalog) -> dict[str, float]:
        from builder.systems.artifact.versions import headlines

        return headlines(self, read, catalog)


SYSTEM: GameSystem[ForceFile, ArtifactCatalog, ForceRead] = Artifact()
