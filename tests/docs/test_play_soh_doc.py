"""docs/play.md's worked soh game (docs/rules.md D23), replayed (tests/docs/play_games.py):
every ``soh-do`` block applied with ``laminim play --do``, the record checked against every
``soh-record`` block after it (the numbers were worked out by hand in the page), and the
declared attack's odds as the page shows them (``soh-shown``: English in play.md, Japanese in
play.ja.md)."""

from __future__ import annotations

import pytest

from tests.docs.play_games import ROOT, replay, same_game

TEAMS = {
    "comet.yaml": ROOT / "parts_catalog" / "soh" / "demo_crew.yaml",
    "salvage.yaml": ROOT / "examples" / "soh" / "my_crew.yaml",
}


@pytest.mark.parametrize(("page", "lang"), [("play.md", "en"), ("play.ja.md", "ja")])
def test_the_worked_soh_game_replays_to_every_state_worked_out_by_hand(
    tmp_path, monkeypatch, cli, page, lang
):
    monkeypatch.chdir(tmp_path)
    found = replay(cli, tmp_path, page, lang, "soh", TEAMS, "comet.battle.yaml", "2024")
    assert [k for k, _ in found].count("do") == 4
    assert [k for k, _ in found].count("shown") == 1


def test_the_japanese_page_plays_the_same_soh_game():
    same_game("soh")
