"""docs/rules.md §1.3 silhouette and exposure; D4 shield guard faces."""

from __future__ import annotations

from fractions import Fraction

from builder.systems.laminim.rules import silhouette
from systems.laminim.rules.conftest import AUTOCANNON, GATLING, MISSILE, RIFLE, SHIELD, unit


def test_frame_is_faces_1_to_3_slots_are_4_to_6():
    sil = silhouette(unit("bastion", GATLING, MISSILE, MISSILE))
    assert [f.part for f in sil.faces] == ["frame"] * 3 + ["slot1", "slot2", "slot3"]
    assert sil.exposure == 1


def test_exposure_grows_with_weapons():
    exposures = [
        silhouette(unit("striker", *weapons)).exposure
        for weapons in [(), (RIFLE,), (RIFLE, GATLING), (RIFLE, GATLING, MISSILE)]
    ]
    assert exposures == [Fraction(3, 6), Fraction(4, 6), Fraction(5, 6), Fraction(1)]


def test_empty_slot_anywhere_is_an_invalid_face():
    sil = silhouette(unit("striker", None, RIFLE, None))
    assert [f.part for f in sil.faces] == ["frame"] * 3 + [None, "slot2", None]
    assert sil.exposure == Fraction(4, 6)


def test_destroyed_weapon_face_becomes_invalid():
    sil = silhouette(unit("striker", RIFLE, GATLING, MISSILE), destroyed=(False, True, False))
    assert sil.faces[4].part is None
    assert sil.exposure == Fraction(5, 6)
    assert "slot2" not in sil.part_share


def test_d4_shield_guards_face_1():
    sil = silhouette(unit("striker", RIFLE, SHIELD, AUTOCANNON))
    assert sil.faces[0].part == "frame" and sil.faces[0].guarded_by == 1
    assert sil.faces[0].hit_part == "slot2"
    assert sil.part_share["frame"] == Fraction(2, 6)
    assert sil.part_share["slot2"] == Fraction(2, 6)
    assert sil.exposure == 1  # the guard moves hits, it does not add faces


def test_destroyed_shield_no_longer_guards():
    sil = silhouette(unit("striker", RIFLE, SHIELD), destroyed=(False, True, False))
    assert sil.faces[0].guarded_by is None
    assert sil.part_share["frame"] == Fraction(3, 6)
