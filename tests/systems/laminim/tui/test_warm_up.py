"""Once the team screen is up, the engine is loaded and the team's units analysed in the
background, so the unit editor and compare open on their numbers."""

from __future__ import annotations

import asyncio

from builder.systems.laminim import analysis
from builder.systems.laminim.tui.screens.team_screen import TeamScreen
from tests.tui.conftest import SIZE
from tests.tui.helpers import settle


async def test_the_team_screen_caches_its_units_numbers_in_the_background(make_app):
    analysis._cached.cache_clear()
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, TeamScreen)
        await asyncio.sleep(TeamScreen.WARM_UP_AFTER + 0.1)
        await settle(pilot)
        cached = analysis._cached.cache_info()
        assert cached.currsize == len(app.team.units)  # every (legal) demo unit, once
        assert cached.misses == len(app.team.units)


async def test_once_warm_a_small_part_change_shows_its_numbers_in_the_same_refresh(make_app):
    """A loadout the engine answers within a frame is computed on the spot: the parts and their
    numbers arrive together, never a stale table in between and no worker started."""
    from builder.systems.laminim.tui.screens.unit_editor_screen import UnitEditorScreen

    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await asyncio.sleep(TeamScreen.WARM_UP_AFTER + 0.1)
        await settle(pilot)
        await app.screen.run_action("edit")
        await settle(pilot)
        editor = app.screen
        assert isinstance(editor, UnitEditorScreen)
        analysis._cached.cache_clear()  # a loadout new to the session
        before = analysis._cached.cache_info().misses
        editor.set_part(2, None)  # an edit: the app applies it, the editor redraws
        for _ in range(3):  # the edit's way up to the app and the screen's redraw down
            await pilot.pause()
        assert analysis._cached.cache_info().misses == before + 1  # computed, in the redraw
        assert not editor.query_one("#numbers").has_class("-stale")
        assert not [w for w in app.workers if w.group == "analysis" and not w.is_finished]
