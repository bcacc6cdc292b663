"""Issue 13 item 5: every visible string in both languages, nothing cut at 80x24."""

from __future__ import annotations

from pathlib import Path

from builder.tui.dialogs.load_errors_dialog import LoadErrorsDialog
from tests.tui.helpers import screen_text, settle

SMALL = (80, 24)


async def test_title_and_team_screen_hints_follow_the_language(make_app):
    app = make_app()
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        await pilot.press("d")  # a change: the title says so
        await settle(pilot)
        assert "unsaved changes" in app.sub_title
        assert "space marks units for compare" in screen_text(pilot)
        await pilot.press("l")
        await settle(pilot)
        text = screen_text(pilot)
        assert "未保存" in app.sub_title
        assert "スペースで比較する機体に印" in text
        assert "unsaved" not in text and "marks units" not in text


async def test_the_demo_team_title_in_japanese(catalog):
    from builder.core.resources import bundled_catalog_dir
    from builder.roster.team_file import load_team
    from builder.systems.laminim.system import SYSTEM
    from builder.tui.app import BuilderApp

    path = bundled_catalog_dir("laminim") / "demo_team.yaml"
    app = BuilderApp(SYSTEM, catalog, load_team(path)[1], None, path.read_text("utf-8"))
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        assert app.sub_title == "demo team, not saved to a file"
        await pilot.press("l")
        await settle(pilot)
        assert app.sub_title == "デモチーム（ファイル未保存）"


async def test_the_load_errors_dialog_speaks_japanese(make_app, tmp_path: Path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("system: laminim\nname: X\nunits: 3\n", encoding="utf-8")
    app = make_app()
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        await pilot.press("l")
        await settle(pilot)
        app.open_team(bad)
        await settle(pilot)
        assert isinstance(app.screen, LoadErrorsDialog)
        text = screen_text(pilot)
        assert "現在のチームはそのままです。" in text and "閉じる (esc)" in text
        assert "The current team was kept." not in text and "Close (esc)" not in text
