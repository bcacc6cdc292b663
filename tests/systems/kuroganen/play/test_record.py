"""The kuroganen battle record through ``laminim play`` (docs/rules.md D24, docs/play.md
"Kuroganen Gauge"): a scripted game of two sides on one map replayed to the state worked out by
hand; each unit's reach from where it stands equals ``laminim reach --from X,Y --risk R`` on
the map as it stands; bad actions exit 2 with every problem located, in English and Japanese,
and leave the record unchanged."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from builder.core.text_table import columns

LEDGE = """\
system: kuroganen
name: {name}
map:
  - [2, 2,   0, 0, 0, 1]
  - [2, 1.5, 0, ~, 0, 1]
  - [1, 0.5, 0, 0, 0, 0]
units: {units}
"""


@pytest.fixture
def record(tmp_path: Path, cli, monkeypatch) -> Path:
    """1 at (0,0) on the ledge (side 1); 2 at (5,2) and 3 at (2,0) below it (side 2)."""
    (tmp_path / "ours.yaml").write_text(LEDGE.format(name="Ours", units="[[0, 0]]"), "utf-8")
    raiders = LEDGE.format(name="Raiders", units="[[5, 2], [2, 0]]")
    (tmp_path / "raiders.yaml").write_text(raiders, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    started = cli("play", "ours.yaml", "raiders.yaml", "--seed", "9")
    assert started.code == 0, started.err
    return tmp_path / "ours.battle.yaml"


def play(cli, record: Path, actions: str, *extra: str):
    do = record.parent / "do.yaml"
    do.write_text(actions, encoding="utf-8")
    return cli("play", record.name, "--do", do.name, *extra)


def shown(cli, record: Path) -> dict:
    result = cli("play", record.name, "--json")
    assert result.code == 0, result.err
    return json.loads(result.out)


def units(cli, record: Path) -> dict[int, tuple[list[int], int]]:
    return {u["id"]: (u["cell"], u["risk"]) for u in shown(cli, record)["units"]}


def test_d24_two_map_files_are_two_sides_on_one_map(cli, record):
    state = shown(cli, record)
    assert [(u["id"], u["side"], u["cell"], u["level"]) for u in state["units"]] == [
        (1, 1, [0, 0], 2),
        (2, 2, [5, 2], 0),
        (3, 2, [2, 0], 0),
    ]
    assert [s["name"] for s in state["sides"]] == ["Ours", "Raiders"]


def test_d24_a_scripted_game_replays_to_the_state_worked_out_by_hand(cli, record):
    # 1 jumps off the ledge onto 3: the only reading is the jump over (1,0) (one cell of run
    # cannot land on a unit): fall 2, cost 2, then the collision: 1 has 4, 3 has 2; three
    # free cells are nearest (2,0): the players name one
    onto = "- {do: move, unit: 1, path: [[1, 0], [2, 0]]}\n"
    refused = play(cli, record, onto)
    assert refused.code == 2 and "(1,0), (3,0), (2,1)" in refused.err
    steps = [
        "- {do: move, unit: 1, path: [[1, 0], [2, 0]], place: [2, 1]}\n",
        # to (4,1) round the pit on foot: four steps digest all 4
        "- {do: move, unit: 1, to: [4, 1]}\n",
        "- {do: undo}\n",
        # or jump the pit: two movement digest 2 of the 4
        "- {do: move, unit: 1, move: 2, path: [[3, 1], [4, 1]]}\n",
        # 2 climbs the one-level step (cost 2), then is pushed off it onto 1 (seed 例6):
        # +2 forced, +1 level, +2 collision = 5; 1 takes 2 more
        "- {do: move, unit: 2, path: [[5, 1]]}\n",
        "- {do: push, unit: 2, to: [4, 1], place: [4, 2]}\n",
        "- {do: set-risk, unit: 2, risk: 0}\n",
        "- {do: end-round}\n",
    ]
    expected = [
        {1: ([2, 1], 4), 3: ([2, 0], 2)},
        {1: ([4, 1], 0)},
        {1: ([2, 1], 4)},
        {1: ([4, 1], 2)},
        {2: ([5, 1], 0)},
        {1: ([4, 1], 4), 2: ([4, 2], 5)},
        {2: ([4, 2], 0)},
        {1: ([4, 1], 4), 2: ([4, 2], 0), 3: ([2, 0], 2)},
    ]
    for action, want in zip(steps, expected, strict=True):
        result = play(cli, record, action)
        assert result.code == 0, (action, result.err)
        got = units(cli, record)
        for uid, state in want.items():
            assert got[uid] == state, (action, uid)
    assert shown(cli, record)["round"] == 2
    log = yaml.safe_load(record.read_text(encoding="utf-8"))["log"]
    assert log[1]["path"][-1] == [4, 1] and log[1]["move"] == 4  # the planner's path, kept


def test_d24_reach_from_each_unit_is_reach_from_its_cell_with_its_risk_now(cli, record):
    actions = (
        "- {do: move, unit: 1, path: [[1, 0], [2, 0]], place: [2, 1]}\n"
        "- {do: move, unit: 2, path: [[5, 1]]}\n"
    )
    assert play(cli, record, actions).code == 0
    state = shown(cli, record)
    cells = [u["cell"] for u in state["units"]]
    board = LEDGE.format(name="Now", units=json.dumps(cells))
    (record.parent / "now.yaml").write_text(board, encoding="utf-8")
    risks = set()
    for unit in state["units"]:
        x, y = unit["cell"]
        args = ["reach", "now.yaml", "--from", f"{x},{y}", "--move", str(unit["move"])]
        result = cli(*args, "--risk", str(unit["risk"]), "--json")
        assert result.code == 0, result.err
        assert unit["reach"]["cells"] == json.loads(result.out)["cells"], unit["id"]
        risks.add(unit["risk"])
    assert risks == {4, 0, 2}  # from a state with risk carried, not only the start


BAD = """\
- {do: move, unit: Zaku, path: [[1, 0]]}
- {do: move, unit: 1, path: [[1, 0], [1, 2]]}
- {do: move, unit: 1, path: [[0, 1], [0, 2], [0, 3]]}
- {do: move, unit: 2, path: [[4, 2], [3, 2], [3, 1]]}
- {do: move, unit: 1, to: [5, 0], speed: 3}
- {do: push, unit: 3, to: [4, 1]}
- {do: set-risk, unit: 1, risk: -1}
- {do: move, unit: 1, move: 1, path: [[1, 0], [2, 0]]}
- {do: move, unit: 3}
- {do: move, unit: 3, path: ~, to: ~}
"""


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        (
            "en",
            [
                "do.yaml:1:20: [0].unit: no unit Zaku (units: 1 Unit 1, 2 Unit 2, 3 Unit 3)",
                "do.yaml:2:38: [1].path[1]: (1,2) is not next to (1,0)",
                "do.yaml:3:46: [2].path[2]: (0,3) is off the map (x 0-5, y 0-2)",
                "do.yaml:4:46: [3].path[2]: (3,1) is a pit: walking never enters it",
                "do.yaml:5:42: [4].speed: move takes no speed (it takes unit, move, path, to,",
                "do.yaml:6:27: [5].to: a push carries the unit in a straight line: (4,1) is not",
                "do.yaml:7:33: [6].risk: risk is the unit's new risk total",
                "do.yaml:8:38: [7].path: the path costs at least 2 movement; the move has 1",
                "do.yaml:9:3: [8]: move needs path (the cells it enters) or to",
                "do.yaml:10:3: [9]: move needs path (the cells it enters) or to",
            ],
        ),
        (
            "ja",
            [
                "do.yaml:1:20: [0].unit: ユニット Zaku はいません",
                "do.yaml:2:38: [1].path[1]: (1,2) は (1,0) の隣ではありません",
                "do.yaml:3:46: [2].path[2]: (0,3) は地図の外です（x 0〜5、y 0〜2）",
                "do.yaml:4:46: [3].path[2]: (3,1) は穴です。",
                "do.yaml:5:42: [4].speed: move に speed はありません",
                "do.yaml:6:27: [5].to: 押し出しはユニットを一直線に運びます。",
                "do.yaml:7:33: [6].risk: risk はユニットの新しいリスクの合計です。",
                "do.yaml:8:38: [7].path: この経路には少なくとも移動力 2 が要ります。",
                "do.yaml:9:3: [8]: move には path（入るマス）か to",
                "do.yaml:10:3: [9]: move には path（入るマス）か to",
            ],
        ),
    ],
)
def test_d24_a_file_of_mistakes_gets_every_one_located_and_the_record_unchanged(
    cli, record, lang, words
):
    before = record.read_bytes()
    result = play(cli, record, BAD, "--lang", lang)
    assert result.code == 2
    assert "Traceback" not in result.err
    for said in words:
        assert said in result.err.replace("\n  ", " "), (said, result.err)
    assert record.read_bytes() == before


def test_d24_a_wall_two_levels_up_is_refused_with_the_rise(cli, record):
    result = play(cli, record, "- {do: move, unit: 3, path: [[1, 0]]}\n")
    assert result.code == 2
    assert "(1,0) is 2 levels above (2,0): two or more levels cannot be climbed" in result.err


def test_d24_two_maps_that_differ_are_refused(cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "a.yaml").write_text(LEDGE.format(name="A", units="[[0, 0]]"), "utf-8")
    other = LEDGE.format(name="B", units="[[5, 2]]").replace("[1, 0.5,", "[1, 1,")
    (tmp_path / "b.yaml").write_text(other, encoding="utf-8")
    result = cli("play", "a.yaml", "b.yaml")
    assert result.code == 2 and "b.yaml has another map than a.yaml" in result.err
    assert not (tmp_path / "a.battle.yaml").exists()


def test_d24_a_record_whose_state_is_not_its_log_is_refused_located(cli, record):
    assert play(cli, record, "- {do: move, unit: 2, path: [[5, 1]]}\n").code == 0
    text = record.read_text(encoding="utf-8")
    record.write_text(text.replace("risk: 0\n", "risk: 7\n", 1), encoding="utf-8")
    result = cli("play", record.name)
    assert result.code == 2 and "ours.battle.yaml:" in result.err and "7" in result.err


def test_d24_the_state_text_fits_80_columns_in_both_languages(cli, record):
    for lang in ("en", "ja"):
        result = cli("play", record.name, "--lang", lang)
        assert result.code == 0
        assert max(columns(line) for line in result.out.splitlines()) <= 80
    assert "ラウンド 1" in cli("play", record.name, "--lang", "ja").out


def test_d24_threat_and_bonus_are_refused_for_a_map(cli, record):
    result = cli("play", record.name, "--bonus", "2")
    assert result.code == 2 and "--bonus" in result.err


def test_d24_risk_piled_up_past_what_a_player_sets_still_opens(cli, record):
    # the players' highest total, then a climb (digests 2) and a push off the step (+1 +2)
    actions = (
        "- {do: set-risk, unit: 2, risk: 99}\n"
        "- {do: move, unit: 2, path: [[5, 1]]}\n"
        "- {do: push, unit: 2, to: [4, 1]}\n"
    )
    assert play(cli, record, actions).code == 0  # 99 - 2 + 3 = 100: past 99, kept
    assert units(cli, record)[2] == ([4, 1], 100)
    assert cli("play", record.name).code == 0


def test_d24_the_placement_is_the_players_die_or_the_records_seeded_roll(cli, record):
    # 1's stomp on 3 leaves three nearest cells, (1,0), (3,0), (2,1): a die of three picks
    stomp = "- {do: move, unit: 1, path: [[1, 0], [2, 0]], placement: [2]}\n"
    result = play(cli, record, stomp)
    assert result.code == 0, result.err
    assert units(cli, record)[1] == ([3, 0], 4) and "(die 2 of 3)" in result.out
    assert play(cli, record, "- {do: undo}\n").code == 0
    result = play(cli, record, "- {do: move, unit: 1, path: [[1, 0], [2, 0]], roll: true}\n")
    assert result.code == 0, result.err
    log = yaml.safe_load(record.read_text(encoding="utf-8"))["log"]
    face = log[-1]["placement"][0]
    assert units(cli, record)[1][0] == [[1, 0], [3, 0], [2, 1]][face - 1]
    assert "roll" not in log[-1]  # the face is written: the replay reads it
    too_big = "- {do: move, unit: 1, path: [[1, 0], [2, 0]], placement: [4]}\n"
    assert play(cli, record, "- {do: undo}\n" + too_big).code == 2


def test_d24_a_broken_state_is_refused_every_problem_located(cli, record):
    data = yaml.safe_load(record.read_text(encoding="utf-8"))
    data["units"][0]["cell"] = [9, 9]
    data["units"][1]["risk"] = -1
    data["units"][2]["cell"] = [3, 1]  # a pit
    data["map"][1].append(0)
    record.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    result = cli("play", record.name)
    assert result.code == 2 and "Traceback" not in result.err
    for where in ("map[1][6]", "units[0].cell", "units[1].risk", "units[2].cell"):
        assert f": {where}: " in result.err, (where, result.err)
