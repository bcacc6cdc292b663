"""The fake game's one screen: the squad's robots, one line each."""

from __future__ import annotations

from typing import cast

from textual.app import ComposeResult
from textual.widgets import Header, Static

from builder.systems.base import SystemUI
from builder.tui.shell import ShellScreen
from builder.tui.widgets.key_footer import KeyFooter

from .models import Squad


class SquadScreen(ShellScreen):
    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("", id="robots", markup=False)
        yield KeyFooter()

    def on_mount(self) -> None:
        self.refresh_view()

    def refresh_view(self) -> None:
        squad = cast(Squad, self.shell.team)
        lines = [f"{r.name} ({r.kind})" for r in squad.robots]
        self.query_one("#robots", Static).update("\n".join(lines))


def fake_ui() -> SystemUI:
    return SystemUI(first_screen=SquadScreen, noun=("squad", "分隊"))
