"""Issue 14 in the TUI: an outside edit is never overwritten without asking, Save As asks
before creating a folder, a read-only file is refused with a message. Saving is the shell's and
the roster's, so these run on the fake game (tests/fake_game)."""

from __future__ import annotations

from pathlib import Path

from builder.roster.team_file import load_team
from builder.tui.dialogs.choice_dialog import ChoiceDialog
from builder.tui.dialogs.confirm_dialog import ConfirmDialog
from tests.tui.conftest import SIZE
from tests.tui.helpers import choose_file, screen_text, settle


def _edit_outside(path: Path) -> str:
    text = path.read_text(encoding="utf-8").replace("Pip", "Outside") + "# edited outside\n"
    path.write_text(text, encoding="utf-8")
    return text


async def _dirty_then_save(pilot) -> None:
    await settle(pilot)
    await pilot.press("d")  # an edit in the TUI: duplicate the first robot
    await settle(pilot)
    await pilot.press("ctrl+s")
    await settle(pilot)
    await pilot.pause(0.1)  # let a dialog lay out before the screen is read


async def test_file_changed_on_disk_asks_instead_of_overwriting(make_fake_app, fake_team_file):
    app = make_fake_app()
    async with app.run_test(size=SIZE) as pilot:
        outside = _edit_outside(fake_team_file)
        await _dirty_then_save(pilot)
        assert isinstance(app.screen, ChoiceDialog)
        text = " ".join(screen_text(pilot).replace("█", " ").split())
        assert "changed on disk" in text and "Reload" in text and "Overwrite" in text
        await pilot.press("escape")  # cancel: nothing written, the edit is still unsaved
        await settle(pilot)
        assert fake_team_file.read_text(encoding="utf-8") == outside
        assert app.title.startswith("●")


async def test_file_changed_on_disk_overwrite_writes_ours(make_fake_app, fake_team_file):
    app = make_fake_app()
    async with app.run_test(size=SIZE) as pilot:
        _edit_outside(fake_team_file)
        await _dirty_then_save(pilot)
        await pilot.press("o")
        await settle(pilot)
        assert "●" not in app.title
        await pilot.press("ctrl+s")  # saved by us since: no question
        await settle(pilot)
        assert not isinstance(app.screen, ChoiceDialog)
    assert [r.name for r in load_team(fake_team_file)[1].robots][:2] == ["Pip", "Pip 2"]


async def test_file_changed_on_disk_reload_takes_theirs(make_fake_app, fake_team_file):
    app = make_fake_app()
    async with app.run_test(size=SIZE) as pilot:
        outside = _edit_outside(fake_team_file)
        await _dirty_then_save(pilot)
        await pilot.press("r")
        await settle(pilot)
        assert app.team.robots[0].name == "Outside" and len(app.team.robots) == 2
        assert "●" not in app.title
    assert fake_team_file.read_text(encoding="utf-8") == outside


async def test_file_changed_on_disk_save_as_asks_for_a_name(
    make_fake_app, fake_team_file, tmp_path
):
    app = make_fake_app()
    async with app.run_test(size=SIZE) as pilot:
        outside = _edit_outside(fake_team_file)
        await _dirty_then_save(pilot)
        await pilot.press("s")
        await settle(pilot)
        await choose_file(pilot, tmp_path / "mine.yaml")
    assert fake_team_file.read_text(encoding="utf-8") == outside
    assert len(load_team(tmp_path / "mine.yaml")[1].robots) == 3


async def test_touch_without_a_change_does_not_ask(make_fake_app, fake_team_file):
    import os

    app = make_fake_app()
    async with app.run_test(size=SIZE) as pilot:
        os.utime(fake_team_file, (1, 1))
        await _dirty_then_save(pilot)
        assert not isinstance(app.screen, ChoiceDialog)
        assert "●" not in app.title


async def test_save_as_into_a_missing_folder_asks_first(make_fake_app, tmp_path):
    target = tmp_path / "typo" / "team.yaml"
    app = make_fake_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        for answer in ("n", "y"):
            await pilot.press("f2")
            await settle(pilot)
            await choose_file(pilot, target)
            assert isinstance(app.screen, ConfirmDialog)
            assert "does not exist" in screen_text(pilot)
            await pilot.press(answer)
            await settle(pilot)
            if answer == "n":
                assert not target.parent.exists()
    assert load_team(target)[1].name == app.team.name and app.path == target


async def test_read_only_file_is_refused_with_a_message(make_fake_app, fake_team_file):
    fake_team_file.chmod(0o444)
    before = fake_team_file.read_text(encoding="utf-8")
    app = make_fake_app()
    messages: list[str] = []
    app.notify = lambda message, **_kw: messages.append(message)  # type: ignore[method-assign]
    async with app.run_test(size=SIZE) as pilot:
        await _dirty_then_save(pilot)
        assert app.title.startswith("●")
    assert fake_team_file.read_text(encoding="utf-8") == before
    assert any("read-only" in m for m in messages), messages
