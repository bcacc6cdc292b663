"""Gundam Artifact as a game system of the builder (the :class:`GameSystem` protocol).

Everything the shell asks of artifact goes through :data:`SYSTEM`; the modules beside this one
do the work (catalog, force reading and D9 legality, text/JSON, odds, printouts, TUI).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from builder.core.i18n import Lang
from builder.core.source import Located
from builder.systems.artifact.declared import DECLARED
from builder.systems.artifact.legality import ForceReport, check
from builder.systems.artifact.models import ArtifactCatalog, ForceFile
from builder.systems.artifact.read import ForceRead, read_force
from builder.systems.base import Output
from builder.systems.exchange import ExchangeModule, ExchangingGame
from builder.systems.game import Checked, ComparingGame, PartsGame, parts_of, usable

if TYPE_CHECKING:  # annotations only
    from builder.render.roster import Roster
    from builder.systems.base import (
        AnalyzeOptions,
        Command,
        GameSystem,
        PrintOptions,
        Printout,
    )
    from builder.systems.battle import Battle
    from builder.systems.game import CompareModule, PartsCatalog
    from builder.systems.matchup import Matchup, MatchupEntry, MatchupOptions
    from builder.systems.ui import SystemUI


class Artifact(ExchangingGame, ComparingGame, PartsGame[ForceFile, ArtifactCatalog, ForceRead]):
    id = "artifact"
    name = "Gundam Artifact"
    name_ja = "ガンダムアーティファクト"
    demo_name = "demo_force.yaml"
    analyze_options = DECLARED.analyze_options
    compare_options = DECLARED.compare_options
    card_sizes = DECLARED.card_sizes

    def exchange(self) -> ExchangeModule:
        from builder.systems.artifact import exchange

        return exchange

    def compare_module(self) -> CompareModule[ArtifactCatalog]:
        from builder.systems.artifact import compare

        return compare

    def parts(self) -> PartsCatalog[ArtifactCatalog]:
        from builder.systems.artifact import catalog, text, versions

        return parts_of(catalog, text, versions)

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

    def analyze(self, read: ForceRead, catalog: ArtifactCatalog, options: AnalyzeOptions) -> Output:
        from builder.systems.artifact.analysis import analyze_force

        report = usable(self.judge(read, self.team_of(read), catalog).report)
        return analyze_force(report, catalog, options)

    def matchup(
        self,
        entries: tuple[MatchupEntry, MatchupEntry],
        catalog: ArtifactCatalog,
        options: MatchupOptions,
    ) -> Matchup:
        """``laminim matchup`` (docs/matchup.md): the balance matrix's activations, two forces."""
        from builder.systems.artifact.matchup import matchup

        return matchup(entries, catalog, options)

    def documents(
        self, team: ForceFile, catalog: ArtifactCatalog, options: PrintOptions
    ) -> list[Printout]:
        from builder.systems.artifact.printouts import printouts

        return printouts(team, catalog, options)

    def roster(self, team: ForceFile, catalog: ArtifactCatalog, lang: Lang) -> Roster:
        from builder.systems.artifact.roster import roster

        return roster(team, catalog, lang)

    def tui(self) -> SystemUI:
        from builder.systems.artifact.tui.ui import artifact_ui

        return artifact_ui()

    def battle(self) -> Battle[Any]:
        """The battle record's rules (docs/rules.md D22, ``laminim play``)."""
        from builder.systems.artifact.play.battle import ArtifactBattle

        return ArtifactBattle()

    def commands(self) -> list[Command]:
        from builder.systems.artifact.commands import BALANCE, ODDS

        return [ODDS, BALANCE]

    def dump_team(self, team: ForceFile) -> dict[str, Any]:
        # plain lists (not tuples): the saver merges lists item by item, keeping the file's text
        return team.model_dump(mode="json")


SYSTEM: GameSystem[ForceFile, ArtifactCatalog, ForceRead] = Artifact()
