"""Small helpers for pilot tests: wait for workers, read the screen as text."""

from __future__ import annotations

import asyncio
from contextlib import suppress

from textual.pilot import Pilot
from textual.worker import WorkerCancelled


async def settle(pilot: Pilot) -> None:
    """Let messages, workers (analysis, the document's check) and the resulting refreshes
    finish: the screen's queues are emptied and every worker awaited, again, until two rounds in
    a row start no worker (a click's message can start a worker that posts a message that starts
    another). A file tree's loader is a worker that waits for folders to read for as long as the
    tree lives: it is not waited for. The suite's key presses take a short idle slice
    (``tests/conftest.py`` ``PILOT_IDLE_SLICE``); a test reads the screen after this."""
    quiet = 0
    for _ in range(50):
        await pilot.pause()
        workers = _finite(pilot)
        for worker in workers:
            with suppress(WorkerCancelled):
                await worker.wait()
        quiet = 0 if workers else quiet + 1
        if quiet == 2:
            break
    # Widgets finish some work when their queue runs dry (a DataTable sizes its columns on
    # Idle): one slice of Textual's own length (20 ms) lets that happen before the test reads.
    await asyncio.sleep(0.02)
    await pilot.pause()


def _finite(pilot: Pilot) -> list:
    from textual.widgets import DirectoryTree

    return [
        w for w in pilot.app.workers if not w.is_finished and not isinstance(w.node, DirectoryTree)
    ]


def screen_text(pilot: Pilot) -> str:
    """What the terminal shows, as plain text (one line per row)."""
    strips = pilot.app.screen._compositor.render_strips()
    return "\n".join(strip.text.rstrip() for strip in strips)


async def choose_file(pilot: Pilot, path: object) -> None:
    """Type ``path`` into the open file dialog's field and press enter."""
    from builder.tui.dialogs.file_dialog import FileDialog

    assert isinstance(pilot.app.screen, FileDialog), type(pilot.app.screen).__name__
    field = pilot.app.screen.query_one("#file-path")
    field.value = str(path)
    field.focus()
    await pilot.press("enter")
    await settle(pilot)


async def click_again(pilot: Pilot, selector: str) -> None:
    """Click a button that was clicked a moment ago: a button ignores clicks while it shows its
    pressed effect (Textual's 0.2 s), as it would a player's double click, so wait that out."""
    button = pilot.app.screen.query_one(selector)
    while button.has_class("-active"):
        await pilot.pause(0.02)
    await pilot.click(selector)
