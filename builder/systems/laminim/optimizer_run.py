"""Progress of a long optimiser run on the terminal (``laminim optimize``).

The rules core reports ``progress(done, total)`` as distinct survival chains finish; this turns
it into one self-overwriting line on stderr, only when stderr is a terminal (a pipe, a file or
a test runner sees nothing), at most ten updates a second, erased when the run ends.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import TextIO

from builder.core.i18n import Labels
from builder.core.report_lang import current_lang

LABELS = Labels.load(__file__, "optimize_labels.yaml")
"""The progress line's words (in the language the command reports in)."""

Progress = Callable[[int, int], None]
_EVERY = 0.1  # seconds between redraws


def terminal_progress(
    stream: TextIO | None = None, words: Labels | None = None, key: str = "progress"
) -> Progress | None:
    """A ``progress`` callback drawing on ``stream`` (stderr), or None when it is no TTY.

    The line is ``words``' label ``key`` (default: the optimiser's), filled with ``done`` and
    ``total``."""
    out = sys.stderr if stream is None else stream
    if not out.isatty():
        return None
    lang = current_lang()
    labels = LABELS if words is None else words
    last = [0.0]

    def progress(done: int, total: int) -> None:
        now = time.monotonic()
        if done < total and now - last[0] < _EVERY:
            return
        last[0] = now
        if done >= total:
            out.write("\r\033[K")
        else:
            out.write("\r\033[K" + labels.t(key, lang, done=done, total=total))
        out.flush()

    return progress
