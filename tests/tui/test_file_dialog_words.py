"""Issue 34's "no bad breaks under --lang ja" in the file dialog at 80×24: its question (a
new play record's "相手のチーム（そのまま Enter で同じチーム同士）") and its hint are broken
between phrases (builder/core/phrases.py), never inside one (「Enter」 alone, then
「で同じチーム同士」 below)."""

from __future__ import annotations

import shutil

import pytest

from builder import systems
from builder.tui.app import BuilderApp
from builder.tui.dialogs.file_dialog import FileDialog
from builder.tui.labels import t
from tests.tui.helpers import screen_text, settle
from tests.tui.test_play_80x24 import SIZE, phrase_ends, squeezed


def rows_of(pilot, selector: str) -> list[str]:
    """The rows a widget of the dialog takes, without the dialog's border."""
    region = pilot.app.screen.query_one(selector).content_region
    return [r.strip(" █") for r in screen_text(pilot).splitlines()[region.y : region.bottom]]


def broken_between_phrases(text: str, rows: list[str]) -> None:
    ends, done = phrase_ends(text), ""
    for row in rows:
        done += row
        assert len(squeezed(done)) in ends, (row, rows)
    assert squeezed(done) == squeezed(text), rows


@pytest.mark.parametrize("lang", ["en", "ja"])
async def test_a_new_play_record_s_question_breaks_between_phrases(tmp_path, lang):
    team = tmp_path / "samples.yaml"
    shutil.copy(systems.get("laminim").demo_file(), team)
    app = BuilderApp.from_paths(team, None, lang=lang)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("P")
        await settle(pilot)
        dialog = app.screen
        assert isinstance(dialog, FileDialog)
        broken_between_phrases(dialog._title, rows_of(pilot, ".dialog-question"))
        broken_between_phrases(t("file_hint", lang), rows_of(pilot, "#file-hint"))
