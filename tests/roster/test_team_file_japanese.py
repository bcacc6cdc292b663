"""The team reader's own problems (a file's shape, its ``system:`` key) in both languages."""

from __future__ import annotations

from pathlib import Path

from builder.roster.team_file import read_team


def _problems(tmp_path: Path, text: str) -> list[tuple[str, str]]:
    path = tmp_path / "team.yaml"
    path.write_text(text, encoding="utf-8")
    _, read = read_team(path)
    assert all(p.said.translated for p in read.problems)
    return [(p.text("en"), p.text("ja")) for p in read.problems]


def test_an_unknown_system_gets_did_you_mean_in_japanese(tmp_path):
    [(en, ja)] = _problems(tmp_path, "system: lamnim\nname: X\n")
    assert en.startswith("unknown game system 'lamnim' (did you mean 'laminim'?)")
    assert ja.startswith("不明なゲームシステム「lamnim」（「laminim」のことですか？）")


def test_a_file_that_is_no_mapping_is_told_so_in_japanese(tmp_path):
    [(en, ja)] = _problems(tmp_path, "- just\n- a list\n")
    assert en.startswith("expected a mapping")
    assert ja.startswith("ファイルの最上位には項目のマッピング")


def test_a_system_that_is_no_name_is_told_so_in_japanese(tmp_path):
    [(_, ja)] = _problems(tmp_path, "system: 3\nname: X\n")
    assert ja.startswith("ゲームシステムの名前を書いてください")


def test_a_missing_system_key_names_the_default_game_in_japanese(tmp_path):
    *_, (en, ja) = _problems(tmp_path, "name: X\nfoo: 1\n")
    assert en.startswith("missing, so this was read as LAMINIM")
    assert ja.startswith("ないのでラミニムとして読みました")
