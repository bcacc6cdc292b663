"""Write a team's printouts (the documents a game system lays out) as PDFs.

Importing this module is cheap: WeasyPrint is imported only when a PDF is written.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from builder.core.outfiles import create_new, slugify
from builder.render.env import make_env
from builder.render.printout import Printout

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

    Never overwrites and never writes through a symlink: each PDF is rendered in memory, then
    created exclusively, so a taken name (an existing file, a symlink, another run's output)
    gets ``-2``, ``-3`` … Returns the written paths.
    """
    from builder.render.pdf import pdf_bytes  # lazy: WeasyPrint is slow to import

    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    stem = slugify(team_name)
    total = len(printouts)
    written: list[Path] = []
    for done, printout in enumerate(printouts):
        if progress is not None:
            progress(printout.kind, done, total)
        data = pdf_bytes(render_html(printout))
        written.append(create_new(out_dir, f"{stem}-{printout.kind}", ".pdf", data))
    if progress is not None:
        progress("done", total, total)
    return written
