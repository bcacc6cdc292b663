"""docs/rules.md §1.7 scoring, with D6's remaining durability."""

from __future__ import annotations

from builder.systems.laminim.rules import (
    Survivor,
    remaining_durability,
    team_score,
    unit_score,
    winner,
)


def test_d6_remaining_durability_sums_intact_parts():
    assert remaining_durability(12, (4, None, 0)) == 16  # a slot at 0 is destroyed
    assert remaining_durability(0, (10, 10, 10)) == 0  # a destroyed unit scores nothing


def test_score_is_remaining_minus_distance_rounded_down():
    assert unit_score(Survivor(12, (4, None, None), distance=3.9)) == 13


def test_score_is_never_negative():
    assert unit_score(Survivor(2, (None, None, None), distance=7.5)) == 0


def test_higher_team_total_wins():
    a = [Survivor(20, (5,), 2.0), Survivor(10, (), 1.0)]  # 23 + 9
    b = [Survivor(40, (10, 10), 9.0)]  # 51
    assert (team_score(a), team_score(b)) == (32, 51)
    assert winner(a, b) == "b"


def test_tie_goes_to_the_unit_nearest_the_centre():
    a = [Survivor(10, (), 2.5)]  # 8
    b = [Survivor(9, (), 1.0)]  # 8
    assert winner(a, b) == "b"


def test_full_tie_has_no_winner():
    assert winner([Survivor(5, (), 1.5)], [Survivor(5, (), 1.5)]) is None
    assert winner([], []) is None
