"""A catalog update as a player meets it, in every game: the catalog changes under a pinned
file; ``check`` warns about the file's own parts only, ``catalog diff`` names every change,
every file that broke and why and the numbers that moved, and ``migrate`` fixes renamed ids
keeping every comment."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import yaml

from builder.core.resources import bundled_catalog_dir


def _copy(system: str, tmp_path: Path, name: str = "old") -> Path:
    target = tmp_path / name
    shutil.copytree(bundled_catalog_dir(system), target)
    return target


def _edit(folder: Path, file: str, change: Callable[[Any], None]) -> None:
    path = folder / file
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")


def _item(data: dict[str, Any], collection: str, item_id: str) -> dict[str, Any]:
    return next(i for i in data[collection] if i["id"] == item_id)


def _replace(value: Any, old: str, new: str) -> Any:
    if isinstance(value, dict):
        return {k: _replace(v, old, new) for k, v in value.items()}
    if isinstance(value, list):
        return [_replace(v, old, new) for v in value]
    return new if value == old else value


def _rename(folder: Path, old: str, new: str, version: int) -> None:
    """Rename an id everywhere in the catalog and say so in ``renamed:`` (as a designer does)."""
    for path in folder.glob("*.yaml"):
        if path.name.startswith("demo_"):
            continue
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        data = _replace(data, old, new)
        if path.name == "catalog.yaml":
            data["version"] = version
            data["renamed"] = {old: new}
        path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), "utf-8")


def _team(system: str, tmp_path: Path) -> Path:
    demo = next(bundled_catalog_dir(system).glob("demo_*.yaml"))
    target = tmp_path / demo.name
    shutil.copy(demo, target)
    return target


def _comments(text: str) -> list[str]:
    return [line.split("#", 1)[1] for line in text.splitlines() if "#" in line]


def test_laminim_update_weights_payloads_a_removed_and_a_renamed_weapon(cli, tmp_path):
    old = _copy("laminim", tmp_path)
    team = _team("laminim", tmp_path)
    assert cli("pin", team, "--catalog", old).code == 0
    new = _copy("laminim", tmp_path, "new")
    _rename(new, "blade", "beam-blade", 2)

    def weapons(data: Any) -> None:
        _item(data, "weapons", "rifle")["weight"] = 5
        _item(data, "weapons", "gatling")["power"] = 4
        _item(data, "weapons", "shield")["durability"] = 99  # no unit of the team uses it
        data["weapons"] = [w for w in data["weapons"] if w["id"] != "smg"]

    _edit(new, "weapons.yaml", weapons)
    _edit(new, "frames.yaml", lambda d: _item(d, "frames", "bastion").update(payload=13))

    checked = cli("check", team, "--catalog", new)
    told = checked.out + checked.err  # the catalog's changes are warnings of the report
    assert "rifle: weight 3 → 5" in told
    assert "gatling: power 3 → 4" in told
    assert "bastion: payload 14 → 13" in told
    assert "smg: removed" in told
    assert "'blade' was renamed to 'beam-blade' in version 2" in told
    assert told.count("'blade'") == 1, told  # the rename is the one problem at its place
    assert "shield" not in told  # not one of this team's parts
    assert "[new with this catalog]" in told
    as_json = json.loads(cli("check", team, "--catalog", new, "--json").out)["catalog"]
    assert as_json["changed"] and as_json["current"]["version"] == 2
    assert checked.code == cli("check", team, "--catalog", new).code

    diff = cli("catalog", "diff", old, new, team, "--json")
    assert diff.code == 1
    data = json.loads(diff.out)
    changed = {
        c["id"]: {f["field"]: (f["old"], f["new"]) for f in c["fields"]} for c in data["changed"]
    }
    assert changed["rifle"]["weight"] == (3, 5)
    assert changed["shield"]["durability"] == (10, 99) or "durability" in changed["shield"]
    assert {"collection": "weapons", "id": "smg"} in data["removed"]
    assert [(r["id"], r["new_id"]) for r in data["renamed"]] == [("blade", "beam-blade")]
    (impact,) = data["files"]
    assert impact["legal_before"] and not impact["legal_after"]
    # blade is listed once: as renamed (its reason), not again as a changed part
    assert {p["id"] for p in impact["parts_changed"]} == {"rifle", "gatling", "bastion", "smg"}
    assert sum("beam-blade" in r["message"] for r in impact["reasons"]) == 1
    labels = [m["label"] for m in impact["moved"]]
    assert any(label.startswith("Kestrel: survival vs rifle-duel") for label in labels)
    assert any("smg" in r["message"] for r in impact["reasons"])
    text = cli("catalog", "diff", old, new, team).out
    assert all(len(line) <= 80 for line in text.splitlines())
    assert "legal → unusable" in text

    before = team.read_text(encoding="utf-8")
    dry = cli("migrate", team, "--catalog", new, "--dry-run")
    assert "+    weapons: [smg, quick-booster, beam-blade]" in dry.out
    assert dry.code == 2 and "unknown weapon 'smg'" in dry.err  # still wrong: check's code
    assert team.read_text(encoding="utf-8") == before
    assert cli("migrate", team, "--catalog", new).code == 2
    after = team.read_text(encoding="utf-8")
    assert "beam-blade" in after and "blade]" not in after.replace("beam-blade]", "")
    assert _comments(after) == _comments(before)
    digest = json.loads(cli("parts", "--catalog", new, "--json").out)["digest"]
    assert f'digest: "{digest}"' in after


def test_artifact_update_hp_and_a_renamed_suit(cli, tmp_path):
    old = _copy("artifact", tmp_path)
    force = _team("artifact", tmp_path)
    assert cli("pin", force, "--catalog", old).code == 0
    new = _copy("artifact", tmp_path, "new")
    _rename(new, "rick-dias", "rick-dias-kai", 2)

    def suits(data: Any) -> None:
        _item(data, "mobile_suits", "nightingale")["hp"] = 8
        _item(data, "mobile_suits", "hi-nu-gundam")["move"] = 20  # not in the force

    _edit(new, "mobile_suits.yaml", suits)
    checked = cli("check", force, "--catalog", new)
    told = checked.out + checked.err  # the catalog's changes are warnings of the report
    assert "nightingale: hp 12 → 8" in told
    assert "'rick-dias' was renamed to 'rick-dias-kai' in version 2" in told
    assert "hi-nu-gundam: move" not in told  # not in the force

    data = json.loads(cli("catalog", "diff", old, new, force, "--json").out)
    (impact,) = data["files"]
    labels = [m["label"] for m in impact["moved"]]
    assert any(" kill vs " in label for label in labels)
    assert any("survival vs" in label for label in labels)
    assert impact["after_migrate"] is True

    before = force.read_text(encoding="utf-8")
    assert cli("migrate", force, "--catalog", new).code == 0
    after = force.read_text(encoding="utf-8")
    assert after.count("type: rick-dias-kai") == 2
    assert _comments(after) == _comments(before)
    assert cli("check", force, "--catalog", new).code == 0


def test_soh_update_damage_and_a_renamed_armour(cli, tmp_path):
    old = _copy("soh", tmp_path)
    crew = _team("soh", tmp_path)
    assert cli("pin", crew, "--catalog", old).code == 0
    new = _copy("soh", tmp_path, "new")
    _rename(new, "flak-jacket", "flak-vest", 3)
    _edit(new, "weapons.yaml", lambda d: _item(d, "weapons", "revolver").update(damage=9))

    checked = cli("check", crew, "--catalog", new)
    told = checked.out + checked.err  # the catalog's changes are warnings of the report
    assert "revolver: damage 11 → 9" in told
    assert "'flak-jacket' was renamed to 'flak-vest' in version 3" in told

    data = json.loads(cli("catalog", "diff", old, new, crew, "--json").out)
    (impact,) = data["files"]
    moved = {m["label"]: m for m in impact["moved"]}
    wounds = moved["Captain Ines: revolver wounds vs Pirate gunman"]
    assert wounds["after"] < wounds["before"]

    assert cli("migrate", crew, "--catalog", new).code == 0
    assert "armour: flak-vest" in crew.read_text(encoding="utf-8")
    assert cli("check", crew, "--catalog", new).code == 0


def test_kuroganen_catalog_has_an_identity_and_its_maps_nothing_to_migrate(cli, tmp_path):
    old = _copy("kuroganen", tmp_path)
    board = _team("kuroganen", tmp_path)
    assert cli("pin", board, "--catalog", old).code == 0
    new = _copy("kuroganen", tmp_path, "new")
    _edit(new, "catalog.yaml", lambda d: d.update(version=2, name="Kuroganen Gauge 2"))

    parts = json.loads(cli("parts", "--catalog", new, "--json").out)
    assert parts["version"] == 2 and len(parts["digest"]) == 12
    checked = cli("check", board, "--catalog", new)
    assert checked.code == 0
    assert "none of its parts changed" in checked.out  # a warning of the report

    diff = cli("catalog", "diff", old, new, board)
    assert diff.code == 0
    assert "catalog.yaml: name Kuroganen Gauge elevation → Kuroganen Gauge 2" in diff.out

    before = board.read_text(encoding="utf-8")
    migrated = cli("migrate", board, "--catalog", new)
    assert migrated.code == 0 and "no id to rename" in migrated.out
    after = board.read_text(encoding="utf-8")
    assert after != before  # pinned to the new catalog, and nothing else touched:
    unpinned = [line for line in after.splitlines() if not line.startswith("catalog:")]
    assert unpinned == [line for line in before.splitlines() if not line.startswith("catalog:")]
