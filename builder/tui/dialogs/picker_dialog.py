"""Choose one entry of a list: type to search, ↑ ↓ to move, enter to choose; the highlighted
entry's details beside the list. The kit's picker: catalog entries for the item editor (a
weapon, a type, armour), whatever a game gives as :class:`Choice`.

Returns the chosen id, ``""`` for "(none)" when that is offered, None when cancelled.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from rich.cells import cell_len, set_cell_size
from rich.console import RenderableType
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from builder.core.i18n import Lang
from builder.systems import compare_fit
from builder.tui.labels import t
from builder.tui.widgets.key_footer import KeyFooter

NONE_ID = "\x00none"
NAME_CELLS = 22
"""Cells of a name in the list before the list has its width (then: as many as the row has
room for after the widest figures, so a name is cut only when its row is full)."""


@dataclass(frozen=True)
class Choice:
    """One entry: its id, its name in the player's language, a few figures after the name
    (``M 15 HP 12 P 10``) and what the details pane shows when it is highlighted."""

    id: str
    name: str
    figures: str = ""
    details: RenderableType = ""
    search: tuple[str, ...] = field(default_factory=tuple)
    """More words a search finds it by (its names in both languages, its type)."""


def _cut(text: str, cells: int) -> str:
    """``text`` in ``cells`` cells: cut between characters (…) and padded after, so a wide
    character never leaves a blank before the ellipsis."""
    return set_cell_size(compare_fit(text, cells), cells)


class PickerDialog(ModalScreen[str | None]):
    BINDINGS = [  # noqa: RUF012
        Binding("escape", "cancel", "Cancel"),
        Binding("down", "move(1)", "Down", show=False),
        Binding("up", "move(-1)", "Up", show=False),
    ]

    def __init__(
        self,
        title: str,
        choices: Sequence[Choice],
        lang: Lang,
        *,
        current: str | None = None,
        none: str | None = None,
    ) -> None:
        """``none``: the label of an entry that empties the field (not offered when None)."""
        super().__init__()
        self._title = title
        self._choices = list(choices)
        self._lang = lang
        self._current = current
        self._none = none
        self._widest = max((cell_len(c.name) for c in self._choices), default=8)
        self._name_cells = max(8, min(NAME_CELLS, self._widest))

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog picker"):
            yield Label(self._title, classes="dialog-question")
            yield Input(placeholder=t("search", self._lang), id="picker-search")
            yield Label("", id="picker-sort")
            with Horizontal(id="picker-body"):
                with Vertical(id="picker-left"):
                    head = self.head()
                    if head is not None:
                        yield Static(head, id="picker-head")
                    yield OptionList(id="picker-list")
                yield Static("", id="picker-details")
        yield KeyFooter()

    def on_mount(self) -> None:
        self._fill()
        self.query_one(Input).focus()
        self.call_after_refresh(self._fit_names)

    def on_resize(self) -> None:
        self.call_after_refresh(self._fit_names)

    def figure_cells(self) -> int:
        """Cells the widest row takes after its name (a space and the figures)."""
        return max((1 + cell_len(c.figures) for c in self._choices if c.figures), default=0)

    def name_room(self, widest: int) -> int:
        """Cells for the names: the widest name's when the list has room for it beside the
        figures, else what the row has (never under 8)."""
        listing = self.query_one(OptionList)
        # an option's padding on each side and the scrollbar
        room = listing.scrollable_content_region.width - 2 - self.figure_cells()
        if listing.scrollable_content_region.width <= 0:
            return max(8, min(NAME_CELLS, widest))
        return max(8, min(widest, room))

    def _fit_names(self) -> None:
        cells = self.name_room(self._widest)
        if cells == self._name_cells:
            return
        self._name_cells = cells
        listing = self.query_one(OptionList)
        highlighted = listing.highlighted
        self._fill()
        if highlighted is not None and highlighted < listing.option_count:
            listing.highlighted = highlighted
        head = self.head()
        if head is not None:
            self.query_one("#picker-head", Static).update(head)

    def shown_choices(self) -> list[Choice]:
        query = self.query_one(Input).value.strip().casefold()
        if not query:
            return list(self._choices)
        return [
            c
            for c in self._choices
            if any(query in word.casefold() for word in (c.id, c.name, *c.search))
        ]

    # --- what a game's picker may say otherwise ----------------------------------------

    def head(self) -> RenderableType | None:
        """A row over the list naming its columns (None: no such row)."""
        return None

    def status(self, count: int) -> str:
        """The line under the search field."""
        return t("n_found", self._lang).format(n=count)

    def details(self, choice: Choice) -> RenderableType:
        """What the pane beside the list shows of the highlighted entry."""
        return choice.details or Text(choice.name, style="bold")

    def prompt(self, choice: Choice) -> Text:
        """One entry's row in the list."""
        return self._prompt(choice)

    def _prompt(self, choice: Choice) -> Text:
        text = Text(no_wrap=True, overflow="ellipsis")
        text.append(_cut(choice.name, self._name_cells))
        if choice.figures:
            text.append(" " + choice.figures, style="dim")
        return text

    def _fill(self) -> None:
        listing = self.query_one(OptionList)
        listing.clear_options()
        searching = bool(self.query_one(Input).value.strip())
        options = []
        if self._none is not None and not searching:
            options.append(Option(Text(self._none, style="italic"), id=NONE_ID))
        options += [Option(self.prompt(c), id=c.id) for c in self.shown_choices()]
        listing.add_options(options)
        ids = [o.id for o in options]
        if options:
            if self._current in ids and not searching:
                listing.highlighted = ids.index(self._current)
            else:  # the first real entry is what a search is looking for
                listing.highlighted = 1 if len(ids) > 1 and ids[0] == NONE_ID else 0
        count = len([i for i in ids if i != NONE_ID])
        self.query_one("#picker-sort", Label).update(self.status(count))
        self._show_details()

    def _show_details(self) -> None:
        listing = self.query_one(OptionList)
        details = self.query_one("#picker-details", Static)
        index = listing.highlighted
        option_id = listing.get_option_at_index(index).id if index is not None else None
        choice = next((c for c in self._choices if c.id == option_id), None)
        if choice is None:
            details.update(Text(self._none or "", style="dim"))
            return
        details.update(self.details(choice))

    @on(Input.Changed, "#picker-search")
    def _search(self) -> None:
        self._fill()

    @on(Input.Submitted, "#picker-search")
    def _submit(self) -> None:
        listing = self.query_one(OptionList)
        if listing.highlighted is not None:
            self._choose(listing.get_option_at_index(listing.highlighted).id)

    @on(OptionList.OptionHighlighted)
    def _highlighted(self) -> None:
        self._show_details()

    @on(OptionList.OptionSelected)
    def _selected(self, event: OptionList.OptionSelected) -> None:
        self._choose(event.option.id)

    def _choose(self, option_id: str | None) -> None:
        if option_id is not None:
            self.dismiss("" if option_id == NONE_ID else option_id)

    def action_move(self, delta: int) -> None:
        listing = self.query_one(OptionList)
        if listing.option_count:
            current = listing.highlighted if listing.highlighted is not None else -delta
            listing.highlighted = max(0, min(listing.option_count - 1, current + delta))

    def action_cancel(self) -> None:
        self.dismiss(None)
