"""Every key of every screen on one page (F1 or ?), in the app's language."""

from __future__ import annotations

from rich.cells import cell_len
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from builder.core.i18n import Lang
from builder.tui.labels import HELP_MOUSE, HELP_TITLE, SHELL_HELP, key_names
from builder.tui.shell import HelpSection
from builder.tui.widgets.wrapped import Wrapped


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
        sections = [*SHELL_HELP, *self._sections]
        keys_width = max(
            (cell_len(key_names(k, lang)) for *_, keys in sections for k, *_ in keys), default=8
        )
        with VerticalScroll(classes="dialog dialog-wide", id="help"):
            yield Static(Text(HELP_TITLE[ja].format(name=name), style="bold"))
            for title_en, title_ja, keys in sections:
                table = Table(
                    box=None,
                    show_header=False,
                    padding=(0, 1),
                    title=title_ja if ja else title_en,
                    title_justify="left",
                    title_style="bold underline",
                )
                # one key column width for every section, so the descriptions line up
                table.add_column(style="bold cyan", width=keys_width, no_wrap=True)
                table.add_column(ratio=1)  # wrapped between phrases: Japanese has no spaces
                for key, what_en, what_ja in keys:
                    what = what_ja if ja else what_en
                    table.add_row(key_names(key, lang), Wrapped(what.replace("{noun}", noun[ja])))
                yield Static(table)
            yield Static(Wrapped(HELP_MOUSE[ja], style="dim"))

    def action_close(self) -> None:
        self.dismiss(None)
