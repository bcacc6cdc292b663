"""Forked worker processes for pure-Python work that threads cannot overlap (the GIL).

A forked child inherits everything the parent imported (WeasyPrint and its fonts, the compiled
survival loops) for free, where a spawned one would pay the imports again. Forking a process
that runs other threads can copy a lock another thread holds, so only a single-threaded
process forks (the command line); the TUI (a worker thread) and test runners work in turn.
"""

from __future__ import annotations

import os
import threading
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the process pool is imported only when a run forks
    from concurrent.futures import ProcessPoolExecutor


def usable_cores() -> int:
    """The cores this process may run on."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0)) or 1
    return os.cpu_count() or 1


def fork_workers(jobs: int) -> int:
    """How many forked processes may share ``jobs`` pieces of work: one per usable core, and 1
    (no fork) unless this process runs a single thread on a system that forks."""
    if not hasattr(os, "fork") or threading.active_count() > 1:
        return 1
    return max(1, min(jobs, usable_cores()))


def leave_interrupts() -> None:
    """In a forked child: Ctrl+C is the parent's to answer (exit 130, no traceback); the child
    finishes what it is doing and goes."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


def fork_pool(workers: int) -> ProcessPoolExecutor | None:
    """Forked processes to work in (None: one worker, this process)."""
    if workers <= 1:
        return None
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    context = multiprocessing.get_context("fork")
    return ProcessPoolExecutor(workers, mp_context=context, initializer=leave_interrupts)
