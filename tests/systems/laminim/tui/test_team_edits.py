"""Every change to the team redraws the team screen (its legality once the app has checked the
team again, in a worker); compare marks belong to units."""

from __future__ import annotations

from pathlib import Path

from builder.systems.laminim.tui.screens.compare_screen import CompareScreen
from builder.systems.laminim.tui.screens.team_screen import TeamScreen
from tests.tui.conftest import SIZE
from tests.tui.helpers import screen_text, settle


def _rows(pilot) -> list[str]:
    """The unit rows of the team table as shown (name column), top to bottom."""
    screen = pilot.app.screen
    assert isinstance(screen, TeamScreen)
    table = screen.query_one("#units")
    return [str(table.get_row_at(r)[1]) for r in range(table.row_count)]


async def test_duplicate_redraws_the_table_and_the_banner_at_once(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert "Team is legal" in screen_text(pilot)
        await pilot.press("d")  # a fourth unit: over the team's unit limit
        await settle(pilot)
        assert _rows(pilot) == ["Kestrel", "Kestrel 2", "Bulwark", "Swallow"]
        text = screen_text(pilot)
        assert "Kestrel 2" in text
        assert "Team is not legal" in text
        assert "Team is legal" not in text


async def test_reorder_redraws_the_table_at_once(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("shift+down")
        await settle(pilot)
        assert _rows(pilot) == ["Bulwark", "Kestrel", "Swallow"]
        assert [u.name for u in app.team.units] == ["Bulwark", "Kestrel", "Swallow"]
        assert app.screen.query_one("#units").cursor_row == 1  # the cursor moved with it


async def test_marks_stay_on_their_units_after_a_duplicate_and_a_move(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("down", "space")  # mark Bulwark (row 2)
        await pilot.press("up", "d")  # duplicate Kestrel: Bulwark is now row 3
        await pilot.press("down", "down", "down", "space")  # mark Swallow (row 4)
        await pilot.press("shift+up")  # Swallow moves above Bulwark
        await settle(pilot)
        assert app.screen.marked == ["Bulwark", "Swallow"]
        rows = screen_text(pilot)
        assert "*" in next(line for line in rows.splitlines() if "Bulwark" in line)
        assert "*" not in next(line for line in rows.splitlines() if "Kestrel 2" in line)
        await pilot.press("c")
        await settle(pilot)
        assert isinstance(app.screen, CompareScreen)
        assert [e.unit.name for e in app.screen.entries] == ["Swallow", "Bulwark"]


async def test_a_mark_follows_a_rename(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("space", "r")
        await settle(pilot)
        await pilot.press(*"\b" * 10, *"Hawk", "enter")
        await settle(pilot)
        assert app.team.units[0].name == "Hawk"
        assert app.screen.marked == ["Hawk"]


async def test_marks_are_cleared_when_a_file_is_opened(make_app, tmp_path: Path, team_file):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("space", "down", "space")
        await settle(pilot)
        assert app.screen.marked == ["Kestrel", "Bulwark"]
        app.open_team(team_file)  # the same unit names again: still a new team
        await settle(pilot)
        assert isinstance(app.screen, TeamScreen) and app.screen.marked == []
        assert "*" not in screen_text(pilot).split("Kestrel")[0].splitlines()[-1]
