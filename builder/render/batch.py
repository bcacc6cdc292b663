"""Write a team's printouts (the documents a game system lays out) as PDFs.

Importing this module is cheap: WeasyPrint is imported only when a PDF is written.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from builder.core.outfiles import free_path, slugify
from builder.render.env import make_env
from builder.systems.base import Printout

ProgressFn = Callable[[str, int, int], None]


def render_html(printout: Printout) -> str:
    """The HTML of one printout, before PDF conversion."""
    return make_env().get_template(printout.template).render(printout.context)


def render_printouts(
    printouts: list[Printout],
    out_dir: Path,
    team_name: str,
    *,
    progress: ProgressFn | None = None,
) -> list[Path]:
    """Write ``<slug>-<kind>.pdf`` for every printout into ``out_dir``, in order.

    Never overwrites: an existing name gets ``-2``, ``-3`` … Returns the written paths.
    """
    from builder.render.pdf import write_pdf  # lazy: WeasyPrint is slow to import

    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    stem = slugify(team_name)
    total = len(printouts)
    written: list[Path] = []
    for done, printout in enumerate(printouts):
        if progress is not None:
            progress(printout.kind, done, total)
        html = render_html(printout)
        target = free_path(out_dir, f"{stem}-{printout.kind}")
        write_pdf(html, target)
        written.append(target)
    if progress is not None:
        progress("done", total, total)
    return written
