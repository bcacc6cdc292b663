"""Ties as documented (docs/balance.md "Ties"): figures within 1e-9 are equal in every output
(the ranking of ``optimize``, its Pareto front, the balance report's fronts, dominance, niches
and marginal values, the shown differences), never split by a rounding grid. Every test puts
figures 1e-10 apart, most of them straddling a multiple of 1e-9 (where a 1e-9 grid would split
them)."""

from __future__ import annotations

import itertools
from dataclasses import replace

import pytest

from builder.systems.laminim.rules.balance import ThreatScores, balance
from builder.systems.laminim.rules.optimize import (
    RANKS,
    ScoredLoadout,
    finish,
    pareto_front,
    ranked,
)
from builder.systems.laminim.rules.ties import TIE, path, same
from tests.systems.laminim import tie_rule

GRID = 0.5 + 5e-10  # a 1e-9 grid line: x - 5e-11 and x + 5e-11 round to different buckets
NEAR = 1e-10


def row(frame="f", weapons=("a", None, None), payload=1, **figures) -> ScoredLoadout:
    base = {"alive": 0.5, "expected_remaining": 10.0, "damage_all": 5.0, "delivered": 20.0}
    base.update(figures)
    return ScoredLoadout(
        frame,
        weapons,  # type: ignore[arg-type]
        payload,
        base["alive"],
        base["expected_remaining"],
        base["damage_all"],
        base["delivered"],
    )


FIELD = {"delivered": "delivered", "alive": "alive", "remaining": "expected_remaining"}
FIELD["damage"] = "damage_all"


@pytest.mark.parametrize("rank", [r for r in RANKS if r != "payload"])
def test_a_ranked_figure_1e_10_apart_falls_through_to_the_next(rank):
    field = FIELD[rank]
    high = row(weapons=("a", None, None), **{field: GRID + NEAR / 2})
    low = row(weapons=("b", None, None), **{field: GRID - NEAR / 2})
    # the next figure in the order decides: make the "lower" one better there
    nxt = tie_rule.figure_order(rank)[1]
    low = replace(low, **{nxt: getattr(low, nxt) + 1.0})
    assert [s.weapons[0] for s in ranked([high, low], rank)] == ["b", "a"]
    assert [s.weapons[0] for s in ranked([low, high], rank)] == ["b", "a"]


def test_payload_ranks_lightest_first_then_figures_by_the_rule():
    light = row(weapons=("a", None, None), payload=1, delivered=1.0)
    heavy = row(weapons=("b", None, None), payload=2, delivered=100.0)
    twin = row(weapons=("c", None, None), payload=1, delivered=1.0 + NEAR, alive=0.9)
    got = [s.weapons[0] for s in ranked([heavy, light, twin], "payload")]
    assert got == ["c", "a", "b"]


def test_all_figures_1e_10_apart_tie_to_the_payload_then_the_names():
    a = row(weapons=("a", None, None), payload=2)
    b = row(
        weapons=("b", None, None),
        payload=2,
        alive=0.5 + NEAR,
        expected_remaining=10.0 + NEAR,
        damage_all=5.0 + NEAR,
        delivered=20.0 + NEAR,
    )
    c = replace(a, weapons=("c", None, None), payload=1)
    assert [s.weapons[0] for s in ranked([b, a, c])] == ["c", "a", "b"]


def test_a_front_keeps_both_of_two_loadouts_1e_10_apart():
    a = row(weapons=("a", None, None), alive=GRID - NEAR / 2)
    b = row(weapons=("b", None, None), alive=GRID + NEAR / 2)
    assert pareto_front([a, b]) == [True, True]
    # better by 1e-10 on one figure and worse by a real amount on another: both stay
    c = row(weapons=("c", None, None), delivered=20.0 + NEAR, expected_remaining=9.0)
    assert pareto_front([a, c]) == [True, False]  # a: equal delivered, more remaining
    d = row(weapons=("d", None, None), delivered=20.0 + 2 * TIE)  # really better: dominates
    assert pareto_front([a, d]) == [False, True]


def test_a_chain_of_near_values_is_ranked_with_every_neighbour_in_order():
    """0, 0.6e-9, 1.2e-9 …: each pair of neighbours ties, the ends do not; the ranking is
    still an order in which every row comes before the next by the rule."""
    rows = [
        row(weapons=(f"w{i}", None, None), delivered=i * 0.6e-9, alive=1.0 - i * 0.1)
        for i in range(8)
    ]
    for rank in RANKS:
        got = ranked(rows, rank)
        assert tie_rule.adjacent_against_the_rule(got, rank) == 0, rank
        assert sorted(map(id, got)) == sorted(map(id, rows))
    flags = pareto_front(rows)
    assert flags == tie_rule.front(rows)


def test_path_orders_any_tournament():
    """A cycle (rock, paper, scissors) still gets an order whose neighbours agree."""
    beats = {("rock", "scissors"), ("scissors", "paper"), ("paper", "rock")}
    got = path(["rock", "paper", "scissors"], key=str, before=lambda a, b: (a, b) in beats)
    assert all((a, b) in beats for a, b in itertools.pairwise(got))


def test_optimize_result_marks_and_orders_by_the_rule():
    rows = [
        row(weapons=("a", None, None), delivered=GRID - NEAR / 2, alive=0.4),
        row(weapons=("b", None, None), delivered=GRID + NEAR / 2, alive=0.3),
        row(weapons=("c", None, None), delivered=GRID, alive=0.4 + NEAR),
    ]
    result = finish("t", 6, rows)
    assert [s.weapons[0] for s in result.loadouts] == ["a", "c", "b"]  # alive decides, a~c
    assert [s.pareto for s in result.loadouts] == [True, True, False]


def _scores(frames: dict[str, float]) -> list[ThreatScores]:
    """One threat; each frame one loadout with the shared figures shifted by its offset."""
    rows = [
        row(
            frame=f,
            weapons=("gun", None, None),
            alive=GRID + d,
            expected_remaining=10.0 + d,
            damage_all=5.0 + d,
            delivered=20.0 + d,
        )
        for f, d in frames.items()
    ]
    return [ThreatScores("t", tuple(finish("t", 6, rows).loadouts))]


def test_balance_fronts_dominance_and_niches_treat_1e_10_as_equal():
    b = balance(_scores({"a": -NEAR / 2, "b": NEAR / 2}), ["a", "b"], ["gun", "pad"], 6)
    assert all(c.on_catalog_front and not c.dominated_by for c in b.cells)
    assert [f.niche for f in b.frame_rows] == [("t",), ("t",)]
    assert not any(f.dominated_everywhere for f in b.frame_rows)
    # one real step (2e-9) is a difference: b dominates a
    b = balance(_scores({"a": 0.0, "b": 2 * TIE}), ["a", "b"], ["gun", "pad"], 6)
    assert b.cell("a", "t").dominated_by == ("b",) and not b.cell("a", "t").on_catalog_front


def test_marginal_values_1e_10_apart_are_shown_as_no_difference():
    from builder.systems.laminim.balance_text import signed

    with_it = row(weapons=("gun", None, None), alive=GRID + NEAR / 2, delivered=20.0 + NEAR)
    without = row(weapons=("pad", None, None), alive=GRID - NEAR / 2, delivered=20.0)
    scores = [ThreatScores("t", tuple(finish("t", 6, [with_it, without]).loadouts))]
    b = balance(scores, ["f"], ["gun", "pad"], 6)
    (m,) = b.weapon_rows[0].marginals
    delta = m.delta()
    assert delta is not None and all(same(d, 0.0) for d in delta)
    assert signed(delta[0], pct=True) == "±0.0pt" and signed(delta[3]) == "±0.00"
    # both loadouts tie on every figure: both on the front, the weapon "on a front"
    assert b.weapon_rows[0].fronts == b.weapon_rows[1].fronts == 1
