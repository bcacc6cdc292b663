"""Nothing printed within 5 mm of the paper edge (docs/design.md "Quality bars"): most printers
cut there, so a footer or a crop mark in that band may silently vanish."""

from __future__ import annotations

import pytest

from builder.render.layout import SAFE_ZONE
from tests.printing.printed import MM, everything, printed

SLACK = 0.05 * MM
"""Rounding of coordinates in the PDF (mm to pt and back)."""


def _too_close(page) -> list[str]:
    limit = SAFE_ZONE * MM - SLACK
    out = []
    objects = [*page.chars, *page.lines, *page.rects, *page.curves, *page.images]
    for o in objects:
        gaps = (o["x0"], o["top"], page.width - o["x1"], page.height - o["bottom"])
        near = min(gaps)
        if near < limit and (o.get("text", "x").strip() or o.get("object_type") != "char"):
            what = o.get("text") or o.get("object_type", "?")
            out.append(
                f"{what!r} {near / MM:.1f} mm from the edge at ({o['x0'] / MM:.1f}, "
                f"{o['top'] / MM:.1f}) mm"
            )
    return out


@pytest.mark.parametrize(("game", "paper", "lang", "size"), everything())
def test_no_text_or_mark_within_5mm_of_the_paper_edge(game, paper, lang, size):
    problems = []
    for doc in printed(game, paper, lang, size):
        for n, page in enumerate(doc.pages(), start=1):
            problems += [f"{doc} page {n}: {p}" for p in _too_close(page)[:5]]
    assert not problems, "\n".join(problems)
