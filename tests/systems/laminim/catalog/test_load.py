"""Catalog files: every problem of every file at once, as file:line:col: field: message.

Each message has its own fixture in tests/fixtures/bad_catalogs/<case>/, laid over a copy of
the bundled catalog.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from builder.core.problems import InputError
from builder.systems.laminim.catalog import load_catalog

CASES = Path(__file__).resolve().parents[3] / "fixtures" / "bad_catalogs"

EXPECTED = {
    "negative_durability": ("frames.yaml", 90, "frames[6].durability: must be greater than 0"),
    "ammo_per_attack_without_ammo": (
        "weapons.yaml",
        141,
        "ammo_per_attack is set but ammo is null",
    ),
    "duplicate_weapon_id": ("weapons.yaml", 141, "weapons[11].id: duplicate id 'rifle'"),
    "homing_not_missile": ("weapons.yaml", 141, "only missile weapons can be homing"),
    "special_with_power": ("weapons.yaml", 141, "special part makes no attack"),
    "duplicate_movement_mode": ("frames.yaml", 85, "movement mode ids must be unique"),
    "threat_unknown_weapon": ("threats.yaml", 54, "unknown weapon 'rifel' (did you mean 'Rifle'?)"),
    "threat_special_weapon": ("threats.yaml", 54, "'shield' is a special part"),
    "missile_bonus": ("threats.yaml", 54, "a missile takes no hit bonus"),
    "unknown_default_threat": ("catalog.yaml", 3, "(did you mean 'Rifle duel'?)"),
    "python_tag_catalog": ("catalog.yaml", 2, "unsupported YAML tag '!!python/object/apply"),
    "unknown_catalog_field": ("catalog.yaml", 4, "(did you mean 'min_weapons'?)"),
    "ammo_exceeds_capacity": ("weapons.yaml", 141, "exceeds ammo (2): the weapon could never fire"),
    "ammo_never_spent": ("weapons.yaml", 141, "a weapon with ammo must spend it"),
    "attack_without_power": ("weapons.yaml", 141, "a normal weapon needs power ≥ 1"),
    "bad_slug_id": ("weapons.yaml", 141, "'Bad_Gun' is not a valid id"),
    "catalog_syntax_error": ("frames.yaml", 38, "YAML syntax error"),
    "cooling_without_capacity": ("frames.yaml", 85, "cooling is set but heat_capacity is not"),
    "guard_face_out_of_range": ("weapons.yaml", 151, "faces[0]: must be at most 3, got 4"),
    "key_in_two_files": ("threats.yaml", 50, "name: already given in"),
    "min_above_max": ("catalog.yaml", 12, "min_weapons is larger than max_weapons"),
    "turn_in_place_moves": ("frames.yaml", 93, "(turn in place) must have distance 0"),
    "unknown_attack_type": ("weapons.yaml", 145, "must be one of 'normal', 'melee', 'missile'"),
    "durability_too_large": (
        "frames.yaml",
        25,
        "frames[1].durability: must be at most 10000, got 1000000000",
    ),
    "ammo_too_large": ("weapons.yaml", 15, "weapons[0].ammo: must be at most 1000, got 1000000000"),
    "attacks_too_large": ("weapons.yaml", 41, "weapons[2].attacks: must be at most 100, got 10000"),
}


def test_every_fixture_has_an_expectation():
    assert {p.name for p in CASES.iterdir()} == set(EXPECTED)


@pytest.mark.parametrize("case", sorted(EXPECTED))
def test_bad_catalog_reports_file_line_and_reason(case, catalog_copy):
    for src in (CASES / case).iterdir():
        shutil.copy(src, catalog_copy / src.name)
    with pytest.raises(InputError) as info:
        load_catalog(catalog_copy)
    file, line, fragment = EXPECTED[case]
    lines = [str(p) for p in info.value.problems]
    prefix = f"{catalog_copy / file}:{line}:"
    assert any(text.startswith(prefix) and fragment in text for text in lines), lines


def test_python_tag_in_catalog_runs_nothing(catalog_copy, tmp_path):
    marker = Path("/tmp/laminim-pwned")
    marker.unlink(missing_ok=True)
    shutil.copy(CASES / "python_tag_catalog" / "catalog.yaml", catalog_copy / "catalog.yaml")
    with pytest.raises(InputError):
        load_catalog(catalog_copy)
    assert not marker.exists()


def test_missing_catalog_file_is_reported(catalog_copy):
    (catalog_copy / "weapons.yaml").unlink()
    with pytest.raises(InputError) as info:
        load_catalog(catalog_copy)
    assert "weapons.yaml: catalog file missing" in str(info.value)


def test_missing_catalog_folder_is_reported(tmp_path):
    with pytest.raises(InputError, match="catalog folder not found"):
        load_catalog(tmp_path / "nowhere")


def test_problems_in_several_files_are_all_reported(catalog_copy):
    shutil.copy(CASES / "negative_durability" / "frames.yaml", catalog_copy / "frames.yaml")
    shutil.copy(CASES / "special_with_power" / "weapons.yaml", catalog_copy / "weapons.yaml")
    with pytest.raises(InputError) as info:
        load_catalog(catalog_copy)
    files = {Path(p.file).name for p in info.value.problems}
    assert files == {"frames.yaml", "weapons.yaml"}
