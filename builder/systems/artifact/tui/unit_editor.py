"""An artifact unit in the kit's item editor: its name and its type, picked from the catalog
with each type's M, HP, P (or capacity) and weapons in the player's language; beside the fields,
the type's numbers and the unit's problems."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from builder.core.i18n import Lang, part_name
from builder.systems.artifact.derive import Unit, all_units
from builder.systems.artifact.models import ArtifactCatalog, ForceFile, MobileSuit
from builder.systems.artifact.tui.force_screen import type_label, with_type
from builder.systems.artifact.tui.labels import t
from builder.systems.editing import FieldSpec
from builder.tui.dialogs.picker_dialog import Choice, PickerDialog
from builder.tui.items import ui_of, words
from builder.tui.screen import DocumentScreen
from builder.tui.screens.item_editor import ItemEditorScreen
from builder.tui.widgets.wrapped import Wrapped


def figures(unit: Unit) -> str:
    """``M15 HP12 P10`` (a ship: its capacity after 搭載 / cap)."""
    last = f"P{unit.propellant}" if isinstance(unit, MobileSuit) else f"cap{unit.capacity}"
    return f"M{unit.move:<3} HP{unit.hp:<3} {last}"


def details(unit: Unit, lang: Lang) -> RenderableType:
    """The type's numbers and its weapons, as the picker's details pane shows them."""
    stats = Table(box=None, show_header=False, padding=(0, 1))
    stats.add_column(style="bold")
    stats.add_column()
    stats.add_row("M", str(unit.move))
    stats.add_row("HP", str(unit.hp))
    if isinstance(unit, MobileSuit):
        stats.add_row("P", str(unit.propellant))
    else:
        stats.add_row(t("capacity", lang), str(unit.capacity))
    arms = Text()  # a weapon a line, its figures under it: the pane is narrow at 80 columns
    for w in unit.weapons:
        arms.append(part_name(w, lang) + "\n", style="bold")
        figures = {"range": w.range, "n": w.attacks, "ms": w.to_hit_ms, "ship": w.to_hit_ship}
        dice = t("weapon_line", lang, **figures)
        arms.append(f"  {dice} D{w.damage}\n")
    description = unit.description_ja if lang == "ja" and unit.description_ja else unit.description
    return Group(
        Text(part_name(unit, lang), style="bold underline"),
        stats,
        arms,
        Wrapped(description, style="italic"),
    )


def type_choice(unit: Unit, lang: Lang) -> Choice:
    return Choice(
        unit.id,
        part_name(unit, lang),
        figures(unit),
        details(unit, lang),
        (unit.name, unit.name_ja),
    )


def pick_type(
    screen: DocumentScreen[ForceFile, ArtifactCatalog],
    ship: bool,
    current: str,
    then: Callable[[str], Any],
) -> None:
    """The type picker: the catalog's ships or MS, searchable, each with its numbers."""
    catalog, lang = screen.catalog, screen.lang
    units: list[Unit] = list(catalog.ships if ship else catalog.mobile_suits)
    title = screen.say(type_label("ship" if ship else "ms"))
    dialog = PickerDialog(title, [type_choice(u, lang) for u in units], lang, current=current)
    screen.app.push_screen(dialog, lambda chosen: then(chosen) if chosen else None)


class UnitEditor(ItemEditorScreen[ForceFile, ArtifactCatalog]):
    """The battleship or one MS: its name and type."""

    def choice(self, spec: FieldSpec, entry_id: str, entry: Any) -> Choice:
        if isinstance(entry, MobileSuit) or hasattr(entry, "capacity"):
            return type_choice(entry, self.lang)
        return super().choice(spec, entry_id, entry)

    def set_field(self, spec: FieldSpec, value: Any) -> None:
        if spec.name != "type" or not isinstance(value, str):
            super().set_field(spec, value)
            return
        index = self.index if self.at[0] == "units" else -1
        name, catalog, lang, noun = self.item_name, self.catalog, self.lang, ui_of(self).noun
        what = "ms" if index >= 0 else "ship"
        label = words("edit_field", name=name, field=type_label(what))
        self.edit(label, lambda force: with_type(force, index, name, value, catalog, lang, noun))

    def taken_names(self, team: ForceFile) -> list[str]:
        """The ship and the MS share one set of names."""
        return [team.ship.name, *(u.name for u in team.units)]

    def item_noun(self) -> tuple[str, str]:
        return (t("ship", "en"), t("ship", "ja")) if self.at[0] == "ship" else ("MS", "MS")

    def side(self) -> RenderableType:
        unit = all_units(self.catalog).get(self.item.type)
        parts: list[RenderableType] = []
        if unit is not None:
            parts.append(details(unit, self.lang))
        parts.append(self.problems_panel())
        return Group(*parts)
