"""Two to four MS of the force side by side: the rows ``laminim compare`` prints for artifact
(builder/systems/artifact/compare.py), survival after three rounds under the catalog's default
threat (docs/rules.md D12), drawn at once and filled in column by column from a worker."""

from __future__ import annotations

from collections.abc import Sequence

from builder.core.i18n import part_name
from builder.systems.artifact.compare import Side, compare_rows, survive
from builder.systems.artifact.derive import all_units, find_threat
from builder.systems.artifact.models import ArtifactCatalog, ForceFile, MobileSuit
from builder.systems.artifact.rules import SurvivalResult
from builder.systems.artifact.tui.labels import t
from builder.systems.compare_table import Row
from builder.tui.document import DocView
from builder.tui.screens.compare_screen import RowsCompareScreen

ROUNDS = 3
"""Survival is shown after three rounds: half a game, where the threats differ most."""


def chosen_sides(force: ForceFile, catalog: ArtifactCatalog, names: list[str]) -> list[Side]:
    """The MS of the force named in ``names``, in force order (unknown types left out)."""
    units = all_units(catalog)
    sides = []
    for entry in force.units:
        found = units.get(entry.type)
        if entry.name in names and isinstance(found, MobileSuit):
            sides.append(Side(entry.name, found))
    return sides


class CompareScreen(RowsCompareScreen[ForceFile, ArtifactCatalog, Side, SurvivalResult]):
    def __init__(self, doc: DocView[ForceFile, ArtifactCatalog], names: list[str]) -> None:
        super().__init__(doc)
        self.names = names

    def sides(self) -> list[Side]:
        return chosen_sides(self.team, self.catalog, self.names)

    def head(self, side: Side) -> str:
        return side.name

    def compute(self, side: Side) -> SurvivalResult:
        return survive(side, find_threat(None, self.catalog), self.catalog, ROUNDS)

    def rows(self, sides: Sequence[Side], results: Sequence[SurvivalResult | None]) -> list[Row]:
        return compare_rows(sides, results, self.catalog, self.lang, ROUNDS, every_round=False)

    def heading(self) -> str:
        lang = self.lang
        under = t("under", lang).format(threat=part_name(find_threat(None, self.catalog), lang))
        return f"{t('compare_title', lang)} — {under}"
