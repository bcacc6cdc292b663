"""Choose a frame or a weapon: search by name, sort by weight / power / durability, see the stats.

Returns the chosen part id, ``""`` to empty the slot, or None when cancelled.
"""

from __future__ import annotations

from rich.cells import cell_len, set_cell_size
from rich.table import Table
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from builder.core.i18n import Lang, part_name
from builder.systems.laminim.models import Frame, Weapon
from builder.systems.laminim.tui.labels import t
from builder.tui.widgets.key_footer import KeyFooter
from builder.tui.widgets.wrapped import Wrapped

EMPTY_ID = "__empty__"
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


class PartPickerDialog(ModalScreen[str | None]):
    """A searchable, sortable list of parts with the highlighted part's details beside it."""

    BINDINGS = [  # noqa: RUF012
        Binding("escape", "cancel", "Cancel"),
        Binding("ctrl+t", "cycle_sort", "Sort"),
        Binding("down", "move(1)", "Down", show=False),
        Binding("up", "move(-1)", "Up", show=False),
    ]

    def __init__(
        self,
        title: str,
        parts: list[Frame] | list[Weapon],
        lang: Lang,
        current: str | None = None,
        allow_empty: bool = False,
        budget: int | None = None,
    ) -> None:
        super().__init__()
        self._title = title
        self._parts: list[Frame | Weapon] = list(parts)
        self._lang: Lang = lang
        self._current = current
        self._allow_empty = allow_empty
        self._budget = budget
        self._sort = "name"

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog picker"):
            yield Label(self._title, classes="dialog-question")
            yield Input(placeholder=t("search", self._lang), id="picker-search")
            yield Label("", id="picker-sort")
            with Horizontal(id="picker-body"):
                with Vertical(id="picker-left"):
                    yield Static(self._header(), id="picker-head")
                    yield OptionList(id="picker-list")
                yield Static("", id="picker-details")
        yield KeyFooter()

    def on_mount(self) -> None:
        self._fill()
        self.query_one(Input).focus()

    def _visible(self) -> list[Frame | Weapon]:
        query = self.query_one(Input).value.strip().lower()
        parts = [
            p
            for p in self._parts
            if not query
            or query in p.id
            or query in p.name.lower()
            or query in p.name_ja
            or (isinstance(p, Weapon) and query == p.type)
        ]
        return sorted(parts, key=lambda p: _sort_value(p, self._sort))

    @property
    def _name_width(self) -> int:
        """Cells for the part names: the longest name in either language, at most 16 (so a row
        with its numbers and the over-budget mark fits the list at 80 columns)."""
        widths = [cell_len(part_name(p, lang)) for p in self._parts for lang in ("en", "ja")]
        return min(16, max([8, *widths]))

    def _header(self) -> Text:
        """Column names above the list (the rows are numbers only)."""
        lang = self._lang

        def right(label: str, cells: int) -> str:
            return " " * max(0, cells - cell_len(label)) + label

        head = set_cell_size(t("col_part", lang), self._name_width) + " "
        if self._parts and isinstance(self._parts[0], Frame):
            head += f"{right(t('col_payload', lang), 4)} {right(t('col_dur', lang), 4)}"
        else:
            attack = set_cell_size(t("col_attack", lang), 7)
            head += f"{right(t('col_weight', lang), 3)} {attack} {right(t('col_dur', lang), 3)}"
        return Text(head, style="bold", no_wrap=True, overflow="ellipsis")

    def _prompt(self, part: Frame | Weapon) -> Text:
        lang = self._lang
        text = Text(no_wrap=True, overflow="ellipsis")
        name, width = part_name(part, lang), self._name_width
        if cell_len(name) > width:
            name = set_cell_size(name, width - 1) + "…"
        text.append(set_cell_size(name, width) + " ")
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

    def _fill(self) -> None:
        olist = self.query_one(OptionList)
        olist.clear_options()
        options = []
        searching = bool(self.query_one(Input).value.strip())
        if self._allow_empty and not searching:
            options.append(Option(Text(t("empty", self._lang), style="italic"), id=EMPTY_ID))
        options += [Option(self._prompt(p), id=p.id) for p in self._visible()]
        olist.add_options(options)
        ids = [o.id for o in options]
        if options:
            if self._current in ids and not searching:
                olist.highlighted = ids.index(self._current)
            else:  # the first real part (not "empty") is what a search is looking for
                olist.highlighted = 1 if len(ids) > 1 and ids[0] == EMPTY_ID else 0
        lang = self._lang
        self.query_one("#picker-sort", Label).update(
            f"{t('sort', lang)}: {t(f'sort_{self._sort}', lang)}  (ctrl+t)   "
            + t("n_part" if len(options) == 1 else "n_parts", lang).format(n=len(options))
        )
        self._show_details()

    def _show_details(self) -> None:
        olist = self.query_one(OptionList)
        details = self.query_one("#picker-details", Static)
        if olist.highlighted is None:
            details.update("")
            return
        option_id = olist.get_option_at_index(olist.highlighted).id
        part = next((p for p in self._parts if p.id == option_id), None)
        if part is None:
            details.update(Text(t("empty", self._lang), style="dim"))
            return
        lang = self._lang
        table = Table(box=None, show_header=False, padding=(0, 1))
        table.add_column(style="bold")
        table.add_column()
        if isinstance(part, Frame):
            table.add_row(t("durability", lang), str(part.durability))
            table.add_row(t("payload", lang), str(part.payload))
            table.add_row(t("moves", lang), ", ".join(part_name(m, lang) for m in part.movement))
            desc = part.description_ja if lang == "ja" and part.description_ja else part.description
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
        from rich.console import Group

        # the figures before the description: at 80x24 the prose may run past the pane
        details.update(
            Group(
                Text(part_name(part, lang), style="bold underline"),
                table,
                Wrapped(desc, style="italic"),
            )
        )

    @on(Input.Changed, "#picker-search")
    def _search(self) -> None:
        self._fill()

    @on(Input.Submitted, "#picker-search")
    def _submit(self) -> None:
        olist = self.query_one(OptionList)
        if olist.highlighted is not None:
            self._choose(olist.get_option_at_index(olist.highlighted).id)

    @on(OptionList.OptionHighlighted)
    def _highlighted(self) -> None:
        self._show_details()

    @on(OptionList.OptionSelected)
    def _selected(self, event: OptionList.OptionSelected) -> None:
        self._choose(event.option.id)

    def _choose(self, option_id: str | None) -> None:
        if option_id is None:
            return
        self.dismiss("" if option_id == EMPTY_ID else option_id)

    def action_move(self, delta: int) -> None:
        olist = self.query_one(OptionList)
        if olist.option_count:
            current = olist.highlighted if olist.highlighted is not None else -delta
            olist.highlighted = max(0, min(olist.option_count - 1, current + delta))

    def action_cycle_sort(self) -> None:
        self._sort = SORTS[(SORTS.index(self._sort) + 1) % len(SORTS)]
        self._fill()

    def action_cancel(self) -> None:
        self.dismiss(None)
