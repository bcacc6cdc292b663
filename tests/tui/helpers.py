"""Small helpers for pilot tests: wait for workers, read the screen as text."""

from __future__ import annotations

from contextlib import suppress

from textual.pilot import Pilot
from textual.worker import WorkerCancelled


async def settle(pilot: Pilot) -> None:
    """Let messages, workers (analysis, the document's check) and the resulting refreshes
    finish. A file tree's loader is a worker that waits for folders to read for as long as the
    tree lives: it is not waited for."""
    for _ in range(2):
        await pilot.pause()
        for worker in _finite(pilot):
            with suppress(WorkerCancelled):
                await worker.wait()
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
