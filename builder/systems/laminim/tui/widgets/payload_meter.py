"""A bar of payload used / limit; its colour (via CSS classes) warns near and past the limit."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from builder.tui.widgets import steady

WARN_RATIO = 0.75
"""At or above this share of the payload (and still legal) the meter shows the warning colour."""


class PayloadMeter(Static):
    """Shows ``used / limit``; CSS classes ``-ok``, ``-warn``, ``-over`` carry the state."""

    BAR = 24

    def show(
        self, used: int | None, limit: int | None, caption: str = "Payload", over: str = "OVER"
    ) -> None:
        if used is None or limit is None:
            self._state("-over")
            steady.update(self, f"{caption}: ?")
            return
        state = (
            "-over" if used > limit else "-warn" if limit and used >= WARN_RATIO * limit else "-ok"
        )
        self._state(state)
        filled = self.BAR if used > limit or limit == 0 else round(self.BAR * used / limit)
        text = Text(f"{caption} ")
        text.append("█" * filled, style="bold")
        text.append("░" * (self.BAR - filled), style="dim")
        text.append(f" {used}/{limit}", style="bold")
        if used > limit:
            text.append(f"  +{used - limit} {over}", style="bold reverse")
        steady.update(self, text)

    def _state(self, state: str) -> None:
        """One of the state classes set, the others cleared (a class that stays is not
        removed and added again: each change restyles the widget)."""
        for name in ("-ok", "-warn", "-over"):
            self.set_class(name == state, name)
