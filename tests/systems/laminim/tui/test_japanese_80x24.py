"""Issue 13 item 5: every visible string in both languages, nothing cut at 80x24."""

from __future__ import annotations

from pathlib import Path

from builder.tui.screens.problems_screen import ProblemsScreen
from tests.tui.helpers import screen_text, settle

SMALL = (80, 24)


async def test_title_and_team_screen_hints_follow_the_language(make_app):
    app = make_app()
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        await pilot.press("d")  # a change: the title says so
        await settle(pilot)
        assert "● unsaved changes LAMINIM" in screen_text(pilot)
        assert "space marks units for compare" in screen_text(pilot)
        await pilot.press("l")
        await settle(pilot)
        text = screen_text(pilot)
        assert "● 未保存 ラミニム" in text
        assert "スペースで比較する機体に印" in text
        assert "unsaved" not in text and "marks units" not in text


async def test_the_demo_team_title_in_japanese():
    from builder.tui.app import BuilderApp

    app = BuilderApp.from_paths(None, None)
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        assert app.sub_title == "demo team, not saved to a file"
        await pilot.press("l")
        await settle(pilot)
        assert app.sub_title == "デモチーム（ファイル未保存）"


async def test_a_broken_files_problems_speak_japanese(make_app, tmp_path: Path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("system: laminim\nname: X\nunits: 3\n", encoding="utf-8")
    app = make_app()
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        await pilot.press("l")
        await settle(pilot)
        app.open_team(bad)
        await settle(pilot)
        assert isinstance(app.screen, ProblemsScreen)
        text = screen_text(pilot)
        flat = "".join(text.replace("▎", "").replace("▊", "").split())  # a long path wraps
        assert "bad.yaml:3:8" in flat and "テキストエディタ" in flat and "ctrl+r" in text
        assert "text editor" not in text
