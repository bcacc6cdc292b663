"""Safe YAML reading with positions."""

from __future__ import annotations

import re

import pytest

from builder.core.problems import InputError
from builder.core.source import parse_yaml


def test_positions_are_one_based_line_and_column():
    src = parse_yaml("a: 1\nb:\n  - x\n  - y\n", "f.yaml")
    assert src.positions[("a",)] == (1, 4)
    assert src.positions[("b", 1)] == (4, 5)
    assert src.where(("b", 1, "missing")) == (4, 5)


def test_python_tags_are_refused_not_constructed():
    with pytest.raises(
        InputError, match=re.escape("unsupported YAML tag '!!python/object/apply:os.system'")
    ):
        parse_yaml("x: !!python/object/apply:os.system ['echo hi']\n", "f.yaml")


def test_custom_local_tags_are_refused():
    with pytest.raises(InputError, match="unsupported YAML tag '!include'"):
        parse_yaml("x: !include other.yaml\n", "f.yaml")


def test_duplicate_keys_are_reported_not_overwritten():
    with pytest.raises(InputError, match=re.escape("f.yaml:2:1: a: key given twice")):
        parse_yaml("a: 1\na: 2\n", "f.yaml")


def test_syntax_error_has_line_and_column():
    with pytest.raises(InputError) as info:
        parse_yaml("a: [1, 2\nb: 3\n", "f.yaml")
    assert str(info.value.problems[0]).startswith("f.yaml:")
    assert "YAML syntax error" in str(info.value)


def test_scalars_keep_their_yaml_types():
    data = parse_yaml("a: 1\nb: 1.5\nc: null\nd: true\ne: text\n", "f").data
    assert data == {"a": 1, "b": 1.5, "c": None, "d": True, "e": "text"}


def test_anchors_and_aliases_are_plain_data():
    data = parse_yaml("a: &x [1, 2]\nb: *x\n", "f").data
    assert data == {"a": [1, 2], "b": [1, 2]}


def test_self_referring_alias_is_an_error_not_a_crash():
    with pytest.raises(InputError, match="a YAML alias refers to itself"):
        parse_yaml("a: &a [*a]\n", "f.yaml")


def test_alias_bomb_is_refused():
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    lines += [f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 10)}]" for i in range(1, 9)]
    with pytest.raises(InputError, match="too large"):
        parse_yaml("\n".join(lines) + "\n", "f.yaml")


def test_booleans_are_shown_as_yaml_writes_them():
    from builder.core.validation import _show

    assert (_show(True), str(_show(None))) == ("true", "nothing (null)")
