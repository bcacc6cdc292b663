"""A squad is legal with one to three robots, each of a kind the catalog knows."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from builder.core.problems import Findings, Problem

from .models import Catalog, Squad
from .read import SquadRead

MAX_ROBOTS = 3


@dataclass
class SquadReport(Findings):
    squad: Squad
    problems: list[Problem] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {
            "valid": self.legal,
            "errors": [p.message for p in self.errors],
            "warnings": [p.message for p in self.warnings],
        }

    def text(self) -> str:
        return f"{self.squad.name}: {'legal' if self.legal else 'NOT legal'}"


def check_squad(read: SquadRead, squad: Squad, catalog: Catalog) -> SquadReport:
    locate = read.source.locator() if read.source else None
    problems: list[Problem] = []
    if not 1 <= len(squad.robots) <= MAX_ROBOTS and locate:
        message = f"{len(squad.robots)} robots; a squad has 1 to {MAX_ROBOTS}"
        problems.append(locate(("robots",), message, "illegal"))
    for i, robot in enumerate(squad.robots):
        if robot.kind not in catalog.kinds and locate:
            problems.append(
                locate(("robots", i, "kind"), f"unknown kind '{robot.kind}'", "illegal")
            )
    return SquadReport(squad, problems)
