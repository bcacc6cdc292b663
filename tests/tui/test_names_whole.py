"""80×24 in Japanese: a name is whole while its row has room (a picker's list sizes its names
to the list, not to a fixed cut), a picker names the item by its own Japanese name, a label of
the details pane is never cut, and a notice shown after a quiet moment spans the screen (it is
not wrapped to the width of a hidden line)."""

from __future__ import annotations

import shutil
from pathlib import Path

from builder import systems
from builder.tui.app import BuilderApp
from builder.tui.dialogs.picker_dialog import PickerDialog
from tests.tui.helpers import screen_text, settle

SIZE = (80, 24)


async def test_the_soh_armour_picker_at_80x24_in_japanese(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # the notice names the file as it was given: short
    shutil.copy(systems.get("soh").demo_file(), tmp_path / "crew.yaml")
    app = BuilderApp.from_paths(Path("crew.yaml"), None, lang="ja")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+s")  # a notice on a line that was hidden until now
        await settle(pilot)
        assert "crew.yaml に保存しました" in screen_text(pilot)
        await pilot.press("enter")  # Captain Ines (イネス船長) in the editor
        await settle(pilot)
        app.screen.focus_field("characters[0].armour")
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, PickerDialog)
        text = screen_text(pilot)
        assert "防具 — イネス船長" in text
        assert "トルーパー・パワードスーツ" in text  # 26 cells: the list has room for it
        assert "器用/敏捷修正" in text  # the details' label whole
        assert "…" not in text


async def test_the_laminim_team_table_breaks_weapons_between_names_at_80x24(tmp_path):
    """Issue 31 item 7: the team table's weapons column gives way by growing a row a line,
    between two names, instead of cutting クイックブースター (18 cells) to クイックブース…."""
    path = tmp_path / "team.yaml"
    shutil.copy(systems.get("laminim").demo_file(), path)
    for lang in ("ja", "en"):
        app = BuilderApp.from_paths(path, None, lang=lang)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            text = screen_text(pilot)
            assert "…" not in text
            names = ("クイックブースター", "ガトリング砲") if lang == "ja" else ("Quick booster",)
            for name in names:
                assert name in text


def test_weapon_names_are_broken_between_names_and_cut_only_alone():
    from builder.tui.columns import name_lines

    assert name_lines(["Rifle", "Missile pod", "—"], 30) == ["Rifle·Missile pod·—"]
    assert name_lines(["サブマシンガン", "クイックブースター", "ブレード"], 31) == [
        "サブマシンガン·",
        "クイックブースター·ブレード",
    ]
    assert name_lines(["ab", "cd"], 2) == ["ab", "cd"]  # no room for the ·: the line ends
    assert name_lines(["ガトリング砲", "x"], 10) == ["ガトリン…", "x"]  # alone and too wide
    assert name_lines([], 10) == [""]


def test_a_cell_breaks_between_names_then_phrases_and_cuts_only_a_phrase_alone():
    """Issue 31 item 7, the soh crew table's cells: a list of names joined by ", " breaks
    between names while each fits; a name wider than the column between its phrases (BudouX in
    Japanese, words in English); only a phrase wider than the column alone is cut."""
    from builder.tui.columns import phrase_lines, phrases_of, widest

    assert phrase_lines("Assault rifle 2, Hand grenade 4", 16) == [
        "Assault rifle 2,",
        "Hand grenade 4",
    ]
    assert phrase_lines("トルーパー・パワードスーツ", 14) == ["トルーパー・", "パワードスーツ"]
    assert phrase_lines("Trooper powered suit", 17) == ["Trooper powered", "suit"]
    assert phrase_lines("Flak jacket", 11) == ["Flak jacket"]
    assert phrase_lines("トルーパー・パワードスーツ", 10) == ["トルーパ…", "パワード…"]
    assert widest([["武器", "トルーパー・パワードスーツ"]], phrases_of) == [4, 14]


async def test_the_laminim_part_picker_names_the_unit_in_japanese(tmp_path):
    """Under ja the picker's title names the unit as the editor does (スワロー, not Swallow)."""
    path = tmp_path / "team.yaml"
    shutil.copy(systems.get("laminim").demo_file(), path)
    app = BuilderApp.from_paths(path, None, lang="ja")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("down", "down", "enter")  # Swallow (スワロー) in the editor
        await settle(pilot)
        await pilot.press("1")
        await settle(pilot)
        text = screen_text(pilot)
        assert "武装 1 — スワロー" in text and "Swallow" not in text
