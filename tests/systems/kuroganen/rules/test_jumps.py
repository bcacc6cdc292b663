"""D17: jumps on the grid, and our readings where D17 is silent."""

from __future__ import annotations

from builder.systems.kuroganen.rules import jump_run, jumps_from

from .helpers import __, grid, line, reachable, risk_cost


def test_d17_jump_flies_over_pit():
    got = reachable(line(0, __, __, 0), (0, 0), 3)
    assert (got[(3, 0)].risk, got[(3, 0)].cost) == (0, 3)
    assert got[(3, 0)].path == ((0, 0), (1, 0), (2, 0), (3, 0))


def test_d17_jump_flies_over_units_and_lower_ground():
    hmap = line(2, 1, 0, 2, units=[(1, 0)])
    assert risk_cost(hmap, (0, 0), 3)[(3, 0)] == (0, 3)


def test_d17_jump_lands_only_after_two_cells():
    # a ledge drop onto the first cell is a step with its fall, never a "jump" of one cell
    assert [j.cells for j in jumps_from(line(2, 0, 0), (0, 0), 5)] == [((1, 0), (2, 0))]


def test_d17_jump_never_lands_on_a_pit_or_a_unit():
    hmap = line(0, 0, __, 0, units=[(1, 0), (3, 0)])
    assert [j.to for j in jumps_from(hmap, (0, 0), 10)] == []
    assert risk_cost(hmap, (0, 0), 10) == {(0, 0): (0, 0)}


def test_d17_jump_climbs_one_level_and_goes_on_at_the_new_height():
    # from 0: climb 1 (cost 2), then a 2 is only 1 above the jump: climb again (cost 2)
    run = jump_run(line(0, 1, 2, 0), (0, 0), (1, 0), 10)
    assert [(c.height, c.cost) for c in run] == [(1, 2), (2, 4), (2, 5)]
    assert run[-1].fall == 2


def test_d17_two_or_more_higher_ends_the_run_before_it():
    run = jump_run(line(0, 0, 2, 0), (0, 0), (1, 0), 10)
    assert [c.at for c in run] == [(1, 0)]
    assert (3, 0) not in risk_cost(line(0, __, 2, 0), (0, 0), 12)


def test_d17_jump_is_straight_and_turning_needs_a_landing():
    # an L over pits: no place to land at the corner, so the far arm is out of reach
    hmap = grid([[0, __, __], [__, __, __], [__, __, 0]])
    assert risk_cost(hmap, (0, 0), 12) == {(0, 0): (0, 0)}


def test_d17_fall_counts_from_the_jump_height():
    # jump at height 2 and land on 0.5: a fall of floor(1.5) = 1
    assert risk_cost(line(2, __, 0.5), (0, 0), 2)[(2, 0)] == (1, 2)


def test_d17_half_level_rise_lifts_the_jump_our_reading():
    # D17 names no case for a floor 0.5 above the jump; we run onto it (no extra cost) and the
    # jump goes on from there, so the next cell 1.5 above the take-off is only 1 above: a climb.
    run = jump_run(line(0, 0.5, 1.5), (0, 0), (1, 0), 10)
    assert [(c.height, c.cost) for c in run] == [(0.5, 1), (1.5, 3)]


def test_d17_unit_on_a_higher_ledge_is_climbed_over_but_not_landed_on_our_reading():
    # units only forbid standing; the cell's floor decides flying, climbing and walls
    run = jump_run(line(0, 1, 1, units=[(1, 0)]), (0, 0), (1, 0), 10)
    assert [(c.at, c.height, c.cost, c.fall) for c in run] == [
        ((1, 0), 1, 2, None),
        ((2, 0), 1, 3, 0),
    ]


def test_d17_jump_run_stops_at_the_map_edge_and_the_movement_limit():
    assert len(jump_run(line(0, 0, 0, 0), (0, 0), (1, 0), 10)) == 3
    assert len(jump_run(line(0, 0, 0, 0), (0, 0), (1, 0), 2)) == 2
    assert jump_run(line(__, 0), (0, 0), (1, 0), 10) == ()
