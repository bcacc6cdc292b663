"""Kuroganen's part of the TUI: the map screen first; styles, help and footer words in
``ui.yaml``."""

from __future__ import annotations

from builder.tui.shell import SystemUI


def kuroganen_ui() -> SystemUI:
    from .map_screen import MapScreen

    return SystemUI.load(__file__, MapScreen)
