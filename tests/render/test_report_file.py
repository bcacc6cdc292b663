"""A command's ``-o FILE`` sheet (compare, balance) says what it wrote, or why it could not, in
the language the sheet is printed in; a taken name gets a numbered suffix."""

from __future__ import annotations

from fake_game.models import Robot, Squad

from builder.render.report_file import write_report
from builder.systems.base import PrintOptions


def _sheet(fake_game):
    squad = Squad(name="Sheet", robots=[Robot(name="Only", kind="scout")])
    [cards] = fake_game.documents(squad, fake_game.load_catalog(), PrintOptions(card_size="mini"))
    return cards


def test_the_sheet_is_written_and_said_in_japanese(fake_game, tmp_path, capsys):
    sheet = _sheet(fake_game)
    assert write_report(sheet, tmp_path / "sheet", "ja") == 0
    assert write_report(sheet, tmp_path / "sheet", "en") == 0
    err = capsys.readouterr().err.splitlines()
    assert err == [
        f"{tmp_path / 'sheet.pdf'} に書き出しました",
        f"wrote {tmp_path / 'sheet-2.pdf'}",
    ]
    assert (tmp_path / "sheet.pdf").read_bytes().startswith(b"%PDF")


def test_a_folder_that_cannot_be_written_is_bad_input_in_japanese(fake_game, tmp_path, capsys):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    assert write_report(_sheet(fake_game), blocker / "sheet.pdf", "ja") == 2
    err = capsys.readouterr().err
    assert "書き込めません" in err and "Traceback" not in err
