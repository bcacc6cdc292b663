"""The shell names each game's file content in its own words (a team, a force, a crew, a map)."""

from __future__ import annotations

import pytest

from builder import systems
from builder.tui.app import BuilderApp
from builder.tui.labels import t

NOUNS = {"laminim": "team", "artifact": "force", "soh": "crew", "kuroganen": "map"}


@pytest.mark.parametrize("sid", sorted(NOUNS))
def test_demo_file_title_and_prompts_use_the_games_noun(sid):
    system = systems.get(sid)
    path = system.demo_file()
    from builder.roster.team_file import load_team

    _, team = load_team(path)
    app = BuilderApp(system, system.load_catalog(), team, None, path.read_text(encoding="utf-8"))
    noun = NOUNS[sid]
    assert app.say("demo_team") == f"demo {noun}, not saved to a file"
    assert app.say("open_prompt") == f"Open {noun} file:"
    app.lang = "ja"
    assert "{noun}" not in app.say("open_unsaved")


def test_without_a_game_the_shell_says_file():
    assert t("demo_team", "en") == "demo file, not saved to a file"
    assert "{noun}" not in t("demo_team", "ja")
