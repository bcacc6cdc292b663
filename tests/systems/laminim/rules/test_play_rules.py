"""The play rules of the rules core (docs/rules.md §1.2-§1.7, D4, D5, D8, D20) on a small table:
the players' dice in, the state out, worked out by hand in each test's docstring."""

from __future__ import annotations

from dataclasses import replace

import pytest

from builder.systems.laminim.rules.play_attack import Blocker, attack, launch, proposed_bonus
from builder.systems.laminim.rules.play_marks import mark_centre, mark_done, mark_zuzzer
from builder.systems.laminim.rules.play_missiles import collide, contact, remove
from builder.systems.laminim.rules.play_round import end_round
from builder.systems.laminim.rules.play_score import score
from builder.systems.laminim.rules.play_state import Fighter, PlayRefusal, Table
from systems.laminim.rules.conftest import (
    AUTOCANNON,
    BLADE,
    GATLING,
    MISSILE,
    QUICK_BOOSTER,
    RIFLE,
    SHIELD,
    SMG,
    unit,
)


class Given:
    """The players' faces by key, taken in order; running out is an error (no rolling here)."""

    def __init__(self, **faces: list[int]) -> None:
        self.faces = {k: list(v) for k, v in faces.items()}
        self.used: dict[str, int] = {}

    def take(self, key: str, count: int, sides: int = 6) -> list[int]:
        return [self.next(key) for _ in range(count)]

    def next(self, key: str, sides: int = 6) -> int:
        i = self.used.get(key, 0)
        self.used[key] = i + 1
        return self.faces[key][i]

    def all_used(self) -> bool:
        return all(self.used.get(k, 0) == len(v) for k, v in self.faces.items())


def table() -> Table:
    """1 Kestrel (striker: rifle, missile, smg), 2 Guard (striker: rifle, shield, autocannon),
    3 Swallow (lancer: smg, quick booster, blade) against 4 Bulwark (bastion: gatling, missile,
    missile), 5 Wren (striker: rifle, missile), 6 Heron (lancer: autocannon)."""
    specs = [
        (1, "Kestrel", "striker", unit("striker", RIFLE, MISSILE, SMG)),
        (1, "Guard", "striker", unit("striker", RIFLE, SHIELD, AUTOCANNON)),
        (1, "Swallow", "lancer", unit("lancer", SMG, QUICK_BOOSTER, BLADE)),
        (2, "Bulwark", "bastion", unit("bastion", GATLING, MISSILE, MISSILE)),
        (2, "Wren", "striker", unit("striker", RIFLE, MISSILE)),
        (2, "Heron", "lancer", unit("lancer", AUTOCANNON)),
    ]
    fighters = [Fighter.whole(i + 1, side, n, f, s) for i, (side, n, f, s) in enumerate(specs)]
    return Table.begin(fighters, ["Blue", "Red"])


def f(t: Table, uid: int) -> Fighter:
    found = t.fighter(uid)
    assert found is not None
    return found


def test_attack_records_damage_and_spends_ammo_nothing_destroyed():
    """Kestrel's rifle (4 dice, power 3) at Wren with +2: faces 4-6 hit. Hits 6, 4 -> location
    faces 2 (frame) and 4 (slot 1 rifle): frame 20-3, rifle 10-3; 1 ammo spent (10 -> 9)."""
    dice = Given(hits=[6, 1, 4, 3], locations=[2, 4])
    after, report = attack(table(), 1, 0, dice, target=5, bonus=2)
    assert dice.all_used()
    assert f(after, 5).frame == 17 and f(after, 5).parts[0] == 7
    assert f(after, 1).ammo[0] == 9 and f(after, 1).fired == (0,)
    assert [d.outcome for d in report.dice] == ["target", "miss", "target", "miss"]


def test_a_part_at_zero_stays_a_valid_face_until_the_round_ends():
    """Heron's autocannon (power 6) twice on Wren's missile pod (10): 4 then -2, still a face."""
    t = table()
    t, _ = attack(t, 6, 0, Given(hits=[6, 6], locations=[5, 5]), target=5, bonus=2)
    assert f(t, 5).parts[1] == -2 and not f(t, 5).broken[1]
    t2, _ = attack(t, 1, 0, Given(hits=[6, 1, 1, 1], locations=[5]), target=5, bonus=2)
    assert f(t2, 5).parts[1] == -5  # face 5 still hits the pod at -2


def test_seed_example_obstruction_overwrite_near_to_far():
    """§1.2's example: table 2-6 succeeds (bonus +4); blockers near to far are a friendly unit
    on the centre line (faces 1-2), a friendly missile (3), an enemy missile (4); faces 5-6
    stay the target's. Bulwark's gatling (8 dice, power 3) at Heron, past Wren (friendly, on
    the centre line), T1 (Wren's missile) and T2 (Kestrel's). Dice 1 2 3 4 5 6 6 2: Wren,
    Wren, T1, T2, Heron, Heron, Heron, Wren; location faces in die order 2 3 | 1 2 3 | 1:
    Wren's frame takes 3 hits (-9), Heron's 3 (-9), each token loses one missile."""
    t = table()
    t, _ = launch(t, 5, 1, 1)  # T1: Wren's missile pod, at Kestrel
    t, _ = launch(t, 1, 1, 4)  # T2: Kestrel's missile pod, at Bulwark
    blockers = (Blocker("unit", 5, True), Blocker("token", "T1"), Blocker("token", "T2"))
    dice = Given(hits=[1, 2, 3, 4, 5, 6, 6, 2], locations=[2, 3, 1, 2, 3, 1])
    after, report = attack(t, 4, 0, dice, target=6, bonus=4, blockers=blockers)
    assert dice.all_used()
    assert [(d.outcome, d.blocker) for d in report.dice] == [
        ("blocker", 0),
        ("blocker", 0),
        ("blocker", 1),
        ("blocker", 2),
        ("target", None),
        ("target", None),
        ("target", None),
        ("blocker", 0),
    ]
    assert f(after, 5).frame == 20 - 9 and f(after, 6).frame == 16 - 9
    assert after.token("T1").count == 4 and after.token("T2").count == 4
    assert f(after, 4).ammo[0] == 10  # the gatling spends 2 an attack


def test_every_face_can_be_eaten_by_blockers():
    """Face 6 is not protected: three centre-line blockers take all six faces."""
    t = table()
    blockers = tuple(Blocker("obstacle", n, True) for n in ("wall", "rock", "tree"))
    after, report = attack(
        t, 1, 0, Given(hits=[6, 5, 1, 2], locations=[]), target=5, bonus=9, blockers=blockers
    )
    assert all(d.outcome == "blocker" for d in report.dice)
    # faces 1-2 the wall, 3-4 the rock, 5-6 the tree: 6 and 5 hit the tree, 1 and 2 the wall
    assert dict(after.obstacles) == {"tree": 6, "wall": 6}


def test_d4_shield_takes_frame_face_1_minus_its_reduction():
    """Guard's shield (slot 2, guard face 1, reduction 1): a face-1 hit of power 6 takes 5 off
    the shield, not the frame; a direct face-5 hit on the shield too; face 2 hits the frame."""
    t = table()
    after, report = attack(t, 6, 0, Given(hits=[6, 6], locations=[1, 5]), target=2, bonus=2)
    assert f(after, 2).parts[1] == 12 - 5 - 5 and f(after, 2).frame == 20
    assert report.dice[0].hit is not None and report.dice[0].hit.guarded
    after2, _ = attack(after, 6, 0, Given(hits=[6, 1], locations=[2]), target=2, bonus=2)
    assert f(after2, 2).frame == 14


def test_a_destroyed_shield_no_longer_guards():
    t = table()
    guard = f(t, 2)
    t = t.with_fighter(replace(guard, parts=(10, 0, 12), broken=(False, True, False)))
    after, _ = attack(t, 6, 0, Given(hits=[6, 1], locations=[1]), target=2, bonus=2)
    assert f(after, 2).frame == 14


def test_launch_makes_a_token_of_attacks_missiles_and_contact_rolls_one_location_each():
    t, token = launch(table(), 4, 1, 1)
    assert (token.id, token.count, token.power, token.target) == ("T1", 5, 8, 1)
    assert f(t, 4).ammo[1] == 5
    t, _ = attack(t, 1, 0, Given(hits=[6, 5, 1, 2], locations=[]), token="T1", bonus=2)
    assert t.token("T1").count == 3
    t, _, hits = contact(t, "T1", 1, Given(locations=[1, 4, 6]))
    assert f(t, 1).frame == 12 and f(t, 1).parts[0] == 2 and f(t, 1).parts[2] == 0
    assert t.token("T1") is None and len(hits) == 3


def test_a_token_shot_to_zero_is_removed_and_two_tokens_remove_each_other():
    t, _ = launch(table(), 4, 1, 1)
    t, _ = launch(t, 4, 2, 2)
    t, _ = launch(t, 5, 1, 1)
    assert [k.id for k in t.tokens] == ["T1", "T2", "T3"]
    t, _ = attack(t, 2, 2, Given(hits=[6, 6], locations=[]), token="T2", bonus=2)
    assert t.token("T2").count == 3
    t, first, second = collide(t, "T1", "T3")
    assert (first.id, second.id) == ("T1", "T3")
    assert [k.id for k in t.tokens] == ["T2"]
    t2, _ = attack(
        replace(t, tokens=(replace(t.tokens[0], count=1),)),
        1,
        0,
        Given(hits=[6, 6, 1, 1]),
        token="T2",
        bonus=2,
    )
    assert t2.tokens == ()


def test_proposed_bonus_is_aim_and_single_weapon():
    t = table()
    assert proposed_bonus(t, 1, 0, 5) == 2
    t = mark_zuzzer(t, 5, 2, "left")
    assert proposed_bonus(t, 1, 0, 5) == 1
    t = mark_zuzzer(t, 1, 3)
    assert proposed_bonus(t, 1, 0, 5) == 0
    assert proposed_bonus(t, 1, 0, 5, single=True, rear=True, downed=True) == 4
    assert proposed_bonus(t, 1, 0, None) == 1  # a token has no zuzzer: +1
    after, report = attack(
        t, 1, 0, Given(hits=[6, 6, 6, 6], locations=[1, 1, 1, 1]), target=5, single=True
    )
    assert report.bonus == report.proposed == 2
    with pytest.raises(PlayRefusal) as exc:
        launch(after, 1, 1, 5)
    assert exc.value.key == "single-declared"


@pytest.mark.parametrize(
    ("change", "call", "key"),
    [
        (None, lambda t: attack(t, 1, 1, Given(), target=5), "weapon-launches"),
        (None, lambda t: attack(t, 3, 1, Given(), target=5), "weapon-no-attack"),
        (None, lambda t: launch(t, 1, 0, 5), "weapon-not-missile"),
        (None, lambda t: attack(t, 3, 2, Given(), target=5, distance=2), "melee-too-far"),
        (None, lambda t: attack(t, 1, 0, Given(), target=1), "attack-self"),
        (None, lambda t: attack(t, 1, 0, Given(), target=9), "unknown-unit"),
        (None, lambda t: attack(t, 1, 0, Given(), token="T9"), "unknown-token"),
        (None, lambda t: attack(t, 6, 1, Given(), target=1), "empty-slot"),
        ("broken", lambda t: attack(t, 1, 0, Given(), target=5), "weapon-destroyed"),
        ("dry", lambda t: attack(t, 1, 0, Given(), target=5), "no-ammo"),
        ("gone", lambda t: attack(t, 1, 0, Given(), target=5), "unit-destroyed"),
        ("gone", lambda t: attack(t, 5, 0, Given(), target=1), "unit-destroyed"),
        (None, lambda t: mark_centre(t, 1, -1), "distance-negative"),
        ("gone", lambda t: mark_done(t, 1), "unit-destroyed"),
    ],
)
def test_refusals_change_nothing(change, call, key):
    t = table()
    kestrel = f(t, 1)
    if change == "broken":
        t = t.with_fighter(replace(kestrel, broken=(True, False, False)))
    elif change == "dry":
        t = t.with_fighter(replace(kestrel, ammo=(0, 6, 6)))
    elif change == "gone":
        t = t.with_fighter(replace(kestrel, destroyed=True, frame=-3))
    before = t
    with pytest.raises(PlayRefusal) as exc:
        call(t)
    assert exc.value.key == key
    assert t == before


def test_melee_within_distance_1_is_taken():
    after, _ = attack(
        table(), 3, 2, Given(hits=[2, 1, 1], locations=[2]), target=6, distance=1, bonus=4
    )
    assert f(after, 6).frame == 6


# -- the end of a round ------------------------------------------------------------------------


def test_end_round_destroys_every_part_at_zero_at_once_and_cooks_off_in_waves():
    """Bulwark: gatling at 0 (12 ammo -> 12 cook-off dice, power 3), missile pod in slot 2 at 2.
    Wave 1: the gatling is destroyed; its dice 1 1 6 6 6 6 6 6 6 6 6 6 -> two 1s, location
    faces 5 and 5: the pod 2-3-3 = -4 (at 0 now, still a valid face in this wave). Wave 2: the
    pod is destroyed; its 6 ammo roll 1 2 3 4 5 6: one 1, location face 6 -> the pod in slot 3
    takes the cooking pod's power, 8: 10 - 8 = 2.
    The frame never falls: Bulwark stays."""
    t = table()
    b = f(t, 4)
    t = t.with_fighter(replace(b, parts=(0, 2, 10)))
    dice = Given(dice=[1, 1, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 5, 5, 1, 2, 3, 4, 5, 6, 6])
    after, report = end_round(t, dice)
    assert dice.all_used()
    bulwark = f(after, 4)
    assert bulwark.broken == (True, True, False)
    assert bulwark.parts[1] == -4 and bulwark.parts[2] == 2
    assert [w.parts for w in report.waves] == [(1,), (2,)]
    assert after.round == 2 and not after.over


def test_d8_a_dying_units_magazines_roll_but_take_no_location_faces():
    t = table()
    k = f(t, 1)
    t = t.with_fighter(replace(k, frame=0, parts=(0, 10, 8)))
    dice = Given(dice=[1, 1, 2, 3, 4, 5, 6, 6, 6, 6])  # the rifle's 10 ammo, no location face
    after, report = end_round(t, dice)
    assert dice.all_used()
    assert f(after, 1).destroyed and report.destroyed == (1,)
    assert report.waves[0].cook_offs[0].hits == ()


def test_end_round_clears_zuzzer_tokens_and_the_rounds_marks():
    t = mark_done(mark_zuzzer(table(), 3, 2), 3)
    t, _ = attack(t, 1, 0, Given(hits=[1, 1, 1, 1]), target=5, single=True)
    after, _ = end_round(t, Given())
    assert f(after, 3).zuzzer is None and not f(after, 3).done
    assert f(after, 1).fired == () and f(after, 1).single is None


def test_the_game_ends_after_round_6_or_when_a_side_is_wiped_out():
    t = replace(table(), round=6)
    after, report = end_round(t, Given())
    assert after.over and report.over and after.round == 6
    t = table()
    for uid in (4, 5, 6):
        t = t.with_fighter(replace(f(t, uid), frame=0))
    dice = Given(dice=[])
    after, report = end_round(t, dice)
    assert after.over and after.round == 1 and set(report.destroyed) == {4, 5, 6}


def test_score_is_remaining_minus_floored_distance_and_a_tie_goes_nearest():
    """§1.7/D6: Kestrel 20+10+10+8 = 48 at 2.5 from the centre -> 46; a destroyed part does not
    count; a destroyed unit scores 0."""
    t = table()
    t = mark_centre(t, 1, 2.5)
    k = f(t, 1)
    t = t.with_fighter(replace(k, parts=(10, 4, 8), broken=(False, True, False)))
    assert score(t).sides[0].units[0] == (1, 20 + 10 + 8 - 2)
    t = t.with_fighter(replace(f(t, 6), destroyed=True, frame=-1))
    result = score(t)
    assert result.sides[1].units[2] == (6, 0)
    even = Table.begin(
        [
            Fighter.whole(1, 1, "A", "lancer", unit("lancer", SMG)),
            Fighter.whole(2, 2, "B", "lancer", unit("lancer", SMG)),
        ]
    )
    even = mark_centre(mark_centre(even, 1, 3), 2, 1.5)
    # A: 24 - 3 = 21, B: 24 - 1 = 23: B wins outright
    assert score(even).winner == 2
    even = mark_centre(even, 2, 3.9)  # 24 - 3 = 21 each: B is nearer (3.9 > 3? no: A at 3)
    assert score(even).winner == 1


def test_a_token_leaving_the_table_is_removed():
    t, _ = launch(table(), 4, 1, 1)
    after, token = remove(t, "T1")
    assert after.tokens == () and token.id == "T1"
    with pytest.raises(PlayRefusal) as exc:
        remove(after, "T1")
    assert exc.value.key == "unknown-token"
