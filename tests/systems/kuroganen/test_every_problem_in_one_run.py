"""One run of ``check`` on a map reports its broken levels and rows together with the units and
the plan that do not fit it: a broken cell does not hide the rest of the file."""

from __future__ import annotations

from builder.cli import main

MAP = """\
system: kuroganen
name: Broken block
map:
  - [0, 0,   1, 2]
  - [0, 0.3, 1, 2, 2]
  - [0, 0,   ~, 2]
units: [[2, 2], [9, 0], [0, 0], [0, 0]]
plan: {from: [7, 7], move: 3, risk: 0}
"""


def test_map_errors_do_not_hide_the_units_and_the_plan(tmp_path, capsys):
    path = tmp_path / "map.yaml"
    path.write_text(MAP, encoding="utf-8")
    code = main(["check", str(path)])
    err = capsys.readouterr().err.strip().splitlines()
    assert code == 2
    found = [line.removeprefix(f"{path}:").split(": ")[:2] for line in err]
    assert found == [
        ["5:9", "map[1][1]"],
        ["5:20", "map[1][4]"],
        ["7:9", "units[0]"],
        ["7:17", "units[1]"],
        ["7:33", "units[3]"],
        ["8:14", "plan.from"],
    ]
    assert "stands on a pit" in err[2] and "off the map" in err[3]
    assert "listed twice" in err[4] and "off the map" in err[5]


def test_a_unit_on_a_pit_of_a_ragged_row_is_still_found(tmp_path, capsys):
    path = tmp_path / "map.yaml"
    text = MAP.replace("[0, 0.3, 1, 2, 2]", "[0, ~, 1, 2, 2]")
    path.write_text(text.replace("[[2, 2], [9, 0], [0, 0], [0, 0]]", "[[1, 1]]"), encoding="utf-8")
    main(["check", str(path)])
    err = capsys.readouterr().err
    assert f"{path}:7:9: units[0]: units[0] [1, 1] stands on a pit (row 1, column 1 is ~)" in err


def test_the_map_problems_have_japanese_words():
    from builder.core.source import parse_yaml
    from builder.systems.kuroganen.system import SYSTEM

    read = SYSTEM.read_team(parse_yaml(MAP, "map.yaml"))
    assert len(read.problems) == 6
    assert all(p.said.translated and p.text("ja") != p.text("en") for p in read.problems)
