"""The fake game's one screen: the squad's robots, one line each."""

from __future__ import annotations

from typing import ClassVar, cast

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import Header, Static

from builder.systems.base import SystemUI
from builder.tui.shell import ShellScreen
from builder.tui.widgets.key_footer import KeyFooter

from .models import Squad


class SquadScreen(ShellScreen):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("d", "duplicate", "Duplicate")]

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

    def action_duplicate(self) -> None:
        """An edit, for the shell's tests: the first robot again, right after it."""
        squad = cast(Squad, self.shell.team)
        first = squad.robots[0]
        twin = first.model_copy(update={"name": f"{first.name} 2"})
        robots = [first, twin, *squad.robots[1:]]
        self.shell.set_team(squad.model_copy(update={"robots": robots}))


def fake_ui() -> SystemUI:
    return SystemUI(first_screen=SquadScreen, noun=("squad", "分隊"))
