"""A file may not hold thousands of items in one list, whatever its game (bad input, exit 2, at
once); here the fake game's squad of 1000 robots."""

from __future__ import annotations

import time

from builder.roster.team_file import MAX_LIST_ITEMS

ROBOT = "  - {{name: R{i}, kind: scout}}\n"


def test_a_1000_unit_team_is_refused_fast_with_a_located_message(cli, fake_game, tmp_path):
    path = tmp_path / "squad1000.yaml"
    body = "".join(ROBOT.format(i=i) for i in range(1000))
    path.write_text(f"system: fake\nname: Big\nrobots:\n{body}", encoding="utf-8")
    for command in ("check", "analyze", "cards"):
        start = time.process_time()
        result = cli(command, path, *(["-o", tmp_path / "out"] if command == "cards" else []))
        assert time.process_time() - start < 2
        assert result.code == 2
        assert result.err.strip() == (
            f"{path}:4:3: robots: too many items (1000): this file may hold at most "
            f"{MAX_LIST_ITEMS} in one list or mapping"
        )
    assert not (tmp_path / "out").exists()
