"""A question with several answers, each on a button and a key (e.g. the file changed on disk:
reload / overwrite / save as / cancel)."""

from __future__ import annotations

from textual import events
from textual.app import ComposeResult
from textual.widgets import Button

from builder.tui.dialogs.question import QuestionDialog


class ChoiceDialog(QuestionDialog[str | None]):
    """Returns the id of the chosen answer, or None for escape / cancel.

    ``choices``: (id, label, key) in order; the last one gets the focus (the safe answer).
    """

    dialog_classes = "dialog dialog-wide"

    def __init__(self, question: str, choices: list[tuple[str, str, str]]) -> None:
        super().__init__(question)
        self._choices = choices

    def buttons(self) -> ComposeResult:
        for choice, label, key in self._choices:
            yield Button(f"{label} ({key})", id=f"choice-{choice}")

    def on_mount(self) -> None:
        self.query(Button).last().focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(str(event.button.id).removeprefix("choice-"))

    def on_key(self, event: events.Key) -> None:
        if event.key == "escape":
            event.stop()
            self.dismiss(None)
            return
        for choice, _label, key in self._choices:
            if event.key == key:
                event.stop()
                self.dismiss(choice)
                return
