"""The compare screen: add units from this team or a file, drop any column, fit 80×24."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import DataTable

from builder.systems.laminim.tui.dialogs.unit_choice_dialog import UnitChoiceDialog
from builder.systems.laminim.tui.screens.compare_screen import CompareScreen
from builder.tui.widgets.key_footer import KeyFooter
from builder.tui.widgets.survival_chart import SurvivalChart
from tests.tui.conftest import SIZE
from tests.tui.helpers import choose_file, screen_text, settle


async def _compare_first_two(pilot) -> CompareScreen:
    await settle(pilot)
    await pilot.press("space", "down", "space", "c")
    await settle(pilot)
    screen = pilot.app.screen
    assert isinstance(screen, CompareScreen)
    return screen


async def test_add_a_unit_of_the_current_team(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await _compare_first_two(pilot)
        footer = screen_text(pilot).splitlines()[-2:]
        assert any("a Add" in line for line in footer)
        assert any("x Drop" in line for line in footer)
        await pilot.press("a")
        await settle(pilot)
        assert isinstance(app.screen, UnitChoiceDialog)
        text = screen_text(pilot)
        assert "Swallow" in text and "Another team file…" in text
        await pilot.press("down", "down", "enter")  # Kestrel, Bulwark, *Swallow*
        await settle(pilot)
        assert app.screen is screen
        assert [e.unit.name for e in screen.entries] == ["Kestrel", "Bulwark", "Swallow"]
        assert "Swallow (team)" in screen_text(pilot)


async def test_add_from_another_file_is_the_last_choice(make_app, other_team: Path):
    other = other_team
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await _compare_first_two(pilot)
        await pilot.press("a", "up", "enter")  # wraps round to "Another team file…"
        await settle(pilot)
        await choose_file(pilot, other)
        assert isinstance(app.screen, UnitChoiceDialog)
        await pilot.press("enter")
        await settle(pilot)
        assert [e.unit.name for e in screen.entries] == ["Kestrel", "Bulwark", "Solo"]
        assert "Solo (other.yaml)" in screen_text(pilot)


async def test_drop_the_column_under_the_cursor(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("enter", "c")  # the edited unit and the two others
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, CompareScreen)
        assert [e.unit.name for e in screen.entries] == ["Kestrel", "Bulwark", "Swallow"]
        await pilot.press("right")  # the cursor is on Bulwark's column
        await settle(pilot)
        assert screen.query_one(DataTable).cursor_column == 1
        await pilot.press("x")
        await settle(pilot)
        assert [e.unit.name for e in screen.entries] == ["Kestrel", "Swallow"]
        assert "Bulwark" not in screen_text(pilot).split("●")[0]
        await pilot.press("x")  # two must stay
        await settle(pilot)
        assert [e.unit.name for e in screen.entries] == ["Kestrel", "Swallow"]
        assert any("at least two units" in n.message for n in app._notifications)


async def test_the_plot_is_above_the_fold_at_80x24(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("c")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, CompareScreen)
        chart = screen.query_one(SurvivalChart)
        footer = screen.query_one(KeyFooter)
        assert chart.region.height >= 7
        assert chart.region.bottom <= footer.region.y  # whole plot visible, nothing to scroll
        text = screen_text(pilot)
        assert "● Kestrel" in text and "R6" in text.splitlines()[-4]
        assert "Alive after R3" not in text  # the compact table
        assert "7/8 legal" in text  # payload and legality share a row


async def test_the_full_table_at_100x32(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("c")
        await settle(pilot)
        screen = app.screen
        text = screen_text(pilot)
        assert "Alive after R3" in text and "Legality" in text
        chart = screen.query_one(SurvivalChart)
        assert chart.region.bottom <= screen.query_one(KeyFooter).region.y
        assert chart.region.height >= 10


async def test_the_table_follows_a_terminal_resize(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("c")
        await settle(pilot)
        assert "Alive after R3" in screen_text(pilot)
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        assert "Alive after R3" not in screen_text(pilot)
        assert "● Kestrel" in screen_text(pilot)


async def test_compare_shows_the_parts_at_once_and_fills_the_numbers_in(make_app, monkeypatch):
    import threading

    from builder.systems.laminim import analysis

    release = threading.Event()
    real = analysis.analyze

    def slow(*args, **kwargs):
        release.wait(10)
        return real(*args, **kwargs)

    monkeypatch.setattr(analysis, "analyze", slow)
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("space", "down", "space", "c")
        for _ in range(100):
            await pilot.pause(0.02)
            if "computing…" in screen_text(pilot):
                break
        text = screen_text(pilot)
        assert "computing…" in text
        assert "Striker" in text and "Bastion" in text  # the parts, from legality alone
        assert "99.2%" not in text  # the numbers not yet
        release.set()
        await settle(pilot)
        text = screen_text(pilot)
        assert "computing…" not in text and "99.2%" in text  # Bulwark's survival after R6
