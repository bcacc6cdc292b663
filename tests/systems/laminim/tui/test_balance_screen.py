"""``b`` on the team screen: the balance report for the current catalog and threat, scored in a
worker with a progress line, then the summary and the weapon table (pilot, 80x24, en and ja)."""

from __future__ import annotations

from builder.systems.laminim.balance import run_balance
from builder.systems.laminim.balance_text import summary_sentences
from builder.systems.laminim.tui import numbers
from builder.systems.laminim.tui.screens.balance_screen import BalanceScreen
from builder.systems.laminim.tui.screens.team_screen import TeamScreen
from tests.tui.helpers import screen_text, settle

SIZE = (80, 24)


async def test_balance_screen_shows_the_summary_and_the_weapon_table(make_app, catalog):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("b")
        screen = app.screen
        assert isinstance(screen, BalanceScreen)
        await settle(pilot)
        assert screen.state_text == "ready"
        want = run_balance(catalog, ["rifle-duel"], numbers.ROUNDS)
        assert summary_sentences(screen.run, catalog, "en") == summary_sentences(
            want, catalog, "en"
        )
        done, total = screen.scored or (0, -1)
        assert done == total > 0  # progress counted up to the total
        text = screen_text(pilot)
        assert "Summary" in text and "Rifle duel" in text
        assert "is the best loadout against 1 of 1 threats" in text
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, TeamScreen)


async def test_balance_screen_speaks_japanese(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("l")  # the shell's language switch
        await settle(pilot)
        await pilot.press("b")
        await settle(pilot)
        text = screen_text(pilot)
        assert "要約" in text and "ライフルの撃ち合い" in text
