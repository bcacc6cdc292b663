"""The compare table's marks mean the same in every game: ``*`` the better value where a better
exists, ``~`` a plain difference from the first column, and a number is never cut."""

from __future__ import annotations

from builder.core.text_table import columns
from builder.systems.compare_table import BETTER, DIFFERS, Row, cell, legend, side_by_side


def test_star_marks_the_higher_value_when_higher_is_better():
    row = Row("alive", "Alive", (0.5, 0.75, 0.75), "high", "pct")
    assert [row.mark(i) for i in range(3)] == ["", BETTER, BETTER]


def test_star_marks_the_lower_value_when_lower_is_better():
    row = Row("exposure", "Exposure", (0.5, 0.25), "low", "pct")
    assert [row.mark(i) for i in range(2)] == ["", BETTER]


def test_no_star_when_the_values_print_the_same():
    row = Row("alive", "Alive", (0.50001, 0.50002), "high", "pct")
    assert row.best == () and [row.mark(i) for i in range(2)] == ["", ""]


def test_a_plain_difference_gets_the_tilde_never_the_star():
    row = Row("frame", "Frame", ("Striker", "Bastion", "Striker"), None, "text")
    assert [row.mark(i) for i in range(3)] == ["", DIFFERS, ""]
    assert BETTER not in "".join(cell(row, i, 13) for i in range(3))


def test_a_narrow_column_drops_the_difference_but_never_cuts_the_number():
    row = Row("net", "Net", (-0.257, 30.138), "high", "signed3")
    assert cell(row, 1, 30) == "+30.138* +30.395"
    assert cell(row, 1, 10) == "+30.138*"


def test_four_long_names_fit_80_columns_and_are_abbreviated():
    rows = [Row("hp", "HP", (10, 12, 8, 10), "high", "int")]
    names = ["A very long unit name indeed", "ナイチンゲール改二号機", "Short", "Another long one"]
    text = side_by_side(names, ["a.yaml", "b.yaml", "c.yaml", "d.yaml"], rows)
    assert max(columns(line) for line in text.splitlines()) <= 80
    assert "…" in text and "12*" in text


def test_the_legend_names_both_marks_in_both_languages():
    for lang in ("en", "ja"):
        line = legend("Nightingale", lang)
        assert BETTER in line and DIFFERS in line and "Nightingale" in line
        assert columns(line) <= 80
