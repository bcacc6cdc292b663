"""LAMINIM's part of the TUI: the team screen first, its styles, help and footer labels."""

from __future__ import annotations

from pathlib import Path

from builder.systems.laminim.tui.base import LaminimState
from builder.systems.laminim.tui.labels import HELP_KEYS, KEYS_JA, LABELS
from builder.tui.shell import SystemUI


def laminim_ui() -> SystemUI:
    from builder.systems.laminim.tui.screens.team_screen import TeamScreen

    return SystemUI(
        first_screen=TeamScreen,
        css_paths=[Path(__file__).with_name("laminim.tcss")],
        help=HELP_KEYS,
        keys_ja=KEYS_JA,
        print_title=LABELS["print_title"],
        state=LaminimState(),
    )
