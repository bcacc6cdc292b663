"""Landing on a unit on purpose (seed 例4) and the nearest-free-cell placement."""

from __future__ import annotations

import pytest

from builder.systems.kuroganen.rules import nearest_free, stomp

from .helpers import __, grid, line


def test_stomp_digests_carried_risk_during_the_jump_but_not_after_the_fall():
    hmap = line(1, 1, 0, 0, units=[(2, 0)])
    result = stomp(hmap, (0, 0), (2, 0), risk=2)
    assert (result.cost, result.fall, result.risk) == (2, 1, 3)


def test_stomp_onto_a_unit_on_level_ground_is_collision_only():
    result = stomp(line(0, 0, 0, units=[(2, 0)]), (0, 0), (2, 0))
    assert (result.fall, result.risk, result.victim_risk) == (0, 2, 2)


def test_stomp_from_two_levels_up_over_a_pit():
    result = stomp(line(2, __, 0, 0, units=[(2, 0)]), (0, 0), (2, 0))
    assert (result.cells, result.fall, result.risk) == (((1, 0), (2, 0)), 2, 4)


@pytest.mark.parametrize(
    ("target", "message"),
    [((1, 0), "straight orthogonal line"), ((3, 0), "no unit"), ((2, 1), "straight")],
)
def test_stomp_needs_a_unit_in_a_straight_line_two_or_more_away(target, message):
    hmap = grid([[0, 0, 0, 0], [0, 0, 0, 0]], units=[(1, 0), (2, 1)])
    with pytest.raises(ValueError, match=message):
        stomp(hmap, (0, 0), target)


def test_stomp_cannot_pass_a_wall_or_exceed_the_movement():
    hmap = line(0, 2, 0, units=[(2, 0)])
    with pytest.raises(ValueError, match="cannot reach"):
        stomp(hmap, (0, 0), (2, 0))
    with pytest.raises(ValueError, match="cannot reach"):
        stomp(line(0, 0, 0, units=[(2, 0)]), (0, 0), (2, 0), move=1)


def test_placement_lists_every_nearest_free_cell_and_skips_pits_and_units():
    hmap = grid([[0, __, 0], [0, 0, 0], [0, 0, 0]], units=[(1, 1), (0, 1)])
    assert nearest_free(hmap, (1, 1)) == ((2, 1), (1, 2))  # sorted by (y, x)


def test_the_stompers_own_start_cell_is_free_for_its_placement():
    result = stomp(line(0, __, 0, units=[(0, 0), (2, 0)]), (0, 0), (2, 0))
    assert result.placements == ((0, 0),)
