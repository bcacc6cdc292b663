"""A weapon's worth taken apart (docs/balance.md "Fitted costs"): each part is what it says,
against chains of the four units computed here, and the survival parts add up."""

from __future__ import annotations

import pytest

from builder.systems.laminim.rules import Guard, WeaponSpec, delivered, survival
from builder.systems.laminim.rules.worth import variants, worth_of
from systems.laminim.rules.conftest import AUTOCANNON, BLADE, GATLING, RIFLE, SHIELD, threat, unit

FIRE = threat("fire", (RIFLE, 2), (AUTOCANNON, 3))


def _worth(body, slots, t=FIRE, rounds=4):
    chains = {name: survival(v, t, rounds).rounds for name, v in variants(body, slots).items()}
    return worth_of("w", t.id, "f", (), body, slots, chains, rounds), chains


def test_the_survival_parts_add_up_to_with_minus_without():
    body = unit(14, GATLING, SHIELD, BLADE)
    for slot in range(3):
        w, _ = _worth(body, (slot,))
        parts = w.absorbs + w.face + w.cook_off
        assert parts == pytest.approx(w.alive - w.without, abs=1e-12)


def test_a_shield_absorbs_and_a_loaded_gun_risks_cooking_off():
    shield, _ = _worth(unit(14, SHIELD, BLADE), (0,))
    assert shield.absorbs > 0.01 and shield.cook_off == 0 and shield.delivered == 0
    gun, chains = _worth(unit(14, GATLING, BLADE), (0,))
    assert gun.cook_off < -0.001 and gun.absorbs == 0
    assert gun.delivered == pytest.approx(
        delivered(unit(14, GATLING, BLADE), chains["as_is"], 4).per_slot[0]
    )


def test_a_face_costs_nothing_unless_a_guard_covers_it():
    """A hit on a weapon's face lands on the weapon (§1.3): the frame does not care, unless a
    shield guarding faces 1 and 4 now also soaks the hits on face 4 and breaks sooner (D4)."""
    plain, _ = _worth(unit(14, BLADE, SHIELD), (0,))
    assert plain.face == pytest.approx(0.0, abs=1e-12)
    wide = WeaponSpec("wide-shield", "special", 6, 0, 0, None, 0, guard=Guard((1, 4), 1))
    guarded, _ = _worth(unit(14, BLADE, wide), (0,))
    assert guarded.face < -1e-4


def test_every_copy_of_the_weapon_is_taken_together():
    body = unit(30, RIFLE, RIFLE, None)
    both, chains = _worth(body, (0, 1))
    per_slot = delivered(body, chains["as_is"], 4).per_slot
    assert both.delivered == pytest.approx(per_slot[0] + per_slot[1])
    assert variants(body, (0, 1))["without"].slots == (None, None, None)
