"""``laminim cards RECORD`` for a kuroganen battle record: the elevation reference and the map
as the battle stands (docs/play.md "Kuroganen Gauge"). The map is the map printout
(``printouts.map_context``) with every unit on its current cell, its ID at the cell's top left
and the risk it carries in the box at the top right; the line under the heading lists the units.
The template only shows what this context says."""

from __future__ import annotations

from itertools import product
from typing import Any

from builder.core.i18n import Labels, Lang, shown_name
from builder.systems.base import PrintOptions, Printout
from builder.systems.kuroganen.models import KuroganenMap
from builder.systems.kuroganen.play.view import sides_named
from builder.systems.kuroganen.printouts import map_context, sheets
from builder.systems.kuroganen.rules.play import Field

LABELS = Labels.load(__file__, "printing_labels.yaml")


def battle_map(field: Field) -> KuroganenMap:
    """The record's map with the units where they stand now (no plan)."""
    ja = sides_named(field, "ja") if field.names_ja else None
    return KuroganenMap.model_validate(
        {
            "system": "kuroganen",
            "name": sides_named(field, "en") or "—",
            **({"name_ja": ja} if ja else {}),
            "map": [list(row) for row in field.levels],
            "units": [list(m.cell) for m in field.movers],
        }
    )


def record_map_context(field: Field, lang: Lang, paper: str) -> dict[str, Any]:
    context = map_context(battle_map(field), lang=lang, paper=paper)
    at = {m.cell: m for m in field.movers}
    heading = LABELS.t("heading", lang, names=sides_named(field, lang) or "—", round=field.round)
    line = LABELS.t("sep", lang).join(
        LABELS.t(
            "unit", lang, id=m.id, name=shown_name(m, lang), x=m.cell[0], y=m.cell[1], risk=m.risk
        )
        for m in field.movers
    )
    for page in context["pages"]:
        for placed in page["items"]:
            item = placed["item"]
            item["heading"] = heading
            item["plan_line"] = line
            item["record_legend"] = LABELS.t("legend", lang)
            cells = product([r["y"] for r in item["rows"]], item["columns"])
            for (y, x), drawn in zip(cells, item["drawn"], strict=True):
                mover = at.get((x, y))
                if mover is None:
                    continue
                drawn["mark"] = str(mover.id)
                drawn["risk"] = mover.risk
                drawn["risk_w"] = round(item["risk_mm"] * (0.7 * len(str(mover.risk)) + 0.4), 3)
    context["title"] = heading
    context["labels"] = {**context["labels"], "legend_unit": LABELS.t("legend-unit", lang)}
    return context


def printouts(field: Field, options: PrintOptions) -> list[Printout]:
    return sheets(options, lambda lang, paper: record_map_context(field, lang, paper))
