"""Issue 14: no save loses an edit or escapes its file (symlinks, hard links, read-only files,
missing folders, stale temp files, non-UTF-8 originals)."""

from __future__ import annotations

import os
import stat

import pytest

from builder.roster.team_file import (
    SaveRefused,
    load_team,
    remove_stale_temps,
    save_team,
    temp_pattern,
)

TEAM = """\
# Friday's team
system: fake
name: Night shift
robots:
  - name: Kestrel   # sniper
    kind: scout
  - name: Bulwark
    kind: tank
  - {name: Swallow, kind: scout}
"""
"""A file of the fake game (tests/fake_game): saving is the roster's, whatever the game."""


@pytest.fixture
def team_path(tmp_path, fake_game):
    path = tmp_path / "team.yaml"
    path.write_text(TEAM, encoding="utf-8")
    return path


def _renamed(path, name="Day shift"):
    return load_team(path)[1].model_copy(update={"name": name})


def test_stale_temp_files_of_killed_saves_are_removed_on_the_next_save(team_path, fake_game):
    folder = team_path.parent
    dead = 2**22 + 12345  # above any pid_max default: no such process
    stale = [
        folder / ".team.yaml.abcd1234.tmp",  # older versions: no pid in the name
        folder / f".team.yaml.{dead}-k2j4_x9q.tmp",
    ]
    live = folder / f".team.yaml.{os.getppid()}-zzzzzzzz.tmp"  # a save of a running process
    other = [folder / ".other.yaml.abcd1234.tmp", folder / "notes.tmp"]
    for path in [*stale, live, *other]:
        path.write_text("partial")
    save_team(fake_game, _renamed(team_path), team_path)
    assert not any(p.exists() for p in stale)
    assert live.exists() and all(p.exists() for p in other)
    assert load_team(team_path)[1].name == "Day shift"
    assert remove_stale_temps(team_path) == []


def test_temp_names_match_the_cleanup_pattern(team_path, monkeypatch, fake_game):
    seen: list[str] = []
    real_replace = os.replace

    def spy(src, dst):
        seen.append(os.path.basename(src))
        real_replace(src, dst)

    monkeypatch.setattr(os, "replace", spy)
    save_team(fake_game, _renamed(team_path), team_path)
    assert len(seen) == 1 and temp_pattern("team.yaml").fullmatch(seen[0])
    assert seen[0].startswith(f".team.yaml.{os.getpid()}-")


def test_saving_through_a_symlink_writes_the_target_and_keeps_the_link(tmp_path, fake_game):
    real = tmp_path / "real" / "team.yaml"
    real.parent.mkdir()
    real.write_text(TEAM, encoding="utf-8")
    link = tmp_path / "link.yaml"
    link.symlink_to(os.path.relpath(real, tmp_path))
    save_team(fake_game, _renamed(link), link)
    assert link.is_symlink()
    assert load_team(real)[1].name == "Day shift"
    assert "# Friday's team" in real.read_text(encoding="utf-8")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link.yaml", "real"]
    assert [p.name for p in real.parent.iterdir()] == ["team.yaml"]


def test_saving_a_hard_linked_file_keeps_the_link(team_path, fake_game):
    other = team_path.with_name("other-name.yaml")
    os.link(team_path, other)
    inode = team_path.stat().st_ino
    save_team(fake_game, _renamed(team_path), team_path)
    assert team_path.stat().st_ino == inode and team_path.stat().st_nlink == 2
    assert load_team(other)[1].name == "Day shift"
    assert sorted(p.name for p in team_path.parent.iterdir()) == ["other-name.yaml", "team.yaml"]


def test_saving_a_shorter_team_over_a_hard_link_truncates(team_path, fake_game):
    os.link(team_path, team_path.with_name("b.yaml"))
    team = load_team(team_path)[1]
    short = team.model_copy(update={"robots": team.robots[:1]})
    save_team(fake_game, short, team_path)
    assert len(load_team(team_path.with_name("b.yaml"))[1].robots) == 1


def test_read_only_file_is_refused_with_a_message(team_path, fake_game):
    team_path.chmod(0o444)
    with pytest.raises(SaveRefused, match="read-only") as caught:
        save_team(fake_game, _renamed(team_path), team_path)
    assert caught.value.strerror == "the file is read-only"
    assert team_path.read_text(encoding="utf-8") == TEAM
    assert stat.S_IMODE(team_path.stat().st_mode) == 0o444
    assert [p.name for p in team_path.parent.iterdir()] == ["team.yaml"]


def test_missing_parent_folder_is_an_error_unless_asked_for(tmp_path, team_path, fake_game):
    target = tmp_path / "new" / "deeper" / "team.yaml"
    team = load_team(team_path)[1]
    with pytest.raises(SaveRefused, match="does not exist"):
        save_team(fake_game, team, target, original=TEAM)
    assert not (tmp_path / "new").exists()
    save_team(fake_game, team, target, original=TEAM, make_parents=True)
    assert load_team(target)[1] == team


def test_saving_over_a_directory_is_refused(tmp_path, team_path, fake_game):
    (tmp_path / "dir.yaml").mkdir()
    with pytest.raises(SaveRefused, match="not a regular file"):
        save_team(fake_game, load_team(team_path)[1], tmp_path / "dir.yaml")


def test_non_utf8_original_keeps_its_comments(team_path, fake_game):
    team = load_team(team_path)[1]
    team_path.write_bytes(TEAM.replace("# Friday's team", "# caf\xe9 team").encode("latin-1"))
    save_team(fake_game, team.model_copy(update={"name": "Day shift"}), team_path)
    text = team_path.read_text(encoding="utf-8")  # the saved file is UTF-8
    assert text.startswith("# caf\ufffd team\n") and "# sniper" in text
    assert load_team(team_path)[1].name == "Day shift"


def test_new_file_gets_ordinary_permissions_not_0600(tmp_path, team_path, fake_game):
    old = os.umask(0o022)
    try:
        path = save_team(fake_game, load_team(team_path)[1], tmp_path / "fresh.yaml")
    finally:
        os.umask(old)
    assert stat.S_IMODE(path.stat().st_mode) == 0o644


def test_existing_permissions_are_kept(team_path, fake_game):
    team_path.chmod(0o640)
    save_team(fake_game, _renamed(team_path), team_path)
    assert stat.S_IMODE(team_path.stat().st_mode) == 0o640
