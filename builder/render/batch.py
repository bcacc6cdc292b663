"""Write a team's printouts (the documents a game system lays out) as PDFs.

Importing this module is cheap: WeasyPrint is imported only when a PDF is written.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from builder.core.outfiles import create_new, slugify
from builder.render.env import make_env
from builder.render.printout import Printout

if TYPE_CHECKING:  # the process pool is imported only when a run forks
    from concurrent.futures import Future, ProcessPoolExecutor

ProgressFn = Callable[[str, int, int], None]


def render_html(printout: Printout) -> str:
    """The HTML of one printout, before PDF conversion."""
    return make_env().get_template(printout.template).render(printout.context)


def fork_workers(documents: int) -> int:
    """How many forked processes may lay out ``documents`` PDFs at once: one per usable core,
    and 1 (no fork) unless this process runs a single thread on a system that forks.

    WeasyPrint's layout is pure Python and holds the GIL, so threads would not overlap it;
    forked children do, and they inherit the imported WeasyPrint and fonts for free (a spawned
    child would pay the ~0.5 s import again). Forking a process with other threads can copy a
    lock another thread holds, so the TUI (a worker thread) and test runners render in turn;
    a daemonic process (a worker of a script's multiprocessing pool) may not fork at all.
    """
    if not hasattr(os, "fork") or threading.active_count() > 1 or _daemonic():
        return 1
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return max(1, min(documents, cores or 1))


def _child_start(parent: int) -> None:
    """A forked child's start: it leaves Ctrl+C to its parent and dies with it. A parent
    killed outright (``kill -9``, the OOM killer) never shuts its pool down, and a child
    waiting for work from it would wait for good, holding ~100 MB."""
    _leave_interrupts()
    die_with_parent(parent)


def _daemonic() -> bool:
    """True inside a daemonic multiprocessing worker (a script's pool), which may not have
    children of its own: the PDFs are then laid out here."""
    import multiprocessing

    return bool(multiprocessing.current_process().daemon)


def _leave_interrupts() -> None:
    """In a forked child: Ctrl+C is the parent's to answer (exit 130, no traceback); the child
    finishes the PDF it is laying out and goes."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


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


def _pool(workers: int) -> ProcessPoolExecutor | None:
    """Forked processes to lay PDFs out in (None: one worker, this process)."""
    if workers <= 1:
        return None
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    context = multiprocessing.get_context("fork")
    return ProcessPoolExecutor(
        workers, mp_context=context, initializer=_child_start, initargs=(os.getpid(),)
    )


def _submit(
    pool: ProcessPoolExecutor | None, pdf_bytes: Callable[[str], bytes], html: str
) -> Future[bytes] | None:
    """``html`` sent to be laid out in ``pool``; None when it is to be laid out here (no pool,
    or a pool whose child was killed)."""
    if pool is None:
        return None
    from concurrent.futures.process import BrokenProcessPool

    try:
        return pool.submit(pdf_bytes, html)
    except BrokenProcessPool:
        return None


def _laid_out(future: Future[bytes] | None) -> bytes | None:
    """The PDF a child laid out; None when it is to be laid out here (a child killed, e.g. by
    the OOM killer, costs time, not the printout)."""
    if future is None:
        return None
    from concurrent.futures.process import BrokenProcessPool

    try:
        return future.result()
    except BrokenProcessPool:
        return None


class TooMuchToLayOut(Exception):
    """The printouts' pages are more than the cap given (``size`` and ``cap`` in characters of
    HTML, what WeasyPrint's layout time and memory grow with); nothing was laid out."""

    def __init__(self, size: int, cap: int) -> None:
        super().__init__(f"{size} > {cap}")
        self.size, self.cap = size, cap


def render_printouts(
    printouts: list[Printout],
    out_dir: Path,
    team_name: str,
    *,
    progress: ProgressFn | None = None,
    parallel: bool = False,
    max_html: int | None = None,
) -> list[Path]:
    """Write ``<slug>-<kind>.pdf`` for every printout into ``out_dir``, in order.

    Never overwrites and never writes through a symlink: each PDF is rendered in memory, then
    created exclusively, so a taken name (an existing file, a symlink, another run's output)
    gets ``-2``, ``-3`` … Returns the written paths. ``parallel``: lay the PDFs out in forked
    processes (see :func:`fork_workers`); the files are still written here, in order.
    ``max_html``: the most characters of HTML the pages may hold, checked before any layout
    (:class:`TooMuchToLayOut` beyond it).
    """
    from builder.render.pdf import pdf_bytes  # lazy: WeasyPrint is slow to import

    out_dir = Path(out_dir)
    stem = slugify(team_name)
    total = len(printouts)
    pages: list[str] = []  # every page's HTML before any file: a context that fails, fails first
    if max_html is not None:  # a capped run weighs every page before it forks or lays any out
        pages = [render_html(printout) for printout in printouts]
        size = sum(len(page) for page in pages)
        if size > max_html:
            raise TooMuchToLayOut(size, max_html)
    out_dir.mkdir(parents=True, exist_ok=True)
    pool = _pool(fork_workers(total)) if parallel else None
    pending: list[Future[bytes] | None] = []  # None: laid out here
    written: list[Path] = []
    try:
        pending += [_submit(pool, pdf_bytes, page) for page in pages]
        for printout in printouts[len(pages) :]:  # each sent off as soon as its HTML is made:
            pages.append(render_html(printout))  # the next one's context is worked out meanwhile
            pending.append(_submit(pool, pdf_bytes, pages[-1]))
        for done, printout in enumerate(printouts):
            if progress is not None:
                progress(printout.kind, done, total)
            data = _laid_out(pending[done])
            if data is None:
                data = pdf_bytes(pages[done])
            written.append(create_new(out_dir, f"{stem}-{printout.kind}", ".pdf", data))
    except BaseException:  # Ctrl+C or an error: the PDFs not yet begun are not laid out
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)
        raise
    if pool is not None:
        pool.shutdown()
    if progress is not None:
        progress("done", total, total)
    return written
