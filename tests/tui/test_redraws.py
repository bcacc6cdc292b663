"""Issue 31 item 9 (a key to new numbers on screen < 100 ms): a change redraws what shows it.

A screen hidden under an opaque one is drawn again when it is back on top, not on every key of
the screen above it; a widget whose content changes is laid out again only when its height
changes, and then always (nothing is cut)."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.widgets import Static

from builder.systems.laminim.tui.screens.team_screen import TeamScreen
from builder.systems.laminim.tui.screens.unit_editor_screen import UnitEditorScreen
from builder.tui.app import BuilderApp
from builder.tui.widgets import steady
from tests.tui.helpers import screen_text, settle

SIZE = (80, 24)


async def test_the_team_under_the_editor_is_drawn_again_only_when_back_on_top(monkeypatch):
    app = BuilderApp.from_paths(None, None)
    drawn: list[str] = []
    show = TeamScreen.show

    def counted(screen: TeamScreen) -> None:
        drawn.append("team")
        show(screen)

    monkeypatch.setattr(TeamScreen, "show", counted)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("enter")  # the first unit (Kestrel) in the editor
        await settle(pilot)
        editor = app.screen
        assert isinstance(editor, UnitEditorScreen)
        team = app.screen_stack[-2]
        assert isinstance(team, TeamScreen) and team.is_current  # Textual: "may be visible"
        assert not team.in_sight  # but the editor covers it
        drawn.clear()
        editor.set_part(3, "blade")
        await settle(pilot)
        assert drawn == []  # hidden: not drawn for nobody
        await pilot.press("escape")
        await settle(pilot)
        assert drawn == ["team"]  # drawn once, back on top, with the edit
        assert "Rifle·Missile pod·Blade" in screen_text(pilot)


class _Grows(App[None]):
    def compose(self) -> ComposeResult:
        yield Static("one line", id="box")
        yield Static("below", id="below")


async def test_a_widget_is_laid_out_again_exactly_when_its_height_changes():
    app = _Grows()
    async with app.run_test(size=(40, 10)) as pilot:
        await pilot.pause()
        box = app.query_one("#box", Static)
        below = app.query_one("#below", Static)
        assert box.size.height == 1 and below.region.y == 1
        steady.update(box, "other line")  # the same height: repainted in place
        assert not box._layout_required
        await pilot.pause()
        assert "other line" in screen_text(pilot)
        steady.update(box, "first\nsecond\nthird")  # taller: laid out, nothing cut
        assert box._layout_required
        await pilot.pause()
        assert box.size.height == 3 and below.region.y == 3
        text = screen_text(pilot)
        assert "first" in text and "third" in text and "below" in text
