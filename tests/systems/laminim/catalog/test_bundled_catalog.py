"""The bundled LAMINIM catalog holds the seed's test-play numbers (docs/rules.md §1.1, D1)."""

from __future__ import annotations

import pytest

from builder.core.resources import bundled_catalog_dir


def test_test_play_frames_have_the_seeds_durability(catalog):
    assert catalog.frame("striker").durability == 20
    assert catalog.frame("bastion").durability == 40
    assert catalog.frame("lancer").durability == 16


def test_test_play_frames_have_the_seeds_movement_modes(catalog):
    striker = {m.id: m for m in catalog.frame("striker").movement}
    assert (striker["normal"].distance, striker["normal"].turn) == (1, 60)
    assert (striker["dash"].distance, striker["dash"].direction, striker["dash"].zuzzer) == (
        3,
        "forward",
        1,
    )
    assert (striker["side-step"].distance, striker["side-step"].direction) == (2, "sideways")
    assert {m.id for m in catalog.frame("lancer").movement} == set(striker)
    assert [m.id for m in catalog.frame("bastion").movement if m.distance] == ["normal"]


def test_archetypes_the_seed_names_are_covered(catalog):
    archetypes = {f.archetype for f in catalog.frames}
    assert {"standard", "high-mobility", "heavy", "carrier"} <= archetypes
    assert len(catalog.frames) >= 5


@pytest.mark.parametrize(
    ("wid", "kind", "durability", "power", "attacks", "ammo", "per_attack"),
    [
        ("rifle", "normal", 10, 3, 4, 10, 1),
        ("missile", "missile", 10, 8, 5, 6, 1),
        ("gatling", "normal", 14, 3, 8, 12, 2),
        ("smg", "normal", 8, 2, 5, 6, 1),
        ("quick-booster", "special", 10, 0, 0, None, 0),
        ("blade", "melee", 10, 10, 3, None, 0),
    ],
)
def test_test_play_weapons_have_the_seeds_numbers(
    catalog, wid, kind, durability, power, attacks, ammo, per_attack
):
    w = catalog.weapon(wid)
    assert (w.type, w.durability, w.power, w.attacks, w.ammo, w.ammo_per_attack) == (
        kind,
        durability,
        power,
        attacks,
        ammo,
        per_attack,
    )


def test_missile_homes_and_rocket_flies_straight(catalog):
    assert catalog.weapon("missile").abilities.homing
    rocket = catalog.weapon("rocket")
    assert rocket.type == "missile" and not rocket.abilities.homing


def test_d4_bundled_shield_guards_face_1_with_reduction_1(catalog):
    guard = catalog.weapon("shield").abilities.guard
    assert (guard.faces, guard.reduction) == ((1,), 1)


def test_quick_booster_side_steps(catalog):
    assert catalog.weapon("quick-booster").abilities.quick_boost.mode == "side-step"


def test_other_required_weapons_exist(catalog):
    for wid in ("machine-gun", "autocannon", "shield", "rocket", "thruster"):
        assert catalog.weapon(wid) is not None, wid
    assert catalog.weapon("thruster").abilities.thruster is not None


def test_d1_lighter_frames_carry_less(catalog):
    by_durability = sorted(
        (f for f in catalog.frames if f.archetype != "carrier"), key=lambda f: f.durability
    )
    payloads = [f.payload for f in by_durability]
    assert payloads == sorted(payloads)


def test_d1_weights_are_marked_provisional():
    for name in ("catalog.yaml", "frames.yaml", "weapons.yaml"):
        assert "PROVISIONAL" in (bundled_catalog_dir("laminim") / name).read_text(encoding="utf-8")


def test_every_part_is_named_in_both_languages_and_described(catalog):
    for part in (*catalog.frames, *catalog.weapons):
        assert part.name and part.name_ja and part.description
        assert any(ord(c) > 0x3000 for c in part.name_ja), part.id


def test_d2_default_team_format_is_data(catalog):
    fmt = catalog.team_format
    assert (fmt.units, fmt.min_weapons, fmt.max_weapons) == (3, 1, 3)


def test_threats_reference_catalog_weapons_and_default_exists(catalog):
    assert catalog.threat(catalog.default_threat) is not None
    ids = {t.id for t in catalog.threats}
    assert {"rifle-duel", "gatling-fire", "missile-salvo", "mixed-fire"} <= ids
