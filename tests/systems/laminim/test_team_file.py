"""LAMINIM team files: the demo team, a team read with its bad unit left out, its unit and team
helpers (the saver's own tests, on the fake game, are in tests/roster/test_team_file.py)."""

from __future__ import annotations

import pytest

from builder.core.problems import InputError
from builder.roster.team_file import load_team, read_team
from builder.systems.laminim.team import Team, Unit


def test_load_demo_team(demo_path):
    team = load_team(demo_path)[1]
    assert [u.name for u in team.units] == ["Kestrel", "Bulwark", "Swallow"]
    assert team.units[0].weapons == ["rifle", "missile", None]


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
