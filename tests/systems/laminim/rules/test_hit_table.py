"""docs/rules.md §1.2: hit bonus, hit probability and the misfire overwrite, with the seed's
examples."""

from __future__ import annotations

from fractions import Fraction

import pytest

from builder.systems.laminim.rules import Obstruction, hit_bonus, hit_probability, hit_table


def layout(table) -> list[str]:
    return [o.outcome if o.obstruction is None else f"ob{o.obstruction}" for o in table]


@pytest.mark.parametrize(
    ("bonus", "p"),
    [(-1, 0), (0, Fraction(1, 6)), (2, Fraction(1, 2)), (4, Fraction(5, 6)), (5, 1), (9, 1)],
)
def test_hit_probability_is_min_6_of_1_plus_bonus_over_6(bonus, p):
    assert hit_probability(bonus) == p


def test_default_table_only_face_6_succeeds():
    assert layout(hit_table(0)) == ["miss"] * 5 + ["target"]


def test_bonus_widens_success_downward():
    assert layout(hit_table(2)) == ["miss"] * 3 + ["target"] * 3


def test_hit_table_seed_example():
    """処理2 例: 6〜2 success; friendly unit on the centre line, friendly missile, enemy missile."""
    blockers = [
        Obstruction("friendly unit", on_centre_line=True),
        Obstruction("friendly missile", on_centre_line=False),
        Obstruction("enemy missile", on_centre_line=False),
    ]
    table = hit_table(4, blockers)
    assert [o.face for o in table] == [1, 2, 3, 4, 5, 6]
    assert layout(table) == ["ob0", "ob0", "ob1", "ob2", "target", "target"]


@pytest.mark.parametrize("bonus", [3, 4])
def test_seed_two_blockers_example(bonus):
    """誤射判定: two blockers give 1 near, 2 far, 3-6 success; far on the centre line: 2-3 far."""
    near, far = Obstruction("near", False), Obstruction("far", False)
    assert layout(hit_table(bonus, [near, far])) == ["ob0", "ob1"] + ["target"] * 4
    far_on_line = Obstruction("far", True)
    assert layout(hit_table(bonus, [near, far_on_line])) == ["ob0", "ob1", "ob1"] + ["target"] * 3


def test_face_6_not_protected_from_overwrite():
    blockers = [Obstruction(str(i), True) for i in range(3)]
    assert layout(hit_table(5, blockers)) == ["ob0", "ob0", "ob1", "ob1", "ob2", "ob2"]
    more = [Obstruction(str(i), False) for i in range(8)]
    assert layout(hit_table(5, more)) == [f"ob{i}" for i in range(6)]


def test_overwrite_can_eat_misses_first():
    assert layout(hit_table(0, [Obstruction("a", False)])) == ["ob0"] + ["miss"] * 4 + ["target"]


def test_d3_attacker_at_high_speed_gets_no_aim_bonus():
    """The seed's 処理1 example says "high speed +1"; D3: a zuzzer token removes the aim bonus."""
    bonus = hit_bonus(
        attacker_zuzzer=True, target_zuzzer=False, single_weapon=True, rear=False, downed=False
    )
    assert bonus == 3  # not the seed's 4 (its table "6〜2")
    assert layout(hit_table(bonus)) == ["miss", "miss"] + ["target"] * 4
    assert hit_probability(bonus) == Fraction(4, 6)


@pytest.mark.parametrize(
    ("flags", "bonus"),
    [
        ((False, False, False, False, False), 2),
        ((True, True, False, False, False), 0),
        ((False, True, False, False, False), 1),
        ((False, False, True, True, True), 6),
    ],
)
def test_hit_bonus_adds_aim_single_rear_downed(flags, bonus):
    assert hit_bonus(*flags) == bonus
