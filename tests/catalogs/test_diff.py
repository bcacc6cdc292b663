"""The field-by-field diff of two catalogs (no game: collections are named by the caller)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from builder.catalogs.diff import ABSENT, diff_catalogs, field_changes, flatten
from builder.catalogs.identity import CatalogIdentity, digest_of


def _identity(docs: dict[str, Any], renamed: dict[str, str] | None = None) -> CatalogIdentity:
    return CatalogIdentity(
        Path("."), "x", "x", None, digest_of(docs), tuple(docs), renamed or {}, docs
    )


def test_lists_of_items_with_ids_are_compared_by_id_not_position():
    old = {"movement": [{"id": "dash", "distance": 3}, {"id": "turn", "turn": 120}]}
    new = {"movement": [{"id": "turn", "turn": 120}, {"id": "dash", "distance": 2}]}
    (change,) = field_changes(old, new)
    assert (change.field, change.old, change.new) == ("movement[dash].distance", 3, 2)


def test_a_field_added_or_dropped_is_a_change_from_or_to_nothing():
    changes = field_changes({"a": 1}, {"b": 2})
    assert [(c.field, c.old, c.new) for c in changes] == [("b", ABSENT, 2), ("a", 1, ABSENT)]
    assert changes[0].text() == "b — → 2"


def test_nested_mappings_flatten_to_dotted_paths():
    assert flatten({"abilities": {"guard": {"reduce": 2}}}) == {"abilities.guard.reduce": 2}


def test_added_removed_renamed_and_changed_items():
    old = _identity(
        {
            "w.yaml": {
                "weapons": [
                    {"id": "rifle", "weight": 3},
                    {"id": "rocket", "weight": 2},
                    {"id": "smg", "weight": 1},
                ]
            }
        }
    )
    new = _identity(
        {
            "w.yaml": {
                "weapons": [
                    {"id": "rifle", "weight": 5},
                    {"id": "rocket-pod", "weight": 2},
                    {"id": "railgun", "weight": 6},
                ]
            }
        },
        renamed={"rocket": "rocket-pod"},
    )
    diff = diff_catalogs(old, new, ["weapons"])
    assert [c.summary() for c in diff.changed] == ["rifle: weight 3 → 5"]
    assert [c.summary() for c in diff.renamed] == ["rocket: renamed to rocket-pod"]
    assert [r.id for r in diff.removed] == ["smg"]
    assert [r.id for r in diff.added] == ["railgun"]
    assert diff.about("weapons", "smg") == "smg: removed"
    assert diff.about("weapons", "railgun") is None


def test_a_rename_without_its_target_is_a_removal():
    old = _identity({"w.yaml": {"weapons": [{"id": "rocket"}]}})
    new = _identity({"w.yaml": {"weapons": []}}, renamed={"rocket": "rocket-pod"})
    diff = diff_catalogs(old, new, ["weapons"])
    assert [r.id for r in diff.removed] == ["rocket"] and not diff.renamed


def test_settings_are_compared_key_by_key_and_the_version_is_not_a_setting():
    old = _identity({"catalog.yaml": {"name": "A", "version": 1, "team_format": {"units": 3}}})
    new = _identity({"catalog.yaml": {"name": "A", "version": 2, "team_format": {"units": 4}}})
    diff = diff_catalogs(old, new, [])
    assert [s.text() for s in diff.settings] == ["team_format.units 3 → 4"]
    assert diff.settings[0].file == "catalog.yaml"
