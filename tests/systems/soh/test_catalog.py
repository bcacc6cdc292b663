"""The bundled soh catalog and demo crew validate, cross-reference and feed the rules core."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from pydantic import ValidationError

from builder.core.catalog_folder import IDENTITY_KEYS
from builder.systems.soh.models import (
    Armour,
    ArmourFile,
    Catalog,
    CatalogInfo,
    Crew,
    Vehicle,
    VehiclesFile,
    Weapon,
    WeaponsFile,
)
from builder.systems.soh.rules import (
    CharacterStats,
    Protection,
    WeaponStats,
    durability,
    evasion_value,
    hit_value,
    normalise_ap,
)

ROOT = Path(__file__).parents[3] / "parts_catalog" / "soh"


def _load(name: str) -> dict:
    return yaml.safe_load((ROOT / f"{name}.yaml").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return Catalog(
        info=CatalogInfo.model_validate(
            {k: v for k, v in _load("catalog").items() if k not in IDENTITY_KEYS}
        ),
        weapons=WeaponsFile.model_validate(_load("weapons")).weapons,
        armour=ArmourFile.model_validate(_load("armour")).armour,
        vehicles=VehiclesFile.model_validate(_load("vehicles")).vehicles,
    )


@pytest.fixture(scope="module")
def crew() -> Crew:
    return Crew.model_validate(_load("demo_crew"))


def test_catalog_is_soh_and_says_its_numbers_are_provisional(catalog):
    assert catalog.info.system == "soh"
    assert "provisional" in catalog.info.note.lower()
    assert "PROVISIONAL" in (ROOT / "catalog.yaml").read_text(encoding="utf-8")


def test_catalog_holds_six_weapons_four_armours_three_vehicles(catalog):
    assert len(catalog.weapons) == 6
    assert len(catalog.armour) == 4
    assert {a.kind for a in catalog.armour} == {"armour", "powered-suit"}
    assert [v.kind for v in catalog.vehicles].count("giant-robot") == 2
    assert [v.kind for v in catalog.vehicles].count("ship") == 1
    assert {w.type for w in catalog.weapons} == {"A", "B"}


def test_demo_crew_references_only_catalog_parts(catalog, crew):
    assert crew.system == "soh"
    for c in crew.characters:
        assert all(catalog.weapon(w) for w in c.weapons), c.name
        assert c.armour is None or catalog.armour_piece(c.armour), c.name
        assert c.vehicle is None or catalog.vehicle(c.vehicle), c.name


def _protection(catalog: Catalog, armour: str | None, vehicle: str | None) -> Protection | None:
    part = catalog.armour_piece(armour) if armour else catalog.vehicle(vehicle) if vehicle else None
    if part is None:
        return None
    return Protection(
        kind=part.kind,
        b_armour=part.b_armour,
        a_armour=part.a_armour,
        dexterity_mod=part.dexterity_mod,
        agility_mod=part.agility_mod,
        strength=part.strength,
        size=getattr(part, "size", None),
        evasion_skill=part.skill,
    )


def test_demo_crew_feeds_the_rules_core(catalog, crew):
    """What the integration adapter does: models -> plain dataclasses -> derived values."""
    values = {}
    for c in crew.characters:
        stats = CharacterStats(
            c.intellect, c.agility, c.dexterity, c.strength, c.size, c.ap, dict(c.skills)
        )
        prot = _protection(catalog, c.armour, c.vehicle)
        w = catalog.weapon(c.weapons[0])
        assert w is not None
        ws = WeaponStats(w.skill, w.category, w.size, w.type, w.damage, w.ammo, w.rate)
        values[c.name] = (hit_value(stats, ws, prot), evasion_value(stats, prot),
                          durability(stats, "B", prot))  # fmt: skip
    assert values["Captain Ines"] == (5 - 1 + 2, 4 - 2 + 1, 1 + 3)
    assert values["Rook"] == (4 - 1 - 2 + 1, 5 - 1 - 2 + 2, 8 + 12)
    assert values["Mei"] == (6 + 1 - 6 + 2, 6 + 1 - 7 + 3, 12 + 30)
    assert normalise_ap([c.ap for c in crew.characters]) == [3, 3, 4]


BASE_WEAPON = {"id": "x", "name": "X", "name_ja": "X", "skill": "guns", "category": "gun",
               "size": 1, "type": "A", "damage": 5}  # fmt: skip


@pytest.mark.parametrize(
    "change",
    [
        {"id": "Bad_Id"},
        {"id": "-x"},
        {"type": "C"},
        {"damage": -1},
        {"rate": 0},
        {"category": "bow"},
        {"colour": "red"},  # unknown keys are errors
    ],
)
def test_weapon_rejects_bad_fields(change):
    with pytest.raises(ValidationError):
        Weapon.model_validate(BASE_WEAPON | change)


def test_plain_armour_has_no_strength_and_a_suit_must():
    base = {"id": "a", "name": "A", "name_ja": "A", "b_armour": 1, "a_armour": 1}
    with pytest.raises(ValidationError):
        Armour.model_validate(base | {"kind": "armour", "strength": 3})
    with pytest.raises(ValidationError):
        Armour.model_validate(base | {"kind": "powered-suit"})


def test_only_a_ship_has_a_hull():
    base = {"id": "v", "name": "V", "name_ja": "V", "b_armour": 1, "a_armour": 1,
            "strength": 10, "size": 5}  # fmt: skip
    with pytest.raises(ValidationError):
        Vehicle.model_validate(base | {"kind": "giant-robot", "hull": "aircraft"})
    with pytest.raises(ValidationError):
        Vehicle.model_validate(base | {"kind": "ship"})


def test_a_character_has_armour_or_a_vehicle_not_both(crew):
    data = _load("demo_crew")
    data["characters"][0]["vehicle"] = "lynx"
    with pytest.raises(ValidationError, match="not both"):
        Crew.model_validate(data)


def test_crew_has_at_most_one_leader():
    data = _load("demo_crew")
    for c in data["characters"]:
        c["leader"] = True
    with pytest.raises(ValidationError, match="leader"):
        Crew.model_validate(data)


def test_crew_file_must_say_soh():
    data = _load("demo_crew") | {"system": "laminim"}
    with pytest.raises(ValidationError):
        Crew.model_validate(data)


def test_catalog_ids_are_unique(catalog):
    with pytest.raises(ValidationError, match="twice"):
        Catalog(info=catalog.info, weapons=catalog.weapons * 2, armour=catalog.armour,
                vehicles=catalog.vehicles)  # fmt: skip
