"""The fake game as a game system: identity, declarations and the calls into its modules."""

from __future__ import annotations

from pathlib import Path

from builder.core.problems import InputError, find_named
from builder.core.source import Located, read_yaml
from builder.core.validation import validate_located
from builder.systems.base import (
    AnalyzeOptions,
    CardSize,
    GameSystem,
    Option,
    Output,
    PrintOptions,
    Printout,
)
from builder.systems.game import Game
from builder.systems.options import UNIT

from .legality import SquadReport, check_squad
from .models import Catalog, Squad
from .read import SquadRead, read_squad

BOOST: Option[int] = Option("boost", "N", "armour added to every robot (fake game)", int)
"""A game's own option: the CLI adds ``--boost`` because this game declares it."""


class FakeGame(Game[Squad, Catalog, SquadRead]):
    id = "fake"
    name = "Fake Squads"
    name_ja = "フェイク分隊"
    demo_name = "demo_squad.yaml"
    file_shape = "a mapping with name and robots"
    analyze_options = (UNIT, BOOST)
    card_sizes = (CardSize("mini", "mini (40×60 mm)"), CardSize("maxi", "maxi (80×120 mm)"))

    def catalog_dir(self) -> Path:
        return Path(__file__).parent / "catalog"

    def read_catalog(self, folder: Path) -> Catalog:
        return validate_located(Catalog, read_yaml(folder / "catalog.yaml"))

    def read_team(self, source: Located) -> SquadRead:
        return read_squad(source)

    def judge(self, read: SquadRead, team: Squad, catalog: Catalog) -> SquadReport:
        return check_squad(read, team, catalog)

    def describe_catalog(self, catalog: Catalog) -> Output:
        lines = [f"{kind}: armour {armour}" for kind, armour in catalog.kinds.items()]
        return Output({"kinds": catalog.kinds}, "\n".join(lines))

    def analyze(self, read: SquadRead, catalog: Catalog, options: AnalyzeOptions) -> Output:
        squad = self.team_of(read)
        report = self.judge(read, squad, catalog)
        if report.bad_input:
            raise InputError(report.errors)
        robots = squad.robots
        if options.unit is not None:
            robots = [find_named(robots, options.unit, lambda r: r.name)]
        boost = BOOST.of(options.values) or 0
        armour = {r.name: catalog.kinds.get(r.kind, 0) + boost for r in robots}
        text = "\n".join(f"{name}: armour {value}" for name, value in armour.items())
        return Output({"armour": armour}, text, notes=report.errors)

    def documents(self, team: Squad, catalog: Catalog, options: PrintOptions) -> list[Printout]:
        robots = [{"name": r.name, "kind": r.kind} for r in team.robots]
        page = {"paper": options.paper, "lang": options.lang, "size": options.card_size}
        context = {"squad": team.name, **page, "robots": robots}
        return [Printout("cards", "fake/cards.html", context)]


SYSTEM: GameSystem[Squad, Catalog, SquadRead] = FakeGame()
