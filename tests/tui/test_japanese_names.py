"""A team's and its units' Japanese names (name_ja) in the TUI: shown under Japanese, and the
name a player renames there is the one they see — the Japanese name of a unit that has one
(its name: stays, the name the file, records and actions use); under English, name: itself."""

from __future__ import annotations

import shutil

import pytest
import yaml

from builder import systems
from builder.tui.app import BuilderApp
from builder.tui.dialogs.prompt_dialog import PromptDialog
from tests.tui.helpers import screen_text, settle

SIZE = (80, 24)


async def _rename(pilot, new: str) -> str:
    await pilot.press("r")
    await settle(pilot)
    dialog = pilot.app.screen
    assert isinstance(dialog, PromptDialog)
    field = dialog.query_one("#prompt-input")
    offered = field.value
    field.value = new
    await pilot.press("enter")
    await settle(pilot)
    return offered


@pytest.mark.parametrize(
    ("lang", "offered", "name", "name_ja"),
    [("ja", "ケストレル", "Kestrel", "鷹"), ("en", "Kestrel", "鷹", "ケストレル")],
)
async def test_the_name_renamed_is_the_one_shown(tmp_path, lang, offered, name, name_ja):
    path = tmp_path / "team.yaml"
    shutil.copy(systems.get("laminim").demo_file(), path)
    app = BuilderApp.from_paths(path, None, lang=lang)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        if lang == "ja":
            text = screen_text(pilot)
            assert "テストプレイ見本" in text and "ケストレル" in text and "Kestrel" not in text
        assert await _rename(pilot, "鷹") == offered
        unit = app.team.units[0]
        assert (unit.name, unit.name_ja) == (name, name_ja)
        await pilot.press("ctrl+s")
        await settle(pilot)
    saved = yaml.safe_load(path.read_text(encoding="utf-8"))["units"][0]
    assert (saved["name"], saved["name_ja"]) == (name, name_ja)
