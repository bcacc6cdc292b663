"""Expected damage output (documented assumption in damage_output.py)."""

from __future__ import annotations

import pytest

from builder.systems.laminim.rules import analyze_unit, damage_output
from systems.laminim.rules.conftest import (
    GATLING,
    MISSILE,
    QUICK_BOOSTER,
    RIFLE,
    SHIELD,
    threat,
    unit,
)


def test_normal_weapon_damage_is_attacks_p_exposure_power():
    out = damage_output(unit("striker", RIFLE), exposure=1.0)
    assert out.per_slot == (pytest.approx(4 * 0.5 * 3), None, None)
    assert out.best_single == pytest.approx(4 * 5 / 6 * 3)  # +2 single-weapon bonus
    assert out.best_slot == 0


def test_missile_damage_has_no_hit_roll():
    out = damage_output(unit("bastion", None, MISSILE), exposure=0.5)
    assert out.per_slot[1] == pytest.approx(5 * 0.5 * 8)
    assert out.best_single == pytest.approx(5 * 0.5 * 8)


def test_all_weapons_sums_slots_and_specials_deal_nothing():
    out = damage_output(unit("striker", GATLING, SHIELD, MISSILE), exposure=1.0)
    assert out.per_slot[1] is None
    assert out.all_weapons == pytest.approx(8 * 0.5 * 3 + 5 * 8)
    assert out.best_slot == 2


def test_unit_without_attacks_has_no_best_slot():
    out = damage_output(unit("lancer", QUICK_BOOSTER), exposure=1.0)
    assert out == out.__class__(0.0, 0.0, None, (None, None, None))


def test_analyze_unit_bundles_faces_survival_and_damage():
    analysis = analyze_unit(unit("striker", RIFLE, SHIELD), threat("t", (RIFLE, 2)), rounds=3)
    assert analysis.faces == ("frame", "frame", "frame", "slot1", "slot2", None)
    assert analysis.guarded[0] == 1
    assert analysis.exposure == pytest.approx(5 / 6)
    assert len(analysis.survival.rounds) == 3
    assert analysis.damage.per_slot[0] == pytest.approx(4 * 0.5 * 5 / 6 * 3)
