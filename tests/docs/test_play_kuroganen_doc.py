"""docs/play.md's worked kuroganen game (docs/rules.md D24), replayed: every ``kuroganen-do``
block applied with ``laminim play --do``, the record checked against every ``kuroganen-record``
block after it (the numbers were worked out by hand in the page), and the units' reach as the
page shows it (``kuroganen-shown``: English in play.md, Japanese in play.ja.md)."""

from __future__ import annotations

import shutil

import pytest

from tests.docs.play_games import DOCS, ROOT, blocks, replay, same_game

MAP = ROOT / "parts_catalog" / "kuroganen" / "demo_map.yaml"


@pytest.mark.parametrize(("page", "lang"), [("play.md", "en"), ("play.ja.md", "ja")])
def test_the_worked_kuroganen_game_replays_to_every_state_worked_out_by_hand(
    tmp_path, monkeypatch, cli, page, lang
):
    monkeypatch.chdir(tmp_path)  # a unit is named in both languages (Unit 1 / ユニット1)
    found = replay(
        cli,
        tmp_path,
        page,
        lang,
        "kuroganen",
        {"block.yaml": MAP},
        "block.battle.yaml",
        "1",
        start=("--lang", lang),
    )
    assert [k for k, _ in found].count("do") == 3
    assert [k for k, _ in found].count("shown") == 1


def test_the_stomp_without_place_is_refused_naming_the_nearest_cells(tmp_path, monkeypatch, cli):
    shutil.copy(MAP, tmp_path / "block.yaml")
    monkeypatch.chdir(tmp_path)
    assert cli("play", "block.yaml", "--seed", "1").code == 0
    first, second = [t for k, t in blocks(DOCS / "play.md", "kuroganen") if k == "do"][:2]
    (tmp_path / "a.yaml").write_text(first + second.replace(", place: [4, 5]", ""), "utf-8")
    result = cli("play", "block.battle.yaml", "--do", "a.yaml")
    assert result.code == 2 and "(4,5), (6,5), (5,6)" in result.err


def test_the_japanese_page_plays_the_same_kuroganen_game():
    same_game("kuroganen")
