"""Every key of every screen on one page (F1 or ?), in the app's language."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from builder.core.i18n import Lang
from builder.tui.labels import HELP_MOUSE, HELP_TITLE, SHELL_HELP
from builder.tui.shell import HelpSection


class HelpScreen(ModalScreen[None]):
    BINDINGS = [Binding("escape,f1,question_mark,q", "close", "Close")]  # noqa: RUF012

    def __init__(self, sections: list[HelpSection]) -> None:
        super().__init__()
        self._sections = sections
        """The game system's sections; the shell's own keys come first."""

    def compose(self) -> ComposeResult:
        from builder.tui.app import BuilderApp

        app = self.app
        lang: Lang = app.lang if isinstance(app, BuilderApp) else "en"
        ja = lang == "ja"
        name = ""
        noun = ("team", "チーム")
        if isinstance(app, BuilderApp):
            name = app.system.name_ja if ja else app.system.name
            noun = app.ui.noun
        with VerticalScroll(classes="dialog dialog-wide", id="help"):
            yield Static(Text(HELP_TITLE[ja].format(name=name), style="bold"))
            for title_en, title_ja, keys in [*SHELL_HELP, *self._sections]:
                table = Table(
                    box=None,
                    show_header=False,
                    padding=(0, 1),
                    title=title_ja if ja else title_en,
                    title_justify="left",
                    title_style="bold underline",
                )
                table.add_column(style="bold cyan", min_width=16)
                table.add_column(overflow="fold")  # Japanese has no spaces to wrap at
                for key, what_en, what_ja in keys:
                    what = what_ja if ja else what_en
                    table.add_row(key, what.replace("{noun}", noun[ja]))
                yield Static(table)
            yield Static(Text(HELP_MOUSE[ja], style="dim"))

    def action_close(self) -> None:
        self.dismiss(None)
