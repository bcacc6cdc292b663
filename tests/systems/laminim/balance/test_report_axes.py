"""The report's plot axes: round ticks from 0 that cover every value (true values, labelled)."""

from __future__ import annotations

from itertools import pairwise

import pytest

from builder.systems.laminim.balance_report import nice_ticks


@pytest.mark.parametrize("high", [0.0, 3e-16, 0.004, 2.05, 23.6, 48.2, 120.0, 1e6])
def test_ticks_start_at_zero_rise_evenly_and_cover_the_highest_value(high):
    ticks = nice_ticks(high)
    assert ticks[0] == 0 and ticks[-1] >= high and len(set(ticks)) == len(ticks) >= 2
    steps = {round(b - a, 9) for a, b in pairwise(ticks)}
    assert len(steps) == 1 and 2 <= len(ticks) <= 12


def test_ticks_of_a_small_top_stay_distinct():
    assert nice_ticks(0.004) == [0.0, 0.001, 0.002, 0.003, 0.004]
