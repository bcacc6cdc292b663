"""The commands' text tables line up in a terminal, Japanese names included."""

from __future__ import annotations

from builder.core.text_table import columns, table


def test_a_wide_character_takes_two_columns():
    assert columns("ab") == 2
    assert columns("機体") == 4
    assert columns("MS機") == 4


def test_columns_line_up_by_terminal_width_and_numbers_align_right():
    out = table(["name", "hp"], [["機体", "5"], ["gm", "12"]], right={1})
    assert out.splitlines() == [
        "name  hp",
        "----  --",
        "機体   5",
        "gm    12",
    ]


def test_trailing_blanks_are_cut():
    assert table(["a", "b"], [["x", ""]]).splitlines()[-1] == "x"
