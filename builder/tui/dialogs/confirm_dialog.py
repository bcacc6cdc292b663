"""Yes / no question, e.g. before discarding unsaved changes."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Button

from builder.tui.dialogs.question import QuestionDialog


class ConfirmDialog(QuestionDialog[bool]):
    """Returns True for yes, False for no or escape."""

    BINDINGS = [  # noqa: RUF012
        Binding("y", "answer(True)", "Yes"),
        Binding("n,escape", "answer(False)", "No"),
    ]

    def __init__(self, question: str, yes: str = "Yes", no: str = "Cancel") -> None:
        super().__init__(question)
        self._yes = yes
        self._no = no

    def buttons(self) -> ComposeResult:
        yield Button(f"{self._yes} (y)", variant="warning", id="yes")
        yield Button(f"{self._no} (n)", variant="primary", id="no")

    def on_mount(self) -> None:
        self.query_one("#no", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")

    def action_answer(self, value: bool) -> None:
        self.dismiss(value)
