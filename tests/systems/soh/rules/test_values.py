"""docs/rules.md §3 / D14: hit value, evasion value and durability from character and gear."""

from __future__ import annotations

from builder.systems.soh.rules import (
    CharacterStats,
    Protection,
    WeaponStats,
    durability,
    evasion_value,
    hit_value,
)

PILOT = CharacterStats(
    intellect=4,
    agility=5,
    dexterity=6,
    strength=3,
    size=2,
    ap=3,
    skills={"guns": 2, "melee": 1, "evasion": 2, "piloting": 3, "powered-suit": 1},
)
PISTOL = WeaponStats(skill="guns", category="gun", size=1, type="B", damage=8)
KNIFE = WeaponStats(skill="melee", category="melee", size=0, type="A", damage=5)
ARMOUR = Protection(kind="armour", b_armour=2, a_armour=4, dexterity_mod=-1, agility_mod=-1)
SUIT = Protection(kind="powered-suit", b_armour=5, a_armour=6, agility_mod=-2, strength=8)
ROBOT = Protection(
    kind="giant-robot", b_armour=10, a_armour=12, dexterity_mod=1, strength=20, size=8
)


def test_hit_value_is_ability_minus_weapon_size_plus_skill():
    assert hit_value(PILOT, PISTOL) == 6 - 1 + 2


def test_guns_use_dexterity_with_the_armour_modifier():
    assert hit_value(PILOT, PISTOL, ARMOUR) == (6 - 1) - 1 + 2


def test_melee_uses_strength():
    assert hit_value(PILOT, KNIFE) == 3 - 0 + 1


def test_powered_suit_melee_uses_the_suits_strength():
    assert hit_value(PILOT, KNIFE, SUIT) == 8 - 0 + 1


def test_giant_robot_melee_uses_dexterity():
    assert hit_value(PILOT, KNIFE, ROBOT) == (6 + 1) - 0 + 1


def test_sniping_overrides_the_size_penalty():
    assert hit_value(PILOT, PISTOL, size_penalty=-2) == 6 + 2 + 2


def test_evasion_value_is_agility_minus_size_plus_evasion():
    assert evasion_value(PILOT) == 5 - 2 + 2


def test_evasion_in_a_powered_suit_uses_the_suit_skill():
    assert evasion_value(PILOT, SUIT) == (5 - 2) - 2 + 1


def test_evasion_in_a_vehicle_uses_piloting_and_its_size():
    assert evasion_value(PILOT, ROBOT) == 5 - 8 + 3


def test_seed_evasion_value_is_agility_minus_size_plus_evasion_skill_3():
    c = CharacterStats(intellect=0, agility=4, dexterity=0, strength=0, size=2, ap=2,
                       skills={"evasion": 1})  # fmt: skip
    assert evasion_value(c) == 3


def test_d14_b_armour_against_type_b():
    assert durability(PILOT, "B", ARMOUR) == 2 + 3


def test_d14_a_armour_against_type_a():
    assert durability(PILOT, "A", ARMOUR) == 4 + 3


def test_d14_suit_strength_replaces_the_wearers():
    assert durability(PILOT, "A", SUIT) == 6 + 8
    assert durability(PILOT, "B", ROBOT) == 10 + 20


def test_d14_durability_is_at_least_1():
    weak = CharacterStats(intellect=1, agility=1, dexterity=1, strength=-3, size=1, ap=2)
    assert durability(weak, "A") == 1


def test_missing_skill_counts_0():
    assert hit_value(CharacterStats(1, 1, 4, 1, 1, 2), PISTOL) == 4 - 1
