"""soh's part of the TUI: the crew screen first, its styles, help and footer labels."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from builder.systems.soh.tui.labels import HELP, KEYS_JA, LABELS
from builder.tui.shell import SystemUI


@dataclass
class SohState:
    """The opponent the crew screen plans against (index into the opponent choices)."""

    opponent: int = 0
    objective: str = "net"


def soh_ui() -> SystemUI:
    from builder.systems.soh.tui.screens import CrewScreen

    return SystemUI(
        first_screen=CrewScreen,
        css_paths=[Path(__file__).with_name("soh.tcss")],
        help=HELP,
        keys_ja=KEYS_JA,
        print_title=LABELS["print_title"],
        noun=("crew", "クルー"),
        state=SohState(),
    )
