"""The TUI shell opens any game through the kit's SystemUI: a fifth game's first screen, its
noun in the shell's words, its title, and the print dialog's card sizes from its declarations."""

from __future__ import annotations

import asyncio

from builder.tui.app import BuilderApp


def test_the_shell_opens_the_games_first_screen_and_names_its_file_content(fake_demo):
    async def main() -> None:
        app = BuilderApp.from_paths(fake_demo, None)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert type(app.screen).__name__ == "SquadScreen"
            assert app.title == "Fake Squads — Demo squad"
            assert "Pip (scout)" in str(app.screen.query_one("#robots").render())
            assert "squad" in app.say("open_prompt")

    asyncio.run(main())


def test_the_print_dialog_offers_the_games_declared_card_sizes(fake_demo):
    from textual.widgets import Select

    from builder.tui.dialogs.print_dialog import PrintDialog

    async def main() -> None:
        app = BuilderApp.from_paths(fake_demo, None)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("p")
            await pilot.pause()
            assert isinstance(app.screen, PrintDialog)
            select = app.screen.query_one("#card-size", Select)
            assert select.value == "mini"
            assert [v for _, v in select._options if v != Select.BLANK] == ["mini", "maxi"]

    asyncio.run(main())


def test_an_edit_marks_the_team_unsaved_through_its_plain_data(fake_demo):
    async def main() -> None:
        app = BuilderApp.from_paths(fake_demo, None)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert not app.dirty
            app.set_team(app.team.model_copy(update={"name": "Renamed"}))
            assert app.dirty and app.title.startswith("● Fake Squads — Renamed")

    asyncio.run(main())
