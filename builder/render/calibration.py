"""The duplex calibration sheet (``laminim cards --calibrate``): one sheet, printed two-sided
once, that tells the ``--offset`` a printer needs for its backs to land behind their fronts.

The front prints three crosses on the page's vertical middle line, which a flip on the long
edge maps onto itself; the back prints, at the same places, a scale in mm each way. Held
against a light, each front cross shows through the back at the printer's error; the scale is
numbered so that what it reads there is the offset to print the backs with (X to the right, Y
down, as the back page is seen): ``layout.deck_pages`` moves each back by it. Three crosses,
top to bottom, show a skew too: when they read differently the printer turns the sheet, and
the middle one is the best single offset.
"""

from __future__ import annotations

from typing import Any

from builder.core.i18n import Lang
from builder.render.backs import LABELS
from builder.render.layout import PAPERS, check_choices
from builder.render.printout import Printout

SCALE_MM = 6
"""The scales read from −6 to +6 mm: a home printer's duplex error is a few millimetres."""

TARGETS = (0.22, 0.5, 0.78)
"""Where the crosses are, as shares of the page's height."""


def calibration_context(paper: str, lang: Lang) -> dict[str, Any]:
    """The calibration sheet's plain-data context (``templates/common/calibration.html``)."""
    check_choices(paper, lang)
    page_w, page_h = PAPERS[paper]
    labels = LABELS.in_lang(lang)
    # a tick every 0.5 mm, longer every mm, longest and numbered every 3 mm (numbers closer
    # than that run into each other at a readable size)
    ticks = [
        {
            "mm": n / 2,
            "len": 2.6 if n % 6 == 0 else 1.8 if n % 2 == 0 else 1.0,
            "label": (f"{n // 2:+d}" if n else "0") if n % 6 == 0 else "",
        }
        for n in range(-2 * SCALE_MM, 2 * SCALE_MM + 1)
    ]
    return {
        "lang": lang,
        "labels": labels,
        "title": labels["doc_calibration"],
        "page": {"width": page_w, "height": page_h, "paper": paper},
        "centre_x": page_w / 2,
        "targets": [round(page_h * t, 2) for t in TARGETS],
        "scale": SCALE_MM,
        "ticks": ticks,
    }


def calibration_printout(paper: str, lang: Lang) -> Printout:
    """The sheet as a printout (``<name>-calibration.pdf``)."""
    return Printout("calibration", "common/calibration.html", calibration_context(paper, lang))
