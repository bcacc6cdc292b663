"""A fifth game with no screen of its own (tests/fake_game: models, a ui.yaml of words, no
tui code) gets the kit's item list and editor, undo and redo: its squad is edited item by item,
field by field, in either language, and the file saved is what the screen showed."""

from __future__ import annotations

from builder.roster.team_file import load_team
from builder.tui.dialogs.picker_dialog import PickerDialog
from builder.tui.dialogs.print_dialog import PrintDialog
from builder.tui.screens.item_editor import ItemEditorScreen
from builder.tui.screens.items_screen import ItemsScreen
from tests.tui.helpers import screen_text, settle


async def test_the_kit_edits_a_game_that_brings_no_screen(make_fake_app, fake_team_file):
    app = make_fake_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, ItemsScreen)
        assert app.title == "Fake Squads — Demo squad"
        assert "squad: Demo squad" in screen_text(pilot)  # the game's noun, from its ui.yaml
        await pilot.press("a")  # a new robot, named after what the game calls an item
        await settle(pilot)
        assert [r.name for r in app.team.robots] == ["Pip", "Bulk", "robot"]
        await pilot.press("enter")  # the kit's editor of its fields
        await settle(pilot)
        assert isinstance(app.screen, ItemEditorScreen)
        assert "Kind: scout" in screen_text(pilot)
        await pilot.press("down", "enter")  # the kind: picked from the catalog's kinds
        await settle(pilot)
        assert isinstance(app.screen, PickerDialog)
        await pilot.press("t", "a", "n", "k", "enter")  # a search, then the one found
        await settle(pilot)
        assert app.team.robots[2].kind == "tank"
        await pilot.press("r")
        await settle(pilot)
        app.screen.query_one("#prompt-input").value = "Tiny"
        await pilot.press("enter")
        await settle(pilot)
        assert "robot: Tiny" in screen_text(pilot)
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, ItemsScreen)
        assert app.title.startswith("●")
        await pilot.press("ctrl+z", "ctrl+z", "ctrl+z")  # rename, kind, add: back to the file
        await settle(pilot)
        assert [r.name for r in app.team.robots] == ["Pip", "Bulk"]
        assert not app.title.startswith("●")
        await pilot.press("ctrl+y", "ctrl+y")  # add and kind again
        await settle(pilot)
        assert app.title.startswith("●")
        await pilot.press("ctrl+s")
        await settle(pilot)
    robots = load_team(fake_team_file)[1].robots
    expected = [("Pip", "scout"), ("Bulk", "tank"), ("robot", "tank")]
    assert [(r.name, r.kind) for r in robots] == expected


async def test_new_items_are_named_in_the_players_language(make_fake_app):
    app = make_fake_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("l", "a", "a")
        await settle(pilot)
        assert [r.name for r in app.team.robots][2:] == ["ロボット", "ロボット 2"]
        assert "分隊: Demo squad" in screen_text(pilot)


def test_the_fake_game_writes_no_tui_code(fake_game):
    from pathlib import Path

    folder = Path(__file__).parents[1] / "fake_game"
    assert not (folder / "tui.py").exists() and not (folder / "tui").exists()
    assert "def tui" not in (folder / "system.py").read_text(encoding="utf-8")
    assert fake_game.tui().first_screen is None  # the kit's screens


async def test_the_print_dialog_offers_the_games_declared_card_sizes(make_fake_app):
    from textual.widgets import Select

    app = make_fake_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("p")
        await settle(pilot)
        assert isinstance(app.screen, PrintDialog)
        select = app.screen.query_one("#card-size", Select)
        assert select.value == "mini"
        assert [v for _, v in select._options if v != Select.BLANK] == ["mini", "maxi"]
