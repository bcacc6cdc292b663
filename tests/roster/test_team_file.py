"""Team files: lenient reading, atomic saving that keeps comments and key order."""

from __future__ import annotations

import os

import pytest

from builder.core.problems import InputError
from builder.roster.team_file import dump_team, load_team, read_team, save_team
from builder.systems.laminim.system import SYSTEM
from builder.systems.laminim.team import Team, Unit

COMMENTED = """\
# my team for Friday
system: laminim
name: Night shift   # the name
units:
  # the sniper
  - name: Kestrel
    frame: striker
    weapons: [rifle, missile, null]   # keep the last slot free
  - name: Bulwark
    frame: bastion
    weapons: [gatling, missile, missile]
  - frame: lancer        # key order: frame first
    name: Swallow
    weapons: [smg, quick-booster, blade]
"""


def test_load_demo_team(demo_path):
    team = load_team(demo_path)[1]
    assert [u.name for u in team.units] == ["Kestrel", "Bulwark", "Swallow"]
    assert team.units[0].weapons == ["rifle", "missile", None]


def test_round_trip_keeps_comments_and_key_order(tmp_path):
    path = tmp_path / "team.yaml"
    path.write_text(COMMENTED, encoding="utf-8")
    team = load_team(path)[1]
    save_team(SYSTEM, team, path)
    assert path.read_text(encoding="utf-8") == COMMENTED


def test_edit_keeps_comments_of_untouched_lines(tmp_path):
    path = tmp_path / "team.yaml"
    path.write_text(COMMENTED, encoding="utf-8")
    team = load_team(path)[1]
    team.units[1] = team.units[1].with_slot(1, None)
    team.units[0] = team.units[0].model_copy(update={"name": "Kite"})
    save_team(SYSTEM, team, path)
    text = path.read_text(encoding="utf-8")
    assert "# my team for Friday" in text and "# keep the last slot free" in text
    assert "- name: Kite" in text
    assert "weapons: [gatling, null, missile]" in text
    assert load_team(path)[1].units[1].weapons == ["gatling", None, "missile"]


def test_new_file_is_written_in_the_documented_format(tmp_path):
    team = Team(name="New", units=[Unit(name="A", frame="striker", weapons=["rifle", None, None])])
    path = save_team(SYSTEM, team, tmp_path / "sub" / "new.yaml", make_parents=True)
    assert path.read_text(encoding="utf-8") == (
        "system: laminim\nname: New\nunits:\n  - name: A\n    frame: striker\n"
        "    weapons: [rifle, null, null]\n"
    )
    assert load_team(path)[1] == team


def test_removed_and_added_units_round_trip(tmp_path):
    path = tmp_path / "team.yaml"
    path.write_text(COMMENTED, encoding="utf-8")
    team = load_team(path)[1]
    del team.units[0]
    team.units.append(Unit(name="Extra", frame="vanguard", weapons=["rifle"]))
    save_team(SYSTEM, team, path)
    again = load_team(path)[1]
    assert [u.name for u in again.units] == ["Bulwark", "Swallow", "Extra"]


def test_save_is_atomic_and_leaves_no_temp_files(tmp_path, monkeypatch):
    path = tmp_path / "team.yaml"
    path.write_text(COMMENTED, encoding="utf-8")
    team = load_team(path)[1]

    def boom(*_args):
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", boom)
    with pytest.raises(OSError):
        save_team(SYSTEM, team.model_copy(update={"name": "Changed"}), path)
    assert path.read_text(encoding="utf-8") == COMMENTED  # the old file is intact
    assert [p.name for p in tmp_path.iterdir()] == ["team.yaml"]


def test_dump_of_broken_original_writes_fresh_document():
    team = Team(name="T", units=[])
    assert dump_team(team.model_dump(), "a: [unclosed") == "system: laminim\nname: T\nunits: []\n"


def test_read_team_keeps_good_units_when_one_is_bad(tmp_path):
    path = tmp_path / "t.yaml"
    path.write_text(
        "system: laminim\nname: T\nunits:\n  - {name: A, frame: striker}\n  - {name: B}\n",
        encoding="utf-8",
    )
    read = read_team(path)[1]
    assert [u.name for u in read.team.units] == ["A"]
    assert read.unit_rows == [0]
    assert [str(p) for p in read.problems] == [
        f"{path}:5:5: units[1].frame: required field is missing"
    ]
    with pytest.raises(InputError):
        load_team(path)[1]


def test_unit_with_slot_grows_the_list():
    unit = Unit(name="A", frame="striker")
    assert unit.with_slot(2, "rifle").weapons == [None, None, "rifle"]


def test_team_free_name():
    team = Team(
        name="T", units=[Unit(name="A", frame="striker"), Unit(name="A 2", frame="striker")]
    )
    assert team.free_name("A") == "A 3"
    assert team.free_name("B") == "B"
