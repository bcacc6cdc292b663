"""D22, the artifact battle record's rules core (artifact/rules/play.py): each rule the record
applies, tested on its own with the dice given face by face."""

from __future__ import annotations

from dataclasses import replace

import pytest

from builder.systems.artifact.rules import UnitStats, WeaponStats
from builder.systems.artifact.rules.play import (
    Fighter,
    PlayRefusal,
    Table,
    attack,
    declare,
    end_activation,
    end_round,
    initiative,
    land,
    launch,
    move,
)

GUN = WeaponStats("gun", range=10, attacks=4, to_hit_ms=3, to_hit_ship=5, damage=2)
MS = UnitStats("ms", "ms", move=12, hp=6, weapons=(GUN,), propellant=3)
SHIP = UnitStats("ship", "ship", move=10, hp=5, weapons=(GUN,), capacity=1)


class Faces:
    """The players' faces, by key, taken in order (as the record's dice are)."""

    def __init__(self, **faces: list[int]) -> None:
        self.faces = {k: list(v) for k, v in faces.items()}
        self.taken: dict[str, int] = {}

    def next(self, key: str, sides: int = 6) -> int:
        i = self.taken.get(key, 0)
        self.taken[key] = i + 1
        return self.faces[key][i]

    def take(self, key: str, count: int, sides: int = 6) -> list[int]:
        return [self.next(key) for _ in range(count)]


def table() -> Table:
    """Side 1: ship 1, MS 2 and 3; side 2: ship 4, MS 5 and 6; side 1 has the initiative."""
    fighters = [
        Fighter.whole(1, 1, "S1", SHIP),
        Fighter.whole(2, 1, "A", MS),
        Fighter.whole(3, 1, "B", MS),
        Fighter.whole(4, 2, "S2", SHIP),
        Fighter.whole(5, 2, "X", MS),
        Fighter.whole(6, 2, "Y", MS),
    ]
    return replace(Table.begin(fighters, ["one", "two"]), first=1)


def unit(t: Table, i: int) -> Fighter:
    found = t.fighter(i)
    assert found is not None
    return found


def test_initiative_highest_die_first_a_tie_rolls_again():
    start = replace(table(), first=None)
    t, pairs = initiative(start, Faces(dice=[3, 3, 2, 6]))
    assert pairs == [(3, 3), (2, 6)] and t.first == 2
    with pytest.raises(PlayRefusal) as e:
        initiative(t, Faces(dice=[1, 2]))
    assert e.value.key == "initiative-twice"


def test_no_action_before_the_initiative():
    with pytest.raises(PlayRefusal) as e:
        move(replace(table(), first=None), 2, 5)
    assert e.value.key == "initiative-first"


def test_each_action_costs_an_ms_one_p_a_ship_none():
    t = move(table(), 2, 12)
    assert unit(t, 2).propellant == 2 and t.active == 2 and t.used == 1
    t = move(t, 2, 3)
    assert unit(t, 2).propellant == 1 and t.active is None and t.acted == (2,)
    t = move(t, 4, 10)  # side 2's turn: its ship
    assert unit(t, 4).propellant is None


def test_an_activation_is_at_most_two_actions_and_the_sides_alternate():
    t = move(move(table(), 2, 1), 2, 1)
    with pytest.raises(PlayRefusal) as e:
        move(t, 2, 1)
    assert e.value.key == "already-acted"
    with pytest.raises(PlayRefusal) as e:
        move(t, 3, 1)  # side 2 activates next
    assert e.value.key == "not-your-turn" and e.value.params["side"] == 2


def test_a_side_with_no_unit_left_passes_its_turn():
    t = table()
    t = replace(t, fighters=tuple(replace(f, hp=0) if f.id in (5, 6) else f for f in t.fighters))
    t, _ = end_activation(move(t, 2, 1), None)
    t, _ = end_activation(move(t, 4, 1), None)  # side 2's last unit
    t = move(t, 3, 1)  # side 1 again: side 2 has nothing left
    assert t.active == 3


def test_at_p0_an_ms_only_moves_half_m_and_lands():
    t = table()
    t = t.with_fighter(replace(unit(t, 2), propellant=0))
    with pytest.raises(PlayRefusal) as e:
        move(t, 2, 7)  # half of 12 is 6
    assert e.value.key == "move-too-far-p0" and e.value.params["reach"] == 6
    with pytest.raises(PlayRefusal) as e:
        attack(t, 2, GUN, 5, Faces(hits=[6] * 4))
    assert e.value.key == "no-propellant"
    moved = move(t, 2, 6)
    assert unit(moved, 2).propellant == 0
    landed = land(moved, 2, 2)
    assert unit(landed, 2).propellant == 3 and unit(landed, 2).aboard


def test_hit_dice_against_a_ms_and_a_ship_with_the_d10_modifier():
    # A.MS 3+, A.S 5+; near 1: a die succeeds when die - 1 >= target
    t, r = attack(table(), 2, GUN, 5, Faces(hits=[3, 4, 5, 6]), near=1)
    assert r.hits == 3 and r.needed == 4 and unit(t, 5).hp == 0 and r.destroyed
    t, r = attack(table(), 2, GUN, 4, Faces(hits=[4, 5, 6, 6]))
    assert r.hits == 3 and unit(t, 4).hp == 0 and t.over and t.winner == 1


def test_hp_0_destroys_at_once_and_overkill_is_ignored():
    t, r = attack(table(), 2, GUN, 5, Faces(hits=[6, 6, 6, 6]))
    assert r.damage == 8 and unit(t, 5).hp == 0 and not unit(t, 5).alive
    with pytest.raises(PlayRefusal) as e:
        move(t, 5, 1)
    assert e.value.key == "unit-destroyed"


def test_evasion_after_the_hits_one_die_a_hit_one_p():
    dice = Faces(hits=[6, 6, 1, 1], evade=[4, 3])
    t, r = attack(table(), 2, GUN, 5, dice, evade=True)
    assert r.evaded and r.cancelled == 1 and r.damage == 2
    assert unit(t, 5).propellant == 2 and unit(t, 5).hp == 4
    # no hit: nothing to evade, no P spent
    t, r = attack(table(), 2, GUN, 5, Faces(hits=[1, 1, 1, 1]), evade=True)
    assert not r.evaded and unit(t, 5).propellant == 3
    # the evasion's modifier
    t, r = attack(table(), 2, GUN, 5, Faces(hits=[6, 1, 1, 1], evade=[4]), evade=True, evade_near=1)
    assert r.cancelled == 0 and r.evade_needed == 5


def test_a_ship_never_evades_and_an_ms_at_p0_cannot():
    with pytest.raises(PlayRefusal) as e:
        attack(table(), 2, GUN, 4, Faces(hits=[6] * 4), evade=True)
    assert e.value.key == "ship-never-evades"
    t = table()
    t = t.with_fighter(replace(unit(t, 5), propellant=0))
    with pytest.raises(PlayRefusal) as e:
        attack(t, 2, GUN, 5, Faces(hits=[6] * 4), evade=True)
    assert e.value.key == "evade-p0"


def test_landing_refills_p_ends_the_activation_and_needs_room():
    t = move(table(), 2, 1)
    t = land(t, 2, 3)
    assert unit(t, 2).aboard and unit(t, 2).propellant == 3 and t.acted == (2,)
    t = move(t, 5, 1)
    t, _ = end_activation(t, None)
    with pytest.raises(PlayRefusal) as e:
        land(t, 3, 1)  # capacity 1, taken
    assert e.value.key == "ship-full"
    with pytest.raises(PlayRefusal) as e:
        land(t, 3, 4)
    assert e.value.key == "land-too-far"


def test_an_ms_aboard_launches_before_it_moves_or_attacks_and_cannot_be_attacked():
    t = table()
    t = t.with_fighter(replace(unit(t, 2), aboard=True))
    with pytest.raises(PlayRefusal) as e:
        move(t, 2, 1)
    assert e.value.key == "aboard-move"
    with pytest.raises(PlayRefusal) as e:
        attack(t, 2, GUN, 5, Faces(hits=[6] * 4))
    assert e.value.key == "aboard-attack"
    launched = launch(t, 2, 3)
    assert not unit(launched, 2).aboard and unit(launched, 2).propellant == 2
    t2, _ = end_activation(move(t, 3, 1), None)
    with pytest.raises(PlayRefusal) as e:
        attack(t2, 5, GUN, 2, Faces(hits=[6] * 4))
    assert e.value.key == "target-aboard"


def test_range_and_sides():
    with pytest.raises(PlayRefusal) as e:
        attack(table(), 2, GUN, 5, Faces(hits=[6] * 4), distance=11)
    assert e.value.key == "out-of-range"
    with pytest.raises(PlayRefusal) as e:
        attack(table(), 2, GUN, 3, Faces(hits=[6] * 4))
    assert e.value.key == "own-side"


def test_end_round_lists_who_passed_and_clears_the_initiative():
    t = move(table(), 2, 1)
    t, passed = end_round(t)
    assert passed == (1, 3, 4, 5, 6) and t.round == 2 and t.first is None and t.acted == ()


def test_a_declared_attack_is_kept_until_rolled():
    t = declare(table(), 2, GUN, 5, 1, 0)
    assert t.declared is not None and t.declared.near == 1
    t, _ = attack(t, 2, GUN, 5, Faces(hits=[1] * 4))
    assert t.declared is None
