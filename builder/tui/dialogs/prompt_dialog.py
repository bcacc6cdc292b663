"""A one-line text question (a unit's new name, a file path to open or save to)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Button, Input

from builder.core.i18n import Lang
from builder.tui.dialogs.question import QuestionDialog
from builder.tui.labels import t


class PromptDialog(QuestionDialog[str | None]):
    """Returns the stripped text, or None when cancelled (escape) or left empty."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]  # noqa: RUF012

    def __init__(self, question: str, value: str = "", placeholder: str = "") -> None:
        super().__init__(question)
        self._value = value
        self._placeholder = placeholder

    def fields(self) -> ComposeResult:
        yield Input(self._value, placeholder=self._placeholder, id="prompt-input")

    def buttons(self) -> ComposeResult:
        lang: Lang = getattr(self.app, "lang", "en")  # the shell's (en outside it)
        yield Button(t("ok_enter", lang), variant="primary", id="ok")
        yield Button(t("cancel_esc", lang), id="cancel")

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value.strip() or None)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "ok":
            self.dismiss(self.query_one(Input).value.strip() or None)
        else:
            self.dismiss(None)

    def action_cancel(self) -> None:
        self.dismiss(None)
