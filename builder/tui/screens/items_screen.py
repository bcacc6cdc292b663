"""The kit's first screen for a game that brings none: the team's items in a table, each with
its plain fields and whether it is legal, the team's problems under it, and the acts every
game has (add, duplicate, rename, remove, edit; ctrl+z undoes them). Enter opens the kit's
editor of the item's fields.

Everything it shows comes from the team model (``builder.systems.editing``) and the game's
words (``SystemUI``): a new game gets a working editor before it writes a screen.
"""

from __future__ import annotations

from typing import Any, ClassVar

from rich.console import Group
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.widgets import DataTable, Static

from builder.core.problems import errors_of
from builder.systems import FieldSpec, compare_fit, entry_name, fields_of, find_entry
from builder.tui import keys
from builder.tui.items import ItemListScreen, ui_of, words
from builder.tui.widgets.key_footer import KeyFooter
from builder.tui.widgets.title_bar import TitleBar
from builder.tui.widgets.wrapped import Wrapped

SHOWN = ("text", "int", "float", "bool", "choice", "ref")
"""The fields a row shows (lists and levels are the editor's)."""
MAX_COLUMNS = 4


def value_text(screen: Any, spec: FieldSpec, value: Any) -> str:
    """A field's value as the player reads it: a catalog id by its entry's name, yes/no in
    the screen's language, an empty value as a dash."""
    if value is None or value == "":
        return "—"
    if spec.kind == "bool":
        return screen.say(words("yes_value" if value else "no_value"))
    if spec.kind == "ref" and spec.ref is not None:
        found = find_entry(screen.catalog, spec.ref.collection, str(value))
        return f"? {value}" if found is None else entry_name(*found, screen.lang)
    return str(value)


def list_widgets(head: str, table: str, under: str) -> ComposeResult:
    """A list screen's widgets: the title bar, the line ``head`` over the table (the team's
    name), the table of items ``table``, the lines ``under`` it (the problems), the footer."""
    yield TitleBar()
    yield Static("", id=head)
    items: DataTable[Text] = DataTable(id=table, cursor_type="row", zebra_stripes=True)
    yield items
    yield Static("", id=under)
    yield KeyFooter()


class ItemsScreen(ItemListScreen[Any, Any]):
    BINDINGS: ClassVar[list[BindingType]] = [
        *keys.ITEM_ACTS,
        keys.RENAME_TEAM,
    ]

    def compose(self) -> ComposeResult:
        yield from list_widgets("items-team", "items", "items-problems")

    def on_mount(self) -> None:
        self.query_one(DataTable).focus()

    def cursor(self) -> int:
        table = self.query_one("#items", DataTable)
        return table.cursor_row if self.items else -1

    def select(self, index: int) -> None:
        if self.items:
            self.query_one("#items", DataTable).move_cursor(
                row=max(0, min(index, len(self.items) - 1))
            )

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        self.open_item(event.cursor_row)

    def show(self) -> None:
        lang = self.lang
        ui = ui_of(self)
        spec = self.spec
        self.query_one("#items-team", Static).update(
            Text.assemble((f"{self.say(ui.noun)}: ", "dim"), (str(self.team.name), "bold"))
        )
        table = self.query_one("#items", DataTable)
        row = table.cursor_row
        table.clear(columns=True)
        fields = [
            f
            for f in (fields_of(spec.model) if spec else [])
            if f.kind in SHOWN and f.name != "name"
        ][:MAX_COLUMNS]
        heads = [
            "#",
            self.say(words("col_name")),
            *(ui.field_name(f.name, lang) for f in fields),
            "",
        ]
        rows: list[list[Text]] = []
        for i, item in enumerate(self.items):
            problems = errors_of(self.doc.problems_at(f"{spec.key}[{i}]")) if spec else []
            status = (
                Text("✗ " + self.say(words("illegal_item")), style="bold red")
                if problems
                else Text("✓ " + self.say(words("legal_item")), style="green")
            )
            cells = [Text(str(i + 1)), Text(item.name)]
            cells += [Text(value_text(self, f, getattr(item, f.name))) for f in fields]
            rows.append([*cells, status])
        room = self.size.width - 4 - 2 * len(heads)
        widths = [
            max([Text(h).cell_len] + [r[c].cell_len for r in rows]) for c, h in enumerate(heads)
        ]
        while sum(widths) > room and max(widths) > 6:  # the widest gives way first
            widest = widths.index(max(widths))
            widths[widest] -= 1
        for c, head in enumerate(heads):
            table.add_column(compare_fit(head, widths[c]), key=f"c{c}", width=widths[c])
        for i, cells in enumerate(rows):
            table.add_row(
                *(
                    Text(compare_fit(cell.plain, widths[c]), style=cell.style)
                    for c, cell in enumerate(cells)
                ),
                key=str(i),
            )
        if rows:
            table.move_cursor(row=min(max(row, 0), len(rows) - 1))
        lines: list[Any] = []
        if not rows:
            lines.append(Text(self.say(words("nothing_here")), style="dim"))
        for problem in self.doc.problems:
            lead = "! " if problem.severity == "warning" else "✗ "
            field = f"{problem.field}: " if problem.field else ""
            lines.append(Wrapped(field + problem.text(lang), lead=lead))
        box = self.query_one("#items-problems", Static)
        box.update(Group(*lines))
        box.display = bool(lines)
