"""``S`` shows the share code of what is on screen, unsaved edits included, and ``c`` copies it:
``laminim import`` of that code gives back the team the screen shows, in every game that
shares; a team with errors gets the reason instead of a code, in the player's language."""

from __future__ import annotations

import shutil

import pytest
import yaml

from builder import systems
from builder.tui.app import BuilderApp
from builder.tui.dialogs.share_dialog import ShareDialog
from tests.tui.helpers import screen_text, settle

SIZE = (80, 24)
EDIT = {"laminim": "d", "artifact": "d", "soh": "d", "kuroganen": "plus"}
"""A key that changes the team on the game's first screen (not saved)."""


def _flat(text: str) -> str:
    return "".join(text.split())


@pytest.mark.parametrize(
    ("game", "lang"), [("laminim", "ja"), ("artifact", "en"), ("soh", "ja"), ("kuroganen", "en")]
)
async def test_the_code_is_what_the_screen_shows_and_c_copies_it(cli, tmp_path, game, lang):
    path = tmp_path / f"{game}.yaml"
    shutil.copy(systems.get(game).demo_file(), path)
    app = BuilderApp.from_paths(path, None, lang=lang)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        if game == "artifact":
            await pilot.press("down")  # onto an MS (the ship has no duplicate)
        await pilot.press(EDIT[game])
        await settle(pilot)
        assert app.dirty
        shown = app.doc.save_text()
        await pilot.press("S")
        await settle(pilot)
        dialog = app.screen
        assert isinstance(dialog, ShareDialog) and dialog.code
        code = dialog.code
        text = screen_text(pilot)
        assert code[:40] in _flat(text)  # on screen, whole lines of it
        assert ("共有コード" if lang == "ja" else "Share code") in text
        await pilot.press("c")
        await settle(pilot)
        assert app.clipboard == code
        assert ("コピーしました" if lang == "ja" else "copied") in screen_text(pilot)
        await pilot.press("escape")
        await settle(pilot)
        assert not isinstance(app.screen, ShareDialog)
        assert app.dirty  # sharing saves nothing
    result = cli("import", code)
    assert result.code == 0, result.err
    imported = yaml.safe_load(result.out)
    imported.pop("catalog", None)
    expected = yaml.safe_load(shown)
    expected.pop("catalog", None)
    assert imported == expected  # the unsaved edit is in the code


@pytest.mark.xfail(
    strict=True,
    reason="known defect: S opens no share dialog on an illegal LAMINIM team (the key is not "
    "reaching the app's action there); the dialog's own refusal is written and waits for it",
)
@pytest.mark.parametrize("lang", ["en", "ja"])
async def test_a_team_with_errors_says_why_it_has_no_code(tmp_path, lang):
    path = tmp_path / "heavy.yaml"  # illegal but whole (a file the editor cannot hold is locked)
    path.write_text(
        "system: laminim\nname: Typo\nunits:\n"
        "  - {name: A, frame: striker, weapons: [rifle]}\n"
        "  - {name: B, frame: striker, weapons: [rifle]}\n"
        "  - {name: C, frame: striker, weapons: [rifle, rifle, rifle]}\n",
        encoding="utf-8",
    )
    app = BuilderApp.from_paths(path, None, lang=lang)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        for _ in range(6):  # the file opens on its problems first (bounded: a test never hangs)
            if isinstance(app.screen, ShareDialog):
                break
            await pilot.press("escape" if app.screen is not app.screen_stack[0] else "S")
            await settle(pilot)
        assert isinstance(app.screen, ShareDialog), screen_text(pilot)
        assert app.screen.code is None
        text = screen_text(pilot)
        assert "9/8" in text  # the reason: over the payload
        assert ("エラーを直すまで共有できません" if lang == "ja" else "cannot be shared") in text
        await pilot.press("c")  # nothing to copy: a bell, no clipboard
        await settle(pilot)
        assert app.clipboard == ""
