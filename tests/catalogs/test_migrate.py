"""``migrate``'s rewrite: only the renamed ids change, every other byte of the file stays."""

from __future__ import annotations

from pathlib import Path

from builder.catalogs.identity import CatalogIdentity
from builder.catalogs.migrate import migrate_text, renames_for
from builder.systems import PartUse

TEAM = """\
# Friday's team
system: laminim
name: Night shift
units:
  - {name: Kestrel, frame: striker, weapons: [rifle,   rocket, null]}   # the shooter
  - {name: Bulwark, frame: bastion, weapons: [gatling, missile, missile]}
"""

USES = [
    PartUse("weapons", "rifle", ("units", 0, "weapons", 0)),
    PartUse("weapons", "rocket", ("units", 0, "weapons", 1)),
    PartUse("weapons", "gatling", ("units", 1, "weapons", 0)),
    PartUse("weapons", "missile", ("units", 1, "weapons", 1)),
    PartUse("weapons", "missile", ("units", 1, "weapons", 2)),
]


def _identity(renamed: dict[str, str], ids: list[str]) -> CatalogIdentity:
    docs = {"weapons.yaml": {"weapons": [{"id": i} for i in ids]}}
    return CatalogIdentity(Path("."), "laminim", "Test", 4, "abcdefabcdef", (), renamed, docs)


def test_only_the_renamed_id_changes_and_comments_stay():
    identity = _identity({"rocket": "rocket-pod"}, ["rifle", "rocket-pod", "gatling", "missile"])
    migration = migrate_text(TEAM, USES, identity)
    assert migration.renamed == [(("units", 0, "weapons", 1), "rocket", "rocket-pod")]
    lines = migration.text.splitlines()
    assert lines[0] == "# Friday's team"
    assert lines[3] == 'catalog: {name: "Test", version: 4, digest: "abcdefabcdef"}'
    assert "rocket-pod" in lines[5] and "# the shooter" in lines[5]
    assert lines[6] == TEAM.splitlines()[5]  # an unchanged row keeps its text


def test_an_id_the_catalog_still_holds_is_not_rewritten():
    identity = _identity({"rocket": "rocket-pod"}, ["rifle", "rocket", "rocket-pod"])
    assert renames_for(USES, identity) == []


def test_the_dry_run_diff_shows_the_changed_lines_only():
    identity = _identity({"rocket": "rocket-pod"}, ["rifle", "rocket-pod"])
    diff = migrate_text(TEAM, USES, identity).diff("team.yaml")
    changed = [line for line in diff.splitlines() if line[:1] in "+-" and line[:3] not in "+++---"]
    assert len(changed) == 3  # the new pin line, the old row, the new row
