"""LAMINIM's part of the TUI: the team screen first and the session's threat; styles, help and
footer words in ``ui.yaml``."""

from __future__ import annotations

from builder.systems.laminim.tui.base import LaminimState
from builder.tui.shell import SystemUI


def laminim_ui() -> SystemUI:
    from builder.systems.laminim.tui.screens.team_screen import TeamScreen

    return SystemUI.load(__file__, TeamScreen, state=LaminimState())
