"""A footer that wraps its keys onto two rows, so every key of a screen is visible at 80 columns."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import Footer

COLUMNS = 8


class KeyFooter(Footer):
    """Textual's footer laid out as a grid of ``COLUMNS`` (its own compose sets one row)."""

    def __init__(self) -> None:
        super().__init__(compact=True)

    def compose(self) -> ComposeResult:
        yield from super().compose()
        self.styles.grid_size_columns = COLUMNS
