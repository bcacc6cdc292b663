"""Every key of every screen on one page (F1 or ?), in the app's language: the keys of the
screen the player is on first, then the keys of every screen, then the rest of the game's."""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Static

from builder.core.i18n import Lang
from builder.systems import AnySystem, HelpSection, SystemUI
from builder.tui.labels import HELP_MOUSE, HELP_TITLE, SHELL_HELP, SHELL_HELP_SCREENS, key_names
from builder.tui.screen import DocumentScreen
from builder.tui.widgets.wrapped import Wrapped


def ordered_sections(ui: SystemUI, current: str) -> list[HelpSection]:
    """The help's sections: those about the ``current`` screen first (the game's, or one of
    the kit's own screens; a ``screen:`` may name it in several sections, e.g. a map's keys and
    its units'), then the keys of every screen, then the game's others."""
    sections = [*ui.help]
    kit_titles = {title for titles in SHELL_HELP_SCREENS.values() for title in titles}
    kit = [s for s in SHELL_HELP if s[0] in kit_titles]
    everywhere = [s for s in SHELL_HELP if s not in kit]
    titles = ui.help_screens.get(current) or SHELL_HELP_SCREENS.get(current) or ()
    first = [s for title in titles for s in (*sections, *kit) if s[0] == title][: len(titles)]
    rest = [s for s in sections if s not in first]
    return [*first, *everywhere, *rest]


def topic(stack: Sequence[Screen], shown: Screen) -> tuple[str, frozenset[str]]:
    """What F1 explains first: the screen under any dialog (its ``HELP_ID``, else its class
    name), and the keys it does not offer now (its footer leaves them out) when it is the screen
    shown."""
    top = next((s for s in reversed(stack) if not isinstance(s, ModalScreen)), None)
    current = type(top).__name__ if top is not None else ""
    if isinstance(top, DocumentScreen) and top.HELP_ID:
        current = top.HELP_ID
    hidden: frozenset[str] = frozenset()
    if top is not None and top is shown:
        hidden = frozenset(k for k, _ in top._bindings) - top.active_bindings.keys()
    return current, hidden


class HelpScreen(ModalScreen[None]):
    BINDINGS = [Binding("escape,f1,question_mark,q", "close", "Close")]  # noqa: RUF012

    def __init__(
        self,
        ui: SystemUI,
        current: str,
        lang: Lang,
        system: AnySystem,
        hidden: frozenset[str] = frozenset(),
    ) -> None:
        """``hidden``: the keys the screen the player is on does not offer now (its footer
        leaves them out, e.g. ``t`` in a game with one threat only): their rows are left out."""
        super().__init__()
        self._sections = [
            (en, ja, [row for row in rows if not set(row[0].split()) <= hidden])
            for en, ja, rows in ordered_sections(ui, current)
        ]
        self._lang = lang
        self._noun = ui.noun
        self._name = system.name_ja if lang == "ja" else system.name

    def compose(self) -> ComposeResult:
        lang = self._lang
        ja = lang == "ja"
        name, noun = self._name, self._noun
        sections = self._sections
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
