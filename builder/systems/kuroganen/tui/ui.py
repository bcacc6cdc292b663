"""Kuroganen's part of the TUI: the map screen, its styles, help and footer labels."""

from __future__ import annotations

from pathlib import Path

from builder.tui.shell import SystemUI

from .labels import HELP_KEYS, KEYS_JA


def kuroganen_ui() -> SystemUI:
    from .map_screen import MapScreen

    return SystemUI(
        first_screen=MapScreen,
        css_paths=[Path(__file__).with_name("kuroganen.tcss")],
        help=HELP_KEYS,
        keys_ja=KEYS_JA,
        print_title=("Print “{name}”", "「{name}」を印刷"),
        noun=("map", "マップ"),
    )
