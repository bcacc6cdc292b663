"""D18 digestion and the planner's own decisions (start cell, ties, paths, limits)."""

from __future__ import annotations

import pytest

from builder.systems.kuroganen.rules import (
    MAX_WORK,
    HeightMap,
    ReachTooLarge,
    digest,
    path_to,
    planner_work,
    reach,
)

from .helpers import __, grid, line, reachable, risk_cost


def test_d18_movement_after_a_fall_digests_risk():
    # fall 2 off the ledge, then two more steps: risk 2 -> 1 -> 0
    got = reachable(line(2, 0, 0, 0), (0, 0), 3)
    assert got[(3, 0)].legs[0].risk == 2  # then two movement on: 2 -> 0
    assert (got[(3, 0)].risk, got[(3, 0)].cost) == (0, 3)
    # ending at the foot of the ledge: walking on and back leaves nothing either
    assert (got[(1, 0)].risk, got[(1, 0)].cost) == (0, 3)
    assert risk_cost(line(2, 0, 0, 0), (0, 0), 1)[(1, 0)] == (2, 1)


def test_d18_the_falling_step_does_not_digest_its_own_fall():
    assert risk_cost(line(3, 0), (0, 0), 1)[(1, 0)] == (3, 1)


def test_d18_climb_costs_digest_risk_too():
    # fall 2, then climb one level (cost 2): all digested
    assert risk_cost(line(2, 0, 1), (0, 0), 3)[(2, 0)] == (0, 3)


def test_d18_starting_risk_digests_like_any_other():
    got = risk_cost(line(0, 0, 0), (0, 0), 2, risk=3)
    assert got == {(0, 0): (1, 2), (1, 0): (2, 1), (2, 0): (1, 2)}


def test_d18_digestion_never_goes_below_zero():
    assert digest(1, 5) == 0
    assert digest(4, 1) == 3


def test_d18_least_risk_wins_over_less_movement():
    # drop straight off the ledge (risk 2, cost 1), or walk the long way down the slope (0, 5)
    hmap = grid([[0, 2, 1.5], [0.5, 1, 1]])
    got = reachable(hmap, (1, 0), 5)
    assert (got[(0, 0)].risk, got[(0, 0)].cost) == (0, 3)
    assert risk_cost(hmap, (1, 0), 1)[(0, 0)] == (2, 1)


def test_d18_ties_in_risk_take_the_least_movement():
    # the far corner is risk 0 by the 2-step route or any longer detour: the report is 2
    got = reachable(grid([[0, 0, 0], [0, 0, 0]]), (0, 0), 5)
    assert (got[(1, 1)].risk, got[(1, 1)].cost) == (0, 2)
    # with risk to digest, the least risk comes first, then the least movement giving it
    got = reachable(line(1, 1, 1, 0, 0, 0), (0, 0), 5)
    assert (got[(3, 0)].risk, got[(3, 0)].cost) == (0, 5)  # down at 3, on to 4 and back
    assert (got[(4, 0)].risk, got[(4, 0)].cost) == (0, 4)


def test_start_cell_is_reachable_with_risk_r_and_cost_0():
    got = reachable(line(0, __), (0, 0), 0, risk=2)
    assert list(got) == [(0, 0)]
    assert (got[(0, 0)].risk, got[(0, 0)].cost, got[(0, 0)].path) == (2, 0, ((0, 0),))


def test_start_cell_may_be_reached_again_with_less_risk_by_a_round_trip():
    got = reachable(line(0, 0), (0, 0), 2, risk=2)[(0, 0)]
    assert (got.risk, got.cost, got.path) == (0, 2, ((0, 0), (1, 0), (0, 0)))


def test_mover_listed_among_the_units_is_the_mover_itself():
    hmap = line(0, 0, 0, units=[(0, 0), (2, 0)])
    assert risk_cost(hmap, (0, 0), 2) == {(0, 0): (0, 0), (1, 0): (0, 1)}
    assert risk_cost(line(0, 0, 0), (0, 0), 2) == {(0, 0): (0, 0), (1, 0): (0, 1), (2, 0): (0, 2)}


def test_reach_is_sorted_by_row_then_column_and_lists_each_cell_once():
    cells = [r.at for r in reach(grid([[0, 0, 0], [0, 0, 0]]), (1, 1), 3)]
    assert cells == sorted(cells, key=lambda p: (p[1], p[0]))
    assert len(cells) == len(set(cells)) == 6


def test_paths_run_from_the_start_through_every_cell_entered():
    got = reachable(grid([[1, __, 0], [__, __, 0]]), (0, 0), 3)[(2, 1)]
    assert got.path == ((0, 0), (1, 0), (2, 0), (2, 1))
    assert [(leg.kind, leg.cells, leg.cost, leg.fall, leg.risk) for leg in got.legs] == [
        ("jump", ((1, 0), (2, 0)), 2, 1, 1),
        ("step", ((2, 1),), 1, 0, 0),
    ]


def test_path_to_answers_one_cell_or_none():
    hmap = line(2, 0, 0)
    found = path_to(hmap, (0, 0), 2, (2, 0))
    assert found is not None and (found.risk, found.cost) == (1, 2)
    assert path_to(hmap, (0, 0), 1, (2, 0)) is None


def test_as_dict_is_the_json_of_laminim_reach():
    got = reachable(line(0, 0), (0, 0), 1)[(1, 0)]
    assert got.as_dict() == {"x": 1, "y": 0, "risk": 0, "cost": 1, "path": [[0, 0], [1, 0]]}


@pytest.mark.parametrize(
    ("start", "move", "risk", "message"),
    [
        ((5, 0), 3, 0, "off the"),
        ((1, 0), 3, 0, "is a pit"),
        ((0, 0), -1, 0, "movement must be"),
        ((0, 0), 3, -1, "risk must be"),
    ],
)
def test_bad_requests_are_refused_with_a_reason(start, move, risk, message):
    with pytest.raises(ValueError, match=message):
        reach(line(0, __), start, move, risk)


def test_a_job_over_budget_is_refused_not_left_running():
    hmap = HeightMap.from_rows([[0] * 100] * 100)
    assert planner_work(hmap, 100) > MAX_WORK
    with pytest.raises(ReachTooLarge, match="budget"):
        reach(hmap, (0, 0), 100)
    assert planner_work(HeightMap.from_rows([[0] * 30] * 30), 12) < MAX_WORK // 10
