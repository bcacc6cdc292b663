"""The app's notices on a line of their own above the footer, not in toasts over the screen.

Why not toasts: Textual's compositor cuts each line of a toast wherever a widget under it
begins or ends, and a Japanese character across such an edge comes out as two blanks
(「を  きました」 over the edge between two panes). A line of its own, across the whole width
with nothing under it, has no edge to cut at: the notice is wrapped between phrases, whole.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.notifications import Notification
from textual.widgets import Static

from builder.tui.widgets.wrapped import wrap_phrases

MAX_ROWS = 3
STYLE = {"information": "bold", "warning": "bold yellow", "error": "bold red"}


class MessageLine(Static):
    """The newest notices, each wrapped between phrases; hidden when there are none."""

    DEFAULT_CSS = """
    MessageLine { height: auto; max-height: 3; padding: 0 1; display: none; }
    """

    def __init__(self) -> None:
        super().__init__("", markup=False)
        self._shown: list[Notification] = []

    def on_mount(self) -> None:
        """Drawn again with the footer (the language changed): the notices still up."""
        self.show_notices(list(self.app._notifications))

    def show_notices(self, notices: Sequence[Notification]) -> None:
        self._shown = list(notices)
        self._draw()

    def on_resize(self) -> None:
        self._draw()

    def _draw(self) -> None:
        # hidden, the line has no width yet: it will be as wide as the screen
        width = max(20, (self.size.width or self.app.size.width) - 2)
        lines: list[tuple[str, str]] = []
        for notice in self._shown:
            style = STYLE.get(notice.severity, "bold")
            lines += [(line, style) for line in wrap_phrases(notice.message, width)]
        lines = lines[-MAX_ROWS:]  # the newest notice in view
        text = Text()
        for i, (line, style) in enumerate(lines):
            text.append(("\n" if i else "") + line, style=style)
        self.update(text)
        self.display = bool(lines)
