"""The problems of a team file that could not be opened: ``file:line:col: field: message``."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Label, Static

from builder.core.i18n import Lang
from builder.core.problems import Problem
from builder.tui.labels import t
from builder.tui.widgets.wrapped import Wrapped


class LoadErrorsDialog(ModalScreen[None]):
    BINDINGS = [Binding("escape,enter", "close", "Close")]  # noqa: RUF012

    def __init__(self, title: str, problems: list[Problem] | list[str]) -> None:
        super().__init__()
        self._title = title
        self._given: list[Problem | str] = list(problems)
        self._problems: list[str] = []

    def compose(self) -> ComposeResult:
        from builder.tui.app import BuilderApp

        app = self.app
        lang: Lang = app.lang if isinstance(app, BuilderApp) else "en"
        self._problems = [p if isinstance(p, str) else p.show(lang) for p in self._given]
        kept = app.say("team_kept") if isinstance(app, BuilderApp) else t("team_kept", lang)
        with Vertical(classes="dialog dialog-wide"):
            yield Label(self._title, classes="dialog-question error-title")
            with VerticalScroll(id="problems"):
                for line in self._problems:
                    yield Static(Wrapped(line, hang=2), classes="problem")
            yield Label(kept, classes="dim")
            yield Button(t("close_esc", lang), variant="primary", id="close")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(None)

    def action_close(self) -> None:
        self.dismiss(None)
