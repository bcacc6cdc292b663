"""Space Opera Heroes as a game system of the builder (the GameSystem protocol, docs/rules.md §3).

A crew of characters in armour, powered suits, giant robots or ships, with weapons; exact combat
odds (``odds``), the AP planner (``plan`` and in ``analyze``), character cards and a one-page
odds reference. The modules beside this one do the work.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from builder.core.i18n import Lang
from builder.core.problems import InputError
from builder.core.source import Located
from builder.systems.base import (
    AnalyzeOptions,
    Command,
    GameSystem,
    Output,
    PrintOptions,
    Printout,
    SystemUI,
)
from builder.systems.exchange import ExchangeModule, ExchangingGame
from builder.systems.game import CompareModule, ComparingGame, PartsCatalog, PartsGame, parts_of
from builder.systems.soh.declared import DECLARED
from builder.systems.soh.legality import CrewReport, check_crew
from builder.systems.soh.models import Catalog, Crew
from builder.systems.soh.read import SohRead, read_crew

if TYPE_CHECKING:  # the roster sheet's module: for cards only
    from builder.render.roster import Roster
    from builder.systems.battle import Battle


class SpaceOperaHeroes(ExchangingGame, ComparingGame, PartsGame[Crew, Catalog, SohRead]):
    id = "soh"
    name = "Space Opera Heroes"
    name_ja = "スペースオペラヒーローズ"
    demo_name = "demo_crew.yaml"
    analyze_options = DECLARED.analyze_options  # analysed one round at a time: no --rounds
    compare_options = DECLARED.compare_options
    card_sizes = DECLARED.card_sizes

    def exchange(self) -> ExchangeModule:
        from builder.systems.soh import exchange

        return exchange

    def compare_module(self) -> CompareModule[Catalog]:
        from builder.systems.soh import compare

        return compare

    def parts(self) -> PartsCatalog[Catalog]:
        from builder.systems.soh import catalog, text, versions

        return parts_of(catalog, text, versions)

    def read_team(self, source: Located) -> SohRead:
        return read_crew(source)

    def judge(self, read: SohRead, team: Crew, catalog: Catalog) -> CrewReport:
        return check_crew(read, catalog)

    def analyze(self, read: SohRead, catalog: Catalog, options: AnalyzeOptions) -> Output:
        """Each character's derived values, 1-die odds both ways and the best AP split against
        ``options.threat`` (a crew character, a catalog opponent or FILE[:NAME]);
        ``options.rounds`` does not apply (soh is analysed one round at a time)."""
        from builder.systems.soh.analysis import analyze_crew
        from builder.systems.soh.plan_text import analysis_json, analysis_text

        crew = self.team_of(read)
        report = self.judge(read, crew, catalog)
        if report.exit_code == 2:
            raise InputError(report.errors)
        result = analyze_crew(crew, catalog, options.unit, options.threat)
        return Output(analysis_json(result), analysis_text(result), notes=report.errors)

    def documents(self, team: Crew, catalog: Catalog, options: PrintOptions) -> list[Printout]:
        from builder.systems.soh.printouts import printouts

        return printouts(team, catalog, options)

    def roster(self, team: Crew, catalog: Catalog, lang: Lang) -> Roster:
        from builder.systems.soh.roster import roster

        return roster(team, catalog, lang)

    def tui(self) -> SystemUI:
        from builder.systems.soh.tui.ui import soh_ui

        return soh_ui()

    def battle(self) -> Battle[Any]:
        """The battle record's rules (docs/rules.md D23, ``laminim play``)."""
        from builder.systems.soh.play.battle import SohBattle

        return SohBattle()

    def commands(self) -> list[Command]:
        from builder.systems.soh.commands import commands

        return commands()

    def dump_team(self, team: Crew) -> dict[str, Any]:
        """Plain data in file order; defaults left out so a saved file stays as short as written."""
        data: dict[str, Any] = {"system": team.system, "name": team.name}
        if team.name_ja is not None:
            data["name_ja"] = team.name_ja
        data["side"] = team.side
        data["characters"] = [
            c.model_dump(exclude_defaults=True) | {"name": c.name} for c in team.characters
        ]
        return data


SYSTEM: GameSystem[Crew, Catalog, SohRead] = SpaceOperaHeroes()
