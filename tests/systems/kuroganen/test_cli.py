"""``laminim check`` / ``reach`` / ``parts`` / ``analyze`` on kuroganen maps (the contract of
docs/design.md "The command line")."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from builder.core.resources import bundled_catalog_dir

DEMO = bundled_catalog_dir("kuroganen") / "demo_map.yaml"

SMALL = """system: kuroganen
name: Ledge
map:
  - [2, 2, 0, 0, 0]
  - [2, ~, 0, 1, 0]
units: [[4, 1]]
"""


@pytest.fixture
def small(tmp_path: Path) -> Path:
    path = tmp_path / "ledge.yaml"
    path.write_text(SMALL, encoding="utf-8")
    return path


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "map.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_check_a_good_map_exits_0_and_draws_the_levels(cli):
    result = cli("check", DEMO)
    assert result.code == 0, result.err
    assert "Ruined block: 10×8 map, levels 0–3, 7 pits" in result.out
    assert result.err == ""


def test_check_json_summarises_the_map(cli):
    result = cli("check", DEMO, "--json")
    data = json.loads(result.out)
    assert data["valid"] is True and data["errors"] == []
    assert data["map"]["width"] == 10 and data["map"]["pits"] == 7
    assert data["map"]["lowest"] == 0 and data["map"]["highest"] == 3


@pytest.mark.parametrize(
    ("body", "where"),
    [
        # ragged row: the first extra cell of a long row
        ("map:\n  - [0, 0]\n  - [0, 0, 1]\n", "5:12: map[1][2]: row 1 has 3 cells but row 0 has 2"),
        # ragged row: the start of a short row
        ("map:\n  - [0, 0]\n  - [0]\n", "5:5: map[1]: row 1 has 1 cells but row 0 has 2"),
        # a level not in halves: the cell itself
        ("map:\n  - [0, 0.3]\n", "4:9: map[0][1]: row 0, column 1: level 0.3 is not a multiple"),
        ("map:\n  - [0, high]\n", "4:9: map[0][1]: row 0, column 1: 'high' is not a level"),
        ("map:\n  - [0, .nan]\n", "4:9: map[0][1]: row 0, column 1: level nan is not a multiple"),
        # units off the map, on a pit, twice, malformed
        ("map: [[0, ~]]\nunits: [[5, 0]]\n", "4:9: units[0]: units[0] [5, 0] is off the map"),
        ("map: [[0, ~]]\nunits: [[1, 0]]\n", "4:9: units[0]: units[0] [1, 0] stands on a pit"),
        (
            "map: [[0, 0]]\nunits: [[1, 0], [1, 0]]\n",
            "4:17: units[1]: units[1] [1, 0] is listed twice",
        ),
        ("map: [[0, 0]]\nunits: [[1]]\n", "4:9: units[0]: units[0] must be a cell [x, y]"),
        # the plan
        ("map: [[0, ~]]\nplan: {from: [1, 0], move: 3}\n", "4:14: plan.from: plan.from [1, 0]"),
        ("map: [[0]]\nplan: {from: [0, 0], move: -1}\n", "4:28: plan.move: must be at least 0"),
        ("map: [[0]]\nplan: {from: [0, 0], move: 1, speed: 2}\n", "4:38: plan.speed: unknown"),
        ("map: [[0]]\ncolour: red\n", "4:9: colour: unknown field"),
        # the size cap
        (
            "map: [" + ", ".join(["[0]"] * 101) + "]\n",
            "3:507: map[100]: map has 101 rows; at most 100",
        ),
        ("map: [[" + ", ".join(["0"] * 101) + "]]\n", "3:308: map[0][100]: row 0 has 101 cells"),
    ],
)
def test_check_places_each_mistake_at_its_row_and_cell(cli, tmp_path, body, where):
    path = write(tmp_path, "system: kuroganen\nname: Bad\n" + body)
    result = cli("check", path)
    assert result.code == 2
    assert f"{path}:{where}" in result.err, result.err
    assert "Traceback" not in result.err


def test_check_lists_every_mistake_once(cli, tmp_path):
    path = write(
        tmp_path,
        "system: kuroganen\nname: Bad\nmap:\n  - [0, 0, 1]\n  - [0, ~, 1]\n"
        "units: [[1, 1], [7, 0], [0, 0], [0, 0]]\nplan: {from: [1, 1], move: 200}\n",
    )
    result = cli("check", path)
    lines = result.err.strip().splitlines()
    assert result.code == 2
    assert [line.split(": ")[1] for line in lines] == [
        "units[0]",
        "units[1]",
        "units[3]",
        "plan.from",
        "plan.move",
    ]


def test_reach_text_draws_levels_risks_and_the_path(cli, small):
    result = cli("reach", small, "--from", "0,0", "--move", "4", "--to", "3,0")
    assert result.code == 0, result.err
    out = result.out
    assert "Ledge: from (0,0), movement 4, starting risk 0" in out
    levels, risks = out.split("levels (~ pit, U unit):")[1].split("final risk (")
    assert [line.split()[1:] for line in levels.strip().splitlines()[1:]] == [
        ["2", "2", "0", "0", "0"],
        ["2", "~", "0", "1", "0U"],
    ]
    grid = [line.split()[1:] for line in risks.split("\n\n")[0].strip().splitlines()[2:]]
    # (2,0): fall 2 off the ledge, walk on to (3,0) and back: the risk is digested to 0
    assert grid == [
        ["@", "0", "0", "1", "0"],
        ["0", "#", "1", "1", "U"],
    ]  # (3,1): a jump from (0,1) over the pit
    assert "path to (3,0): final risk 1, movement 3" in out


def test_reach_grid_agrees_with_the_json(cli):
    text = cli("reach", DEMO, "--from", "2,5", "--move", "5").out
    cells = json.loads(cli("reach", DEMO, "--from", "2,5", "--move", "5", "--json").out)["cells"]
    risks = {(c["x"], c["y"]): c["risk"] for c in cells}
    grid = [line.split()[1:] for line in text.split("final risk (")[1].strip().splitlines()[2:]]
    for y, row in enumerate(grid):
        for x, shown in enumerate(row):
            if shown == "@":
                assert (x, y) == (2, 5)
            elif shown in "#U.":
                assert (x, y) not in risks
            else:
                assert risks[(x, y)] == int(shown)


def test_reach_path_legs_name_step_jump_fall_and_risk(cli, tmp_path):
    path = write(tmp_path, "system: kuroganen\nname: Ditch\nmap: [[1, ~, 0, 0]]\n")
    result = cli("reach", path, "--from", "0,0", "--move", "2", "--to", "2,0")
    assert result.code == 0
    assert "path to (2,0): final risk 1, movement 2" in result.out
    assert "1. jump over (1,0) → (2,0) level 0; cost 2, fall 1, risk 1" in result.out
    climb = write(tmp_path, "system: kuroganen\nname: Step\nmap: [[0, 1]]\n")
    out = cli("reach", climb, "--from", "0,0", "--move", "2", "--to", "1,0").out
    assert "1. step → (1,0) level 1 climb; cost 2, risk 0" in out


def test_reach_to_an_unreachable_cell_says_why(cli, small):
    pit = cli("reach", small, "--from", "0,0", "--move", "2", "--to", "1,1")
    assert "cannot end the move there (it is a pit)" in pit.out
    far = cli("reach", small, "--from", "0,0", "--move", "1", "--to", "4,0")
    assert "not within movement 1" in far.out
    unit = cli("reach", small, "--from", "0,0", "--move", "9", "--to", "4,1")
    assert "another unit stands there" in unit.out


def test_reach_json_gives_no_paths_unless_asked(cli, small):
    data = json.loads(cli("reach", small, "--from", "0,0", "--move", "2", "--json").out)
    with_paths = json.loads(
        cli("reach", small, "--from", "0,0", "--move", "2", "--json", "--paths").out
    )
    for cell in data["cells"]:
        assert list(cell) == ["x", "y", "risk", "cost"]
    assert data["cells"] == [
        {k: v for k, v in cell.items() if k != "path"} for cell in with_paths["cells"]
    ]


def test_reach_json_is_exactly_the_documented_shape(cli, small):
    result = cli("reach", small, "--from", "0,0", "--move", "2", "--json", "--paths")
    data = json.loads(result.out)
    assert list(data) == ["cells"]
    cells = {(c["x"], c["y"]): c for c in data["cells"]}
    for cell in data["cells"]:
        assert list(cell) == ["x", "y", "risk", "cost", "path"]
    assert cells[(0, 0)] == {"x": 0, "y": 0, "risk": 0, "cost": 0, "path": [[0, 0]]}
    assert cells[(2, 0)] == {
        "x": 2,
        "y": 0,
        "risk": 2,
        "cost": 2,
        "path": [[0, 0], [1, 0], [2, 0]],
    }
    assert len(cells) == len(data["cells"])  # every reachable cell once


def test_reach_json_with_to_lists_that_cell_only(cli, small):
    one = json.loads(
        cli("reach", small, "--from", "0,0", "--move", "2", "--to", "2,0", "--json").out
    )
    assert [(c["x"], c["y"]) for c in one["cells"]] == [(2, 0)]
    none = json.loads(
        cli("reach", small, "--from", "0,0", "--move", "2", "--to", "4,0", "--json").out
    )
    assert none == {"cells": []}


def test_reach_takes_the_plan_from_the_file(cli, tmp_path):
    path = write(tmp_path, SMALL + "plan: {from: [0, 0], move: 2, risk: 1}\n")
    result = cli("reach", path)
    assert result.code == 0
    assert "from (0,0), movement 2, starting risk 1" in result.out
    override = cli("reach", path, "--move", "3", "--risk", "0")
    assert "from (0,0), movement 3, starting risk 0" in override.out


def test_start_on_a_listed_unit_moves_that_unit(cli, small):
    """docs/rules.md D16 / the rules core: a unit listed at the start is the mover, its cell is
    free to it."""
    result = cli("reach", small, "--from", "4,1", "--move", "2", "--json")
    assert result.code == 0
    cells = {(c["x"], c["y"]) for c in json.loads(result.out)["cells"]}
    assert (4, 1) in cells and (4, 0) in cells


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--from", "9,0", "--move", "2"], "--from: (9,0) is off the 5×2 map"),
        (["--from", "1,1", "--move", "2"], "--from: (1,1) is a pit"),
        (["--from", "0,0", "--move", "2", "--to", "0,7"], "--to: (0,7) is off the 5×2 map"),
        (["--from", "0", "--move", "2"], "--from: expected X,Y (e.g. 3,2), got '0'"),
        (["--from", "a,b", "--move", "2"], "--from: expected two whole numbers"),
        (["--from", "0,0", "--move", "x"], "--move: expected a whole number, got 'x'"),
        (["--from", "0,0", "--move", "-1"], "--move: must be 0-100, got -1"),
        (["--from", "0,0", "--move", "101"], "--move: must be 0-100, got 101"),
        (["--from", "0,0", "--move", "2", "--risk", "-2"], "--risk: must be 0-99, got -2"),
        (["--move", "2"], "--from: required: the map file has no 'plan:' to take it from"),
        (["--from", "0,0"], "--move: required: the map file has no 'plan:' to take it from"),
    ],
)
def test_reach_bad_input_exits_2_with_one_clear_line(cli, capsys, small, args, message):
    try:
        result = cli("reach", small, *args)
        code, err, out = result.code, result.err, result.out
    except SystemExit as exc:  # argparse's own errors (exit 2 with the usage line)
        captured = capsys.readouterr()
        code, err, out = exc.code, captured.err, captured.out
    assert code == 2
    assert message in err, err
    assert "Traceback" not in err and out == ""


def test_reach_lists_every_bad_option_in_one_run(cli, small):
    result = cli("reach", small, "--from", "a,b", "--move", "200", "--risk", "x", "--to", "9,9")
    assert result.code == 2 and result.out == ""
    assert result.err.splitlines() == [
        "--from: expected two whole numbers X,Y (e.g. 3,2), got 'a,b'",
        "--move: must be 0-100, got 200",
        "--risk: expected a whole number, got 'x'",
        "--to: (9,9) is off the 5×2 map (x 0-4, y 0-1)",
    ]


def test_reach_lists_a_bad_option_with_the_maps_own_problems(cli, tmp_path):
    path = write(tmp_path, "system: kuroganen\nname: Bad\nmap:\n  - [0, 0.3]\n")
    result = cli("reach", path, "--from", "0", "--move", "1")
    assert result.code == 2
    assert [line.split(": ", 1)[-1] for line in result.err.splitlines()] == [
        "map[0][1]: row 0, column 1: level 0.3 is not a multiple of 0.5 (use whole or half "
        "levels, e.g. 1 or 1.5)",
        "expected X,Y (e.g. 3,2), got '0'",
    ]


def test_reach_refuses_a_job_over_the_budget(cli, tmp_path):
    rows = "\n".join("  - [" + ", ".join(["0"] * 100) + "]" for _ in range(100))
    path = write(tmp_path, f"system: kuroganen\nname: Plain\nmap:\n{rows}\n")
    result = cli("reach", path, "--from", "50,50", "--move", "100")
    assert result.code == 2
    assert "--move: movement 100 on a 100×100 map is over the planner's budget" in result.err


def test_the_budget_refusal_names_the_movement_the_map_allows(cli, tmp_path):
    rows = "\n".join("  - [" + ", ".join(["0"] * 100) + "]" for _ in range(100))
    path = write(tmp_path, f"system: kuroganen\nname: Plain\nmap:\n{rows}\n")
    result = cli("reach", path, "--from", "0,0", "--move", "100")
    assert result.code == 2 and "run cells" not in result.err
    allowed = int(result.err.rsplit("movement up to ", 1)[1])
    assert 0 < allowed < 100
    assert cli("reach", path, "--from", "0,0", "--move", str(allowed), "--json").code == 0
    assert cli("reach", path, "--from", "0,0", "--move", str(allowed + 1)).code == 2


def test_reach_of_another_systems_file_is_bad_input(cli, demo_path):
    result = cli("reach", demo_path, "--from", "0,0", "--move", "2")
    assert result.code == 2
    assert "system" in result.err


def test_parts_says_there_is_no_parts_catalog(cli):
    result = cli("parts", "--system", "kuroganen")
    assert result.code == 0
    assert "no parts catalog" in result.out
    data = json.loads(cli("parts", "--system", "kuroganen", "--json").out)
    assert data["name_ja"] == "クロガネンゲイジ 高低差と落下" and data["parts"] == []


def test_analyze_summarises_the_map_and_its_plan(cli, tmp_path):
    plain = cli("analyze", DEMO)
    assert plain.code == 0
    assert "no plan: in the file" in plain.out and "laminim reach" in plain.out
    path = write(tmp_path, SMALL + "plan: {from: [0, 0], move: 2}\n")
    data = json.loads(cli("analyze", path, "--json").out)
    assert data["reach"]["cells"] == 4
    assert data["map"]["plan"] == {"from": [0, 0], "move": 2, "risk": 0}


def test_systems_lists_kuroganen(cli):
    assert "kuroganen  Kuroganen Gauge / クロガネンゲイジ" in cli("systems").out


def test_check_summary_counts_one_pit_and_one_unit_in_the_singular(cli, tmp_path):
    path = write(tmp_path, "system: kuroganen\nname: Tiny\nmap:\n  - [0, ~]\nunits: [[0, 0]]\n")
    result = cli("check", path)
    assert result.code == 0
    summary = "Tiny: 2×1 map, level 0 everywhere, 1 pit, 0 half-level cells, 1 unit: LEGAL"
    assert summary in result.out


def test_a_one_cell_map_is_checked_and_planned(cli, tmp_path):
    path = write(tmp_path, "system: kuroganen\nname: Dot\nmap:\n  - [0]\n")
    assert cli("check", path).code == 0
    result = cli("reach", path, "--from", "0,0", "--move", "3")
    assert result.code == 0 and "1 cell reachable (risk 0: 1)" in result.out


def test_a_malformed_plan_start_is_named_as_malformed_not_missing(cli, tmp_path):
    body = "system: kuroganen\nname: x\nmap:\n  - [0, 0]\nplan: {from: [0], move: 2}\n"
    path = write(tmp_path, body)
    result = cli("check", path)
    assert result.code == 2
    assert result.err.splitlines() == [
        f"{path}:5:14: plan.from: plan.from must be a cell [x, y]: two whole numbers, e.g. [3, 1]"
    ]


def test_check_lists_the_problems_in_the_order_of_the_file(cli, tmp_path):
    path = write(
        tmp_path,
        "system: kuroganen\nname: x\nmap:\n  - [0, 0]\nplan: {from: [9, 9], move: -1, foo: 1}\n",
    )
    lines = cli("check", path).err.splitlines()
    cols = [int(line[len(str(path)) :].split(":")[2]) for line in lines]
    assert len(lines) == 3 and cols == sorted(cols)


def test_a_map_written_as_one_flat_list_says_rows_are_lists(cli, tmp_path):
    path = write(tmp_path, "system: kuroganen\nname: x\nmap: [0, 1, 0]\n")
    result = cli("check", path)
    assert result.code == 2
    assert result.err.splitlines() == [
        f"{path}:3:6: map: map must be a list of rows, each a list of levels: one "
        "'- [0, 0.5, ~]' line per row"
    ]


def test_analyze_with_a_plan_suggests_reach_with_only_to(cli, tmp_path):
    path = write(tmp_path, SMALL + "plan: {from: [0, 0], move: 2}\n")
    out = cli("analyze", path).out
    assert out.splitlines()[-1].endswith("laminim reach " + str(path) + " --to X,Y")
    assert "4 cells reachable" in out


def test_reach_help_gives_the_ranges_of_move_and_risk(cli, capsys):
    with pytest.raises(SystemExit):
        cli("reach", "--help")
    text = " ".join(capsys.readouterr().out.split())
    assert "movement allowance, 0-100" in text and "risk carried at the start, 0-99" in text


def test_analyze_refuses_unit_and_threat_instead_of_ignoring_them(cli):
    result = cli("analyze", DEMO, "--unit", "sniper", "--threat", "x")
    assert result.code == 2
    # the CLI refuses what a game's analyze does not use (GameSystem.analyze_options)
    assert result.err.splitlines() == [
        "analyze: --unit, --threat: not used by Kuroganen Gauge (its analyze takes no options)"
    ]


def test_a_plan_over_the_planners_budget_is_bad_input_at_its_line(cli, tmp_path):
    rows = "\n".join("  - [" + ", ".join(["0"] * 100) + "]" for _ in range(100))
    path = write(
        tmp_path, f"system: kuroganen\nname: P\nmap:\n{rows}\nplan: {{from: [0, 0], move: 99}}\n"
    )
    for command in (["check", path], ["analyze", path], ["cards", path, "-o", str(tmp_path)]):
        result = cli(*command)
        assert result.code == 2
        assert result.err.splitlines() == [
            f"{path}:104:28: plan.move: movement 99 on a 100×100 map is over the planner's "
            "budget (it would take too long); this map allows movement up to 41"
        ]


def test_reach_json_prints_one_cell_per_line_with_its_whole_path(cli, small):
    lines = cli("reach", small, "--from", "0,0", "--move", "2", "--json", "--paths")
    lines = lines.out.splitlines()
    assert lines[0] == '{"cells": [' and lines[-1] == "]}"
    for line in lines[1:-1]:
        cell = json.loads(line.rstrip(","))
        assert list(cell) == ["x", "y", "risk", "cost", "path"]
        assert cell["path"][-1] == [cell["x"], cell["y"]]
