"""The key footer: every key/label pair visible and apart from its neighbours (80, 100 cols)."""

from __future__ import annotations

from itertools import pairwise

import pytest
from rich.cells import cell_len
from textual.widgets._footer import FooterKey

from builder.tui.widgets.key_footer import GAP, KeyFooter, flow_rows
from tests.tui.helpers import screen_text, settle

SIZES = [(80, 24), (100, 32)]


def _assert_keys_apart(pilot) -> None:
    screen = pilot.app.screen
    width, height = pilot.app.size
    footer = screen.query_one(KeyFooter)
    keys = list(footer.query(FooterKey))
    assert keys
    for key in keys:
        shown = cell_len(key.key_display) + 1 + cell_len(key.description)
        region = key.region
        assert region.width >= shown, f"{key.key_display} {key.description} is cut"
        assert region.x >= 0 and region.right <= width and 0 <= region.y < height
    rows: dict[int, list[FooterKey]] = {}
    for key in keys:
        rows.setdefault(key.region.y, []).append(key)
    for row in rows.values():
        row.sort(key=lambda k: k.region.x)
        for left, right in pairwise(row):
            end = left.region.x + cell_len(left.key_display) + 1 + cell_len(left.description)
            assert end + GAP <= right.region.x, (
                f"{left.description!r} touches {right.key_display!r}"
            )


def test_keys_flow_into_rows_a_gap_apart():
    widths = [8, 7, 10, 7, 8, 8, 9, 7, 7, 7, 7, 9, 7, 7]
    rows = flow_rows(widths, 40)
    assert [i for row in rows for i in row] == list(range(len(widths)))  # in order, all
    for row in rows:
        assert sum(widths[i] for i in row) + GAP * (len(row) - 1) <= 40
    assert len(flow_rows(widths, 200)) == 1  # one row when there is room
    assert flow_rows([30], 10) == [[0]]  # a key wider than a row has one of its own
    assert flow_rows([], 80) == []


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "100x32"])
@pytest.mark.parametrize("lang", ["en", "ja"])
async def test_every_screen_keeps_its_keys_apart(make_app, size, lang):
    app = make_app()
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        if lang == "ja":
            await pilot.press("l")
            await settle(pilot)
        _assert_keys_apart(pilot)  # team
        await pilot.press("enter")
        await settle(pilot)
        _assert_keys_apart(pilot)  # unit editor
        await pilot.press("1")
        await settle(pilot)
        _assert_keys_apart(pilot)  # part picker
        await pilot.press("escape", "c")
        await settle(pilot)
        _assert_keys_apart(pilot)  # compare


async def test_part_picker_footer_reads_as_separate_keys(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("enter", "1")
        await settle(pilot)
        last = screen_text(pilot).splitlines()[-1]
        assert "Cancel^t" not in last
        assert "esc Cancel" in last and "^t Sort" in last
