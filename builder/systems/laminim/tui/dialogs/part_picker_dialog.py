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

    def figure_cells(self) -> int:
        if self._parts and isinstance(next(iter(self._parts.values())), Frame):
            return 1 + 4 + 1 + 4
        return 1 + 3 + 1 + 3 + 1 + 3 + 1 + 3 + 2  # weight power×attacks durability ✗

    def head(self) -> Text:
        """Column names above the list (the rows are numbers only)."""
        lang = self._lang

        def right(label: str, cells: int) -> str:
            return " " * max(0, cells - cell_len(label)) + label

        head = set_cell_size(t("col_part", lang), self._name_width) + " "
        if self._parts and isinstance(next(iter(self._parts.values())), Frame):
            head += f"{right(t('col_payload', lang), 4)} {right(t('col_dur', lang), 4)}"
        else:
            attack = set_cell_size(t("col_attack", lang), 7)
            head += f"{right(t('col_weight', lang), 3)} {attack} {right(t('col_dur', lang), 3)}"
        return Text(head, style="bold", no_wrap=True, overflow="ellipsis")

    def prompt(self, choice: Choice) -> Text:
        part = self._parts[choice.id]
        lang = self._lang
        text = Text(no_wrap=True, overflow="ellipsis")
        name, width = part_name(part, lang), self._name_width
        text.append(set_cell_size(compare_fit(name, width), width) + " ")
        if isinstance(part, Frame):
            text.append(f"{part.payload:>4} {part.durability:>4}", style="dim")
        else:
            text.append(
                f"{part.weight:>3} {part.power:>3}×{part.attacks:<3} {part.durability:>3}",
                style="dim",
            )
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
