"""The print dialog is the shell's, so these run on the fake game (tests/fake_game): a bad output
folder or a failing renderer is a message, never a crash; an illegal team asks before printing;
the options are remembered and reach the game."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Button

from builder.tui.dialogs import print_dialog
from builder.tui.dialogs.print_dialog import PrintDialog, check_out_dir
from tests.tui.conftest import SIZE
from tests.tui.helpers import click_again, screen_text, settle


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


async def test_a_file_where_the_folder_should_be_is_reported(make_fake_app, tmp_path, render_calls):
    in_the_way = tmp_path / "cards.pdf"
    in_the_way.write_text("not a folder", encoding="utf-8")
    app = make_fake_app()
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
    await click_again(pilot, "#print")
    await settle(pilot)


async def test_a_file_among_the_parent_folders_is_reported(make_fake_app, tmp_path, render_calls):
    (tmp_path / "notes.txt").write_text("x", encoding="utf-8")
    app = make_fake_app()
    async with app.run_test(size=SIZE) as pilot:
        await _print_to(pilot, str(tmp_path / "notes.txt" / "cards"))
        assert "notes.txt is a file, not a folder" in _step(pilot)
        assert render_calls == []


async def test_an_unwritable_folder_is_reported(make_fake_app, tmp_path, render_calls, monkeypatch):
    def refuse(*args, **kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(print_dialog.tempfile, "mkstemp", refuse)  # also works as root
    app = make_fake_app()
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


async def test_a_renderer_exception_is_shown_in_the_dialog(make_fake_app, tmp_path, monkeypatch):
    import builder.render.batch as batch

    def broken(*args, **kwargs):
        raise RuntimeError("font not found: NotoSansJP")

    monkeypatch.setattr(batch, "render_printouts", broken)
    app = make_fake_app()
    async with app.run_test(size=SIZE) as pilot:
        text = await _print_to(pilot, str(tmp_path))
        assert isinstance(app.screen, PrintDialog)
        assert "RuntimeError: font not found: NotoSansJP" in text
        assert "failed" in _step(pilot)
        assert not app.screen.query_one("#print", Button).disabled
        await pilot.press("escape")
        await settle(pilot)
        assert app.is_running


def _three_files(monkeypatch) -> list[dict]:
    import builder.render.batch as batch

    calls: list[dict] = []

    def fake_render(printouts, out_dir, team_name, *, progress):
        cards = printouts[0].context
        calls.append({"paper": cards["paper"], "lang": cards["lang"], "size": cards["size"]})
        return [Path(out_dir) / f"team-{kind}.pdf" for kind in ("cards", "tokens", "markers")]

    monkeypatch.setattr(batch, "render_printouts", fake_render)
    return calls


async def test_an_illegal_team_shows_its_problems_and_asks_print_anyway(
    make_fake_app, tmp_path, monkeypatch
):
    calls = _three_files(monkeypatch)
    app = make_fake_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("d", "d")  # a fourth robot: the squad is over its limit of three
        await settle(pilot)
        await pilot.press("p")
        await settle(pilot)
        text = screen_text(pilot)
        assert "The squad is not legal — print anyway?" in text  # in the game's own noun
        assert "robots" in text and "•" in text  # the reason itself
        button = app.screen.query_one("#print", Button)
        assert str(button.label) == "Print anyway (ctrl+p)"  # its key is on it
        app.screen.query_one("#out-dir").value = str(tmp_path)
        app.screen.query_one("#paper").focus()  # enter would open this drop-down
        await pilot.press("ctrl+p")  # one key prints from any field
        await settle(pilot)
        assert len(calls) == 1  # printed once asked


async def test_a_legal_team_prints_without_a_question(make_fake_app):
    app = make_fake_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("p")
        await settle(pilot)
        assert "not legal" not in screen_text(pilot)
        assert str(app.screen.query_one("#print", Button).label) == "Print (ctrl+p)"


async def test_every_written_file_is_in_view_at_80x24(make_fake_app, tmp_path, monkeypatch):
    _three_files(monkeypatch)
    app = make_fake_app()
    async with app.run_test(size=(80, 24)) as pilot:
        text = await _print_to(pilot, str(tmp_path))
        for kind in ("cards", "tokens", "markers"):
            assert f"team-{kind}.pdf" in text


async def test_tab_goes_from_the_folder_to_print_with_nothing_invisible_between(make_fake_app):
    app = make_fake_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("p")
        await settle(pilot)
        chain = [w.id for w in app.screen.focus_chain]
        assert chain.index("print") == chain.index("out-dir") + 1
        assert all(w.region.height > 0 for w in app.screen.focus_chain)


async def test_print_options_are_remembered_while_the_app_runs(
    make_fake_app, tmp_path, monkeypatch
):
    calls = _three_files(monkeypatch)
    app = make_fake_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("p")
        await settle(pilot)
        dialog = app.screen
        dialog.query_one("#paper").value = "letter"
        dialog.query_one("#lang").value = "ja"
        dialog.query_one("#card-size").value = "maxi"
        dialog.query_one("#out-dir").value = str(tmp_path / "cards")
        await pilot.click("#print")
        await settle(pilot)
        await pilot.press("escape")
        await settle(pilot)
        await pilot.press("p")
        await settle(pilot)
        again = app.screen
        assert isinstance(again, PrintDialog) and again is not dialog
        assert again.query_one("#paper").value == "letter"
        assert again.query_one("#lang").value == "ja"
        assert again.query_one("#card-size").value == "maxi"
        assert again.query_one("#out-dir").value == str(tmp_path / "cards")
        assert calls == [{"paper": "letter", "lang": "ja", "size": "maxi"}]
