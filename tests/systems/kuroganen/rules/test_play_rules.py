"""D24: the kuroganen battle record's rules core — moves along a path or to a cell under
D16–D18, falls, collisions with placement, pushes, the players' risk calls (docs/rules.md §4).

Every expected number is worked out by hand from the rules, in the comment beside it; the
path reading is checked against the planner (the least risk along the planner's own path is
the planner's figure)."""

from __future__ import annotations

import random

import pytest

from builder.systems.kuroganen.rules import HeightMap, reach
from builder.systems.kuroganen.rules.play import (
    Field,
    Mover,
    PlayRefusal,
    end_round,
    move_along,
    move_to,
    push,
    set_risk,
)

__ = None


def field(rows, *cells, move=6):
    levels = tuple(tuple(None if v is None else float(v) for v in row) for row in rows)
    movers = tuple(Mover.placed(i + 1, 1, f"U{i + 1}", c, move) for i, c in enumerate(cells))
    return Field(levels, movers, ("A", "B"))


def refused(call, *args, **kw) -> PlayRefusal:
    with pytest.raises(PlayRefusal) as exc:
        call(*args, **kw)
    return exc.value


def test_d24_walking_down_mid_move_digests_the_fall():
    # 2 -> 0 is a fall of 2 (risk 2); the two steps after it spend 2 movement: 2 - 2 = 0
    f = field([[2, 0, 0, 0]], (0, 0))
    after, report = move_along(f, 1, [(1, 0), (2, 0), (3, 0)], 3)
    assert after.mover(1).cell == (3, 0) and after.mover(1).risk == 0
    assert report.cost == 3 and report.risk == 0


def test_d24_a_fall_at_the_end_of_the_move_keeps_its_risk():
    # seed 例2: along the top, then down two levels as the last thing: risk 2
    f = field([[2, 2, 2, 0]], (0, 0))
    after, report = move_along(f, 1, [(1, 0), (2, 0), (3, 0)], 3)
    assert after.mover(1).risk == 2 and report.legs[-1].fall == 2


def test_d24_the_path_is_read_the_least_risk_way_a_jump_where_it_helps():
    # 0, 2, 0: walking cannot climb the 2; a jump would need height. From a 2: 2, 0, 2 — the
    # trench is jumped (two cells, lands on the 2 with no fall): risk 0 rather than a fall into it
    f = field([[2, 0, 2]], (0, 0))
    after, report = move_along(f, 1, [(1, 0), (2, 0)], 4)
    assert after.mover(1).risk == 0 and report.cost == 2
    assert [leg.kind for leg in report.legs] == ["jump"]


def test_d24_carried_risk_digests_with_the_movement_spent():
    # risk 3 carried; three steps on level ground spend 3: risk 0; a climb costs 2 and digests 2
    f = field([[0, 0, 0, 1]], (0, 0))
    f = set_risk(f, 1, 3)
    after, _ = move_along(f, 1, [(1, 0), (2, 0)], 2)
    assert after.mover(1).risk == 1
    after, _ = move_along(f, 1, [(1, 0), (2, 0), (3, 0)], 4)
    assert after.mover(1).risk == 0


def test_d24_landing_on_a_unit_is_a_collision_and_the_faller_is_placed_nearest():
    # seed 例4: a jump from level 1 over two cells onto a unit at 0: fall 1, collision 2 each;
    # the faller ends with 3, the unit landed on with 2; placed on the one nearest free cell
    # (walking down first and jumping the last two at level 0 would digest the fall: 2, not 3;
    # the pit leaves only the jump from the ledge)
    f = field([[1, __, 0, 0], [__, __, __, __]], (0, 0), (3, 0))
    after, report = move_along(f, 1, [(1, 0), (2, 0), (3, 0)], 3)
    assert report.collision is not None and report.collision.victim == 2
    assert after.mover(1).risk == 3 and after.mover(2).risk == 2
    # the one free cell nearest (3,0) is (2,0): the faller is placed there, no digestion
    assert report.collision.choices == ((2, 0),) and after.mover(1).cell == (2, 0)


def test_d24_several_nearest_cells_need_the_players_choice():
    f = field([[1, 0, 0], [0, 0, 0]], (0, 0), (2, 0))
    why = refused(move_along, f, 1, [(1, 0), (2, 0)], 2)
    assert why.key == "place-choose" and why.at == ("place",)
    after, _ = move_along(f, 1, [(1, 0), (2, 0)], 2, place=(2, 1))
    assert after.mover(1).cell == (2, 1)
    why = refused(move_along, f, 1, [(1, 0), (2, 0)], 2, place=(0, 1))
    assert why.key == "place-not-nearest"


def test_d24_move_to_a_cell_is_the_planners_least_risk_path():
    rows = [[2, 2, 2, 0, 0, 1], [2, 1.5, 0, __, 0, 1], [1, 0.5, 0, 0, 0, 0]]
    f = field(rows, (0, 0), (5, 2))
    hmap = f.height_map(without=1)
    for cell in reach(hmap, (0, 0), 4, 1):
        if cell.at == (0, 0):
            continue
        g = set_risk(f, 1, 1)
        after, report = move_to(g, 1, cell.at, 4)
        assert (after.mover(1).risk, report.cost) == (cell.risk, cell.cost), cell.at
        assert report.path == cell.path


def test_d24_the_least_risk_reading_of_a_planner_path_is_the_planners_figure_at_random():
    rng = random.Random(24)
    for _ in range(60):
        rows = [[rng.choice([0, 0, 0.5, 1, 1.5, 2, None]) for _ in range(5)] for _ in range(4)]
        start = (rng.randrange(5), rng.randrange(4))
        if rows[start[1]][start[0]] is None:
            continue
        f = set_risk(field(rows, start), 1, rng.randrange(3))
        for cell in reach(HeightMap.from_rows(rows), start, 5, f.mover(1).risk):
            if cell.at == start:
                continue
            after, report = move_along(f, 1, cell.path, 5)
            assert (after.mover(1).risk, report.cost) == (cell.risk, cell.cost)


def test_d24_refusals_name_the_cell_and_why():
    f = field([[0, __, 0, 2, 0, 0]], (0, 0), (5, 0))
    assert refused(move_along, f, 1, [(1, 0)], 3).key == "path-pit"
    assert refused(move_along, f, 1, [(0, 0), (2, 0)], 3).at == ("path", 1)
    assert refused(move_along, f, 1, [(0, 0), (2, 0)], 3).key == "path-not-next"
    assert refused(move_along, f, 1, [(1, 0), (2, 0), (3, 0)], 4).key == "path-too-high"
    assert refused(move_along, f, 1, [(1, 0), (2, 0), (3, 0)], 4).at == ("path", 2)
    assert refused(move_along, f, 1, [(9, 0)], 3).key == "path-off-map"
    assert refused(move_along, f, 1, [(1, 0), (2, 0)], 1).key == "path-too-long"
    assert refused(move_along, f, 1, [], 1).key == "path-empty"
    assert refused(move_to, f, 1, (4, 0), 9).key == "to-unreachable"
    assert refused(move_to, f, 1, (1, 0), 9).key == "to-pit"


def test_d24_a_refused_move_changes_nothing():
    f = field([[0, __, 0]], (0, 0))
    refused(move_along, f, 1, [(1, 0)], 3)
    assert f.mover(1).cell == (0, 0) and f.mover(1).risk == 0


def test_seed_push_off_a_ledge_onto_a_unit_is_five_risk():
    # seed 例6: pushed (+2), one level down (+1), onto another unit (+2): 5; the other takes 2
    f = field([[1, 0, 0]], (0, 0), (1, 0))
    assert refused(push, f, 1, (1, 0)).key == "place-choose"  # (0,0) and (2,0) tie
    after, report = push(f, 1, (1, 0), place=(2, 0))
    assert after.mover(1).risk == 5 and after.mover(2).risk == 2
    assert report.forced and report.collision is not None
    assert after.mover(1).cell == (2, 0)


def test_d24_a_push_without_a_fall_adds_nothing_and_digests_nothing():
    f = set_risk(field([[0, 0, 0]], (0, 0)), 1, 2)
    after, _ = push(f, 1, (2, 0))
    assert after.mover(1).risk == 2 and after.mover(1).cell == (2, 0)


def test_d24_a_push_never_climbs():
    f = field([[0, 1, 0]], (0, 0))
    assert refused(push, f, 1, (2, 0)).key == "push-wall"


def test_d24_the_players_set_the_risk_and_rounds_count():
    f = field([[0]], (0, 0))
    assert set_risk(f, 1, 4).mover(1).risk == 4
    assert end_round(f).round == 2
    assert end_round(f).restarted().round == 1


def test_d24_a_die_picks_among_equally_near_cells_when_none_is_named():
    f = field([[1, 0, 0], [0, 0, 0]], (0, 0), (2, 0))
    rolled = []

    def die(n: int) -> int:
        rolled.append(n)
        return 2

    after, report = move_along(f, 1, [(1, 0), (2, 0)], 2, pick=die)
    # nearest free to (2,0): (1,0) and (2,1) (the mover's own (0,0) is 2 away); die 2: (2,1)
    assert rolled == [2] and after.mover(1).cell == (2, 1)
    assert report.collision is not None and report.collision.rolled == 2
    after, report = move_along(f, 1, [(1, 0), (2, 0)], 2, place=(1, 0), pick=die)
    assert after.mover(1).cell == (1, 0) and rolled == [2]  # a named cell rolls nothing
