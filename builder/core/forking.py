"""Forked worker processes for pure-Python work that threads cannot overlap (the GIL).

A forked child inherits everything the parent imported (WeasyPrint and its fonts, the compiled
survival loops) for free, where a spawned one would pay the imports again. Forking a process
that runs other threads can copy a lock another thread holds, so only a single-threaded
process forks (the command line); the TUI (a worker thread) and test runners work in turn,
and a daemonic process (a worker of a script's multiprocessing pool) may not fork at all. A
forked child dies with its parent, even one killed outright.
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
    if not hasattr(os, "fork") or threading.active_count() > 1 or _daemonic():
        return 1
    return max(1, min(jobs, usable_cores()))


def _daemonic() -> bool:
    """True inside a daemonic multiprocessing worker (a script's pool), which may not have
    children of its own: the work is then done here."""
    import multiprocessing

    return bool(multiprocessing.current_process().daemon)


def _child_start(parent: int) -> None:
    """A forked child's start: it leaves Ctrl+C to its parent and dies with it. A parent
    killed outright (``kill -9``, the OOM killer) never shuts its pool down, and a child
    waiting for work from it would wait for good, holding ~100 MB."""
    leave_interrupts()
    die_with_parent(parent)


PR_SET_PDEATHSIG = 1


def die_with_parent(parent: int) -> None:
    """End this (forked) process as soon as process ``parent`` is gone: the kernel's
    parent-death signal where there is one (Linux), else a thread that looks every 0.2 s."""
    import signal

    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        armed = libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0) == 0
    except (OSError, AttributeError):
        armed = False
    if os.getppid() != parent:  # the parent died before the signal was armed
        os._exit(1)
    if not armed:
        _watch_parent(parent)


def _watch_parent(parent: int) -> None:
    import time

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.2)
        os._exit(1)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


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
    return ProcessPoolExecutor(
        workers, mp_context=context, initializer=_child_start, initargs=(os.getpid(),)
    )
