"""The shell's own flows, the same for every game, driven by keyboard on the fake game
(tests/fake_game, which has no screen of its own: the kit's item list and editor show it): save
keeps the file's comments, save as, quit with and without unsaved changes (save / discard /
cancel), open a broken file or a good one, and its questions in the chosen language."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Input

from builder.roster.team_file import load_team
from builder.tui.dialogs.choice_dialog import ChoiceDialog
from builder.tui.dialogs.confirm_dialog import ConfirmDialog
from builder.tui.dialogs.file_dialog import FileDialog
from builder.tui.screens.items_screen import ItemsScreen
from builder.tui.screens.problems_screen import ProblemsScreen
from tests.tui.conftest import SIZE
from tests.tui.helpers import choose_file, screen_text, settle

COMMENTED = """\
# the squad for Friday
system: fake
name: Demo squad
robots:
  - name: Pip          # the scout
    kind: scout
  - name: Bulk         # the heavy one
    kind: tank
"""


async def test_save_keeps_the_change_and_the_files_comments(make_fake_app, fake_team_file):
    fake_team_file.write_text(COMMENTED, encoding="utf-8")
    app = make_fake_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("d")  # duplicate Pip -> "Pip 2"
        await settle(pilot)
        assert app.title.startswith("●")
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert "●" not in app.title
    text = fake_team_file.read_text(encoding="utf-8")
    assert "# the squad for Friday" in text and "# the heavy one" in text
    assert "  - name: Bulk         # the heavy one\n" in text
    reloaded = load_team(fake_team_file)[1]
    assert [r.name for r in reloaded.robots] == ["Pip", "Pip 2", "Bulk"]


async def test_save_as_writes_a_new_file_and_asks_before_replacing_one(
    make_fake_app, tmp_path: Path
):
    app = make_fake_app()
    target = tmp_path / "sub" / "copy.yaml"
    precious = tmp_path / "precious.yaml"
    precious.write_text("# somebody else's team\n", encoding="utf-8")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("d")  # duplicate Pip -> "Pip 2"
        await settle(pilot)
        await pilot.press("f2")
        await settle(pilot)
        assert isinstance(app.screen, FileDialog)
        await choose_file(pilot, target)
        assert isinstance(app.screen, ConfirmDialog)  # the folder "sub" does not exist yet
        await pilot.press("y")
        await settle(pilot)
        assert app.path == target
        assert "●" not in app.title
        await pilot.press("d")
        await settle(pilot)
        for answer in ("n", "y"):
            await pilot.press("f2")
            await settle(pilot)
            await choose_file(pilot, precious)
            assert isinstance(app.screen, ConfirmDialog)
            assert "already exists" in screen_text(pilot)
            await pilot.press(answer)
            await settle(pilot)
            if answer == "n":
                assert precious.read_text(encoding="utf-8") == "# somebody else's team\n"
                assert app.title.startswith("●")
    assert [r.name for r in load_team(target)[1].robots] == ["Pip", "Pip 2", "Bulk"]
    assert len(load_team(precious)[1].robots) == 4
    assert app.path == precious


async def test_quit_with_unsaved_changes_asks_to_save_discard_or_cancel(
    make_fake_app, fake_team_file
):
    app = make_fake_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+q")  # nothing unsaved: no question
        await settle(pilot)
    assert app.return_value == 0

    app = make_fake_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("d")
        await settle(pilot)
        await pilot.press("ctrl+q")
        await settle(pilot)
        assert isinstance(app.screen, ChoiceDialog)
        await pilot.press("escape")  # cancel
        await settle(pilot)
        assert isinstance(app.screen, ItemsScreen)
        assert app.is_running and len(app.team.robots) == 3
        await pilot.press("ctrl+q")
        await settle(pilot)
        await pilot.press("s")  # save, then quit
        await settle(pilot)
    assert app.return_value == 0
    assert len(load_team(fake_team_file)[1].robots) == 3


async def test_a_broken_file_opens_on_its_problems_and_what_was_open_is_settled_first(
    make_fake_app, tmp_path: Path
):
    bad = tmp_path / "bad.yaml"
    bad.write_text(
        "system: fake\nname: Broken\nrobots:\n  - name: A\n    kind: scout\n    knd: tank\n",
        encoding="utf-8",
    )
    app = make_fake_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("d")  # an unsaved change: opening asks first
        await settle(pilot)
        await pilot.press("ctrl+o")
        await settle(pilot)
        field = app.screen.query_one("#file-path", Input)
        assert field.value.rstrip("/").endswith(app.path.parent.name)  # starts in its folder
        await choose_file(pilot, tmp_path / "nowhere.yaml")  # said in the dialog, no question
        assert isinstance(app.screen, FileDialog)
        assert "No such file" in screen_text(pilot)
        await choose_file(pilot, bad)
        assert isinstance(app.screen, ChoiceDialog)  # save / discard / cancel
        await pilot.press("escape")
        await settle(pilot)
        assert app.title.startswith("●") and len(app.team.robots) == 3  # cancelled: kept
        await pilot.press("ctrl+o")
        await settle(pilot)
        await choose_file(pilot, bad)
        await pilot.press("d")  # discard
        await settle(pilot)
        assert isinstance(app.screen, ProblemsScreen)
        text = screen_text(pilot)
        assert "bad.yaml:6" in text and "knd" in text
        assert "ctrl+r" in text  # the advice: fix it in a text editor, then reload
        assert app.path == bad


async def test_open_a_good_file_replaces_the_team(make_fake_app, tmp_path: Path):
    other = tmp_path / "other.yaml"
    other.write_text("system: fake\nname: Other\nrobots:\n  - {name: Solo, kind: tank}\n")
    app = make_fake_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+o")
        await settle(pilot)
        await choose_file(pilot, other)
        assert app.team.name == "Other"
        assert "Solo" in screen_text(pilot)
        assert "●" not in app.title


async def test_questions_follow_the_language(make_fake_app):
    app = make_fake_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("l", "d")
        await settle(pilot)
        await pilot.press("ctrl+q")
        await settle(pilot)
        assert isinstance(app.screen, ChoiceDialog)
        assert "未保存の変更があります" in screen_text(pilot)
        await pilot.press("escape")
        await settle(pilot)
