"""The print dialog: a bad output folder or a failing renderer is a message, never a crash."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Button

from builder.tui.dialogs import print_dialog
from builder.tui.dialogs.print_dialog import PrintDialog, check_out_dir
from tests.tui.conftest import SIZE
from tests.tui.helpers import screen_text, settle


@pytest.fixture
def render_calls(monkeypatch) -> list[Path]:
    """Replace the renderer by one that records its output folder and writes nothing."""
    import builder.render.batch as batch

    calls: list[Path] = []

    def fake_render(printouts, out_dir, team_name, *, progress):
        calls.append(Path(out_dir))
        return [Path(out_dir) / "team-cards.pdf"]

    monkeypatch.setattr(batch, "render_printouts", fake_render)
    return calls


async def _print_to(pilot, out_dir: str) -> str:
    await settle(pilot)
    await pilot.press("p")
    await settle(pilot)
    assert isinstance(pilot.app.screen, PrintDialog)
    pilot.app.screen.query_one("#out-dir").value = out_dir
    await pilot.click("#print")
    await settle(pilot)
    return screen_text(pilot)


def _step(pilot) -> str:
    return str(pilot.app.screen.query_one("#print-step").render())


async def test_a_file_where_the_folder_should_be_is_reported(make_app, tmp_path, render_calls):
    in_the_way = tmp_path / "cards.pdf"
    in_the_way.write_text("not a folder", encoding="utf-8")
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await _print_to(pilot, str(in_the_way))
        assert isinstance(app.screen, PrintDialog)
        assert "is a file, not a folder" in _step(pilot)
        assert "failed" in _step(pilot)
        assert render_calls == []  # nothing rendered
        assert not app.screen.query_one("#print", Button).disabled  # fix the path, try again
        await _print_to_again(pilot, str(tmp_path / "out"))
        assert render_calls == [tmp_path / "out"]
        assert "done: 1 file(s) written" in _step(pilot)


async def _print_to_again(pilot, out_dir: str) -> None:
    pilot.app.screen.query_one("#out-dir").value = out_dir
    await pilot.click("#print")
    await settle(pilot)


async def test_a_file_among_the_parent_folders_is_reported(make_app, tmp_path, render_calls):
    (tmp_path / "notes.txt").write_text("x", encoding="utf-8")
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await _print_to(pilot, str(tmp_path / "notes.txt" / "cards"))
        assert "notes.txt is a file, not a folder" in _step(pilot)
        assert render_calls == []


async def test_an_unwritable_folder_is_reported(make_app, tmp_path, render_calls, monkeypatch):
    def refuse(*args, **kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(print_dialog.tempfile, "mkstemp", refuse)  # also works as root
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await _print_to(pilot, str(tmp_path / "locked"))
        assert "Cannot write to" in _step(pilot)
        assert "Permission denied" in _step(pilot)
        assert render_calls == []


def test_check_out_dir_accepts_a_new_folder_and_leaves_no_probe(tmp_path):
    target = tmp_path / "a" / "b"
    assert check_out_dir(target, "en") is None
    assert target.is_dir() and list(target.iterdir()) == []


def test_check_out_dir_speaks_japanese(tmp_path):
    (tmp_path / "f").write_text("x", encoding="utf-8")
    assert "ファイルです" in check_out_dir(tmp_path / "f", "ja")


async def test_a_renderer_exception_is_shown_in_the_dialog(make_app, tmp_path, monkeypatch):
    import builder.render.batch as batch

    def broken(*args, **kwargs):
        raise RuntimeError("font not found: NotoSansJP")

    monkeypatch.setattr(batch, "render_printouts", broken)
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        text = await _print_to(pilot, str(tmp_path))
        assert isinstance(app.screen, PrintDialog)
        assert "RuntimeError: font not found: NotoSansJP" in text
        assert "failed" in _step(pilot)
        assert not app.screen.query_one("#print", Button).disabled
        await pilot.press("escape")
        await settle(pilot)
        assert app.is_running
