"""The TUI and catalog versions: a save pins the file to its catalog, and a file naming ids
the catalog renamed is offered a migration (asked first, comments kept)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import yaml

from builder.catalogs.store import find_snapshot
from builder.core.resources import bundled_catalog_dir
from builder.systems.laminim.system import SYSTEM
from builder.tui.app import BuilderApp
from builder.tui.dialogs.confirm_dialog import ConfirmDialog
from tests.tui.conftest import SIZE
from tests.tui.helpers import settle


def _renamed_catalog(tmp_path: Path) -> Path:
    """The bundled catalog, version 2, with the blade renamed beam-blade."""
    folder = tmp_path / "catalog"
    shutil.copytree(bundled_catalog_dir("laminim"), folder)
    weapons = folder / "weapons.yaml"
    text = weapons.read_text(encoding="utf-8").replace("  - id: blade\n", "  - id: beam-blade\n")
    weapons.write_text(text, encoding="utf-8")
    threats = folder / "threats.yaml"
    text = threats.read_text(encoding="utf-8").replace("weapon: blade", "weapon: beam-blade")
    threats.write_text(text, encoding="utf-8")
    info = folder / "catalog.yaml"
    # the bundled catalog is version 1 (its Japanese names): this one replaces that line
    text = re.sub(r"(?m)^version: .*\n", "", info.read_text(encoding="utf-8"))
    info.write_text(text + "version: 2\nrenamed: {blade: beam-blade}\n", encoding="utf-8")
    return folder


def _app(path: Path, folder: Path | None = None) -> BuilderApp:
    return BuilderApp.from_paths(path, folder, SYSTEM.id)


async def test_a_save_pins_the_file_to_its_catalog(team_file):
    app = _app(team_file)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+s")
        await settle(pilot)
    text = team_file.read_text(encoding="utf-8")
    pin = yaml.safe_load(text)["catalog"]
    # version 1: the bundled catalog's Japanese names
    assert pin["name"] == "LAMINIM test-play catalog" and pin["version"] == 1
    assert find_snapshot(pin["digest"]) is not None
    assert "# 重装型 sample" in text


async def test_opening_a_file_with_renamed_ids_offers_the_migration(team_file, tmp_path):
    folder = _renamed_catalog(tmp_path)
    before = team_file.read_text(encoding="utf-8")
    app = _app(team_file, folder)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, ConfirmDialog)
        assert "blade → beam-blade" in app.screen._question
        await pilot.press("y")
        await settle(pilot)
        assert app.team.units[2].weapons[2] == "beam-blade"
    after = team_file.read_text(encoding="utf-8")
    assert "weapons: [smg, quick-booster, beam-blade]" in after
    comments = [line.split("#")[1] for line in before.splitlines() if "#" in line]
    assert comments == [line.split("#")[1] for line in after.splitlines() if "#" in line]


async def test_declining_the_migration_leaves_the_file_alone(team_file, tmp_path):
    folder = _renamed_catalog(tmp_path)
    before = team_file.read_text(encoding="utf-8")
    app = _app(team_file, folder)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, ConfirmDialog)
        await pilot.press("n")
        await settle(pilot)
        assert not isinstance(app.screen, ConfirmDialog)
    assert team_file.read_text(encoding="utf-8") == before
