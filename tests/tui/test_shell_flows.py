"""The shell's own flows, the same for every game, driven by keyboard on the fake game
(tests/fake_game): save keeps the file's comments, save as, quit with and without unsaved
changes, open a bad file or a good one, and its questions in the chosen language."""

from __future__ import annotations

from pathlib import Path

from fake_game.tui import SquadScreen

from builder.roster.team_file import load_team
from builder.tui.dialogs.confirm_dialog import ConfirmDialog
from builder.tui.dialogs.load_errors_dialog import LoadErrorsDialog
from builder.tui.dialogs.prompt_dialog import PromptDialog
from tests.tui.conftest import SIZE
from tests.tui.helpers import screen_text, settle

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


async def test_save_as_writes_a_new_file(make_fake_app, tmp_path: Path):
    app = make_fake_app()
    target = tmp_path / "sub" / "copy.yaml"
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("d")  # duplicate Pip -> "Pip 2"
        await settle(pilot)
        assert app.title.startswith("●")
        await pilot.press("f2")
        await settle(pilot)
        field = app.screen.query_one("#prompt-input")
        field.value = str(target)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmDialog)  # the folder "sub" does not exist yet
        await pilot.press("y")
        await settle(pilot)
        assert app.path == target
        assert "●" not in app.title
    assert [r.name for r in load_team(target)[1].robots] == ["Pip", "Pip 2", "Bulk"]


async def test_quit_with_unsaved_changes_asks_and_can_be_cancelled(make_fake_app):
    app = make_fake_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("d")
        await settle(pilot)
        await pilot.press("ctrl+q")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmDialog)
        await pilot.press("n")  # cancel
        await settle(pilot)
        assert isinstance(app.screen, SquadScreen)
        assert app.is_running
        assert len(app.team.robots) == 3
        await pilot.press("ctrl+q")
        await settle(pilot)
        await pilot.press("y")
        await settle(pilot)
    assert app.return_value == 0


async def test_quit_without_changes_does_not_ask(make_fake_app):
    app = make_fake_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+q")
        await settle(pilot)
    assert app.return_value == 0


async def test_bad_team_file_shows_line_numbers_and_keeps_the_team(make_fake_app, tmp_path: Path):
    bad = tmp_path / "bad.yaml"
    bad.write_text(
        "system: fake\nname: Broken\nrobots:\n  - name: A\n    kind: scout\n    knd: tank\n",
        encoding="utf-8",
    )
    app = make_fake_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        before = app.team
        await pilot.press("d")  # an unsaved change: opening asks first
        await settle(pilot)
        await pilot.press("ctrl+o")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmDialog)
        await pilot.press("y")
        await settle(pilot)
        assert isinstance(app.screen, PromptDialog)
        app.screen.query_one("#prompt-input").value = str(bad)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, LoadErrorsDialog)
        text = screen_text(pilot)
        assert "bad.yaml:6" in text
        assert "knd" in text
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, SquadScreen)
        assert len(app.team.robots) == 3 and app.team.name == before.name
        assert app.title.startswith("●")  # the unsaved change is still there


async def test_open_a_good_file_replaces_the_team(make_fake_app, tmp_path: Path):
    other = tmp_path / "other.yaml"
    other.write_text("system: fake\nname: Other\nrobots:\n  - {name: Solo, kind: tank}\n")
    app = make_fake_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+o")
        await settle(pilot)
        app.screen.query_one("#prompt-input").value = str(other)
        await pilot.press("enter")
        await settle(pilot)
        assert app.team.name == "Other"
        assert "Solo (tank)" in screen_text(pilot)
        assert "●" not in app.title


async def test_save_as_over_another_file_asks_first(make_fake_app, tmp_path: Path):
    target = tmp_path / "precious.yaml"
    target.write_text("# somebody else's team\n", encoding="utf-8")
    app = make_fake_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("d")
        await settle(pilot)
        for answer in ("n", "y"):
            await pilot.press("f2")
            await settle(pilot)
            app.screen.query_one("#prompt-input").value = str(target)
            await pilot.press("enter")
            await settle(pilot)
            assert isinstance(app.screen, ConfirmDialog)
            assert "already exists" in screen_text(pilot)
            await pilot.press(answer)
            await settle(pilot)
            if answer == "n":
                assert target.read_text(encoding="utf-8") == "# somebody else's team\n"
                assert app.title.startswith("●")
    assert len(load_team(target)[1].robots) == 3
    assert app.path == target


async def test_prompts_follow_the_language(make_fake_app):
    app = make_fake_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("l", "d")
        await settle(pilot)
        await pilot.press("ctrl+q")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmDialog)
        assert "未保存の変更を破棄して終了しますか" in screen_text(pilot)
        await pilot.press("n")
        await settle(pilot)
