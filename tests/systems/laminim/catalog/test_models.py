"""Model constraints: invalid parts are rejected with the reason."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from builder.systems.laminim.models import Catalog, Frame, MovementMode, TeamFormat, Threat, Weapon

MODE = {
    "id": "normal",
    "name": "Normal",
    "name_ja": "通常移動",
    "direction": "any",
    "distance": 1,
    "turn": 60,
}
FRAME = {
    "id": "f",
    "name": "F",
    "name_ja": "エフ",
    "archetype": "standard",
    "description": "d",
    "durability": 10,
    "payload": 5,
    "movement": [MODE],
}
RIFLE = {
    "id": "rifle",
    "name": "Rifle",
    "name_ja": "ライフル",
    "description": "d",
    "type": "normal",
    "durability": 10,
    "weight": 3,
    "power": 3,
    "attacks": 4,
    "ammo": 10,
    "ammo_per_attack": 1,
}


def _reject(model, data, fragment):
    with pytest.raises(ValidationError) as info:
        model.model_validate(data)
    assert fragment in str(info.value)


def test_valid_parts_load():
    Frame.model_validate(FRAME)
    Weapon.model_validate(RIFLE)


def test_negative_durability_is_rejected():
    _reject(Frame, {**FRAME, "durability": -1}, "greater than 0")
    _reject(Weapon, {**RIFLE, "durability": 0}, "greater than 0")


def test_negative_payload_and_weight_are_rejected():
    _reject(Frame, {**FRAME, "payload": -1}, "greater than or equal to 0")
    _reject(Weapon, {**RIFLE, "weight": -2}, "greater than or equal to 0")


def test_unknown_field_is_rejected():
    _reject(Weapon, {**RIFLE, "rnage": 3}, "Extra inputs are not permitted")


def test_id_must_be_a_slug():
    _reject(Weapon, {**RIFLE, "id": "Rifle Mk2"}, "pattern")


def test_ammo_per_attack_without_ammo_is_rejected():
    _reject(Weapon, {**RIFLE, "ammo": None}, "ammo_per_attack is set but ammo is null")


def test_ammo_zero_says_to_leave_ammo_out_as_the_other_ammo_message_does():
    """One truth about ammo in every message: ammo is ≥ 1, or left out (null) for none."""
    _reject(Weapon, {**RIFLE, "ammo": 0}, "ammo must be ≥ 1; leave ammo out (null)")
    _reject(Weapon, {**RIFLE, "ammo": None}, "give ammo ≥ 1, or leave ammo_per_attack out")


def test_model_refusals_have_their_japanese():
    from builder.core.messages import MessageError

    with pytest.raises(ValidationError) as info:
        Weapon(**{**RIFLE, "ammo": None})
    error = info.value.errors()[0]["ctx"]["error"]
    assert isinstance(error, MessageError) and "ammo_per_attack" in error.said.ja
    assert error.said.ja != error.said.en


def test_weapon_with_ammo_must_spend_it():
    _reject(Weapon, {**RIFLE, "ammo_per_attack": 0}, "ammo_per_attack ≥ 1")


def test_ammo_per_attack_above_ammo_is_rejected():
    _reject(Weapon, {**RIFLE, "ammo": 2, "ammo_per_attack": 3}, "could never fire")


def test_attacking_weapon_needs_power_and_attacks():
    _reject(Weapon, {**RIFLE, "power": 0}, "needs power ≥ 1")


def test_special_part_makes_no_attack():
    _reject(
        Weapon,
        {**RIFLE, "type": "special", "ammo": None, "ammo_per_attack": 0},
        "special part makes no attack",
    )


def test_only_missiles_home():
    _reject(Weapon, {**RIFLE, "abilities": {"homing": True}}, "only missile weapons")


def test_guard_faces_are_frame_faces():
    shield = {
        **RIFLE,
        "type": "special",
        "power": 0,
        "attacks": 0,
        "ammo": None,
        "ammo_per_attack": 0,
        "abilities": {"guard": {"faces": [4], "reduction": 1}},
    }
    _reject(Weapon, shield, "less than or equal to 3")


def test_attack_type_must_be_known():
    _reject(Weapon, {**RIFLE, "type": "laser"}, "'normal', 'melee', 'missile' or 'special'")


def test_movement_mode_in_place_has_no_distance():
    _reject(MovementMode, {**MODE, "direction": "none"}, "turn in place")


def test_frame_movement_ids_are_unique():
    _reject(Frame, {**FRAME, "movement": [MODE, MODE]}, "must be unique")


def test_frame_needs_a_movement_mode():
    _reject(Frame, {**FRAME, "movement": []}, "at least 1")


def test_cooling_needs_heat_capacity():
    _reject(Frame, {**FRAME, "cooling": 2}, "heat_capacity")


def test_team_format_min_not_above_max():
    _reject(TeamFormat, {"units": 3, "min_weapons": 3, "max_weapons": 2}, "larger than")


def test_threat_needs_attacks():
    _reject(Threat, {"id": "t", "name": "T", "name_ja": "テ", "attacks": []}, "at least 1")


def _catalog(**changes):
    data = {
        "system": "laminim",
        "name": "c",
        "frames": [FRAME],
        "weapons": [RIFLE],
        "threats": [
            {
                "id": "duel",
                "name": "Duel",
                "name_ja": "決闘",
                "attacks": [{"weapon": "rifle", "bonus": 2}],
            }
        ],
        "default_threat": "duel",
        "team_format": {"units": 3, "min_weapons": 1, "max_weapons": 3},
    }
    data.update(changes)
    return data


def test_catalog_cross_checks_pass_for_valid_data():
    assert Catalog.model_validate(_catalog()).weapon("rifle") is not None


def test_duplicate_ids_are_rejected():
    _reject(Catalog, _catalog(weapons=[RIFLE, RIFLE]), "duplicate id 'rifle'")


def test_threat_naming_an_unknown_weapon_is_rejected():
    threat = {"id": "duel", "name": "D", "name_ja": "決", "attacks": [{"weapon": "rifel"}]}
    _reject(Catalog, _catalog(threats=[threat]), "unknown weapon 'rifel' (did you mean 'Rifle'?)")


def test_unknown_default_threat_is_rejected():
    _reject(Catalog, _catalog(default_threat="dual"), "unknown threat 'dual'")


def test_launches_is_ammo_over_ammo_per_attack():
    assert Weapon.model_validate({**RIFLE, "ammo": 12, "ammo_per_attack": 2}).launches == 6
    blade = {**RIFLE, "type": "melee", "ammo": None, "ammo_per_attack": 0}
    assert Weapon.model_validate(blade).launches is None
