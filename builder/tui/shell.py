"""The typed seam between the TUI shell and a game system's screens.

Screens never reach into an untyped ``App``: a :class:`ShellScreen` gets the shell (the app) as
:class:`BuilderApp` through :attr:`ShellScreen.shell`, and the shell tells screens that the team
or the language changed by calling :meth:`ShellScreen.refresh_view` / :meth:`on_lang_changed`,
which every shell screen has. What a system adds to the shell (its first screen, styles, help
and footer labels, its own state) is a :class:`SystemUI`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from textual.screen import Screen

from builder.core.i18n import Lang

if TYPE_CHECKING:
    from builder.tui.app import BuilderApp

HelpSection = tuple[str, str, list[tuple[str, str, str]]]
"""(title in English, title in Japanese, [(keys, what in English, what in Japanese)])."""


@dataclass
class SystemUI:
    """What a game system brings to the TUI shell."""

    first_screen: Callable[[], Screen[Any]]
    """The screen the shell opens on a team file of this system."""
    css_paths: list[Path] = field(default_factory=list)
    help: list[HelpSection] = field(default_factory=list)
    keys_ja: dict[str, str] = field(default_factory=dict)
    """Footer key descriptions (the English text of each Binding) in Japanese."""
    print_title: tuple[str, str] = ("Print “{name}”", "「{name}」を印刷")
    noun: tuple[str, str] = ("team", "チーム")
    """What the shell calls this game's file content (\"Open team file:\", \"demo map …\")."""
    state: Any = None
    """The system's own session state (e.g. LAMINIM's chosen threat); the shell never reads it."""


class ShellScreen(Screen[Any]):
    """A screen of the builder: typed access to the shell, redrawn when the team changes."""

    @property
    def shell(self) -> BuilderApp:
        from builder.tui.app import BuilderApp

        return cast(BuilderApp, self.app)

    @property
    def lang(self) -> Lang:
        """The language the builder is shown in."""
        return self.shell.lang

    def refresh_view(self) -> None:
        """Redraw from the shell's current team (called after every change to it)."""

    def on_lang_changed(self) -> None:
        """The language changed: relabel what ``refresh_view`` does not (default: redraw)."""
        if self.is_mounted:
            self.refresh_view()
