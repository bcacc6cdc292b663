"""The typed seam between the TUI shell and a game system's screens.

Screens never reach into an untyped ``App``: a :class:`ShellScreen` gets the shell (the app) as
:class:`BuilderApp` through :attr:`ShellScreen.shell`, and the shell tells screens that the team
or the language changed by calling :meth:`ShellScreen.refresh_view` / :meth:`on_lang_changed`,
which every shell screen has. What a system adds to the shell (its first screen, styles, help
and footer labels, its own state) is the kit's :class:`builder.systems.SystemUI` (data, no
Textual), re-exported here for a game's own ``tui/`` package.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from textual.screen import Screen

from builder.core.i18n import Lang
from builder.systems import HelpSection, SystemUI

if TYPE_CHECKING:
    from builder.tui.app import BuilderApp

__all__ = ["HelpSection", "ShellScreen", "SystemUI"]


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
