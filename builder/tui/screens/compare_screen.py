"""Units side by side, for a game whose compare screen is a table of rows and nothing more.

The game gives the columns, what each column's heavy numbers are (computed one column at a
time in a thread worker) and the rows (:class:`builder.systems.CompareRow`, the ones ``laminim
compare`` prints). The screen is drawn at once with what needs no computing, "computing…" in
the title, and fills in column by column; the title and the legend wrap, never cut, and the
marks are ``laminim compare``'s: ``*`` the better value (also highlighted), ``~`` a plain
difference.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar, Generic, TypeVar

from rich.cells import cell_len
from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.message import Message
from textual.widgets import DataTable, Static
from textual.worker import get_current_worker

from builder.core.i18n import Labels
from builder.systems import CompareRow, compare_cell, compare_fit, compare_legend
from builder.tui import keys
from builder.tui.document import DocView
from builder.tui.screen import DocumentScreen
from builder.tui.widgets.key_footer import KeyFooter
from builder.tui.widgets.title_bar import TitleBar

TeamT = TypeVar("TeamT")
CatalogT = TypeVar("CatalogT")
SideT = TypeVar("SideT")
ResultT = TypeVar("ResultT")

_TEXT = Labels({"computing": ("computing…", "計算中…")})


class RowsCompareScreen(DocumentScreen[TeamT, CatalogT], Generic[TeamT, CatalogT, SideT, ResultT]):
    """A game gives :meth:`sides`, :meth:`head`, :meth:`compute`, :meth:`rows`, :meth:`heading`."""

    BINDINGS: ClassVar[list[BindingType]] = [keys.BACK]

    class Compared(Message):
        """Every column's numbers are drawn (tests wait for it)."""

    def __init__(self, doc: DocView[TeamT, CatalogT]) -> None:
        super().__init__(doc)
        self._generation = 0
        """Counts the refreshes, so a late worker never paints over a newer view."""
        self._sides: list[SideT] = []
        self._results: list[ResultT | None] = []

    # --- what a game gives ---------------------------------------------------------------

    def sides(self) -> list[SideT]:
        raise NotImplementedError

    def head(self, side: SideT) -> str:
        raise NotImplementedError

    def compute(self, side: SideT) -> ResultT:
        """The heavy numbers of one column (runs in a worker thread)."""
        raise NotImplementedError

    def rows(self, sides: Sequence[SideT], results: Sequence[ResultT | None]) -> list[CompareRow]:
        raise NotImplementedError

    def heading(self) -> str:
        raise NotImplementedError

    # --- the screen ----------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield TitleBar()
        yield Static("", id="compare-title")
        yield Static("", id="compare-legend")
        yield DataTable(id="compare-table", cursor_type="column", zebra_stripes=True)
        yield KeyFooter()

    def on_resize(self) -> None:
        if self._sides:
            self._draw(pending=None in self._results)

    def shown(self, before: DocView[TeamT, CatalogT]) -> None:
        """Another language: drawn again; another team: computed again."""
        if before.team is self.team and self._sides:
            self._draw(pending=None in self._results)
        else:
            self.show()

    def show(self) -> None:
        self._generation += 1
        self._sides = self.sides()
        self._results = [None] * len(self._sides)
        self._draw(pending=bool(self._sides))
        if self._sides:
            self._compute(self._generation, list(self._sides))

    @work(thread=True, exclusive=True, group="compare")
    def _compute(self, generation: int, sides: list[SideT]) -> None:
        worker = get_current_worker()
        for i, side in enumerate(sides):
            if worker.is_cancelled:
                return
            result = self.compute(side)
            self.app.call_from_thread(self._fill, generation, i, result)

    def _fill(self, generation: int, index: int, result: ResultT) -> None:
        if generation != self._generation or not self.is_attached:
            return
        self._results[index] = result
        pending = None in self._results
        self._draw(pending=pending)
        if not pending:
            self.post_message(self.Compared())

    def _draw(self, *, pending: bool) -> None:
        lang = self.lang
        title = self.heading() + (f" — {_TEXT.t('computing', lang)}" if pending else "")
        self.query_one("#compare-title", Static).update(title)
        heads = [self.head(s) for s in self._sides]
        legend = compare_legend(heads[0] if heads else "", lang)
        self.query_one("#compare-legend", Static).update(Text(legend, style="dim"))
        rows = self.rows(self._sides, self._results)
        table = self.query_one("#compare-table", DataTable)
        cursor = table.cursor_column
        table.clear(columns=True)
        label_w = max([cell_len(r.label) for r in rows] + [1])
        room = self.app.size.width - (label_w + 2) - 1  # the vertical scrollbar
        width = max(6, room // max(len(heads), 1) - 2)
        table.add_column("", key="label")
        for i, head in enumerate(heads):
            table.add_column(Text(compare_fit(head, width), justify="right"), key=f"u{i}")
        for row in rows:
            cells = [
                Text(
                    compare_cell(row, i, width),
                    style="bold green" if i in row.best else "",
                    justify="right",
                )
                for i in range(len(heads))
            ]
            table.add_row(row.label, *cells)
        if heads:
            table.move_cursor(column=min(cursor, len(heads)), animate=False)

    def action_back(self) -> None:
        self.dismiss(None)
