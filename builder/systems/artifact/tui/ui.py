"""Artifact's part of the TUI shell: the force screen first, its styles, help and footer labels."""

from __future__ import annotations

from pathlib import Path

from builder.systems.artifact.tui.labels import HELP, KEYS_JA, LABELS
from builder.tui.shell import SystemUI


def artifact_ui() -> SystemUI:
    from builder.systems.artifact.tui.force_screen import ForceScreen

    return SystemUI(
        first_screen=ForceScreen,
        css_paths=[Path(__file__).with_name("artifact.tcss")],
        help=HELP,
        keys_ja=KEYS_JA,
        print_title=LABELS["print_title"],
        noun=("force", "部隊"),
    )
