"""Percentages as a player reads them (builder/core/numbers.py): one decimal; more only where two
values of a column would read the same, and then the whole column; never a false 0.0% or
100.0%; JSON keeps full precision (not formatted here)."""

from __future__ import annotations

from builder.core.numbers import percent, percent_columns, percents


def test_a_percentage_has_one_decimal():
    assert percent(4 / 7) == "57.1%"
    assert percent(0.5) == "50.0%"
    assert percent(0) == "0.0%" and percent(1) == "100.0%"


def test_an_almost_certain_or_almost_impossible_chance_says_so():
    assert percent(0.9999954) == ">99.9%"
    assert percent(5e-4 / 100) == "<0.1%"
    assert percent(1 - 1e-15) == "100.0%"  # a sum of probabilities one rounding off 1


def test_a_column_takes_more_decimals_only_to_tell_its_values_apart():
    assert percents([0.571429, 0.25]) == ["57.1%", "25.0%"]
    assert percents([0.90912, 0.90908, 0.5]) == ["90.912%", "90.908%", "50.000%"]
    assert percents([0.5, 0.5]) == ["50.0%", "50.0%"]  # equal values need no decimals


def test_tiny_tails_are_not_told_apart_but_near_certainties_are():
    assert percents([6e-6, 2e-7, 0.3]) == ["<0.1%", "<0.1%", "30.0%"]
    assert percents([1.0, 0.9999954, 0.99991]) == ["100.00%", ">99.99%", "99.99%"]


def test_values_equal_but_for_rounding_take_no_more_decimals():
    assert percents([0.908828, 0.908828 + 1e-12]) == ["90.9%", "90.9%"]


def test_a_table_gets_its_probability_columns_formatted_together():
    rows = [["×0", 0.1089, 1.0], ["×1", 0.4068, 0.8911], ["×2+", "", 0.4843]]
    assert percent_columns(rows, (1, 2)) == [
        ["×0", "10.9%", "100.0%"],
        ["×1", "40.7%", "89.1%"],
        ["×2+", "", "48.4%"],
    ]
