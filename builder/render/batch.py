"""Write a team's printouts (the documents a game system lays out) as PDFs.

Importing this module is cheap: WeasyPrint is imported only when a PDF is written.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from builder.core.forking import fork_pool as _pool
from builder.core.forking import fork_workers
from builder.core.outfiles import create_new, slugify
from builder.render.env import make_env
from builder.render.printout import Printout

if TYPE_CHECKING:  # the process pool is imported only when a run forks
    from concurrent.futures import Future, ProcessPoolExecutor

ProgressFn = Callable[[str, int, int], None]


def render_html(printout: Printout) -> str:
    """The HTML of one printout, before PDF conversion."""
    return make_env().get_template(printout.template).render(printout.context)


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
    processes (``builder.core.forking``: WeasyPrint's layout is pure Python and holds the GIL,
    so threads would not overlap it); the files are still written here, in order.
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
