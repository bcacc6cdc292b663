"""The located YAML reader resolves every standard tag itself or refuses it at its line; a value
that does not fit its tag is bad input at ``file:line:col``, as a value or as a key, in every
game's team, threat and catalog files (PyYAML's own converters crash on ``!!bool x``)."""

from __future__ import annotations

import datetime
import math
import re
import shutil

import pytest

from builder import systems
from builder.core.problems import InputError
from builder.core.resources import bundled_catalog_dir
from builder.core.source import parse_yaml

LOCATED = re.compile(r"^\S+:\d+:\d+: ")


def _data(text: str):
    return parse_yaml(text, "t.yaml").data


def _problems(text: str) -> list[str]:
    with pytest.raises(InputError) as caught:
        parse_yaml(text, "t.yaml")
    return [str(p) for p in caught.value.problems]


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("!!bool yes", True),
        ("!!bool OFF", False),
        ("!!null ~", None),
        ("!!null", None),
        ("!!int 0x1F", 31),
        ("!!int -0b101", -5),
        ("!!int 017", 15),
        ("!!int 1_000", 1000),
        ("!!int 1:30", 90),
        ("!!float 1", 1.0),
        ("!!float 1e3", 1000.0),
        ("!!float -.inf", -math.inf),
        ("!!float 1:30.5", 90.5),
        ("!!str 12", "12"),
        ("!!str", ""),
        ("!!timestamp 2025-12-31", datetime.date(2025, 12, 31)),
        ("=", "="),
        ("<<", "<<"),
    ],
)
def test_a_value_that_fits_its_tag_is_read_as_that_type(text, value):
    assert _data(f"a: {text}\n") == {"a": value}


def test_a_nan_under_the_float_tag_is_a_nan():
    assert math.isnan(_data("a: !!float .NaN\n")["a"])


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("!!bool x", "'x' is not true or false (tag !!bool)"),
        ("!!null x", "'x' is not null (tag !!null takes ~, null or nothing)"),
        ("!!int x", "'x' is not a whole number (tag !!int)"),
        ("!!int 1.5", "'1.5' is not a whole number (tag !!int)"),
        ("!!float x", "'x' is not a number (tag !!float)"),
        ("!!float .", "'.' is not a number (tag !!float)"),
        ("!!timestamp x", "'x' is not a date (tag !!timestamp; write e.g. 2025-12-31)"),
        ("!!timestamp 2025-13-01", "'2025-13-01' is not a date: no such day"),
        ("!!binary aGk=", "binary data (!!binary) has no place in team and catalog files"),
        ("!!int [1]", "tag !!int takes a single value, not a list"),
        ("!!str {b: 1}", "tag !!str takes a single value, not a mapping"),
        ("!!seq x", "tag !!seq takes a list, not a single value"),
        ("!!map [1]", "tag !!map takes a mapping, not a list"),
        ("!!set [1]", "tag !!set takes a mapping, not a list"),
        ("!!omap {b: 1}", "tag !!omap takes a list, not a mapping"),
        ("!!yaml", None),
    ],
)
def test_a_value_that_does_not_fit_its_tag_is_a_problem_at_its_line(text, message):
    if message is None:  # !!yaml names the text "!" etc.; given as a tag it is plain text
        assert _data(f"x: 1\na: {text}\n") == {"x": 1, "a": ""}
        return
    (line,) = _problems(f"x: 1\na: {text}\n")
    assert line.startswith(f"t.yaml:2:4: a: {message}")


def test_a_key_that_does_not_fit_its_tag_is_a_problem_at_the_key():
    assert _problems("x: 1\n!!bool x: 2\n") == ["t.yaml:2:1: 'x' is not true or false (tag !!bool)"]
    assert _problems("m:\n  !!int x: 2\n") == [
        "t.yaml:2:3: m: 'x' is not a whole number (tag !!int)"
    ]


def test_an_unknown_tag_is_refused():
    assert _problems("a: !!python/name:os.system x\n") == [
        "t.yaml:1:4: a: unsupported YAML tag '!!python/name:os.system': team and catalog "
        "files hold plain data only"
    ]


def test_a_set_is_read_as_the_list_of_its_keys_in_order():
    assert _data("a: !!set {b, c, a}\n") == {"a": ["b", "c", "a"]}


def test_a_set_with_a_value_is_a_problem_at_the_value():
    assert _problems("a: !!set {b, c: 1}\n") == [
        "t.yaml:1:17: a.c: a !!set holds keys only; remove the value (or drop the tag)"
    ]


def test_an_omap_is_a_mapping_in_order_and_its_keys_come_once():
    assert list(_data("a: !!omap [{z: 1}, {b: 2}]\n")["a"].items()) == [("z", 1), ("b", 2)]
    assert _problems("a: !!omap [{z: 1}, {z: 2}]\n") == ["t.yaml:1:21: a.z: key given twice"]


def test_pairs_keep_repeated_keys_in_order():
    assert _data("a: !!pairs [{z: 1}, {z: 2}]\n") == {"a": [["z", 1], ["z", 2]]}


def test_an_omap_item_that_is_not_one_key_value_is_a_problem_at_it():
    assert _problems("a: !!omap [{z: 1}, 3]\n") == [
        "t.yaml:1:20: a[1]: each item of !!omap is one 'key: value'"
    ]


def test_a_merge_key_brings_in_the_keys_the_mapping_does_not_give():
    text = "base: &b {frame: striker, weapons: [rifle]}\nunit:\n  <<: *b\n  frame: lancer\n"
    assert _data(text)["unit"] == {"frame": "lancer", "weapons": ["rifle"]}


def test_of_several_merged_mappings_the_first_gives_a_shared_key():
    text = "a: &a {k: 1}\nb: &b {k: 2, m: 3}\nc: {<<: [*a, *b]}\n"
    assert _data(text)["c"] == {"k": 1, "m": 3}


def test_a_merged_value_is_reported_where_it_was_written():
    src = parse_yaml("base: &b {n: 1}\nunit:\n  <<: *b\n", "t.yaml")
    assert src.where(("unit", "n")) == (1, 14)


def test_a_merge_of_something_other_than_mappings_is_a_problem_at_the_key():
    assert _problems("a: {<<: 3}\n") == [
        "t.yaml:1:5: a: '<<' merges a mapping or a list of mappings (e.g. '<<: *defaults')"
    ]


def test_a_mapping_that_merges_itself_is_a_problem_not_a_loop():
    assert _problems("&a {<<: *a}\n") == ["t.yaml:1:1: a YAML alias refers to itself"]


def test_merges_that_multiply_are_stopped_by_the_value_budget():
    rows = ["a0: &a0 {x: 1, y: 2}"]
    rows += [f"a{i}: &a{i} {{<<: [{', '.join([f'*a{i - 1}'] * 8)}]}}" for i in range(1, 9)]
    (line,) = _problems("\n".join(rows) + "\n")
    assert "too large: more than" in line


# --- the reproducer of every game: !!bool on a non-boolean ---------------------------------


def _tag_first_value(text: str, key: str) -> str:
    new, n = re.subn(rf"^({key}:[ ]*)(\S.*)$", r"\1!!bool x", text, count=1, flags=re.M)
    assert n == 1, key
    return new


@pytest.mark.parametrize("system_id", systems.ids())
def test_bool_tag_on_a_non_boolean_in_a_team_file_exits_2_at_its_line(cli, tmp_path, system_id):
    demo = systems.get(system_id).demo_file()
    path = tmp_path / demo.name
    path.write_text(_tag_first_value(demo.read_text(encoding="utf-8"), "name"))
    result = cli("check", path)
    assert result.code == 2
    assert re.match(rf"{re.escape(str(path))}:\d+:7: name: 'x' is not true or false", result.err)


@pytest.mark.parametrize("system_id", systems.ids())
def test_bool_tag_on_a_key_in_a_team_file_exits_2_at_its_line(cli, tmp_path, system_id):
    path = tmp_path / "t.yaml"
    path.write_text(f"system: {system_id}\n!!bool x: 1\nname: T\n")
    result = cli("check", path)
    assert result.code == 2
    assert f"{path}:2:1: 'x' is not true or false (tag !!bool)\n" in result.err
    # what the file lacks may be that key: "required field is missing" is not said
    assert "missing" not in result.err


@pytest.mark.parametrize("system_id", systems.ids())
def test_bool_tag_on_a_non_boolean_in_a_catalog_exits_2_at_its_line(cli, tmp_path, system_id):
    folder = tmp_path / "catalog"
    shutil.copytree(bundled_catalog_dir(system_id), folder)
    path = folder / "catalog.yaml"
    path.write_text(_tag_first_value(path.read_text(encoding="utf-8"), "name"))
    result = cli("check", systems.get(system_id).demo_file(), "--catalog", folder)
    assert result.code == 2
    assert re.match(rf"{re.escape(str(path))}:\d+:7: name: 'x' is not true or false", result.err)


@pytest.mark.parametrize(
    ("system_id", "text"),
    [
        ("laminim", "id: t\nname: !!bool x\nattacks: []\n"),
        ("artifact", "attacks: [{unit: !!bool x, weapon: w}]\n"),
        ("soh", "system: soh\nname: !!bool x\nside: pc\ncharacters: []\n"),
    ],
)
def test_bool_tag_on_a_non_boolean_in_a_threat_file_exits_2_at_its_line(
    cli, tmp_path, system_id, text
):
    path = tmp_path / "threat.yaml"
    path.write_text(text)
    result = cli("analyze", systems.get(system_id).demo_file(), "--threat", path)
    assert result.code == 2
    assert re.match(rf"{re.escape(str(path))}:\d+:\d+: .*'x' is not true or false", result.err)
