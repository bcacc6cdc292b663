"""Space Opera Heroes as a game system of the builder (the GameSystem protocol, docs/rules.md §3).

A crew of characters in armour, powered suits, giant robots or ships, with weapons; exact combat
odds (``odds``), the AP planner (``plan`` and in ``analyze``), character cards and a one-page
odds reference. The modules beside this one do the work.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from builder.core.problems import InputError
from builder.core.resources import bundled_catalog_dir
from builder.core.source import Located
from builder.systems.base import AnalyzeOptions, Command, Output, PrintOptions, Printout, TeamRead
from builder.systems.soh.catalog import load_catalog
from builder.systems.soh.legality import CrewReport, check_crew
from builder.systems.soh.models import Catalog, Crew
from builder.systems.soh.read import SohRead, read_crew

if TYPE_CHECKING:
    from builder.tui.shell import SystemUI

CARD_SIZES = ("large", "poker")
"""A character card holds more than a poker card comfortably shows: large (89×127 mm) first."""


class SpaceOperaHeroes:
    id = "soh"
    name = "Space Opera Heroes"
    name_ja = "スペースオペラヒーローズ"
    analyze_options: tuple[str, ...] = (
        "unit",
        "threat",
    )  # analysed one round at a time: no --rounds

    @property
    def card_sizes(self) -> tuple[str, ...]:
        return CARD_SIZES

    def demo_file(self) -> Path:
        return bundled_catalog_dir(self.id) / "demo_crew.yaml"

    def load_catalog(self, directory: Path | None = None) -> Catalog:
        return load_catalog(directory)

    def read_team(self, source: Located) -> SohRead:
        return read_crew(source)

    def check(self, read: TeamRead, catalog: Catalog) -> CrewReport:
        if read.team is None:
            raise InputError(read.problems)
        assert isinstance(read, SohRead)
        return check_crew(read, catalog)

    def describe_catalog(self, catalog: Catalog) -> Output:
        from builder.systems.soh.text import parts_json, parts_text

        return Output(parts_json(catalog), parts_text(catalog))

    def analyze(self, read: TeamRead, catalog: Catalog, options: AnalyzeOptions) -> Output:
        """Each character's derived values, 1-die odds both ways and the best AP split against
        ``options.threat`` (a crew character, a catalog opponent or FILE[:NAME]);
        ``options.rounds`` does not apply (soh is analysed one round at a time)."""
        from builder.systems.soh.analysis import analyze_crew
        from builder.systems.soh.text import analysis_json, analysis_text

        report = self.check(read, catalog)
        if report.exit_code == 2:
            raise InputError(report.errors)
        result = analyze_crew(read.team, catalog, options.unit, options.threat)
        return Output(analysis_json(result), analysis_text(result), notes=report.errors)

    def printouts(self, team: Crew, catalog: Catalog, options: PrintOptions) -> list[Printout]:
        from builder.systems.soh.printouts import printouts

        return printouts(team, catalog, options)

    def tui(self) -> SystemUI:
        from builder.systems.soh.tui.ui import soh_ui

        return soh_ui()

    def commands(self) -> list[Command]:
        from builder.systems.soh.commands import commands

        return commands()

    def dump_team(self, team: Crew) -> dict[str, Any]:
        """Plain data in file order; defaults left out so a saved file stays as short as written."""
        data: dict[str, Any] = {"system": team.system, "name": team.name, "side": team.side}
        data["characters"] = [
            c.model_dump(exclude_defaults=True) | {"name": c.name} for c in team.characters
        ]
        return data


SYSTEM = SpaceOperaHeroes()
