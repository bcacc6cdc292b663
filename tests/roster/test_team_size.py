"""Issue 14: a team file may not hold thousands of units (bad input, exit 2, at once)."""

from __future__ import annotations

import time

from builder.roster.team_file import MAX_LIST_ITEMS
from builder.systems.laminim.read import MAX_UNITS

UNIT = "  - name: U{i}\n    frame: striker\n    weapons: [rifle, null, null]\n"


def _team(tmp_path, units: int):
    path = tmp_path / f"team{units}.yaml"
    body = "".join(UNIT.format(i=i) for i in range(units))
    path.write_text(f"system: laminim\nname: Big\nunits:\n{body}", encoding="utf-8")
    return path


def test_a_1000_unit_team_is_refused_fast_with_a_located_message(cli, tmp_path):
    path = _team(tmp_path, 1000)
    for command in ("check", "analyze", "cards"):
        start = time.process_time()
        result = cli(command, path, *(["-o", tmp_path / "out"] if command == "cards" else []))
        assert time.process_time() - start < 2
        assert result.code == 2
        assert result.err.strip() == (
            f"{path}:4:3: units: too many items (1000): this file may hold at most "
            f"{MAX_LIST_ITEMS} in one list or mapping"
        )
    assert not (tmp_path / "out").exists()


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
