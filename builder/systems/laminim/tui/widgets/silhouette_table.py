"""The silhouette table: location faces 1–6 → the part a die of that face hits, and exposure."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.table import Table
from rich.text import Text
from textual.widgets import Static

from builder.core.i18n import Lang, part_name
from builder.core.numbers import percent
from builder.systems.laminim.legality import ResolvedUnit
from builder.systems.laminim.tui.labels import t
from builder.tui.widgets import steady

if TYPE_CHECKING:  # the rules core loads lazily, after the first screen is drawn
    from builder.systems.laminim.rules import UnitAnalysis


class SilhouetteTable(Static):
    """Faces come from the rules core's analysis (``UnitAnalysis.face_info``), never recomputed."""

    def show(self, unit: ResolvedUnit | None, result: UnitAnalysis | None, lang: Lang) -> None:
        if unit is None or result is None:
            steady.update(self, Text(t("silhouette", lang) + ": —", style="dim"))
            return
        table = Table(box=None, padding=(0, 1), show_header=True, header_style="bold")
        table.add_column(t("face", lang), justify="right")
        table.add_column(t("part", lang))
        for info in result.face_info:
            face = str(info.face)
            if info.is_frame:
                table.add_row(face, f"{t('frame', lang)}: {part_name(unit.frame, lang)}")
            elif info.slot is None:
                table.add_row(face, Text(t("empty", lang), style="dim"))
            else:
                slot = info.slot
                weapon = unit.slots[slot - 1] if slot - 1 < len(unit.slots) else None
                table.add_row(face, f"{t('slot', lang)} {slot}: {part_name(weapon, lang)}")
        valid = sum(1 for info in result.face_info if info.part is not None)
        table.add_row(
            "", Text(f"{t('exposure', lang)} {valid}/6 = {percent(result.exposure)}", style="bold")
        )
        steady.update(self, table)
