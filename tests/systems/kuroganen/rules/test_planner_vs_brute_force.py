"""The planner against an exhaustive search on random small maps, cell by cell."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from builder.systems.kuroganen.rules import HeightMap, reach

from .brute_force import brute_force_reach, replay

LEVELS = [0, 0, 0, 0.5, 0.5, 1, 1, 1.5, 2, 2.5, 3, None]


def random_case(rng: random.Random):
    width, height = rng.randint(1, 5), rng.randint(1, 5)
    levels = [[rng.choice(LEVELS) for _ in range(width)] for _ in range(height)]
    floors = [(x, y) for y in range(height) for x in range(width) if levels[y][x] is not None]
    if not floors:
        levels[0][0] = 0
        floors = [(0, 0)]
    start = rng.choice(floors)
    others = [p for p in floors if p != start]
    units = set(rng.sample(others, min(len(others), rng.randint(0, 3))))
    if rng.random() < 0.3:
        units.add(start)  # the mover listed on the map
    return levels, units, start, rng.randint(0, 6), rng.choice([0, 0, 1, 2, 4])


def check(levels, units, start, move, risk):
    hmap = HeightMap.from_rows(levels, units)
    found = reach(hmap, start, move, risk)
    expected = brute_force_reach(levels, units, start, move, risk)
    assert {r.at: (r.risk, r.cost) for r in found} == expected
    for r in found:
        legs = [(leg.kind, leg.cells) for leg in r.legs]
        assert replay(levels, units, start, legs, risk) == (r.risk, r.cost)
        assert r.path[0] == start and r.path[-1] == r.at


@pytest.mark.parametrize("seed", range(400))
def test_planner_agrees_with_brute_force_on_random_maps(seed):
    check(*random_case(random.Random(seed)))


def test_planner_agrees_on_a_hand_made_5x5_with_everything():
    levels = [
        [2, 2, None, 0, 1],
        [2, 1.5, None, 0.5, 2],
        [0, 1, 0, None, 3],
        [0, None, 0, 0, 1.5],
        [3, 2, 1, 0.5, 0],
    ]
    for start in [(0, 0), (1, 1), (2, 2), (4, 4)]:
        check(levels, {(3, 3), (0, 2)}, start, 6, 1)


level_st = st.one_of(st.none(), st.integers(0, 6).map(lambda n: n / 2))


@st.composite
def cases(draw):
    width, height = draw(st.integers(1, 4)), draw(st.integers(1, 4))
    levels = [[draw(level_st) for _ in range(width)] for _ in range(height)]
    start = (draw(st.integers(0, width - 1)), draw(st.integers(0, height - 1)))
    if levels[start[1]][start[0]] is None:
        levels[start[1]][start[0]] = draw(st.integers(0, 6).map(lambda n: n / 2))
    units = {
        (x, y)
        for y in range(height)
        for x in range(width)
        if levels[y][x] is not None and draw(st.integers(0, 5)) == 0
    }
    return levels, units, start, draw(st.integers(0, 6)), draw(st.integers(0, 4))


@settings(max_examples=150, deadline=None)
@given(cases())
def test_property_planner_matches_brute_force(case):
    check(*case)


@settings(max_examples=100, deadline=None)
@given(cases())
def test_property_more_movement_never_hurts(case):
    levels, units, start, move, risk = case
    hmap = HeightMap.from_rows(levels, units)
    less = {r.at: r.risk for r in reach(hmap, start, move, risk)}
    more = {r.at: r.risk for r in reach(hmap, start, move + 1, risk)}
    assert set(less) <= set(more)
    assert all(more[p] <= less[p] for p in less)
    lower = {r.at: r.risk for r in reach(hmap, start, move, risk + 1)}
    assert set(lower) == set(less)
    assert all(less[p] <= lower[p] <= less[p] + 1 for p in less)
