"""Kuroganen Gauge elevation as a game system of the builder (docs/rules.md §4, D16–D18).

No parts catalog: a map file (``system: kuroganen``) is the input; ``laminim check`` validates
it, ``laminim reach`` plans a move on it, ``laminim analyze`` summarises it, ``laminim cards``
prints the elevation reference and the map (with the reach overlay of its ``plan:``), and the TUI
shows the reach of the start under the cursor.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from builder.core.i18n import Lang
from builder.core.messages import Message
from builder.core.problems import InputError, Problem
from builder.core.source import Located
from builder.systems.base import (
    AnalyzeOptions,
    Command,
    GameSystem,
    Output,
    PartUse,
    PrintOptions,
    Printout,
    SystemUI,
    TeamRead,
    YamlPath,
)
from builder.systems.battle import Battle
from builder.systems.exchange import ExchangeModule, ExchangingGame
from builder.systems.game import Game

from .declared import DECLARED
from .models import KuroganenMap

if TYPE_CHECKING:
    from builder.render.roster import Roster

    from .catalog import KuroganenCatalog
    from .legality import MapReport

MapRead = TeamRead[KuroganenMap]


class Kuroganen(ExchangingGame, Game[KuroganenMap, "KuroganenCatalog", MapRead]):
    """The game; its catalog model and check report are imported when first asked for, so
    ``laminim reach`` (which reads neither) does not build them."""

    id = "kuroganen"
    name = "Kuroganen Gauge"
    name_ja = "クロガネンゲイジ"
    demo_name = "demo_map.yaml"
    # a map has no units or threats: no analyze options (reach plans from the map)
    card_sizes = DECLARED.card_sizes

    def exchange(self) -> ExchangeModule:
        from builder.systems.kuroganen import exchange

        return exchange

    def read_catalog(self, folder: Path) -> KuroganenCatalog:
        from .catalog import read_catalog

        return read_catalog(folder)

    def read_team(self, source: Located) -> MapRead:
        from .read import read_map

        return read_map(source)

    def judge(self, read: MapRead, team: KuroganenMap, catalog: KuroganenCatalog) -> MapReport:
        from .legality import MapReport

        return MapReport(team, list(read.problems))

    def describe_catalog(self, catalog: KuroganenCatalog) -> Output:
        from builder.core.report_lang import current_lang

        from .text import LABELS

        names = {"name": catalog.name, "name_ja": catalog.name_ja}
        text = LABELS.t("no-parts", current_lang(), catalog=(catalog.name, catalog.name_ja))
        data = {"system": catalog.system, **names, "parts": []}
        return Output(data, text)

    def analyze(self, read: MapRead, catalog: KuroganenCatalog, options: AnalyzeOptions) -> Output:
        from builder.core.report_lang import current_lang

        from .read import budget_message
        from .rules import ReachTooLarge, reach
        from .text import LABELS, map_summary, reached_text, summary_line

        lang = current_lang()
        team = self.team_of(read)
        data: dict[str, Any] = {"map": map_summary(team), "reach": None}
        lines = [summary_line(team, lang)]
        if team.plan is not None:
            plan = team.plan
            try:
                found = reach(team.height_map(), plan.start, plan.move, plan.risk)
            except ReachTooLarge as exc:
                problem = read_problem(read, ("plan", "move"), budget_message(exc))
                raise InputError([problem]) from None
            by_risk: dict[str, int] = {}
            for r in found:
                by_risk[str(r.risk)] = by_risk.get(str(r.risk), 0) + 1
            data["reach"] = {"cells": len(found), "by_risk": dict(sorted(by_risk.items()))}
            x, y = plan.start
            reached = reached_text(found, lang)
            lines.append(
                LABELS.t("plan", lang, x=x, y=y, move=plan.move, risk=plan.risk, reached=reached)
            )
        else:
            lines.append(LABELS.t("no-plan", lang))
        path = read.source.file if read.source else "MAP.yaml"
        args = "--to X,Y" if team.plan is not None else "--from X,Y --move N"
        lines += [LABELS.t("where-to", lang), f"  laminim reach {path} {args}"]
        return Output(data, "\n".join(lines))

    def documents(
        self, team: KuroganenMap, catalog: KuroganenCatalog, options: PrintOptions
    ) -> list[Printout]:
        from .printouts import printouts

        return printouts(team, options)

    def roster(self, team: KuroganenMap, catalog: KuroganenCatalog, lang: Lang) -> Roster:
        from .roster import roster

        return roster(team, lang)

    def battle(self) -> Battle[Any]:
        """The battle record's rules (docs/rules.md D24, ``laminim play``)."""
        from .play.battle import KuroganenBattle

        return KuroganenBattle()

    def tui(self) -> SystemUI:
        from .tui.ui import kuroganen_ui

        return kuroganen_ui()

    def commands(self) -> list[Command]:
        from .commands import reach_command

        return [reach_command()]

    def dump_team(self, team: KuroganenMap) -> dict[str, Any]:
        return team.dump()

    def value_text(
        self, path: YamlPath, value: Any, original: Mapping[YamlPath, str]
    ) -> str | None:
        """A changed map row in the player's columns, a pit as ``~`` (``WritesValues``)."""
        from .save_text import value_text

        return value_text(path, value, original)

    # catalog versions (builder.systems.TracksCatalog): a map names no catalog ids
    def catalog_files(self) -> tuple[str, ...]:
        return ("catalog.yaml",)

    def catalog_collections(self) -> tuple[str, ...]:
        return ()

    def part_uses(self, data: Any) -> list[PartUse]:
        return []

    def headlines(self, read: MapRead, catalog: KuroganenCatalog) -> dict[str, float]:
        return {}


def read_problem(read: MapRead, loc: tuple[str, ...], message: Message) -> Problem:
    if read.source is not None:
        return read.source.problem(loc, message)
    return Problem("map", None, None, ".".join(loc), message)


SYSTEM: GameSystem[KuroganenMap, KuroganenCatalog, MapRead] = Kuroganen()
