"""The play screen is a screen of the main app (issue 32): ``P`` on a team opens the battle
record beside it (a new one asks for the opponent's team first), ``esc`` goes back to the team,
``laminim play RECORD`` opens the app on the record over its team's screens; one key map, one
footer, F1's help with the play screen's keys first; an action is drawn first and saved right
after, and quitting waits for the save; a save that fails is said, never lost in silence."""

from __future__ import annotations

import argparse
import shutil

import pytest

from builder import systems
from builder.play.session import Session
from builder.tui.app import BuilderApp
from builder.tui.dialogs.file_dialog import FileDialog
from builder.tui.play import host
from builder.tui.play.record_document import RecordDocument
from builder.tui.play.screen import PlayScreen
from builder.tui.screens.help_screen import HelpScreen
from tests.tui.helpers import screen_text, settle
from tests.tui.test_play_screen import said_rows

SIZE = (80, 24)


async def typed(pilot, text: str) -> None:
    for ch in text:
        await pilot.press("space" if ch == " " else ch)
    await pilot.press("enter")
    await settle(pilot)


@pytest.mark.parametrize(("game", "lang"), [("laminim", "ja"), ("artifact", "en")])
async def test_p_starts_the_record_beside_the_team_and_esc_goes_back(tmp_path, game, lang):
    team = tmp_path / "mine.yaml"
    shutil.copy(systems.get(game).demo_file(), team)
    app = BuilderApp.from_paths(team, None, lang=lang)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        first = app.screen
        await pilot.press("P")
        await settle(pilot)
        assert isinstance(app.screen, FileDialog)  # no record yet: whose team plays us?
        await pilot.press("enter")  # the field holds the team itself: a mirror match
        await settle(pilot)
        assert isinstance(app.screen, PlayScreen), screen_text(pilot)
        record = tmp_path / "mine.battle.yaml"
        assert record.is_file() and app.record is not None
        text = screen_text(pilot)
        assert "mine.battle.yaml" in text.splitlines()[0]  # the title names the record
        game_name = app.system.name_ja if lang == "ja" else app.system.name
        assert game_name in text.splitlines()[0]
        footer = "\n".join(text.splitlines()[-3:])
        assert ("攻撃" if lang == "ja" else "attack") in footer  # the game's keys, its words
        await pilot.press("f1")
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)
        titles = [s[1] if lang == "ja" else s[0] for s in app.screen._sections]
        assert titles[0] == ("対戦" if lang == "ja" else "Play")
        await pilot.press("escape", "escape")  # the help, then back to the team
        await settle(pilot)
        assert app.screen is first
        await pilot.press("P")  # the record is there now: opened at once
        await settle(pilot)
        assert isinstance(app.screen, PlayScreen)
        assert not any(isinstance(s, FileDialog) for s in app.screen_stack)


async def test_an_action_is_drawn_saved_and_undone_and_quit_waits_for_the_save(tmp_path):
    team = tmp_path / "mine.yaml"
    shutil.copy(systems.get("laminim").demo_file(), team)
    session = Session.begin([team], seed=7)
    app = BuilderApp(None, lang="en", record=RecordDocument(session))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("f")  # attack: the line opens on it
        await typed(pilot, "1, weapon: 1, target: 4, roll: true")
        record = app.record
        assert record is not None
        said = said_rows(pilot)
        assert record.session.log, said
        assert record.flush() is None
        assert Session.open(session.path).log == record.session.log
        await pilot.press("ctrl+z")
        await settle(pilot)
        assert "Undone" in said_rows(pilot)
        await pilot.press("ctrl+q")
        await settle(pilot)
    assert Session.open(session.path).log[-1] == {"do": "undo"}  # saved before the app ended


async def test_a_save_that_fails_is_said_and_quitting_asks(tmp_path):
    from builder.core.messages import Message
    from builder.core.problems import InputError, Problem

    team = tmp_path / "mine.yaml"
    shutil.copy(systems.get("laminim").demo_file(), team)
    session = Session.begin([team], seed=7)

    def full_disk(data: object) -> None:  # as Session.write refuses a read-only record
        said = Message.untranslated("No space left on device")
        raise InputError([Problem(str(session.path), None, None, "", said)])

    session.write = full_disk  # type: ignore[method-assign]
    app = BuilderApp(None, lang="ja", record=RecordDocument(session))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("f")
        await typed(pilot, "1, weapon: 1, target: 4, roll: true")
        assert app.record is not None and app.record.flush() is not None
        await settle(pilot)
        assert "保存できませんでした" in said_rows(pilot)
        await pilot.press("ctrl+q")
        await settle(pilot)
        assert "保存できませんでした" in screen_text(pilot)  # asks before the actions are lost
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, PlayScreen)


async def test_laminim_play_opens_the_app_on_the_record_over_its_team(tmp_path, monkeypatch):
    team = tmp_path / "mine.yaml"
    shutil.copy(systems.get("laminim").demo_file(), team)
    session = Session.begin([team], seed=7)
    seen: list[BuilderApp] = []

    def run(self):  # type: ignore[no-untyped-def]
        seen.append(self)
        return 0

    monkeypatch.setattr(BuilderApp, "run", run)
    args = argparse.Namespace(
        files=[str(session.path)], output=None, catalog=None, seed=None, threat=None
    )
    assert host.run_screen(args) == 0
    app = seen[0]
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, PlayScreen)
        assert app.doc is not None and app.doc.path == team  # the team under the record
        await pilot.press("escape")
        await settle(pilot)
        assert not isinstance(app.screen, PlayScreen)
        assert "mine.yaml" in screen_text(pilot).splitlines()[0]


def test_every_game_that_plays_gives_the_screen_keys_outside_the_kit_s_map():
    """The per-game hook (docs/adding-a-game.md "Play mode"): a battle that shows a screen
    names its keys outside the kit's key map, each opening the line on one of its actions,
    with words in both languages."""
    from builder.systems import Plays, ShowsScreen
    from builder.tui.keys import RESERVED

    shown = 0
    for game in map(systems.get, systems.ids()):
        battle = game.battle() if isinstance(game, Plays) else None
        if not isinstance(battle, ShowsScreen):
            continue
        shown += 1
        for key, start, (en, ja) in battle.screen_keys:
            assert key not in RESERVED and key not in ("t", "enter", "escape"), (game.id, key)
            first = start.split(" ")[0].rstrip(":")
            assert any(a.startswith(first) for a in battle.actions), (game.id, start)
            assert en and ja and en != ja
    assert shown >= 2  # LAMINIM's and Gundam Artifact's
