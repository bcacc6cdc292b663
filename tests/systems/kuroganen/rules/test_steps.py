"""D16: walking on the grid."""

from __future__ import annotations

import pytest

from builder.systems.kuroganen.rules import climb_cost, step, steps_from

from .helpers import __, grid, line, risk_cost


def test_d16_step_costs_1_on_level_ground():
    assert risk_cost(line(0, 0, 0), (0, 0), 2) == {(0, 0): (0, 0), (1, 0): (0, 1), (2, 0): (0, 2)}


def test_d16_moves_are_orthogonal_so_a_diagonal_is_two_steps():
    got = risk_cost(grid([[0, 0], [0, 0]]), (0, 0), 1)
    assert (1, 1) not in got
    assert risk_cost(grid([[0, 0], [0, 0]]), (0, 0), 2)[(1, 1)] == (0, 2)


@pytest.mark.parametrize("rise", [1, 1.5])
def test_d16_climbing_1_to_1_5_levels_costs_1_more(rise):
    assert risk_cost(line(0, rise), (0, 0), 2)[(1, 0)] == (0, 2)
    assert (1, 0) not in risk_cost(line(0, rise), (0, 0), 1)


@pytest.mark.parametrize("rise", [2, 2.5, 3])
def test_d16_two_levels_higher_blocks_the_step(rise):
    assert step(line(0, rise), (0, 0), (1, 0)) is None
    assert (1, 0) not in risk_cost(line(0, rise), (0, 0), 12)


def test_d16_half_level_slope_climbs_without_penalty():
    # seed: 1 -> 1.5 -> 2 ignores the climbing penalty (every difference is under one level)
    assert risk_cost(line(1, 1.5, 2), (0, 0), 2)[(2, 0)] == (0, 2)
    assert climb_cost(0.5) == 0
    assert climb_cost(-3) == 0


@pytest.mark.parametrize(("drop", "risk"), [(0.5, 0), (1, 1), (1.5, 1), (2, 2), (3.5, 3)])
def test_d16_stepping_down_d_levels_is_a_fall_of_floor_d(drop, risk):
    assert risk_cost(line(drop, 0), (0, 0), 1)[(1, 0)] == (risk, 1)


def test_d16_cells_with_units_cannot_be_entered():
    assert steps_from(line(0, 0, units=[(1, 0)]), (0, 0)) == ()
    assert (1, 0) not in risk_cost(line(0, 0, 0, units=[(1, 0)]), (0, 0), 12)


def test_d16_walking_never_enters_a_pit():
    assert step(line(0, __), (0, 0), (1, 0)) is None
    got = risk_cost(grid([[0, __, 0], [0, 0, 0]]), (0, 0), 12)
    assert got[(2, 0)] == (0, 2)  # a jump over the pit, not a walk into it
    assert (1, 0) not in got


def test_d16_the_map_edge_is_a_wall():
    assert step(line(0), (0, 0), (-1, 0)) is None
    assert risk_cost(line(0), (0, 0), 5) == {(0, 0): (0, 0)}
