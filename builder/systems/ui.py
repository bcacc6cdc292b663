"""What a game brings to the TUI shell, as data the kit can name without importing Textual.

The shell (``builder.tui``) consumes it; a game's own ``tui/`` package fills it in. The first
screen is a factory the shell calls and checks (it must give a Textual screen), so the kit, the
registry and every non-TUI part of a game stay free of Textual.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

HelpSection = tuple[str, str, list[tuple[str, str, str]]]
"""(title in English, title in Japanese, [(keys, what in English, what in Japanese)])."""


@dataclass
class SystemUI:
    """What a game system brings to the TUI shell."""

    first_screen: Callable[[], object]
    """Makes the screen the shell opens on a file of this system (a Textual ``Screen``)."""
    css_paths: list[Path] = field(default_factory=list)
    help: list[HelpSection] = field(default_factory=list)
    keys_ja: dict[str, str] = field(default_factory=dict)
    """Footer key descriptions (the English text of each Binding) in Japanese."""
    print_title: tuple[str, str] = ("Print “{name}”", "「{name}」を印刷")
    noun: tuple[str, str] = ("team", "チーム")
    """What the shell calls this game's file content (\"Open team file:\", \"demo map …\")."""
    state: object = None
    """The system's own session state (e.g. its chosen threat); the shell never reads it."""
