"""The worked examples of seed 003 (高低差と落下, 移動経路と処理の例), as the planner sees them."""

from __future__ import annotations

from builder.systems.kuroganen.rules import (
    COLLISION_RISK,
    fall_risk,
    pushed_fall_risk,
    stomp,
)

from .helpers import __, line, reachable, risk_cost


def test_seed_climb_3_then_5_movement():
    # 例1: move to 1, then climb 2 -> 3: three movement; the next one-level step makes five.
    hmap = line(2, 0, 0, 1, 2)
    got = risk_cost(hmap, (1, 0), 5)
    assert got[(3, 0)] == (0, 3)
    assert got[(4, 0)] == (0, 5)
    assert (4, 0) not in risk_cost(hmap, (1, 0), 4)
    assert reachable(hmap, (1, 0), 5)[(4, 0)].path == ((1, 0), (2, 0), (3, 0), (4, 0))


def test_seed_two_level_step_cannot_be_climbed():
    # 例1: the two-level step on the left cannot be climbed however much movement is left.
    assert (0, 0) not in risk_cost(line(2, 0, 0, 0), (1, 0), 12)
    assert risk_cost(line(2, 0), (1, 0), 12) == {(1, 0): (0, 0)}
    # With 例1's stair on the right, a jump back from the first stair climbs it (例5's trick):
    # up the stair (3), then jump left at height 1 over two cells and climb the wall (4).
    got = reachable(line(2, 0, 0, 1, 2), (1, 0), 12)[(0, 0)]
    assert (got.risk, got.cost) == (0, 7)
    assert got.path == ((1, 0), (2, 0), (3, 0), (2, 0), (1, 0), (0, 0))
    assert got.legs[-1].kind == "jump"


def test_seed_jump_ending_in_two_level_fall_keeps_2_risk():
    # 例2: run along the top and drop two levels as the last thing: no movement left to digest.
    hmap = line(2, 2, 2, 0)
    got = reachable(hmap, (0, 0), 3)
    assert (got[(3, 0)].risk, got[(3, 0)].cost) == (2, 3)
    assert got[(3, 0)].legs[-1].fall == 2
    # the jump itself, 4 -> 6 in the picture: two cells at height 2, then the fall
    jump_only = line(2, __, 2, 0)
    assert risk_cost(jump_only, (0, 0), 3)[(3, 0)] == (2, 3)


def test_seed_jump_over_a_ditch():
    # 例3: a ditch (here a pit) or a unit in the way is jumped over.
    assert risk_cost(line(0, __, 0), (0, 0), 2)[(2, 0)] == (0, 2)
    assert risk_cost(line(0, 0, 0, units=[(1, 0)]), (0, 0), 2)[(2, 0)] == (0, 2)
    # a trench two levels down: walking in and out is impossible, jumping over is free of risk
    trench = line(2, 0, 2)
    got = risk_cost(trench, (0, 0), 4)
    assert got[(2, 0)] == (0, 2)


def test_seed_stomp_plus_1_fall_then_2_collision_each():
    # 例4: move over the unit -> fall (+1) -> collision (+2 each) -> placed aside, no digestion:
    # the stomper ends with 3, the stomped unit takes 2.
    hmap = line(1, 1, 0, 0, units=[(2, 0)])
    result = stomp(hmap, (0, 0), (2, 0))
    assert (result.fall, result.risk, result.victim_risk) == (1, 3, 2)
    assert result.placements == ((1, 0), (3, 0))
    assert result.cost == 2


def test_seed_climb_during_a_jump():
    # 例5: a wall two levels above the ground, reached by jumping from a one-level ledge and
    # climbing during the jump.
    hmap = line(1, 0, 2)
    got = reachable(hmap, (0, 0), 3)
    assert (got[(2, 0)].risk, got[(2, 0)].cost) == (0, 3)
    assert [leg.kind for leg in got[(2, 0)].legs] == ["jump"]
    assert (2, 0) not in risk_cost(hmap, (0, 0), 2)
    # without the ledge the wall cannot be climbed at all
    assert (2, 0) not in risk_cost(line(0, 0, 2), (0, 0), 12)


def test_seed_push_fall_onto_a_unit_is_5_risk():
    # 例6: pushed (+2), falls one level (+1), lands on another unit (+2) = 5.
    assert fall_risk(1, forced=True) + COLLISION_RISK == 5
    assert pushed_fall_risk(1, onto_unit=True) == 5
    assert pushed_fall_risk(1) == 3
    assert pushed_fall_risk(0.5) == 0
