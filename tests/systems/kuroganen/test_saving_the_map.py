"""Saving a map keeps the file as the player wrote it except what changed: unchanged rows byte
for byte, a changed row in the player's columns, pits as ``~``, comments kept — whether the
rows are flow lists, one flow list, or block lists."""

from __future__ import annotations

import difflib
from pathlib import Path

import pytest

from builder.core.resources import bundled_catalog_dir
from builder.roster.team_file import load_team, save_team
from builder.systems.kuroganen.models import KuroganenMap
from builder.systems.kuroganen.save_text import row_text, split_map, split_row, value_text
from builder.systems.kuroganen.system import SYSTEM

DEMO = bundled_catalog_dir("kuroganen") / "demo_map.yaml"


@pytest.fixture
def demo(tmp_path: Path) -> Path:
    path = tmp_path / "block.yaml"
    path.write_text(DEMO.read_text(encoding="utf-8"), encoding="utf-8")
    return path


def saved(path: Path, change) -> str:
    """Load ``path``, apply ``change`` to the map, save it back; the new text."""
    team = load_team(path)[1]
    save_team(SYSTEM, change(team), path)
    text = path.read_text(encoding="utf-8")
    assert load_team(path)[1] == change(team)  # what was saved reads back as the edited map
    return text


def changed_lines(before: str, after: str) -> list[tuple[str, str]]:
    """(old line, new line) of every line that changed; a line added or removed fails."""
    a, b = before.splitlines(), after.splitlines()
    pairs = []
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(a=a, b=b).get_opcodes():
        if op == "equal":
            continue
        assert op == "replace" and i2 - i1 == j2 - j1, (op, a[i1:i2], b[j1:j2])
        pairs += list(zip(a[i1:i2], b[j1:j2], strict=True))
    return pairs


def test_an_unchanged_map_round_trips_byte_for_byte(demo):
    before = demo.read_bytes()
    saved(demo, lambda team: team)
    assert demo.read_bytes() == before


def test_editing_one_cell_changes_only_that_row_and_keeps_its_columns(demo):
    before = demo.read_text(encoding="utf-8")
    after = saved(demo, lambda team: team.with_level((2, 2), 2))
    assert changed_lines(before, after) == [
        (
            "  - [2,   2,   1.5, 0.5, 0,   0,   0,   1,   1,   1]",
            "  - [2,   2,   2,   0.5, 0,   0,   0,   1,   1,   1]",
        )
    ]


def test_a_narrow_cell_made_wide_fills_its_column_and_the_last_column_keeps_its_place(demo):
    before = demo.read_text(encoding="utf-8")
    after = saved(demo, lambda team: team.with_level((0, 0), 1.5).with_level((9, 6), 0))
    assert changed_lines(before, after) == [
        (
            "  - [2,   2,   2,   0,   0,   ~,   0,   1,   1,   3]",
            "  - [1.5, 2,   2,   0,   0,   ~,   0,   1,   1,   3]",
        ),
        (
            "  - [0,   ~,   0,   1,   1,   0,   0,   2,   2,   0.5]",
            "  - [0,   ~,   0,   1,   1,   0,   0,   2,   2,   0]",
        ),
    ]


def test_pits_stay_tilde_and_a_new_pit_is_written_tilde(demo):
    before = demo.read_text(encoding="utf-8")
    after = saved(demo, lambda team: team.with_level((9, 6), None).with_level((5, 0), 0))
    assert "null" not in after
    assert changed_lines(before, after) == [
        (
            "  - [2,   2,   2,   0,   0,   ~,   0,   1,   1,   3]",
            "  - [2,   2,   2,   0,   0,   0,   0,   1,   1,   3]",
        ),
        (
            "  - [0,   ~,   0,   1,   1,   0,   0,   2,   2,   0.5]",
            "  - [0,   ~,   0,   1,   1,   0,   0,   2,   2,   ~]",
        ),
    ]


def test_comments_are_kept_when_the_map_changes(demo):
    before = demo.read_text(encoding="utf-8")
    after = saved(demo, lambda team: team.with_level((3, 5), 0.5))
    comments = [line for line in before.splitlines() if "#" in line]
    assert len(comments) == 5 and all(line in after.splitlines() for line in comments)


def test_units_list_edits_change_only_the_units_line(demo):
    before = demo.read_text(encoding="utf-8")
    added = saved(demo, lambda team: team.model_copy(update={"units": (*team.units, (3, 3))}))
    assert changed_lines(before, added) == [
        (
            "units: [[1, 0], [6, 4], [8, 7]]   # [x, y]: a sniper on the wreck, a brawler, a scout",
            "units: [[1, 0], [6, 4], [8, 7], [3, 3]] # [x, y]: a sniper on the wreck, a brawler, "
            "a scout",  # the comment moves only as far as the longer list needs
        )
    ]
    demo.write_text(before, encoding="utf-8")
    removed = saved(demo, lambda team: team.model_copy(update={"units": team.units[1:3]}))
    assert changed_lines(before, removed) == [
        (
            "units: [[1, 0], [6, 4], [8, 7]]   # [x, y]: a sniper on the wreck, a brawler, a scout",
            "units: [[6, 4], [8, 7]]           # [x, y]: a sniper on the wreck, a brawler, a scout",
        )
    ]


def test_a_plan_is_added_below_and_the_map_text_is_untouched(demo):
    before = demo.read_text(encoding="utf-8")
    after = saved(demo, lambda team: team.with_plan((1, 0), 7, 1))
    assert after == before + "plan:\n  from: [1, 0]\n  move: 7\n  risk: 1\n"


BLOCK = """\
system: kuroganen
name: Block style   # every level on its own line
map:
  # the north row
  - - 1
    - ~
    - 0.5
  - - 0
    - 2
    - 0
units:
  - [0, 0]
"""


def test_a_map_written_in_block_style_saves_in_block_style(tmp_path):
    path = tmp_path / "block.yaml"
    path.write_text(BLOCK, encoding="utf-8")
    after = saved(path, lambda team: team.with_level((1, 1), None).with_level((2, 0), 1))
    assert "# the north row" in after and "# every level on its own line" in after
    assert "null" not in after  # the old pit and the new one are both ~
    # ruamel writes a list in a list with its own indent ("-   - 1"), still block style
    rows = after.split("map:\n")[1].split("units:")[0]
    assert [line.strip(" -") for line in rows.splitlines()[1:]] == ["1", "~", "1", "0", "~", "0"]


FLOW_MAP = """\
system: kuroganen
name: One list
map: [[1,   ~, 0.5],   # north
      [0,   2, 0  ]]
"""


def test_a_map_written_as_one_flow_list_keeps_its_line_breaks(tmp_path):
    path = tmp_path / "flow.yaml"
    path.write_text(FLOW_MAP, encoding="utf-8")
    saved(path, lambda team: team)
    assert path.read_text(encoding="utf-8") == FLOW_MAP + "units: []\n"  # dump() writes units
    path.write_text(FLOW_MAP.replace("   # north", ""), encoding="utf-8")
    after = saved(path, lambda team: team.with_level((1, 1), None))
    expected = FLOW_MAP.replace("   # north", "").replace("[0,   2, 0  ]", "[0,   ~, 0  ]")
    assert after == expected + "units: []\n"


def test_an_unaligned_map_is_not_padded(tmp_path):
    text = "system: kuroganen\nname: Tight\nmap:\n  - [1.5, 0, 0]\n  - [0, 1, 0.5]\nunits: []\n"
    path = tmp_path / "tight.yaml"
    path.write_text(text, encoding="utf-8")
    after = saved(path, lambda team: team.with_level((0, 0), 2))
    assert after == text.replace("[1.5, 0, 0]", "[2, 0, 0]")


def test_unchanged_cells_of_a_changed_row_keep_their_spelling():
    own = "[2.0, null, 1]"
    assert row_text([2, None, 0.5], own, [own]) == "[2.0, null, 0.5]"
    assert row_text([2, None, 1], own, [own]) == own  # only the types differed


def test_a_row_with_a_comment_or_quotes_inside_is_not_split():
    assert split_row("[1,   ~,  0.5]") == [(1, "1"), (6, "~"), (10, "0.5")]
    assert split_row("[1, '2']") is None and split_row("[1,\n 2]") is None
    assert split_row("[1, 2,]") is None and split_row("[]") == []
    assert split_map("[[1, 2],\n [3, 4]]") == (["[1, 2]", "[3, 4]"], ["", ",\n ", ""])
    assert split_map("[[1, 2], # c\n [3, 4]]") is None


def test_the_hook_leaves_everything_but_the_map_to_the_saver():
    assert value_text(("units",), [[1, 0]], {}) is None
    assert value_text(("name",), "x", {}) is None
    assert value_text(("map", 0, 1), None, {}) == "~"
    assert value_text(("map", 0, 1), 2, {}) is None
    assert value_text(("map", 0), [1, None], {}) == "[1, ~]"


def test_a_new_map_file_writes_pits_as_tilde(tmp_path):
    team = KuroganenMap.model_validate(
        {"system": "kuroganen", "name": "New", "map": [[1, None], [0.5, 0]]}
    )
    path = save_team(SYSTEM, team, tmp_path / "new.yaml")
    assert path.read_text(encoding="utf-8") == (
        "system: kuroganen\nname: New\nmap: [[1, ~], [0.5, 0]]\nunits: []\n"
    )
