"""docs/play.md's worked artifact game (docs/rules.md D22), replayed (tests/docs/play_games.py):
every ``artifact-do`` block applied with ``laminim play --do``, the record checked against every
``artifact-record`` block after it (the numbers were worked out by hand in the page), and the
declared attack's odds as the page shows them (``artifact-shown``: English in play.md, Japanese
in play.ja.md)."""

from __future__ import annotations

import pytest

from tests.docs.play_games import ROOT, replay, same_game

TEAMS = {
    "sleeves.yaml": ROOT / "parts_catalog" / "artifact" / "demo_force.yaml",
    "londo_bell.yaml": ROOT / "examples" / "artifact" / "londo_bell.yaml",
}


@pytest.mark.parametrize(("page", "lang"), [("play.md", "en"), ("play.ja.md", "ja")])
def test_the_worked_artifact_game_replays_to_every_state_worked_out_by_hand(
    tmp_path, monkeypatch, cli, page, lang
):
    monkeypatch.chdir(tmp_path)
    found = replay(cli, tmp_path, page, lang, "artifact", TEAMS, "sleeves.battle.yaml", "2024")
    assert [k for k, _ in found].count("do") == 4
    assert [k for k, _ in found].count("shown") == 1
    last = next(t for k, t in reversed(found) if k == "do")
    (tmp_path / "again.yaml").write_text(last, encoding="utf-8")
    assert cli("play", "sleeves.battle.yaml", "--do", "again.yaml").code == 2  # the game is over


def test_the_japanese_page_plays_the_same_artifact_game():
    same_game("artifact")
