"""Artifact's part of the TUI shell: the force screen first; styles, help and footer words in
``ui.yaml``."""

from __future__ import annotations

from builder.tui.shell import SystemUI


def artifact_ui() -> SystemUI:
    from builder.systems.artifact.tui.force_screen import ForceScreen

    return SystemUI.load(__file__, ForceScreen)
