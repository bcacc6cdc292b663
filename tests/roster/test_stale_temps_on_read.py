"""Reading a team file removes the temp files a killed save left beside it (a file that is
only checked, never saved again, would otherwise keep them for ever); a save still running in
another process keeps its temp file. Any game: these read the fake one's demo squad."""

from __future__ import annotations

import os

from builder.roster.team_file import read_team

GONE_PID = 2**22 + 17  # above Linux's pid_max default: no process has it


def test_reading_a_team_removes_the_temp_file_of_a_killed_save(tmp_path, fake_demo):
    path = tmp_path / "team.yaml"
    path.write_bytes(fake_demo.read_bytes())
    stale = tmp_path / f".team.yaml.{GONE_PID}-abcd1234.tmp"
    stale.write_text("half a save")
    system, read = read_team(path)
    assert system is not None and not read.problems
    assert not stale.exists()


def test_reading_keeps_the_temp_file_of_a_save_still_running(tmp_path, fake_demo):
    path = tmp_path / "team.yaml"
    path.write_bytes(fake_demo.read_bytes())
    mine = tmp_path / f".team.yaml.{os.getpid()}-abcd1234.tmp"
    mine.write_text("a save in progress")
    read_team(path)
    assert mine.exists()


def test_reading_through_a_link_cleans_beside_the_file_it_names(tmp_path, fake_demo):
    (tmp_path / "real").mkdir()
    target = tmp_path / "real" / "team.yaml"
    target.write_bytes(fake_demo.read_bytes())
    stale = tmp_path / "real" / f".team.yaml.{GONE_PID}-abcd1234.tmp"
    stale.write_text("half a save")
    link = tmp_path / "team.yaml"
    link.symlink_to(target)
    read_team(link)
    assert not stale.exists()
