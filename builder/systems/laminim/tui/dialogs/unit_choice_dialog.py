"""Pick one unit of a team (to add it to the compare screen), or an extra choice after them."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, OptionList
from textual.widgets.option_list import Option

from builder.systems.laminim.team import Unit


class UnitChoiceDialog(ModalScreen[int | None]):
    """Returns the index of the chosen unit, ``EXTRA`` for the extra choice, or None."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]  # noqa: RUF012
    EXTRA = -1

    def __init__(self, title: str, units: list[Unit], extra: str | None = None) -> None:
        super().__init__()
        self._title = title
        self._units = units
        self._extra = extra

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(self._title, classes="dialog-question")
            yield OptionList(
                *(
                    Option(
                        f"{u.name}  ({u.frame}: {', '.join(w or '—' for w in u.weapons)})",
                        id=str(i),
                    )
                    for i, u in enumerate(self._units)
                ),
                *(
                    [Option(Text(self._extra, style="italic"), id=str(self.EXTRA))]
                    if self._extra
                    else []
                ),
                id="unit-choice",
            )

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(int(event.option.id or 0))

    def action_cancel(self) -> None:
        self.dismiss(None)
