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
