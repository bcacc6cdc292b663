"""The one shape of the shell's small dialogs: a question over the screen, what to fill in
under it, and a row of answers.

Confirm, prompt and choice dialogs differ only in that middle part and their buttons, so the
frame (its CSS classes, which snapshots and the stylesheet rely on) is written once here.
"""

from __future__ import annotations

from typing import TypeVar

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Label

AnswerT = TypeVar("AnswerT")


class QuestionDialog(ModalScreen[AnswerT]):
    """A modal question; a subclass yields its :meth:`buttons` (and any :meth:`fields`)."""

    dialog_classes = "dialog"
    """The CSS classes of the box (``dialog dialog-wide`` for a long row of answers)."""

    def __init__(self, question: str) -> None:
        super().__init__()
        self._question = question

    def compose(self) -> ComposeResult:
        with Vertical(classes=self.dialog_classes):
            yield Label(self._question, classes="dialog-question")
            yield from self.fields()
            with Horizontal(classes="dialog-buttons"):
                yield from self.buttons()

    def fields(self) -> ComposeResult:
        """What the user fills in between the question and the answers (nothing by default)."""
        return iter(())

    def buttons(self) -> ComposeResult:
        """The answers, in order."""
        raise NotImplementedError
