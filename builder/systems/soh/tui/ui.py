"""soh's part of the TUI: the crew screen first and its opponent; styles, help and footer words
in ``ui.yaml``."""

from __future__ import annotations

from dataclasses import dataclass

from builder.tui.shell import SystemUI


@dataclass
class SohState:
    """The opponent the crew screen plans against (index into the opponent choices)."""

    opponent: int = 0
    objective: str = "net"


def soh_ui() -> SystemUI:
    from builder.systems.soh.tui.screens import CrewScreen

    return SystemUI.load(__file__, CrewScreen, state=SohState())
