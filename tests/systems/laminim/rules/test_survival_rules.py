"""docs/rules.md §1.5 and §1.8 (D4-D7) on small units whose answers can be worked by hand."""

from __future__ import annotations

import itertools

import pytest

from builder.systems.laminim.rules import Guard, WeaponSpec, survival
from systems.laminim.rules.conftest import GATLING, MISSILE, RIFLE, threat, unit


def gun(durability: int, power: int = 1, ammo: int | None = None, apa: int = 1) -> WeaponSpec:
    return WeaponSpec("gun", "normal", durability, power, 2, ammo, apa)


def salvo(power: int, count: int = 1) -> WeaponSpec:
    return WeaponSpec("salvo", "missile", 10, power, count, 6, 1)


def shield(durability: int, reduction: int) -> WeaponSpec:
    return WeaponSpec("shield", "special", durability, 0, 0, None, 0, Guard((1,), reduction))


def test_d4_shield_takes_face_1_hits_reduced():
    # a power-1 missile on a reduction-1 shield does nothing; the frame only gets faces 2-3
    result = survival(unit(100, shield(1, 1)), threat("t", (salvo(1, 6), 0)), rounds=1)
    r = result.rounds[0]
    assert r.slot_destroyed[0] == 0.0
    assert r.expected_remaining == pytest.approx(101 - 6 * (2 / 6) * 1)


def test_d4_shield_at_zero_still_guards_until_end_of_round():
    # two power-5 missiles; the first on face 1 or 4 breaks the shield, which still takes face 1
    r = survival(unit(100, shield(1, 0)), threat("t", (salvo(5, 2), 0)), rounds=1).rounds[0]
    frame_damage = 2 * (2 / 6) * 5  # faces 2-3 only, never face 1
    p_shield_kept = (4 / 6) ** 2
    assert r.expected_remaining == pytest.approx(100 - frame_damage + p_shield_kept * 1)
    assert r.slot_destroyed[0] == pytest.approx(1 - p_shield_kept)


def test_d5_cook_off_dice_equal_remaining_ammo():
    # ammo 6 at 2 per attack: 6 dice (not 3 attacks' worth), full ammo (the target never fires)
    weapon = WeaponSpec("ac", "normal", 1, 1, 3, 6, 2)
    r = survival(unit(50, weapon), threat("t", (salvo(5), 0)), rounds=1).rounds[0]
    assert r.cook_off == pytest.approx((1 / 6) * (1 - (5 / 6) ** 6))


def test_weapon_without_ammo_never_cooks_off():
    r = survival(unit(50, gun(1)), threat("t", (salvo(5, 3), 0)), rounds=2).rounds[-1]
    assert r.cook_off == 0.0


def test_cook_off_chains_into_next_weapon():
    a = WeaponSpec("a", "normal", 1, 50, 1, 6, 1)
    b = WeaponSpec("b", "normal", 1, 50, 1, 6, 1)
    r = survival(unit(1000, a, b), threat("t", (salvo(1), 0)), rounds=1).rounds[0]
    # direct hit on slot 2, or slot 1 hit and one of its 6 dice shows 1 then face 5
    assert r.slot_destroyed[1] == pytest.approx(1 / 6 + (1 / 6) * (1 - (35 / 36) ** 6))


def test_cook_off_wave_lands_before_anything_breaks():
    # slot 1 cooks off; its dice hitting slot 2 at 0 still land on slot 2 (valid face), never on
    # an already destroyed part. Frame damage from cook-off = 6 dice * 1/6 * 3/6 * power.
    a = WeaponSpec("a", "normal", 1, 7, 1, 6, 1)
    r = survival(unit(1000, a), threat("t", (salvo(1), 0)), rounds=1).rounds[0]
    frame_damage = 1 * 3 / 6 + (1 / 6) * 6 * (1 / 6) * (3 / 6) * 7
    assert r.expected_remaining == pytest.approx(1000 - frame_damage + (5 / 6) * 1)


def test_part_at_zero_stays_valid_face_within_round():
    # both missiles may hit the same slot: the second is spent on the part at 0 (still a valid
    # face), it does not pass to the frame or vanish as if the face were invalid at once.
    r = survival(unit(100, gun(1)), threat("t", (salvo(3, 2), 0)), rounds=1).rounds[0]
    assert r.slot_destroyed[0] == pytest.approx(1 - (5 / 6) ** 2)
    assert r.expected_remaining == pytest.approx(100 - 2 * (3 / 6) * 3 + (5 / 6) ** 2)


def test_destroyed_part_is_an_invalid_face_next_round():
    r = survival(unit(100, gun(1)), threat("t", (salvo(3), 0)), rounds=2).rounds[1]
    p_slot = 1 - (5 / 6) ** 2
    assert r.slot_destroyed[0] == pytest.approx(p_slot)
    assert r.expected_remaining == pytest.approx(100 - 2 * (3 / 6) * 3 + (1 - p_slot))


def test_d6_remaining_counts_intact_parts():
    # a power-8 hit on a durability-5 slot destroys it: it counts 0, never -3
    r = survival(unit(10, gun(5)), threat("t", (salvo(8), 0)), rounds=1).rounds[0]
    assert r.expected_remaining == pytest.approx(3 / 6 * (2 + 5) + 1 / 6 * 10 + 2 / 6 * 15)


def test_destroyed_unit_counts_every_slot_destroyed():
    r = survival(unit(1, gun(100)), threat("t", (salvo(1), 0)), rounds=1).rounds[0]
    assert r.alive == pytest.approx(0.5)
    assert r.slot_destroyed == (pytest.approx(0.5), None, None)
    assert r.expected_remaining == pytest.approx((100 + 2 * 101) / 6)


def test_frame_at_zero_is_destroyed_only_at_end_of_round():
    # two dice on a 1-point frame: the round still resolves both against the same silhouette
    r = survival(unit(1, gun(3)), threat("t", (salvo(2, 2), 0)), rounds=1).rounds[0]
    assert r.alive == pytest.approx(0.25)
    # alive means both dice missed the frame; the slot (3) then needs both on face 4 (2 + 2)
    assert r.slot_destroyed[0] == pytest.approx(0.75 + 0.25 * (1 / 3) ** 2)


def test_outputs_are_monotone_over_rounds(bastion_barrage, skirmish):
    rounds = survival(bastion_barrage, skirmish).rounds
    assert [r.round for r in rounds] == [1, 2, 3, 4, 5, 6]
    for before, after in itertools.pairwise(rounds):
        assert after.alive <= before.alive + 1e-12
        assert after.cook_off >= before.cook_off - 1e-12
        assert after.expected_remaining <= before.expected_remaining + 1e-9
        for b, a in zip(before.slot_destroyed, after.slot_destroyed, strict=True):
            assert a >= b - 1e-12
    for r in rounds:
        assert all(s >= 1 - r.alive - 1e-12 for s in r.slot_destroyed)


def test_empty_slots_report_none(striker_shield):
    small = unit("striker", RIFLE)
    r = survival(small, threat("t", (GATLING, 2)), rounds=1).rounds[0]
    assert r.slot_destroyed[1:] == (None, None)


def test_no_threat_means_nothing_happens():
    r = survival(unit("bastion", GATLING, MISSILE), threat("none"), rounds=2).rounds[-1]
    assert (r.alive, r.cook_off, r.slot_destroyed) == (1.0, 0.0, (0.0, 0.0, None))
    assert r.expected_remaining == 40 + 14 + 10


def test_d8_weapon_destroyed_with_the_frame_still_cooks_off():
    # three power-5 missiles on frame 1 + a 1-durability weapon with 6 ammo: the weapon breaks
    # when any missile shows face 4, whether or not another one killed the frame in the same
    # wave; its 6 dice count for the cook-off figure all the same (D8), and the unit is gone.
    a = WeaponSpec("a", "normal", 1, 50, 1, 6, 1)
    r = survival(unit(1, a), threat("t", (salvo(5, 3), 0)), rounds=1).rounds[0]
    p_weapon_hit = 1 - (5 / 6) ** 3
    assert r.cook_off == pytest.approx(p_weapon_hit * (1 - (5 / 6) ** 6))
    # alive: no missile on faces 1-3, and no cook-off die of a broken weapon on faces 1-3
    no_weapon_hit = (2 / 3) ** 3  # given faces 4-6 only
    survives_cook_off = (1 - (1 / 6) * (3 / 6)) ** 6
    expected_alive = (1 / 2) ** 3 * (no_weapon_hit + (1 - no_weapon_hit) * survives_cook_off)
    assert r.alive == pytest.approx(expected_alive)
