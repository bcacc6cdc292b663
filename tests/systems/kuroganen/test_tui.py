"""The kuroganen map screen, driven with Textual's pilot at 80×24 (English and Japanese)."""

from __future__ import annotations

import asyncio
import shutil
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest
from textual.pilot import Pilot

from builder.core.resources import bundled_catalog_dir
from builder.roster.team_file import load_team
from builder.systems.kuroganen.rules import reach
from builder.systems.kuroganen.tui.map_screen import DEFAULT_MOVE, MapScreen
from builder.systems.kuroganen.tui.map_view import MapView
from builder.tui.app import BuilderApp
from tests.tui.helpers import settle

SIZE = (80, 24)


@pytest.fixture
def map_file(tmp_path: Path) -> Path:
    path = tmp_path / "block.yaml"
    shutil.copy(bundled_catalog_dir("kuroganen") / "demo_map.yaml", path)
    return path


def make_app(path: Path) -> BuilderApp:
    return BuilderApp.from_paths(path, None)


def drive(path: Path, script: Callable[[Pilot, BuilderApp], Awaitable[None]]) -> None:
    async def run() -> None:
        app = make_app(path)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            await script(pilot, app)

    asyncio.run(run())


def screen_lines(app: BuilderApp) -> list[str]:
    from rich.console import Console

    console = Console(width=SIZE[0], height=SIZE[1], record=True, file=open("/dev/null", "w"))  # noqa: SIM115
    for strip in app.screen._compositor.render_strips():
        console.print(strip.text, soft_wrap=True)
    return console.export_text().splitlines()


def test_opens_on_the_first_unit_with_the_reach_and_fits_80x24(map_file):
    async def script(pilot: Pilot, app: BuilderApp) -> None:
        screen = app.screen
        assert isinstance(screen, MapScreen)
        view = screen.query_one(MapView)
        assert screen.start == (1, 0) and screen.move == DEFAULT_MOVE
        expected = {r.at: r.risk for r in reach(app.team.height_map(), (1, 0), DEFAULT_MOVE)}
        assert {at: r.risk for at, r in view.reach.items()} == expected
        lines = screen_lines(app)
        assert len(lines) <= SIZE[1] and all(len(line) <= SIZE[0] for line in lines)
        text = "\n".join(lines)
        assert "Start (1,0)" in text and f"Move {DEFAULT_MOVE}" in text
        assert f"Reachable: {len(expected)} cells" in text
        # every column of the 10-wide map is on screen, with the side panel beside it
        assert " 9 " in lines[1] + " " and "Ruined block" in lines[1]

    drive(map_file, script)


def test_cursor_shows_the_path_and_s_starts_there(map_file):
    async def script(pilot: Pilot, app: BuilderApp) -> None:
        screen = app.screen
        assert isinstance(screen, MapScreen)
        view = screen.query_one(MapView)
        for key in ("right", "right", "right", "down"):
            await pilot.press(key)
        assert view.cursor == (4, 1)
        assert view.path is not None and view.path.at == (4, 1)
        text = "\n".join(screen_lines(app))
        assert "Cursor (4,1)" in text and "final risk 0, movement 4" in text
        assert "1. step (2,0), risk 0" in text and "2. step (3,0), fall 2, risk 2" in text
        assert [leg.fall for leg in view.path.legs] == [0, 2, 0, 0]  # off the wreck, digested
        # start the move on the street below and plan again
        for key in ("down", "down", "down", "down"):
            await pilot.press(key)
        await pilot.press("s")
        assert screen.start == (4, 5)
        assert app.team.plan is not None and app.team.plan.start == (4, 5)
        assert app.dirty
        expected = {r.at for r in reach(app.team.height_map(), (4, 5), DEFAULT_MOVE)}
        assert set(view.reach) == expected

    drive(map_file, script)


def test_plus_minus_change_the_movement_and_the_reach(map_file):
    async def script(pilot: Pilot, app: BuilderApp) -> None:
        screen = app.screen
        assert isinstance(screen, MapScreen)
        view = screen.query_one(MapView)
        before = len(view.reach)
        await pilot.press("minus", "minus", "minus")
        assert screen.move == DEFAULT_MOVE - 3
        assert len(view.reach) < before
        await pilot.press("plus")
        assert screen.move == DEFAULT_MOVE - 2
        await pilot.press("greater_than_sign")
        assert screen.risk == 1 and app.team.plan is not None and app.team.plan.risk == 1
        hmap = app.team.height_map()
        expected = {r.at: r.risk for r in reach(hmap, screen.start, DEFAULT_MOVE - 2, 1)}
        assert {at: r.risk for at, r in view.reach.items()} == expected
        await pilot.press("less_than_sign", "less_than_sign")
        assert screen.risk == 0

    drive(map_file, script)


def test_a_pit_cannot_be_the_start_and_the_view_toggles(map_file):
    async def script(pilot: Pilot, app: BuilderApp) -> None:
        screen = app.screen
        assert isinstance(screen, MapScreen)
        view = screen.query_one(MapView)
        for key in ("right",) * 4:
            await pilot.press(key)
        assert view.cursor == (5, 0) and app.team.map[0][5] is None
        await pilot.press("s")
        assert screen.start == (1, 0) and not app.dirty
        assert "pit: no floor" in "\n".join(screen_lines(app))
        await pilot.press("v")
        assert view.show_risk
        assert "cells show final risk" in "\n".join(screen_lines(app))

    drive(map_file, script)


def test_japanese_labels_fit_80x24(map_file):
    async def script(pilot: Pilot, app: BuilderApp) -> None:
        await pilot.press("l")
        await settle(pilot)
        lines = screen_lines(app)
        text = "\n".join(lines)
        assert "開始 (1,0)" in text and "到達可能" in text and "ここを開始" in text
        from rich.cells import cell_len

        assert len(lines) <= SIZE[1] and all(cell_len(line) <= SIZE[0] for line in lines)

    drive(map_file, script)


def test_saving_keeps_the_plan_in_the_file(map_file):
    async def script(pilot: Pilot, app: BuilderApp) -> None:
        await pilot.press("plus")
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert not app.dirty

    drive(map_file, script)
    text = map_file.read_text(encoding="utf-8")
    assert "plan:" in text and f"move: {DEFAULT_MOVE + 1}" in text
    assert "# A ruined city block" in text  # the comments survive
    _system, team = load_team(map_file)
    assert team.plan is not None and team.plan.start == (1, 0)
    assert team.map == load_team(bundled_catalog_dir("kuroganen") / "demo_map.yaml")[1].map


def test_a_big_map_scrolls_to_keep_the_cursor_in_view(tmp_path):
    rows = "\n".join("  - [" + ", ".join(["0"] * 40) + "]" for _ in range(40))
    path = tmp_path / "big.yaml"
    path.write_text(f"system: kuroganen\nname: Big\nmap:\n{rows}\n", encoding="utf-8")

    async def script(pilot: Pilot, app: BuilderApp) -> None:
        view = app.screen.query_one(MapView)
        for _ in range(35):
            await pilot.press("right")
        for _ in range(30):
            await pilot.press("down")
        cols, rows_shown = view.window()
        assert 35 in cols and 30 in rows_shown
        assert len(cols) < 40 and len(rows_shown) < 40
        lines = screen_lines(app)
        assert all(len(line) <= SIZE[0] for line in lines)

    drive(path, script)


def test_raising_a_cell_and_digging_a_pit_save_only_those_rows(map_file):
    before = map_file.read_text(encoding="utf-8")

    async def script(pilot: Pilot, app: BuilderApp) -> None:
        screen = app.screen
        assert isinstance(screen, MapScreen)
        view = screen.query_one(MapView)
        await pilot.press("right", "down", "down", "right_square_bracket")
        assert app.team.map[2][2] == 2 and app.dirty
        assert view.cursor == (2, 2) and screen.start == (1, 0)  # an edit keeps the cursor
        assert "Cursor (2,2) level 2" in "\n".join(screen_lines(app))
        await pilot.press(*["right"] * 7, *["down"] * 4, "number_sign")
        assert app.team.map[6][9] is None
        expected = {r.at for r in reach(app.team.height_map(), (1, 0), DEFAULT_MOVE)}
        assert set(view.reach) == expected and (9, 6) not in view.reach
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert not app.dirty

    drive(map_file, script)
    after = map_file.read_text(encoding="utf-8")
    lines = after.splitlines()
    assert lines.pop(6).startswith("catalog: {name: ")  # the save pins it, after its name line
    changed = [(a, b) for a, b in zip(before.splitlines(), lines, strict=True) if a != b]
    assert changed == [
        (
            "  - [2,   2,   1.5, 0.5, 0,   0,   0,   1,   1,   1]",
            "  - [2,   2,   2,   0.5, 0,   0,   0,   1,   1,   1]",
        ),
        (
            "  - [0,   ~,   0,   1,   1,   0,   0,   2,   2,   0.5]",
            "  - [0,   ~,   0,   1,   1,   0,   0,   2,   2,   ~]",
        ),
    ]


def test_a_pit_is_refused_under_a_unit_or_the_start_and_levels_stop_at_0(map_file):
    async def script(pilot: Pilot, app: BuilderApp) -> None:
        screen = app.screen
        assert isinstance(screen, MapScreen)
        original = app.team
        await pilot.press("number_sign")  # the start (1,0), where the first unit stands
        await pilot.press("down", "right", "right", "left_square_bracket")  # (3,1) is level 0
        await pilot.press("down", "down", "down", "right", "right", "right", "number_sign")
        assert screen.query_one(MapView).cursor == (6, 4) and (6, 4) in app.team.units
        assert app.team is original and not app.dirty
        await pilot.press("up", "up", "up", "left", "number_sign")  # (5,1): a pit gets a floor
        assert app.team.map[1][5] == 0
        await pilot.press("right_square_bracket", "right_square_bracket")
        assert app.team.map[1][5] == 1
        await pilot.press("left_square_bracket")
        assert app.team.map[1][5] == 0.5

    drive(map_file, script)


def _notes(app: BuilderApp) -> list[str]:
    return [n.message for n in app._notifications]


@pytest.mark.parametrize(
    ("lang", "legs"),
    [
        ("en", ["1. step (2,0), risk 0", "2. step (3,0), fall 2, risk 2"]),
        ("ja", ["1. 歩き (2,0) リスク0", "2. 歩き (3,0) 落下2 リスク2"]),
    ],
)
def test_path_legs_and_the_cursor_line_fit_the_panel_without_wrapping(map_file, lang, legs):
    async def script(pilot: Pilot, app: BuilderApp) -> None:
        if lang == "ja":
            await pilot.press("l")
        lines = [line.rstrip() for line in screen_lines(app)]
        assert any(line.endswith("開始位置" if lang == "ja" else "the start") for line in lines)
        await pilot.press("right", "right", "right", "down")
        lines = [line.rstrip() for line in screen_lines(app)]
        for leg in legs:  # each leg whole on one line of the panel
            assert any(line.endswith(leg) for line in lines), leg
        for words in (
            ("# 穴  U ユニット  @ 開始", "下線：カーソルまでの経路")
            if lang == "ja"
            else ("# pit  U unit  @ start", "underline: path to the cursor")
        ):
            assert any(line.endswith(words) for line in lines), words

    drive(map_file, script)


def test_a_refused_key_says_why(map_file):
    async def script(pilot: Pilot, app: BuilderApp) -> None:
        screen = app.screen
        assert isinstance(screen, MapScreen)
        await pilot.press("number_sign")  # the start
        assert any("The start cannot be a pit" in n for n in _notes(app))
        await pilot.press(*["down"] * 4, *["right"] * 5, "number_sign")  # (6,4): a unit
        assert any("A unit stands here" in n for n in _notes(app))
        await pilot.press("left", "left", "s")  # (4,4): a pit
        assert any("cannot start there" in n for n in _notes(app))
        await pilot.press("down", "left_square_bracket")  # (4,5) level 1 → 0.5, then 0
        await pilot.press("left_square_bracket", "left_square_bracket")
        assert app.team.map[5][4] == 0
        assert any("Level 0 is as low as [ goes" in n for n in _notes(app))
        assert screen.start == (1, 0)

    drive(map_file, script)


def test_lowering_a_cell_below_0_never_raises_it(tmp_path):
    path = tmp_path / "cellar.yaml"
    path.write_text("system: kuroganen\nname: Cellar\nmap:\n  - [0, -1]\n", encoding="utf-8")

    async def script(pilot: Pilot, app: BuilderApp) -> None:
        await pilot.press("right", "left_square_bracket")
        assert app.team.map[0][1] == -1 and not app.dirty
        await pilot.press("right_square_bracket")
        assert app.team.map[0][1] == -0.5

    drive(path, script)


def test_cells_out_of_reach_are_brighter_the_higher_their_level(map_file):
    from builder.systems.kuroganen.tui.map_view import level_fg

    assert level_fg(0, 0, 3) < level_fg(1, 0, 3) < level_fg(3, 0, 3)

    async def script(pilot: Pilot, app: BuilderApp) -> None:
        view = app.screen.query_one(MapView)
        assert (9, 0) not in view.reach and (9, 2) not in view.reach  # levels 3 and 1
        high = view.cell_style((9, 0), set(), set()).color
        low = view.cell_style((9, 2), set(), set()).color
        assert high is not None and low is not None and high != low
        assert sum(high.get_truecolor()) > sum(low.get_truecolor())

    drive(map_file, script)


def test_help_explains_the_underlined_path_the_grey_cells_and_printing(map_file):
    from rich.cells import cell_len

    from builder.systems.kuroganen.tui.ui import kuroganen_ui

    rows = [row for _title, _ja, section in kuroganen_ui().help for row in section]
    keys = {key: (en, ja) for key, en, ja in rows}
    assert "path to the cursor" in keys["___"][0] and "経路" in keys["___"][1]
    assert "brighter" in keys["1.5 2 3"][0] and "明るい" in keys["1.5 2 3"][1]
    assert "reference" in keys["p"][0] and "印刷" in keys["p"][1]
    # the key column is not translated: no English words in it
    assert not any(key.isalpha() and len(key) > 1 for key in keys)
    # a Japanese line has no spaces to wrap at: each must fit the help's width whole
    assert max(cell_len(ja) for ja in (ja for _k, _e, ja in rows)) <= 48

    async def script(pilot: Pilot, app: BuilderApp) -> None:
        await pilot.press("l", "f1")
        await settle(pilot)
        wanted = "下線：カーソルまでの経路（右欄に1手ずつ）"
        text = ""
        for _ in range(60):  # down to it: the kit's help grows (S shares, m matches up)
            await pilot.press("down")
            await settle(pilot)
            text = "\n".join(screen_lines(app))
            if wanted in text:
                break
        assert "下線：カーソルまでの経路（右欄に1手ずつ）" in text and "…" not in text

    drive(map_file, script)


def test_a_map_without_floor_says_how_to_make_one_and_a_1x1_map_reaches_1_cell(tmp_path):
    path = tmp_path / "void.yaml"
    path.write_text("system: kuroganen\nname: Void\nmap:\n  - [~, ~]\n", encoding="utf-8")

    async def script(pilot: Pilot, app: BuilderApp) -> None:
        text = "\n".join(screen_lines(app))
        assert "no floor to start on: ] gives the cell" in text and "too large" not in text
        await pilot.press("l")
        assert "開始できる床がありません" in "\n".join(screen_lines(app))
        await pilot.press("l", "right_square_bracket")  # (0,0) gets a floor: a 1-cell reach
        assert app.team.map[0][0] == 0
        assert "Reachable: 1 cell\n" in "\n".join(line.rstrip() for line in screen_lines(app))

    drive(path, script)


def test_a_map_with_a_plan_opens_with_the_cursor_on_its_start(tmp_path):
    path = tmp_path / "ja.yaml"
    path.write_text(
        "system: kuroganen\nname: 廃墟の街区\nmap:\n  - [0, 1]\n  - [~, 2]\nunits: [[0, 0]]\n"
        "plan: {from: [1, 1], move: 3}\n",
        encoding="utf-8",
    )

    async def script(pilot: Pilot, app: BuilderApp) -> None:
        screen = app.screen
        assert isinstance(screen, MapScreen)
        assert screen.start == (1, 1) and screen.query_one(MapView).cursor == (1, 1)
        assert "Cursor (1,1) level 2" in "\n".join(screen_lines(app))

    drive(path, script)


def test_print_without_a_plan_prints_the_reach_on_screen_and_leaves_the_file_alone(map_file):
    from builder.tui.dialogs.print_dialog import PrintDialog

    async def script(pilot: Pilot, app: BuilderApp) -> None:
        assert app.team.plan is None
        await pilot.press("p")
        await settle(pilot)
        dialog = app.screen
        assert isinstance(dialog, PrintDialog)
        printed = dialog._team
        assert printed.plan is not None
        assert (printed.plan.start, printed.plan.move, printed.plan.risk) == (
            (1, 0),
            DEFAULT_MOVE,
            0,
        )
        assert app.team.plan is None and not app.dirty
        await pilot.press("escape")
        await pilot.press("l")
        await settle(pilot)
        assert "p 印刷" in "\n".join(screen_lines(app))

    drive(map_file, script)


@pytest.mark.parametrize(
    ("lang", "head", "note"),
    [
        ("en", "Start (0,0) Move 41 Risk 0", "more than the planner takes on for this map: up to"),
        ("ja", "開始 (0,0) 移動力 41 リスク 0", "はこのマップでは計画できません"),
    ],
)
def test_movement_stops_at_the_budget_and_says_how_far_it_can_go(tmp_path, lang, head, note):
    rows = "\n".join("  - [" + ", ".join(["0"] * 100) + "]" for _ in range(100))
    path = tmp_path / "plain.yaml"
    path.write_text(
        f"system: kuroganen\nname: Plain\nmap:\n{rows}\nplan: {{from: [0, 0], move: 40}}\n",
        encoding="utf-8",
    )

    async def script(pilot: Pilot, app: BuilderApp) -> None:
        if lang == "ja":
            await pilot.press("l")
        await pilot.press("plus", "plus")
        assert app.team.plan is not None and app.team.plan.move == 41  # what the file can hold
        lines = [line.rstrip() for line in screen_lines(app)]
        assert any(line.endswith(head) for line in lines), head  # on one line
        assert any(note in n and "41" in n for n in _notes(app))

    drive(path, script)
