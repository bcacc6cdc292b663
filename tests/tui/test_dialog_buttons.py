"""Every dialog button shows the key that presses it (``Print (ctrl+p)``, ``Yes (y)``), in both
languages, so no button needs the mouse or a guess at what enter does."""

from __future__ import annotations

import re

import pytest
from textual.widgets import Button

from builder.tui.dialogs.choice_dialog import ChoiceDialog
from builder.tui.dialogs.confirm_dialog import ConfirmDialog
from builder.tui.dialogs.load_errors_dialog import LoadErrorsDialog
from builder.tui.dialogs.prompt_dialog import PromptDialog
from tests.tui.helpers import settle

KEYED = re.compile(r"\((esc|enter|ctrl\+\w|\w)\)$")


def _labels(app) -> list[str]:  # type: ignore[no-untyped-def]
    return [str(b.label) for b in app.screen.query(Button)]


@pytest.mark.parametrize("lang", ["en", "ja"])
async def test_the_print_dialog_buttons_show_their_keys(make_fake_app, lang):
    app = make_fake_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        if lang == "ja":
            await pilot.press("l")
        await pilot.press("d", "d", "p")  # over the limit: "Print anyway"
        await settle(pilot)
        labels = _labels(app)
        assert len(labels) == 2 and all(KEYED.search(label) for label in labels), labels


async def test_the_shells_other_dialogs_show_their_keys(make_fake_app):
    app = make_fake_app()
    dialogs = [
        ConfirmDialog("Remove?", "Remove"),
        PromptDialog("Name?"),
        LoadErrorsDialog("Cannot read", ["x.yaml:1:1: name: bad"]),
        ChoiceDialog("Which?", [("a", "First", "1"), ("b", "Second", "2")]),
    ]
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for dialog in dialogs:
            app.push_screen(dialog)
            await settle(pilot)
            labels = _labels(app)
            assert labels and all(KEYED.search(label) for label in labels), labels
            app.pop_screen()
            await settle(pilot)
