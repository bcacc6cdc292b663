"""Choose a frame or a weapon: search by name, sort by weight / power / durability, see the stats.

Returns the chosen part id, ``""`` to empty the slot, or None when cancelled.
"""

from __future__ import annotations

from rich.cells import cell_len, set_cell_size
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.binding import Binding
from textual.widgets import Input

from builder.core.i18n import Lang, part_name
from builder.systems import compare_fit
from builder.systems.laminim.models import Frame, Weapon
from builder.systems.laminim.tui.labels import t
from builder.tui.dialogs.picker_dialog import Choice, PickerDialog
from builder.tui.widgets.wrapped import Wrapped

SORTS = ("name", "weight", "power", "durability")


def _sort_value(part: Frame | Weapon, key: str) -> tuple:
    if key == "name":
        return (0, part.name.lower())
    if isinstance(part, Frame):
        value = {"weight": part.payload, "power": 0, "durability": part.durability}[key]
    else:
        value = {
            "weight": part.weight,
            "power": part.power * part.attacks,
            "durability": part.durability,
        }[key]
    return (-value if key != "weight" or isinstance(part, Frame) else value, part.name.lower())


class PartPickerDialog(PickerDialog):
    """The kit's searchable picker over frames or weapons: sortable by weight / power /
    durability (ctrl+t), the figures in columns under a header, the highlighted part's stats
    beside the list and, for a slot, the payload left (a part over it marked ✗)."""

    BINDINGS = [Binding("ctrl+t", "cycle_sort", "Sort")]  # noqa: RUF012

    def __init__(
        self,
        title: str,
        parts: list[Frame] | list[Weapon],
        lang: Lang,
        current: str | None = None,
        allow_empty: bool = False,
        budget: int | None = None,
    ) -> None:
        self._parts: dict[str, Frame | Weapon] = {p.id: p for p in parts}
        choices = [Choice(p.id, part_name(p, lang), search=(p.name, p.name_ja)) for p in parts]
        super().__init__(
            title, choices, lang, current=current, none=t("empty", lang) if allow_empty else None
        )
        self._budget = budget
        self._sort = "name"

    def shown_choices(self) -> list[Choice]:
        """The parts the search finds (by name, id or weapon type), in the chosen order."""
        query = self.query_one(Input).value.strip().lower()
        parts = [
            p
            for p in self._parts.values()
            if not query
            or query in p.id
            or query in p.name.lower()
            or query in p.name_ja
            or (isinstance(p, Weapon) and query == p.type)
        ]
        ordered = sorted(parts, key=lambda p: _sort_value(p, self._sort))
        by_id = {c.id: c for c in self._choices}
        return [by_id[p.id] for p in ordered]

    @property
    def _name_width(self) -> int:
        """Cells for the part names: the longest name, cut only when the list has no room
        for it beside the numbers and the over-budget mark."""
        return self._name_cells

    def _is_frames(self) -> bool:
        return bool(self._parts) and isinstance(next(iter(self._parts.values())), Frame)

    def _columns(self) -> tuple[int, ...]:
        """Cells of each figure column: as wide as its header or its widest number in this
        catalog, whichever is wider (a name gets the rest of the row, so it is cut only when
        the row is full: ``クイックブースター`` whole at 80 columns)."""
        lang = self._lang

        def cells(label: str, values: list[int]) -> int:
            return max([cell_len(t(label, lang)), *(len(str(v)) for v in values)])

        parts = list(self._parts.values())
        if self._is_frames():
            frames = [p for p in parts if isinstance(p, Frame)]
            return (
                cells("col_payload", [f.payload for f in frames]),
                cells("col_dur", [f.durability for f in frames]),
            )
        weapons = [p for p in parts if isinstance(p, Weapon)]
        power = max((len(str(w.power)) for w in weapons), default=1)
        attacks = max((len(str(w.attacks)) for w in weapons), default=1)
        return (
            cells("col_weight", [w.weight for w in weapons]),
            max(cell_len(t("col_attack", lang)), power + 1 + attacks),
            cells("col_dur", [w.durability for w in weapons]),
            power,
        )

    def figure_cells(self) -> int:
        columns = self._columns()
        if self._is_frames():
            return 1 + columns[0] + 1 + columns[1]
        weight, attack, dur, _ = columns
        return 1 + weight + 1 + attack + 1 + dur + 2  # ... ✗

    def head(self) -> Text:
        """Column names above the list (the rows are numbers only)."""
        lang = self._lang

        def right(label: str, cells: int) -> str:
            return " " * max(0, cells - cell_len(label)) + label

        head = set_cell_size(t("col_part", lang), self._name_width) + " "
        columns = self._columns()
        if self._is_frames():
            load, dur = columns
            head += f"{right(t('col_payload', lang), load)} {right(t('col_dur', lang), dur)}"
        else:
            weight, attack_cells, dur, _ = columns
            attack = set_cell_size(t("col_attack", lang), attack_cells)
            head += f"{right(t('col_weight', lang), weight)} {attack} "
            head += right(t("col_dur", lang), dur)
        return Text(head, style="bold", no_wrap=True, overflow="ellipsis")

    def prompt(self, choice: Choice) -> Text:
        part = self._parts[choice.id]
        lang = self._lang
        text = Text(no_wrap=True, overflow="ellipsis")
        name, width = part_name(part, lang), self._name_width
        text.append(set_cell_size(compare_fit(name, width), width) + " ")
        columns = self._columns()
        if isinstance(part, Frame):
            load, dur = columns[:2]
            text.append(f"{part.payload:>{load}} {part.durability:>{dur}}", style="dim")
        else:
            weight, attack_cells, dur, power = columns
            attack = set_cell_size(f"{part.power:>{power}}×{part.attacks}", attack_cells)
            text.append(f"{part.weight:>{weight}} {attack} {part.durability:>{dur}}", style="dim")
            if self._budget is not None and part.weight > self._budget:
                text.stylize("strike")
                text.append(" ✗", style="bold red")  # over the payload left
        return text

    def status(self, count: int) -> str:
        lang = self._lang
        return f"{t('sort', lang)}: {t(f'sort_{self._sort}', lang)}  (ctrl+t)   " + t(
            "n_part" if count == 1 else "n_parts", lang
        ).format(n=count)

    def details(self, choice: Choice) -> RenderableType:
        part = self._parts[choice.id]
        lang = self._lang
        table = Table(box=None, show_header=False, padding=(0, 1))
        table.add_column(style="bold")
        table.add_column()
        if isinstance(part, Frame):
            table.add_row(t("durability", lang), str(part.durability))
            table.add_row(t("payload", lang), str(part.payload))
            table.add_row(t("moves", lang), ", ".join(part_name(m, lang) for m in part.movement))
        else:
            if self._budget is not None:  # first: the one figure that decides a pick
                fits = part.weight <= self._budget
                table.add_row(
                    t("payload", lang),
                    Text(
                        t("free", lang).format(n=self._budget),
                        style="green" if fits else "bold red",
                    ),
                )
            table.add_row(t("type", lang), t(f"type_{part.type}", lang))
            table.add_row(t("weight", lang), str(part.weight))
            table.add_row(t("power", lang), str(part.power))
            table.add_row(t("attacks", lang), str(part.attacks))
            table.add_row(t("durability", lang), str(part.durability))
            table.add_row(
                t("ammo", lang),
                "—"
                if part.ammo is None
                else t("ammo_use", lang).format(ammo=part.ammo, per=part.ammo_per_attack),
            )
        desc = part.description_ja if lang == "ja" and part.description_ja else part.description
        # the figures before the description: at 80x24 the prose may run past the pane
        return Group(
            Text(part_name(part, lang), style="bold underline"),
            table,
            Wrapped(desc, style="italic"),
        )

    def action_cycle_sort(self) -> None:
        self._sort = SORTS[(SORTS.index(self._sort) + 1) % len(SORTS)]
        self._fill()
