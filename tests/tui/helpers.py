"""Small helpers for pilot tests: wait for workers, read the screen as text."""

from __future__ import annotations

from textual.pilot import Pilot


async def settle(pilot: Pilot) -> None:
    """Let messages, workers (analysis) and the resulting refreshes finish."""
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


def screen_text(pilot: Pilot) -> str:
    """What the terminal shows, as plain text (one line per row)."""
    strips = pilot.app.screen._compositor.render_strips()
    return "\n".join(strip.text.rstrip() for strip in strips)
