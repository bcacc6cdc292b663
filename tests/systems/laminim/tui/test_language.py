"""Switching the language with l: labels and part names follow on every screen."""

from __future__ import annotations

from builder.systems.laminim.tui.dialogs.part_picker_dialog import PartPickerDialog
from builder.systems.laminim.tui.screens.compare_screen import CompareScreen
from builder.systems.laminim.tui.screens.unit_editor_screen import UnitEditorScreen
from builder.tui.dialogs.print_dialog import PrintDialog
from tests.tui.conftest import SIZE
from tests.tui.helpers import screen_text, settle


async def test_unit_editor_switches_labels_and_part_names(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, UnitEditorScreen)
        text = screen_text(pilot)
        assert "Striker" in text and "Rifle" in text and "Frame" in text
        await pilot.press("l")
        await settle(pilot)
        text = screen_text(pilot)
        for shown in (
            "射撃型",
            "ライフル",
            "ミサイル",
            "本体",
            "武装 1",
            "積載",
            "生存率",
            "誘爆リスク",
        ):
            assert shown in text, shown
        assert "Striker" not in text and "Payload" not in text
        assert "t 想定攻撃" in text and "Esc 戻る" in text  # the footer too
        await pilot.press("l")
        await settle(pilot)
        text = screen_text(pilot)
        assert "Striker" in text and "Rifle" in text and "射撃型" not in text
        assert "t Threat" in text


async def test_compare_switches_labels_part_names_and_sources(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("enter", "c")
        await settle(pilot)
        assert isinstance(app.screen, CompareScreen)
        assert "Kestrel (editing)" in screen_text(pilot)
        await pilot.press("l")
        await settle(pilot)
        text = screen_text(pilot)
        for shown in ("射撃型", "ライフル", "本体", "耐久度", "想定攻撃", "Kestrel (編集中)"):
            assert shown in text, shown
        assert "(チーム)" in text
        assert "Durability" not in text and "Striker" not in text
        await pilot.press("l")
        await settle(pilot)
        text = screen_text(pilot)
        assert "Striker" in text and "Durability" in text and "射撃型" not in text


async def test_part_picker_in_japanese(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("l", "enter", "1")
        await settle(pilot)
        assert isinstance(app.screen, PartPickerDialog)
        await pilot.press(*"rifle")
        await settle(pilot)
        text = screen_text(pilot)
        for shown in (
            "ライフル",
            "種別",
            "通常",
            "重量",
            "威力",
            "弾数",
            "並び順: 名前",
            "esc 取消",
        ):
            assert shown in text, shown
        for english in ("Type", "normal", "Weight", "Sort", "Cancel"):
            assert english not in text, english
        await pilot.press("escape", "f")
        await settle(pilot)
        text = screen_text(pilot)
        assert "移動" in text and "Moves" not in text  # a frame's movement modes


async def test_print_dialog_and_help_in_japanese(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("l", "p")
        await settle(pilot)
        assert isinstance(app.screen, PrintDialog)
        text = screen_text(pilot)
        for shown in ("用紙", "言語", "カードサイズ", "出力フォルダ", "印刷", "閉じる"):
            assert shown in text, shown
        for english in ("Paper", "Card size", "Output folder", "Close"):
            assert english not in text, english
        await pilot.press("escape", "f1")
        await settle(pilot)
        text = screen_text(pilot)
        assert "全画面共通" in text and "このヘルプ" in text
        assert "Everywhere" not in text


async def test_text_question_buttons_follow_the_language(make_app):
    from builder.tui.dialogs.file_dialog import FileDialog
    from builder.tui.dialogs.prompt_dialog import PromptDialog

    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("l", "f2")  # save as: asks for a path
        await settle(pilot)
        assert isinstance(app.screen, FileDialog)
        text = screen_text(pilot)
        assert "Esc で取消" in text and "esc cancels" not in text
        await pilot.press("escape", "r")  # rename: a text question
        await settle(pilot)
        assert isinstance(app.screen, PromptDialog)
        text = screen_text(pilot)
        assert "キャンセル (esc)" in text and "Cancel (esc)" not in text
