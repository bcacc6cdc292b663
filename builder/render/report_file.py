"""One printout written as the PDF a command's ``-o FILE`` names (a compare sheet, a report).

Never overwrites and never writes through a symlink (``create_new``: a taken name gets ``-2`` …);
a folder that cannot be written is bad input on stderr (exit 2), never a traceback. What it says
("wrote …", "cannot write …") is in the language the sheet is printed in.
"""

from __future__ import annotations

import sys
from pathlib import Path

from builder.core.i18n import Lang
from builder.core.messages import Message, Messages
from builder.render.printout import Printout

EXIT_OK, EXIT_BAD_INPUT = 0, 2

MESSAGES = Messages.load(__file__)


def cannot_write(target: object, exc: OSError) -> Message:
    """``OUT: cannot write: <the OS's reason>``, for any command that writes printouts."""
    from builder.core.os_words import os_reason_words

    return MESSAGES("cannot-write", target=target, reason=os_reason_words(exc))


def write_report(printout: Printout, output: str | Path, lang: Lang) -> int:
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
        print(cannot_write(target, exc).text(lang), file=sys.stderr)
        return EXIT_BAD_INPUT
    print(MESSAGES("wrote", path=written).text(lang), file=sys.stderr)
    return EXIT_OK
