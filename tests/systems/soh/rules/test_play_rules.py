"""D23, the soh battle record's rules core (soh/rules/play.py): each rule the record applies,
tested on its own with the dice given face by face (D13 exploding best die, D14 margin →
multiplier → wounds, D15 AP, the round's order of the seed's combat chapter)."""

from __future__ import annotations

import math
import random
from dataclasses import replace

import pytest

from builder.systems.soh.rules.play import (
    WOUND_TRACK,
    Arm,
    Fighter,
    PlayRefusal,
    Sheet,
    Table,
    attack,
    begin,
    declare,
    end_round,
    end_turn,
    evade,
    initiative_side,
    move,
    reload,
    roll_best,
    wait,
)

GUN = Arm("gun", hit=5, damage=10, type="A", ammo=2, rate=2, reload_ap=1)
BLADE = Arm("blade", hit=3, damage=14, type="B", ammo=None, rate=None)


def sheet(name: str, ap: int = 3, agility: int = 4, **more: object) -> Sheet:
    values: dict[str, object] = {
        "name": name,
        "ap": ap,
        "agility": agility,
        "evasion": 3,
        "durability_a": 4,
        "durability_b": 6,
        "arms": (GUN, BLADE),
    }
    values.update(more)
    return Sheet(**values)  # type: ignore[arg-type]


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
        return [self.next(key, sides) for _ in range(count)]


def table(*sheets: tuple[int, Sheet], pcs: tuple[bool, ...] = (True, False)) -> Table:
    fighters = [Fighter.whole(i, side, s) for i, (side, s) in enumerate(sheets, start=1)]
    return begin(fighters, ["A", "B"], pcs)


def duel(ap_a: int = 3, ap_b: int = 3) -> Table:
    """1 Ann (side 1, agility 5, leads with tactics) against 2 Bo (side 2, agility 4)."""
    return table(
        (1, sheet("Ann", ap_a, 5, intellect=4, tactics=1, leader=True)),
        (2, sheet("Bo", ap_b, 4, intellect=3)),
    )


def declared(t: Table, *evasions: tuple[int, int]) -> Table:
    for unit, ap in evasions:
        t = evade(t, unit, ap)
    return t


def test_d13_a_six_is_rolled_again_and_added_and_the_best_die_counts():
    faces = Faces(dice=[3, 6, 2, 6, 6, 1])
    assert roll_best(faces, "dice", 3) == (13, (3, 8, 13))
    assert roll_best(Faces(), "dice", 0) == (0, ())  # no dice: the value alone


def test_d15_every_round_raises_all_ap_alike_when_one_has_1_or_less():
    t = table((1, sheet("Ann", 2)), (2, sheet("Bo", 1)), (2, sheet("Cy", -1)))
    assert [f.ap for f in t.fighters] == [5, 4, 2]  # the seed's example: 2, 1, -1
    t = declared(t, (2, 0), (3, 0), (1, 0))
    t, _ = end_round(t)
    assert [f.ap for f in t.fighters] == [5, 4, 2] and t.round == 2


def test_initiative_goes_to_the_greater_tactical_ability_and_a_side_without_tactics_loses():
    smart = sheet("Ann", intellect=9, leader=True)  # no tactics at all
    plain = sheet("Bo", intellect=2, tactics=1, leader=True)
    assert initiative_side(table((1, smart), (2, plain))) == 2
    a = sheet("Ann", intellect=4, tactics=2, leader=True)
    b = sheet("Bo", intellect=5, tactics=1, leader=True)
    assert initiative_side(table((1, a), (2, b), pcs=(False, True))) == 2  # a tie: the PCs
    assert initiative_side(table((1, a), (2, b), pcs=(True, True))) == 1  # both PCs: side 1


def test_the_side_that_lost_the_initiative_declares_its_evasion_first():
    t = duel()
    assert t.first == 1
    with pytest.raises(PlayRefusal) as refused:
        evade(t, 1, 1)
    assert refused.value.key == "loser-declares-first"
    t = declared(t, (2, 1), (1, 2))
    assert [f.evasion for f in t.fighters] == [2, 1]
    with pytest.raises(PlayRefusal, match="evasion-twice"):
        evade(t, 1, 0)
    with pytest.raises(PlayRefusal, match="evasion-too-many"):
        evade(duel(), 2, 4)


def test_no_one_acts_before_every_evasion_is_declared():
    t = evade(duel(), 2, 1)
    with pytest.raises(PlayRefusal, match="evasion-first"):
        attack(t, 1, 0, 2, Faces(dice=[4]))


def test_d14_margin_multiplier_wounds_against_the_evasion_roll():
    t = declared(duel(), (2, 2), (1, 0))
    # hit 5 + best(4, 6+5=11) = 16; evasion 3 + best(2, 3) = 6; margin 10: x3; 10 x 3 // 4 = 7
    t, r = attack(t, 1, 0, 2, Faces(dice=[4, 6, 5], evasion_dice=[2, 3]), ap=2)
    assert (r.best, r.evasion_roll, r.margin, r.multiplier, r.wounds) == (11, 3, 10, 3, 7)
    bo = t.fighter(2)
    assert bo is not None and bo.wounds == 7 and bo.evasion_roll == 3
    ann = t.fighter(1)
    assert ann is not None and ann.ap_left == 1 and ann.ammo == (1, None)


def test_the_evasion_roll_stands_for_the_whole_round():
    t = declared(duel(), (2, 2), (1, 0))
    t, first = attack(t, 1, 0, 2, Faces(dice=[1], evasion_dice=[5, 4]))
    faces = Faces(dice=[2])  # no evasion faces: the roll of the first attack stands
    t, second = attack(t, 1, 1, 2, faces, bonus=1)
    assert first.evasion_dice == (5, 4) and second.evasion_dice == ()
    assert second.evasion_roll == 5 and second.margin == 3 + 1 + 2 - (3 + 5)
    assert second.multiplier == 0 and second.wounds == 0  # a negative margin misses


def test_no_evasion_ap_means_the_evasion_value_alone():
    t = declared(duel(), (2, 0), (1, 0))
    t, r = attack(t, 1, 0, 2, Faces(dice=[1]))
    assert r.evasion_roll == 0 and r.margin == 5 + 1 - 3 and r.multiplier == 1
    assert r.wounds == 10 // 4  # durability against A


def test_packed_targets_add_one_per_doubling():
    t = declared(duel(), (2, 0), (1, 0))
    _, r = attack(t, 1, 0, 2, Faces(dice=[1]), targets=4)
    assert r.hit == 5 + 2


def test_a_character_is_out_of_play_when_its_wounds_reach_the_track_end_and_the_game_ends():
    t = declared(duel(), (2, 0), (1, 0))
    t = t.with_fighter(replace(t.fighters[1], wounds=WOUND_TRACK - 1))
    t, r = attack(t, 1, 0, 2, Faces(dice=[2]))
    assert r.out and r.game_over and t.over and t.winner == 1
    with pytest.raises(PlayRefusal, match="out-of-play"):
        evade(t, 2, 0)


def test_attacks_spend_ap_and_ammo_and_keep_to_the_rate():
    t = declared(duel(ap_a=5), (2, 0), (1, 0))
    t, _ = attack(t, 1, 0, 2, Faces(dice=[1]))
    t, _ = attack(t, 1, 0, 2, Faces(dice=[1]))
    with pytest.raises(PlayRefusal, match="no-ammo"):
        attack(t, 1, 0, 2, Faces(dice=[1]))
    t, paid = reload(t, 1, 0)
    assert paid == 1 and t.fighters[0].ammo == (2, None)
    with pytest.raises(PlayRefusal, match="rate-reached"):  # two attacks a round
        attack(t, 1, 0, 2, Faces(dice=[1]))
    with pytest.raises(PlayRefusal, match="not-enough-ap"):
        attack(t, 1, 1, 2, Faces(dice=[1, 1, 1]), ap=3)  # 2 AP left
    with pytest.raises(PlayRefusal, match="own-side"):
        declare(t, 1, 1, 1, 1, 0, 1)


def test_characters_act_in_agility_order_and_one_who_waits_acts_later():
    t = declared(duel(), (2, 0), (1, 0))
    with pytest.raises(PlayRefusal) as refused:
        attack(t, 2, 0, 1, Faces(dice=[1]))
    assert refused.value.key == "not-your-turn" and refused.value.params["next"] == "1 Ann"
    t = wait(t, 1)  # Ann waits (1 AP): Bo acts, then Ann at any point
    assert t.waiting == (1,) and t.fighters[0].ap_left == 2
    t, _ = attack(t, 2, 1, 1, Faces(dice=[1], evasion_dice=[]))
    t, _ = attack(t, 1, 1, 2, Faces(dice=[1]))
    assert t.active == 1 and t.acted == (2,) and t.waiting == ()


def test_a_tie_in_agility_goes_to_the_side_with_the_initiative():
    t = table(
        (2, sheet("Bo", agility=4)),
        (1, sheet("Ann", agility=4, intellect=4, tactics=1, leader=True)),
    )
    assert [f.name for f in t.order()] == ["Ann", "Bo"]


def test_evasion_gives_movement_used_before_ap():
    t = declared(duel(ap_a=4), (2, 0), (1, 2))
    t, free, paid = move(t, 1, 2)
    assert (free, paid) == (1, 1) and t.fighters[0].ap_left == 1


def test_the_turn_ends_when_the_ap_are_spent_or_when_told():
    t = declared(duel(ap_a=1, ap_b=1), (2, 0), (1, 0))  # D15: both raised to 2
    t, _ = attack(t, 1, 1, 2, Faces(dice=[1, 2]), ap=2)
    assert t.active is None and t.acted == (1,)
    t, ended = end_turn(t, 2)
    assert ended == 2 and t.acted == (1, 2)
    with pytest.raises(PlayRefusal, match="no-turn"):
        end_turn(t, None)


def test_a_new_round_clears_evasion_rolls_and_spent_ap():
    t = declared(duel(), (2, 1), (1, 0))
    t, _ = attack(t, 1, 0, 2, Faces(dice=[1], evasion_dice=[3]))
    t, passed = end_round(t)
    assert passed == (2,)  # Bo never acted, with AP left
    bo = t.fighter(2)
    assert bo is not None and bo.evasion is None and bo.evasion_roll is None
    assert t.fighters[0].spent == 0 and t.fighters[0].ammo == (1, None)  # ammo stays spent


def test_restart_is_the_fight_before_the_first_action():
    t = declared(duel(), (2, 1), (1, 0))
    t, _ = attack(t, 1, 0, 2, Faces(dice=[6, 6, 5], evasion_dice=[1]))
    again = t.restarted()
    assert again == duel()


class Rolled:
    """Faces from a seeded generator: the record's ``roll: true``."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def next(self, key: str, sides: int = 6) -> int:
        return self.rng.randint(1, sides)

    def take(self, key: str, count: int, sides: int = 6) -> list[int]:
        return [self.next(key, sides) for _ in range(count)]


def test_an_attack_resolved_on_the_table_agrees_with_the_exact_odds():
    """A seeded Monte Carlo of the record's attack (its dice, the target's evasion roll, D13
    and D14 as the record applies them) against ``odds`` with the same numbers: every
    multiplier's frequency within 4.5 standard errors (8,000 attacks)."""
    from builder.systems.soh.rules import odds

    start = declared(duel(ap_a=3, ap_b=4), (2, 2), (1, 0))  # Bo: 2 AP in evasion, evasion 3
    exact = odds(hit=3, attack_dice=3, evasion=3, evasion_dice=2, damage=14, durability=6)
    rng = random.Random(2023)
    trials = 8_000
    counts: dict[int, int] = {}
    for _ in range(trials):
        _, r = attack(start, 1, 1, 2, Rolled(rng), ap=3)  # the blade: no ammo, no rate
        counts[r.multiplier] = counts.get(r.multiplier, 0) + 1
    for k, p in enumerate(exact.multiplier):
        seen = counts.get(k, 0) / trials
        assert abs(seen - p) <= 4.5 * math.sqrt(p * (1 - p) / trials) + 1e-9, (k, seen, p)
    assert sum(counts.values()) == trials and max(counts) < len(exact.multiplier) + 2


def test_characters_of_one_side_and_equal_agility_act_in_the_order_the_players_choose():
    t = table(
        (1, sheet("Ann", agility=4, intellect=4, tactics=1, leader=True)),
        (1, sheet("Cy", agility=4)),
        (2, sheet("Bo", agility=4)),
    )
    t = declared(t, (3, 0), (1, 0), (2, 0))
    t, _ = attack(t, 2, 1, 3, Faces(dice=[1, 1, 1]), ap=3)  # Cy before Ann: their call
    assert t.acted == (2,)
    with pytest.raises(PlayRefusal, match="not-your-turn"):  # Bo's side comes after both
        attack(t, 3, 1, 1, Faces(dice=[1]))
    t, _ = attack(t, 1, 1, 3, Faces(dice=[1]))
    assert t.active == 1
