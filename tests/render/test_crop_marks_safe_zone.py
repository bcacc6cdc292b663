"""Crop marks end at the 5 mm safe zone: a full Letter sheet of poker cards has 7.7 mm above and
below its grid, where a 4 mm mark would reach 2.7 mm from the edge (cut off by most printers)."""

from __future__ import annotations

import pytest

from builder.render.layout import CROP_MARK_MIN, PAPERS, SAFE_ZONE, crop_marks, make_grid

CARDS = {"poker": (63.0, 88.0), "large": (89.0, 127.0)}


@pytest.mark.parametrize("paper", list(PAPERS))
@pytest.mark.parametrize("card", list(CARDS))
def test_every_crop_mark_of_a_full_sheet_ends_outside_the_safe_zone(paper, card):
    grid = make_grid(paper, *CARDS[card])
    marks = crop_marks(grid, grid.per_page)
    assert marks
    w, h = PAPERS[paper]
    for m in marks:
        xs, ys = (m["x1"], m["x2"]), (m["y1"], m["y2"])
        assert min(xs) >= SAFE_ZONE - 1e-9 and max(xs) <= w - SAFE_ZONE + 1e-9, m
        assert min(ys) >= SAFE_ZONE - 1e-9 and max(ys) <= h - SAFE_ZONE + 1e-9, m


def test_letter_poker_still_marks_every_cut_line_above_and_below():
    grid = make_grid("letter", *CARDS["poker"])
    marks = crop_marks(grid, grid.per_page)
    vertical = [m for m in marks if m["x1"] == m["x2"]]
    assert len(vertical) == 2 * (grid.cols + 1)
    assert all(abs(m["y2"] - m["y1"]) >= CROP_MARK_MIN for m in vertical)
