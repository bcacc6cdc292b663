"""Kuroganen Gauge's part of share and export (:class:`builder.systems.ExchangingGame`,
docs/export.md): a map file. The open format's units are the occupied cells with their level;
the map itself is in the document's ``file`` (levels by row, null a pit)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from builder.core.i18n import Labels, Lang
from builder.systems.exchange import bar, ccfolia_character
from builder.systems.kuroganen.models import KuroganenMap

LABELS = Labels.load(__file__, "exchange_labels.yaml")

WORDS = ("map", "plan", "from", "move", "risk")
"""The share code's words after the common ones (append only)."""


class KuroganenUnit(BaseModel):
    """A unit standing on the map: its cell and the level it stands on."""

    model_config = ConfigDict(extra="forbid")

    x: int = Field(description="Column, from 0 at the left.")
    y: int = Field(description="Row, from 0 at the top.")
    level: float = Field(description="The floor level of its cell.")


def _level(value: float | None) -> str:
    if value is None:
        return "~"
    return str(int(value)) if float(value).is_integer() else str(value)


def export_units(m: KuroganenMap, catalog: Any) -> list[dict[str, Any]]:
    out = []
    for x, y in m.units:
        level = m.map[y][x]
        out.append(KuroganenUnit(x=x, y=y, level=level if level is not None else 0).model_dump())
    return out


def text_lines(m: KuroganenMap, catalog: Any, lang: Lang) -> list[str]:
    """The map's rows (levels, ``~`` a pit), then a line per unit and the plan."""
    out = [LABELS.t("map", lang, width=m.width, height=m.height)]
    cells = [[_level(v) for v in row] for row in m.map]
    width = max(len(c) for row in cells for c in row)
    per_line = max(1, (76 - 2) // (width + 1))  # a wide map's row goes on, indented
    for row in cells:
        for start in range(0, len(row), per_line):
            lead = "  " if start == 0 else "    "
            out.append(lead + " ".join(c.rjust(width) for c in row[start : start + per_line]))
    for n, (x, y) in enumerate(m.units, start=1):
        out.append(LABELS.t("unit-line", lang, n=n, x=x, y=y, level=_level(m.map[y][x])))
    if m.plan is not None:
        x, y = m.plan.start
        out.append(LABELS.t("plan", lang, x=x, y=y, move=m.plan.move, risk=m.plan.risk))
    return out


def ccfolia_pieces(m: KuroganenMap, catalog: Any, lang: Lang) -> list[dict[str, Any]]:
    """One piece per unit on the map: its risk as a status bar, its cell and level as
    params."""
    out = []
    for n, (x, y) in enumerate(m.units, start=1):
        level = _level(m.map[y][x])
        out.append(
            ccfolia_character(
                LABELS.t("unit", lang, n=n),
                LABELS.t("memo", lang, map=m.name, x=x, y=y, level=level),
                [bar(LABELS.t("risk", lang), 0, 0)],
                [
                    {"label": LABELS.t("cell", lang), "value": f"{x},{y}"},
                    {"label": LABELS.t("level", lang), "value": level},
                ],
                [],
            )
        )
    return out


Unit = KuroganenUnit
"""The open format's unit of this game (the kit's hook reads ``Unit``)."""
