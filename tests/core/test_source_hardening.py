"""Issue 14: every bad file gets one located line (``file:line:col: …``), exit 2, no traceback."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from builder.core.problems import InputError
from builder.core.source import MAX_VALUES, parse_yaml, read_yaml

LOCATED = re.compile(r"^[^\n]+:\d+:\d+: [^\n]+$")

TEAM_HEAD = "system: laminim\nname: T\n"


def _only_problem(text_or_bytes: str | bytes, tmp_path: Path) -> str:
    path = tmp_path / "f.yaml"
    if isinstance(text_or_bytes, bytes):
        path.write_bytes(text_or_bytes)
    else:
        path.write_text(text_or_bytes, encoding="utf-8")
    with pytest.raises(InputError) as caught:
        read_yaml(path)
    assert len(caught.value.problems) == 1
    line = str(caught.value.problems[0])
    assert LOCATED.match(line), line
    return line.removeprefix(f"{path}:")


def test_integer_of_more_than_4300_digits_is_a_located_problem_not_a_traceback(tmp_path):
    line = _only_problem(f"{TEAM_HEAD}units:\n  - {{name: A, frame: {'9' * 5000}}}\n", tmp_path)
    assert line.startswith("4:22: units[0].frame: number too long (5000 digits)")


def test_integer_of_5000_digits_in_a_team_exits_2_not_1(cli, tmp_path):
    path = tmp_path / "t.yaml"
    path.write_text(f"system: laminim\nname: {'1' * 5000}\nunits: []\n", encoding="utf-8")
    result = cli("check", path)
    assert result.code == 2
    assert result.err.strip() == f"{path}:2:7: name: number too long (5000 digits)"


def test_integer_of_5000_digits_in_a_catalog_exits_2(cli, catalog_copy, demo_path):
    frames = catalog_copy / "frames.yaml"
    text = frames.read_text(encoding="utf-8")
    frames.write_text(re.sub(r"durability: \d+", f"durability: {'7' * 5000}", text, count=1))
    result = cli("check", demo_path, "--catalog", catalog_copy)
    assert result.code == 2 and "Traceback" not in result.err
    assert re.match(rf"{re.escape(str(frames))}:\d+:\d+: .*number too long", result.err)


def test_not_utf8_text_points_at_the_line_and_column_of_the_bad_byte(tmp_path):
    line = _only_problem(b"system: laminim\nname: ok\n# caf\xe9 au lait\nunits: []\n", tmp_path)
    assert (
        line == "3:6: not UTF-8 text (invalid continuation byte, byte 0xe9): save the file as UTF-8"
    )


def test_not_utf8_after_multibyte_text_counts_characters_not_bytes(tmp_path):
    line = _only_problem("name: 夜勤".encode() + b"\xff\n", tmp_path)
    assert line.startswith("1:9: not UTF-8 text (invalid start byte, byte 0xff)")


def test_utf16_file_is_reported_at_its_first_byte(tmp_path):
    line = _only_problem("system: laminim\n".encode("utf-16"), tmp_path)
    assert line.startswith("1:1: not UTF-8 text")


@pytest.mark.parametrize(
    ("text", "where", "char"),
    [
        ("system: laminim\nname: a\x00b\nunits: []\n", "2:8", "#x0000"),
        ("name: 夜勤\x07\n", "1:9", "#x0007"),
        ("a: 1\nb: \ufffe\n", "2:4", "#xfffe"),
    ],
)
def test_unacceptable_character_is_one_line_with_its_position(tmp_path, text, where, char):
    line = _only_problem(text, tmp_path)
    assert line.startswith(f"{where}: unacceptable character {char} in YAML")
    assert "<unicode string>" not in line and "position" not in line


def test_alias_bomb_says_too_large_at_the_line_where_the_expansion_happens(tmp_path):
    rows = ["a: &a [x, x, x, x, x, x, x, x, x, x]"]
    for prev, cur in zip("abcde", "bcdef", strict=True):
        rows.append(f"{cur}: &{cur} [{', '.join([f'*{prev}'] * 10)}]")
    line = _only_problem("\n".join(rows) + "\n", tmp_path)
    # row n (1-based) expands to 10**n values: the first past MAX_VALUES is where it is reported
    first = next(n for n in range(1, 7) if 10**n > MAX_VALUES)
    assert line == (
        f"{first}:4: too large: more than {MAX_VALUES} values once its aliases are expanded"
    )


def test_nesting_too_deep_has_a_position():
    with pytest.raises(InputError) as caught:
        parse_yaml("a: " + "[" * 3000 + "]" * 3000 + "\n", "deep.yaml")
    assert all(p.line is not None and p.col is not None for p in caught.value.problems)


def test_a_list_longer_than_the_bound_is_refused_at_its_line():
    text = "units:\n" + "".join(f"  - u{i}\n" for i in range(30))
    with pytest.raises(InputError) as caught:
        parse_yaml(text, "t.yaml", max_items=20)
    assert [str(p) for p in caught.value.problems] == [
        "t.yaml:2:3: units: too many items (30): this file may hold at most 20 in one list or "
        "mapping"
    ]
    assert parse_yaml(text, "t.yaml").data["units"][29] == "u29"


def test_huge_float_is_a_value_not_a_crash():
    assert parse_yaml("x: 1.0e+999999\n", "f.yaml").data == {"x": float("inf")}


def test_a_system_key_that_is_not_a_name_is_a_located_problem(cli, tmp_path):
    path = tmp_path / "t.yaml"
    path.write_text("system: {a: 1}\nname: T\nunits: []\n", encoding="utf-8")
    result = cli("check", path)
    assert result.code == 2
    assert result.err.startswith(f"{path}:1:9: system: expected the name of a game system")


def test_a_flat_list_past_the_value_budget_is_refused_at_the_first_value_beyond_it():
    text = "zz: [" + "0, " * (MAX_VALUES + 10) + "]\n"
    with pytest.raises(InputError) as caught:
        parse_yaml(text, "f.yaml")
    # the mapping, its key and the list are values 1 to 3: item j (from 0) is value j + 4
    col = 6 + 3 * (MAX_VALUES + 1 - 4)
    assert [str(p) for p in caught.value.problems] == [
        f"f.yaml:1:{col}: too large: more than {MAX_VALUES} values"
    ]
