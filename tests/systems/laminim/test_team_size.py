"""A LAMINIM team file holds at most MAX_UNITS units (bad input); up to that it is only illegal.
The kit's cap on any list is tested on the fake game in tests/roster/test_team_size.py."""

from __future__ import annotations

from builder.systems.laminim.read import MAX_UNITS

UNIT = "  - name: U{i}\n    frame: striker\n    weapons: [rifle, null, null]\n"


def _team(tmp_path, units: int):
    path = tmp_path / f"team{units}.yaml"
    body = "".join(UNIT.format(i=i) for i in range(units))
    path.write_text(f"system: laminim\nname: Big\nunits:\n{body}", encoding="utf-8")
    return path


def test_more_units_than_a_laminim_team_file_holds_is_bad_input(cli, tmp_path):
    path = _team(tmp_path, MAX_UNITS + 1)
    result = cli("analyze", path)
    assert result.code == 2
    assert result.err.strip() == (
        f"{path}:4:3: units: {MAX_UNITS + 1} units: a team file holds at most {MAX_UNITS} "
        "(a LAMINIM team has 3)"
    )


def test_up_to_the_cap_is_only_illegal(cli, tmp_path):
    result = cli("check", _team(tmp_path, MAX_UNITS))
    assert result.code == 1 and f"the team has {MAX_UNITS} units; a team has 3" in result.err
