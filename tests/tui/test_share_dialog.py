"""``S`` shows the share code of what is on screen, unsaved edits included, and ``c`` copies it:
``laminim import`` of that code gives back the team the screen shows, in every game that
shares; a team with errors gets its code as ``laminim share`` gives it, with check's reasons
under it in the player's language (issue 31)."""

from __future__ import annotations

import shutil

import pytest
import yaml

from builder import systems
from builder.systems.laminim.tui.screens.team_screen import TeamScreen
from builder.tui.app import BuilderApp
from builder.tui.dialogs.share_dialog import ShareDialog
from tests.tui.helpers import screen_text, settle

SIZE = (80, 24)
EDIT = {
    "laminim": ("R", "end", "2", "enter"),
    "artifact": ("down", "d"),
    "soh": ("down", "d"),
    "kuroganen": ("plus",),
}
"""Keys that change the team on the game's first screen, keeping it legal (not saved): the
team's name, a copy of an MS or of a crew member who does not lead, a level of the map."""


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
        await pilot.press(*EDIT[game])
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


@pytest.mark.parametrize("lang", ["en", "ja"])
async def test_a_team_with_errors_is_shared_as_the_cli_shares_it_with_its_reasons(
    cli, tmp_path, lang
):
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
        assert isinstance(app.screen, TeamScreen)  # illegal but editable: no problems screen
        await pilot.press("S")
        await settle(pilot)
        dialog = app.screen
        assert isinstance(dialog, ShareDialog), screen_text(pilot)
        assert dialog.code, "laminim share encodes an illegal file: so does S"
        code = dialog.code
        text = _flat(screen_text(pilot))
        assert code[:40] in text
        assert "9/8" in text  # the reason: over the payload
        assert _flat("編成規定を満たしていません" if lang == "ja" else "breaks the rules") in text
        await pilot.press("c")
        await settle(pilot)
        assert app.clipboard == code
    assert cli("share", str(path)).code == 0  # the CLI shares it too
    result = cli("import", code)
    assert result.code == 0, result.err
    imported = yaml.safe_load(result.out)
    imported.pop("catalog", None)
    assert imported == yaml.safe_load(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("lang", ["en", "ja"])
async def test_a_file_the_editor_cannot_hold_says_so_in_the_dialog(tmp_path, lang):
    path = tmp_path / "odd.yaml"  # a value of the wrong type: the file opens locked
    path.write_text(
        "system: laminim\nname: Odd\nunits:\n  - {name: A, frame: striker, weapons: rifle}\n",
        encoding="utf-8",
    )
    app = BuilderApp.from_paths(path, None, lang=lang)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert app.doc is not None and app.doc.locked
        await pilot.press("escape")  # off the problems screen it opened on
        await settle(pilot)
        await pilot.press("S")
        await settle(pilot)
        assert isinstance(app.screen, ShareDialog) and app.screen.code is None
        text = _flat(screen_text(pilot))
        assert _flat("テキストエディタ" if lang == "ja" else "text editor") in text
