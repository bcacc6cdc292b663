"""An error nobody expected, shown instead of a traceback: the open document stays as it was
and can be saved (docs/design.md "The TUI": nothing the player does ends in a traceback)."""

from __future__ import annotations

import traceback
from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Label, Static

from builder.core.i18n import Lang
from builder.tui.labels import Noun, t
from builder.tui.widgets.wrapped import Wrapped

PACKAGE = Path(__file__).resolve().parents[2]
"""``builder/``: the frame of the error shown is the innermost one of our own code."""


def error_summary(error: BaseException) -> str:
    """``TypeError: … (builder/tui/app.py:123 in open)``: the error and where in our code."""
    frames = traceback.extract_tb(error.__traceback__)
    ours = [f for f in frames if Path(f.filename).resolve().is_relative_to(PACKAGE)]
    where = ""
    if ours or frames:
        frame = (ours or frames)[-1]
        try:
            name = Path(frame.filename).resolve().relative_to(PACKAGE.parent)
        except ValueError:
            name = Path(frame.filename)
        where = f" ({name}:{frame.lineno} in {frame.name})"
    return f"{type(error).__name__}: {error}{where}"


class ErrorDialog(ModalScreen[None]):
    BINDINGS = [Binding("escape,enter", "close", "Close")]  # noqa: RUF012

    def __init__(self, error: BaseException, lang: Lang, noun: Noun) -> None:
        super().__init__()
        self._summary = error_summary(error)
        self._lang = lang
        self._noun = noun

    def compose(self) -> ComposeResult:
        lang = self._lang
        with Vertical(classes="dialog dialog-wide", id="error-dialog"):
            yield Label(t("error_title", lang), classes="dialog-question error-title")
            with VerticalScroll(id="problems"):
                yield Static(Wrapped(self._summary, hang=2), classes="problem", markup=False)
            yield Static(Wrapped(t("error_kept", lang, self._noun)), classes="dim")
            yield Button(t("close_esc", lang), variant="primary", id="close")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(None)

    def action_close(self) -> None:
        self.dismiss(None)
