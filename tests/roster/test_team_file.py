"""Team files (any game, here the fake one): atomic saving that keeps comments and key order."""

from __future__ import annotations

import os

import pytest
from fake_game.models import Robot, Squad

from builder.roster.team_file import dump_team, load_team, save_team

COMMENTED = """\
# my squad for Friday
system: fake
name: Night shift   # the name
robots:
  # the scout
  - name: Kestrel
    kind: scout   # keep it a scout
  - {name: Bulwark, kind: tank}
  - kind: tank        # key order: kind first
    name: Swallow
"""


def test_round_trip_keeps_comments_and_key_order(fake_game, tmp_path):
    path = tmp_path / "squad.yaml"
    path.write_text(COMMENTED, encoding="utf-8")
    team = load_team(path)[1]
    save_team(fake_game, team, path)
    assert path.read_text(encoding="utf-8") == COMMENTED


def test_edit_keeps_comments_of_untouched_lines(fake_game, tmp_path):
    path = tmp_path / "squad.yaml"
    path.write_text(COMMENTED, encoding="utf-8")
    team = load_team(path)[1]
    team.robots[1] = team.robots[1].model_copy(update={"kind": "scout"})
    team.robots[0] = team.robots[0].model_copy(update={"name": "Kite"})
    save_team(fake_game, team, path)
    text = path.read_text(encoding="utf-8")
    assert "# my squad for Friday" in text and "# keep it a scout" in text
    assert "- name: Kite" in text
    assert "{name: Bulwark, kind: scout}" in text
    assert load_team(path)[1].robots[1].kind == "scout"


def test_new_file_is_written_in_the_documented_format(fake_game, tmp_path):
    team = Squad(name="New", robots=[Robot(name="A", kind="scout")])
    path = save_team(fake_game, team, tmp_path / "sub" / "new.yaml", make_parents=True)
    assert path.read_text(encoding="utf-8") == (
        "system: fake\nname: New\nrobots:\n  - name: A\n    kind: scout\n"
    )
    assert load_team(path)[1] == team


def test_removed_and_added_units_round_trip(fake_game, tmp_path):
    path = tmp_path / "squad.yaml"
    path.write_text(COMMENTED, encoding="utf-8")
    team = load_team(path)[1]
    del team.robots[0]
    team.robots.append(Robot(name="Extra", kind="scout"))
    save_team(fake_game, team, path)
    again = load_team(path)[1]
    assert [r.name for r in again.robots] == ["Bulwark", "Swallow", "Extra"]


def test_save_is_atomic_and_leaves_no_temp_files(fake_game, tmp_path, monkeypatch):
    path = tmp_path / "squad.yaml"
    path.write_text(COMMENTED, encoding="utf-8")
    team = load_team(path)[1]

    def boom(*_args):
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", boom)
    with pytest.raises(OSError):
        save_team(fake_game, team.model_copy(update={"name": "Changed"}), path)
    assert path.read_text(encoding="utf-8") == COMMENTED  # the old file is intact
    assert [p.name for p in tmp_path.iterdir()] == ["squad.yaml"]


def test_dump_of_broken_original_writes_fresh_document():
    team = Squad(name="T", robots=[])
    assert dump_team(team.model_dump(), "a: [unclosed") == "system: fake\nname: T\nrobots: []\n"
