"""One printout written as the PDF a command's ``-o FILE`` names (a compare sheet, a report).

Never overwrites and never writes through a symlink (``create_new``: a taken name gets ``-2`` …);
a folder that cannot be written is bad input on stderr (exit 2), never a traceback.
"""

from __future__ import annotations

import sys
from pathlib import Path

from builder.render.printout import Printout

EXIT_OK, EXIT_BAD_INPUT = 0, 2


def write_report(printout: Printout, output: str | Path) -> int:
    """Render ``printout`` to ``output`` (``.pdf`` added when it has no suffix); the exit code."""
    from builder.core.outfiles import create_new
    from builder.render.batch import render_html
    from builder.render.pdf import pdf_bytes

    target = Path(output)
    suffix = target.suffix or ".pdf"
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        stem = target.name[: -len(target.suffix)] if target.suffix else target.name
        written = create_new(target.parent, stem, suffix, pdf_bytes(render_html(printout)))
    except OSError as exc:
        print(f"{target}: cannot write: {exc.strerror or exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    print(f"wrote {written}", file=sys.stderr)
    return EXIT_OK
