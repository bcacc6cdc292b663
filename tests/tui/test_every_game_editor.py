"""What a player does in every game, by keyboard at 80×24: open the demo file, add, rename,
duplicate and remove an item (remove asks), undo all of it back to the saved file (the unsaved
marker clears), redo, save, read the file back: it is what the screen showed, its comments kept.
And a file of any game opens from any other (12 pairs), asking first when edits are unsaved."""

from __future__ import annotations

import shutil
from itertools import permutations
from pathlib import Path

import pytest

from builder import systems
from builder.roster.team_file import load_team
from builder.tui.app import BuilderApp
from builder.tui.dialogs.choice_dialog import ChoiceDialog
from builder.tui.dialogs.confirm_dialog import ConfirmDialog
from builder.tui.dialogs.prompt_dialog import PromptDialog
from builder.tui.items import shown_key
from tests.tui.helpers import choose_file, screen_text, settle

SIZE = (80, 24)
GAMES = ["laminim", "artifact", "soh", "kuroganen"]


def demo_copy(game: str, folder: Path) -> Path:
    path = folder / f"{game}.yaml"
    shutil.copy(systems.get(game).demo_file(), path)
    return path


def comments(text: str) -> list[str]:
    return [line.split("#", 1)[1] for line in text.splitlines() if "#" in line]


async def rename_to(pilot, name: str) -> None:
    assert isinstance(pilot.app.screen, PromptDialog)
    pilot.app.screen.query_one("#prompt-input").value = name
    await pilot.press("enter")
    await settle(pilot)


def names(app: BuilderApp) -> list[str]:
    team = app.team
    if app.system.id == "kuroganen":
        return [f"{x},{y}" for x, y in team.units]
    items = {"laminim": "units", "artifact": "units", "soh": "characters"}[app.system.id]
    return [item.name for item in getattr(team, items)]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", ["en", "ja"])
async def test_add_rename_duplicate_remove_undo_redo_save(game, lang, tmp_path):
    path = demo_copy(game, tmp_path)
    before_text = path.read_text(encoding="utf-8")
    app = BuilderApp.from_paths(path, None, lang=lang)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        start = names(app)
        if game == "artifact":
            await pilot.press("down")  # the first MS (the ship row is the battleship's)
        if game == "kuroganen":
            await pilot.press("right")  # off the first unit, onto free floor
        await pilot.press("a")  # add (LAMINIM opens the new unit's editor)
        await settle(pilot)
        if game == "laminim":
            await pilot.press("escape")
            await settle(pilot)
        assert len(names(app)) == len(start) + 1
        if game == "kuroganen":
            await pilot.press("r")  # the map has no named items: r names the map
            await settle(pilot)
            await rename_to(pilot, "Renamed")  # the name shown: the Japanese one under ja
            assert getattr(app.team, shown_key(app.team, lang)) == "Renamed"
        else:
            await pilot.press("r")
            await settle(pilot)
            await rename_to(pilot, "Renamed")
            assert "Renamed" in names(app)
        await pilot.press("d")  # duplicate the item under the cursor
        await settle(pilot)
        count = len(names(app))
        await pilot.press("x")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmDialog)  # remove asks
        await pilot.press("y")
        await settle(pilot)
        assert len(names(app)) == count - 1
        assert app.dirty and "●" in screen_text(pilot)
        for _ in range(12):  # back past everything: a step too many only rings the bell
            await pilot.press("ctrl+z")
        await settle(pilot)
        assert names(app) == start and not app.dirty
        assert "●" not in screen_text(pilot)
        await pilot.press("ctrl+y")  # the add again
        await settle(pilot)
        assert len(names(app)) == len(start) + 1 and app.dirty
        shown = names(app)
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert not app.dirty
    saved = path.read_text(encoding="utf-8")
    assert comments(before_text) == comments(saved)[: len(comments(before_text))]
    app = BuilderApp.from_paths(path, None)
    assert names(app) == shown  # the file is what the screen showed


CYCLE = list(zip(GAMES, [*GAMES[1:], GAMES[0]], strict=True))
"""Each game opens the next one's file: every game is left once and opened once (the suite);
all twelve pairs run with ``-m slow``."""


@pytest.mark.parametrize(
    "pairs",
    [CYCLE, pytest.param(list(permutations(GAMES, 2)), marks=pytest.mark.slow)],
    ids=["cycle", "all-12"],
)
async def test_any_games_file_opens_from_any_other_and_asks_first(tmp_path, pairs):
    paths = {game: demo_copy(game, tmp_path) for game in GAMES}
    app = BuilderApp.from_paths(paths[pairs[0][0]], None)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        opened = [pairs[0][0]]
        for here, there in pairs:
            if app.system.id != here:
                app.open_team(paths[here])
                await settle(pilot)
            first = type(app.screen).__name__
            edit = {"laminim": "d", "artifact": "a", "soh": "d", "kuroganen": "plus"}[here]
            await pilot.press(edit)
            await settle(pilot)
            assert app.dirty, here
            await pilot.press("ctrl+o")
            await settle(pilot)
            await choose_file(pilot, paths[there])
            assert isinstance(app.screen, ChoiceDialog), (here, there)  # save / discard / cancel
            await pilot.press("d")
            await settle(pilot)
            assert app.system.id == there and not app.dirty
            name = app.system.name
            assert app.title.startswith(name) and name in screen_text(pilot)
            assert type(app.screen).__name__ != first
            opened.append(there)
        assert app.errors == []
    assert len(opened) == len(pairs) + 1


async def test_soh_armour_weapon_and_stat_and_artifact_type_in_the_saved_file(tmp_path):
    crew = demo_copy("soh", tmp_path)
    app = BuilderApp.from_paths(crew, None)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("enter")  # Captain Ines in the editor
        await settle(pilot)
        editor = app.screen
        editor.focus_field("characters[0].armour")
        await pilot.press("enter", *"combat", "enter")
        await settle(pilot)
        editor.focus_field("characters[0].weapons")
        await pilot.press("enter", *"laser", "enter")
        await settle(pilot)
        editor.focus_field("characters[0].agility")
        await pilot.press("plus", "plus")
        await settle(pilot)
        assert "Combat armour" in screen_text(pilot) and "Laser pistol" in screen_text(pilot)
        await pilot.press("ctrl+s")
        await settle(pilot)
    ines = load_team(crew)[1].characters[0]
    assert (ines.armour, ines.weapons, ines.agility) == ("combat-armour", ("laser-pistol",), 6)
    assert "# A demo crew" in crew.read_text(encoding="utf-8")

    force = demo_copy("artifact", tmp_path)
    app = BuilderApp.from_paths(force, None)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("down", "down", "y", *"hi-", "enter", "ctrl+s")
        await settle(pilot)
    assert load_team(force)[1].units[1].type == "hi-nu-gundam"


async def test_kuroganen_a_unit_placed_and_moved_is_in_the_saved_map(tmp_path):
    path = demo_copy("kuroganen", tmp_path)
    app = BuilderApp.from_paths(path, None)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("right", "right", "a")  # (3,0): level 0, free
        await settle(pilot)
        assert (3, 0) in app.team.units
        await pilot.press("enter", "down", "down", "enter")  # carried to (3,2)
        await settle(pilot)
        assert (3, 2) in app.team.units and (3, 0) not in app.team.units
        await pilot.press("ctrl+s")
        await settle(pilot)
    units = load_team(path)[1].units
    assert (3, 2) in units and len(units) == 4
    assert "# A ruined city block" in path.read_text(encoding="utf-8")
