"""LAMINIM as a game system of the builder (the :class:`builder.systems.base.GameSystem` protocol).

Everything the shell asks of LAMINIM goes through :data:`SYSTEM`; the modules beside this one
do the work (catalog, team and legality, analysis, text, printouts, TUI screens).
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
from builder.systems.battle import Battle
from builder.systems.exchange import ExchangeModule, ExchangingGame
from builder.systems.game import (
    Checked,
    CompareModule,
    ComparingGame,
    PartsCatalog,
    PartsGame,
    parts_of,
    usable,
)
from builder.systems.laminim.declared import DECLARED, EXACT, INTERCEPT
from builder.systems.laminim.legality import TeamReport, check_team
from builder.systems.laminim.models import Catalog
from builder.systems.laminim.read import LaminimRead, read_team
from builder.systems.laminim.team import Team

if TYPE_CHECKING:  # the roster sheet's module: for cards only
    from builder.render.roster import Roster
    from builder.systems.matchup import Matchup, MatchupEntry, MatchupOptions


class Laminim(ExchangingGame, ComparingGame, PartsGame[Team, Catalog, LaminimRead]):
    id = "laminim"
    name = "LAMINIM"
    name_ja = "ラミニム"
    file_shape = "a mapping with system, name and units"
    analyze_options = DECLARED.analyze_options
    compare_options = DECLARED.compare_options
    card_sizes = DECLARED.card_sizes

    def exchange(self) -> ExchangeModule:
        from builder.systems.laminim import exchange

        return exchange

    def compare_module(self) -> CompareModule[Catalog]:
        from builder.systems.laminim import compare

        return compare

    def parts(self) -> PartsCatalog[Catalog]:
        from builder.systems.laminim import catalog, text, versions

        return parts_of(catalog, text, versions)

    def read_team(self, source: Located) -> LaminimRead:
        return read_team(source)

    def judge(self, read: LaminimRead, team: Team, catalog: Catalog) -> Checked[TeamReport]:
        def text() -> str:
            from builder.systems.laminim.text import check_text

            return check_text(team, report)

        report = check_team(team, catalog, read)
        return Checked(report, text)

    def analyze(self, read: LaminimRead, catalog: Catalog, options: AnalyzeOptions) -> Output:
        from builder.systems.laminim.analysis import analyze_team

        report = usable(self.judge(read, self.team_of(read), catalog).report)
        intercept, exact = INTERCEPT.of(options.values), bool(EXACT.of(options.values))
        return analyze_team(read, report, catalog, options, intercept, exact)

    def documents(self, team: Team, catalog: Catalog, options: PrintOptions) -> list[Printout]:
        from builder.systems.laminim.analysis import too_large_problem
        from builder.systems.laminim.printouts import printouts
        from builder.systems.laminim.rules import TooLarge

        try:
            return printouts(team, catalog, options)
        except TooLarge as exc:  # an analysis a printout carries is beyond the budget: bad input
            raise InputError([too_large_problem(team, catalog, exc)]) from None

    def roster(self, team: Team, catalog: Catalog, lang: Lang) -> Roster:
        from builder.systems.laminim.roster import roster

        return roster(team, catalog, lang)

    def matchup(
        self, entries: tuple[MatchupEntry, MatchupEntry], catalog: Catalog, options: MatchupOptions
    ) -> Matchup:
        """``laminim matchup`` (docs/matchup.md): every unit against every enemy unit (D21)."""
        from builder.systems.laminim.matchup import matchup

        return matchup(entries, catalog, options)

    def tui(self) -> SystemUI:
        from builder.systems.laminim.tui.ui import laminim_ui

        return laminim_ui()

    def battle(self) -> Battle[Any]:
        """The battle record's rules (docs/rules.md D20, ``laminim play``)."""
        from builder.systems.laminim.play.battle import LaminimBattle

        return LaminimBattle()

    def commands(self) -> list[Command]:
        from builder.systems.laminim.commands import commands

        return commands()


SYSTEM: GameSystem[Team, Catalog, LaminimRead] = Laminim()
