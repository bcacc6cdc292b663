"""Nothing the player does ends in a traceback: an error nobody expected is a dialog that says
what and where, the document stays open as it was, and it can still be saved."""

from __future__ import annotations

from builder.roster.team_file import load_team
from builder.tui.app import BuilderApp
from builder.tui.dialogs.error_dialog import ErrorDialog, error_summary
from builder.tui.screens.items_screen import ItemsScreen
from tests.tui.helpers import screen_text, settle


def test_the_summary_names_the_error_and_where_in_our_code():
    try:
        raise KeyError("slot")
    except KeyError as error:
        said = error_summary(error)
    assert said.startswith("KeyError: 'slot' (tests/tui/test_errors.py:")
    assert said.endswith("in test_the_summary_names_the_error_and_where_in_our_code)")


async def test_an_unexpected_error_is_a_dialog_and_the_document_can_be_saved(
    make_fake_app, fake_team_file, monkeypatch
):
    monkeypatch.setattr(BuilderApp, "RAISE_ERRORS", False)

    def broken(self) -> None:
        raise RuntimeError("a bug in a key")

    app = make_fake_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("a")  # an edit first: it must survive the error
        await settle(pilot)
        monkeypatch.setattr(ItemsScreen, "action_duplicate", broken)
        await pilot.press("d")
        await settle(pilot)
        assert isinstance(app.screen, ErrorDialog)
        text = screen_text(pilot)
        assert "RuntimeError: a bug in a key" in text and "Nothing was lost" in text
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, ItemsScreen) and app.is_running
        await pilot.press("r")  # the screen still answers its keys
        await settle(pilot)
        await pilot.press("escape", "ctrl+s")
        await settle(pilot)
        assert not app.dirty
    assert [r.name for r in load_team(fake_team_file)[1].robots][-1] == "robot"
    assert len(app.errors) == 1
