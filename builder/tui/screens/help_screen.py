"""Every key of every screen on one page (F1 or ?)."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

KEYS: list[tuple[str, list[tuple[str, str]]]] = [
    (
        "Everywhere",
        [
            ("F1  ?", "this help"),
            ("ctrl+o", "open a team file"),
            ("ctrl+s", "save (asks for a path the first time)"),
            ("F2", "save as"),
            ("p", "print cards, tokens and markers"),
            ("l", "switch language English / 日本語"),
            ("ctrl+q", "quit (asks if there are unsaved changes)"),
        ],
    ),
    (
        "Team",
        [
            ("↑ ↓  enter", "choose a unit / edit it (or click it)"),
            ("a", "add a unit"),
            ("d", "duplicate the unit"),
            ("r", "rename the unit"),
            ("x  delete", "remove the unit (asks first)"),
            ("shift+↑ ↓  K J", "move the unit up / down"),
            ("space", "mark a unit for compare (2–4)"),
            ("c", "compare the marked units (or the first ones)"),
        ],
    ),
    (
        "Unit editor",
        [
            ("↑ ↓  enter", "choose the frame or a slot and pick a part"),
            ("f  1  2  3", "pick the frame / the part in slot 1, 2, 3"),
            ("backspace", "empty the highlighted slot"),
            ("t", "next threat for the survival numbers (or use the threat list)"),
            ("r", "rename the unit"),
            ("c", "compare this unit with the rest of the team"),
            ("esc", "back to the team"),
        ],
    ),
    (
        "Part picker",
        [
            ("type", "search by name, id or type"),
            ("↑ ↓  enter", "choose; the highlighted part's stats are shown"),
            ("ctrl+t", "sort by name / weight / power / durability"),
            ("esc", "cancel"),
        ],
    ),
    (
        "Compare",
        [
            ("a", "add a unit from another team file"),
            ("x", "remove the last column"),
            ("t", "next threat"),
            ("esc", "back"),
        ],
    ),
]


class HelpScreen(ModalScreen[None]):
    BINDINGS = [Binding("escape,f1,question_mark,q", "close", "Close")]  # noqa: RUF012

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="dialog dialog-wide", id="help"):
            yield Static(Text("LAMINIM army builder — keys", style="bold"))
            for title, keys in KEYS:
                table = Table(
                    box=None,
                    show_header=False,
                    padding=(0, 1),
                    title=title,
                    title_justify="left",
                    title_style="bold underline",
                )
                table.add_column(style="bold cyan", min_width=16)
                table.add_column()
                for key, what in keys:
                    table.add_row(key, what)
                yield Static(table)
            yield Static(
                Text(
                    "The mouse works too: click rows, buttons and lists. esc closes this.",
                    style="dim",
                )
            )

    def action_close(self) -> None:
        self.dismiss(None)
