"""Issue 13 items 4 and 9: the part picker and the editor at 80 columns; extra weapons."""

from __future__ import annotations

import re
from pathlib import Path

from builder.systems.laminim.tui.dialogs.part_picker_dialog import PartPickerDialog
from builder.systems.laminim.tui.screens.unit_editor_screen import UnitEditorScreen
from tests.tui.helpers import screen_text, settle

SMALL = (80, 24)


async def test_picker_at_80_columns_has_a_header_and_the_payload_left(make_app):
    app = make_app()
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        await pilot.press("enter", "3")
        await settle(pilot)
        assert isinstance(app.screen, PartPickerDialog)
        text = screen_text(pilot)
        assert "Part" in text and "pow×atk" in text  # the list's column names
        assert "1 free" in text  # the payload left, above the part's description
        lines = text.splitlines()
        autocannon = next(line for line in lines if "Autocannon" in line and "6×2" in line)
        assert "✗" in autocannon  # over the payload left, on the same line
        await pilot.press(*"autoc")
        await settle(pilot)
        assert re.search(r"\b1 part\b(?!s)", screen_text(pilot))  # singular


async def test_editor_at_80x24_shows_best_single_in_both_languages(make_app):
    app = make_app()
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        text = screen_text(pilot)
        assert "best single 33.33" in text and "P(alive)" in text and "Cook-off" in text
        await pilot.press("l")
        await settle(pilot)
        text = screen_text(pilot)
        assert "単独最大 33.33" in text
        assert "生存率" in text and "誘爆リスク" in text and "…" not in text
        assert "R6武装破壊率 1:52.8% 2:51.4%" in text  # one decimal (builder/core/numbers.py)
        assert "ライフルの撃ち合い" in text  # the threat's name follows the language


async def test_team_status_column_is_whole_in_japanese_at_80x24(make_app):
    app = make_app()
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        await pilot.press("l")
        await settle(pilot)
        text = screen_text(pilot)
        assert text.count("✓ 適正") == 3


async def test_a_fourth_weapon_in_the_file_is_shown_and_can_be_removed(make_app, tmp_path: Path):
    path = tmp_path / "four.yaml"
    path.write_text(
        "system: laminim\nname: Four\nunits:\n  - name: Greedy\n    frame: hauler\n"
        "    weapons: [rifle, rifle, rifle, blade]\n",
        encoding="utf-8",
    )
    app = make_app(path)
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, UnitEditorScreen)
        text = screen_text(pilot)
        assert "Extra 4 Blade" in text
        await pilot.press("down", "down", "down", "down")  # frame, 1, 2, 3, extra 4
        await pilot.press("enter")  # no part to pick for it: a hint instead
        await settle(pilot)
        assert isinstance(app.screen, UnitEditorScreen)
        await pilot.press("backspace")
        await settle(pilot)
        assert app.team.units[0].weapons == ["rifle", "rifle", "rifle"]
        text = screen_text(pilot)
        assert "Extra" not in text and "✓ legal" in text
