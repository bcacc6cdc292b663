"""docs/rules.md §3: AP normalisation (D15), initiative, evasion movement and the situational
bonuses."""

from __future__ import annotations

import pytest

from builder.systems.soh.rules import (
    Leader,
    evasion_movement,
    initiative,
    normalise_ap,
    packed_targets_bonus,
    sniping_rounds,
    sniping_size_penalty,
    transferred_dice,
)


def test_d15_raises_everyone_so_lowest_is_2():
    assert normalise_ap([2, 1, -1]) == [5, 4, 2]  # the seed's example


def test_d15_a_lowest_of_1_raises_everyone_by_1():
    assert normalise_ap([3, 1]) == [4, 2]


def test_d15_leaves_ap_above_1_alone():
    assert normalise_ap([2, 5, 3]) == [2, 5, 3]
    assert normalise_ap([]) == []


def test_two_evasion_ap_give_one_ap_of_movement():
    assert [evasion_movement(n) for n in range(6)] == [0, 0, 1, 1, 2, 2]


def test_initiative_goes_to_higher_tactical_ability():
    assert initiative(Leader(3, 2), Leader(4, 2)) == "enemy"


def test_initiative_ties_go_to_the_pcs():
    assert initiative(Leader(4, 1), Leader(3, 2)) == "pc"


def test_initiative_side_without_tactics_loses_however_clever():
    assert initiative(Leader(9, None), Leader(1, 0)) == "enemy"
    assert initiative(Leader(1, 0), Leader(9, None)) == "pc"


def test_packed_targets_2_4_8_give_1_2_3():
    assert [packed_targets_bonus(n) for n in (1, 2, 4, 8)] == [0, 1, 2, 3]


def test_packed_targets_in_between_count_the_last_doubling():
    assert [packed_targets_bonus(n) for n in (3, 5, 7, 9, 16)] == [1, 2, 2, 3, 4]
    with pytest.raises(ValueError):
        packed_targets_bonus(0)


def test_dice_transfer_two_ap_gives_two_more_dice():
    assert transferred_dice(1, 2) == 3  # the seed: 2 AP of drawing fire, A rolls 2 more dice
    assert transferred_dice(2, [1, 2]) == 5


def test_seed_colony_laser_2048_rounds_leaves_penalty_3():
    assert sniping_rounds(11) == 2048
    assert sniping_size_penalty(14, 2048) == 3
    assert sniping_size_penalty(14, 2047) == 4


def test_sniping_penalty_may_go_below_zero():
    assert sniping_size_penalty(1, 8) == -2
