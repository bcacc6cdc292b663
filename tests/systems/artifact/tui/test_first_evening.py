"""A first evening with the artifact TUI at 80×24: nothing cut or scrolled out of sight, every
key does something a player can see, and Japanese mode speaks Japanese."""

from __future__ import annotations

import itertools
import re
import shutil
from pathlib import Path

import pytest
from rich.cells import cell_len
from textual.widgets import Static

from builder.systems.artifact.catalog import load_catalog
from builder.systems.artifact.models import ForceFile, ForceUnit
from builder.systems.artifact.tui.compare_screen import CompareScreen
from builder.systems.artifact.tui.force_screen import ForceScreen
from builder.systems.artifact.tui.odds_panel import WIDTH, OddsChoice, compute, fit
from builder.tui.app import BuilderApp
from builder.tui.dialogs.prompt_dialog import PromptDialog
from tests.tui.helpers import screen_text, settle

from ..conftest import CATALOG_DIR

SIZE = (80, 24)
FORCES = Path(__file__).parents[1] / "forces"
PANEL_LINES = 18
"""Rows inside the odds panel at 80×24 (header, footer and border taken)."""


@pytest.fixture
def force_file(tmp_path: Path) -> Path:
    path = tmp_path / "force.yaml"
    shutil.copy(CATALOG_DIR / "demo_force.yaml", path)
    return path


def app_for(path: Path) -> BuilderApp:
    return BuilderApp.from_paths(path, None)


def _every_ms_force() -> ForceFile:
    catalog = load_catalog()
    ships = [s.id for s in catalog.ships]
    units = tuple(ForceUnit(name=m.name, type=m.id) for m in catalog.mobile_suits)
    return ForceFile(
        system="artifact", name="All", ship={"name": "Flag", "type": ships[0]}, units=units
    )


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_odds_panel_lines_fit_the_panel_for_every_choice(lang):
    catalog = load_catalog()
    force = _every_ms_force()
    n_targets = len(catalog.mobile_suits) + len(catalog.ships)
    for attacker, weapon, target, evade in itertools.product(
        range(5), range(3), range(n_targets), (True, False)
    ):
        choice = OddsChoice(attacker, weapon, target, near=5, evade=evade, evade_near=3)
        lines = compute(force, catalog, choice, lang).lines
        assert len(lines) <= PANEL_LINES
        for line in lines:
            assert cell_len(line) <= WIDTH, line


def test_a_zero_modifier_shows_as_0_never_minus_0():
    catalog = load_catalog()
    lines = compute(_every_ms_force(), catalog, OddsChoice(), "en").lines
    assert "Attack mod: 0" in lines and "Evade: on, mod 0" in lines
    lines = compute(_every_ms_force(), catalog, OddsChoice(near=2, evade_near=1), "en").lines
    assert "Attack mod: -2" in lines and "Evade: on, mod -1" in lines


def test_the_odds_table_has_a_header_lined_up_with_its_columns():
    lines = compute(_every_ms_force(), load_catalog(), OddsChoice(), "ja").lines
    head = next(i for i, line in enumerate(lines) if "命中 " in line and "ダメ" in line)
    assert cell_len(lines[head]) == cell_len(lines[head + 1].split("%")[0] + "%")


async def add_ms(pilot, search: str, add: bool = True) -> None:
    """Add an MS (``a``) and give it the type found by ``search`` in the picker (``y``)."""
    if add:
        await pilot.press("a")
        await settle(pilot)
    await pilot.press("y", *search, "enter")
    await settle(pilot)


def test_fit_keeps_a_closing_number_so_same_type_units_differ():
    assert fit("Byalant Custom 1", 13) == "Byalant Cu… 1"
    assert fit("バイアランカスタム", 13) == "バイアランカ…"
    assert fit("Short", 13) == "Short"


@pytest.mark.parametrize("lang", ["en", "ja"])
async def test_units_table_shows_every_column_with_long_names(force_file, lang):
    app = app_for(force_file)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        if lang == "ja":
            await pilot.press("l")
        for _ in range(2):  # two Byalant Custom
            await add_ms(pilot, "byal")
        rows = [line for line in screen_text(pilot).splitlines() if "│" in line]
        ms_rows = [r.split("│")[0] for r in rows if r.lstrip().startswith("MS")]
        assert len(ms_rows) == 5
        for row in ms_rows:
            assert row.rstrip().endswith(("10", "8")), row  # the P column is on screen
        if lang == "en":  # the names whole while the row has room
            assert any("Byalant Custom 1" in r for r in ms_rows)
            assert any("Byalant Custom 2" in r for r in ms_rows)
        else:  # cut, but the closing number stays: the two still differ
            assert any("… 1" in r and "バイアラン" in r for r in ms_rows)
            assert any("… 2" in r and "バイアラン" in r for r in ms_rows)


async def test_changing_the_type_renames_a_type_and_number_name(force_file):
    app = app_for(force_file)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("a")
        await settle(pilot)
        assert app.team.units[-1].name == "Nightingale 1"
        await add_ms(pilot, "rick", add=False)
        assert (app.team.units[-1].name, app.team.units[-1].type) == ("Rick Dias 3", "rick-dias")
        await pilot.press("up", "up", "up")  # a name without the number stays
        await add_ms(pilot, "rick", add=False)
        assert (app.team.units[0].name, app.team.units[0].type) == ("Nightingale", "rick-dias")


async def test_r_renames_the_unit_and_refuses_a_name_in_use(force_file):
    app = app_for(force_file)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("down", "space", "r")  # Nightingale, marked for compare
        await settle(pilot)
        assert isinstance(app.screen, PromptDialog)
        app.screen.query_one("#prompt-input").value = "ナイチンゲール隊長機"
        await pilot.press("enter")
        await settle(pilot)
        assert app.team.units[0].name == "ナイチンゲール隊長機" and app.dirty
        assert app.screen.marked == ["ナイチンゲール隊長機"]
        await pilot.press("up", "r")  # the ship, renamed to an MS's name: refused
        await settle(pilot)
        app.screen.query_one("#prompt-input").value = "rick dias 1"
        await pilot.press("enter")
        await settle(pilot)
        assert app.team.ship.name == "Rewloola"
        assert any("already a name" in n.message for n in app._notifications)
        assert "r Rename" in screen_text(pilot)


async def test_x_on_the_ship_says_why_it_stays(force_file):
    app = app_for(force_file)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("x")
        await settle(pilot)
        assert app.team.ship.name == "Rewloola" and not app.dirty
        assert any("one battleship" in n.message for n in app._notifications)


@pytest.mark.parametrize("lang", ["en", "ja"])
async def test_compare_of_four_ms_fits_80_columns(force_file, lang):
    app = app_for(force_file)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        if lang == "ja":
            await pilot.press("l")
        await add_ms(pilot, "byal")
        await pilot.press("c")
        await settle(pilot)
        assert isinstance(app.screen, CompareScreen)
        table = app.screen.query_one("#compare-table")
        assert table.virtual_size.width <= SIZE[0]
        byalant = r"Byalant Cu… 1" if lang == "en" else r"バイアラン\S*… 1"  # in the language
        assert re.search(byalant, screen_text(pilot)), screen_text(pilot)


async def test_japanese_mode_gives_the_reasons_in_japanese(tmp_path):
    path = tmp_path / "illegal.yaml"
    shutil.copy(FORCES / "illegal.yaml", path)
    app = app_for(path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        shown = " ".join(str(app.screen.query_one("#force-legality").render()).split())
        assert "MS2 Rick Dias: unit name 'Rick Dias' is already used by MS1" in shown
        assert "ship Flag: Nightingale is an MS" in shown
        await pilot.press("l")
        await settle(pilot)
        shown = "".join(str(app.screen.query_one("#force-legality").render()).split())
        for words in ("ナイチンゲールはMSで、戦艦ではありません", "MSが3機以上必要", "重複"):
            assert words in shown
        assert isinstance(app.screen, ForceScreen)


async def test_every_legality_finding_reads_in_japanese(tmp_path):
    path = tmp_path / "broken.yaml"
    path.write_text(
        "system: artifact\nname: Broken\nship: {name: Flag, type: nightingale}\nunits:\n"
        "  - {name: Flag, type: rick-dias}\n  - {name: Escort, type: ra-cailum}\n",
        encoding="utf-8",
    )
    app = app_for(path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("l")
        await settle(pilot)
        text = str(app.screen.query_one("#force-legality", Static).render())
    for said in ("MSで、戦艦ではありません", "戦艦（Flag）", "部隊に1隻だけ", "MSが3機以上必要"):
        assert said in "".join(text.split()), said
    for english in ("battleship", "force", "unit name", "unique", "nightingale", "ra-cailum"):
        assert english not in text


async def test_saving_an_added_ms_keeps_the_other_lines_as_written(force_file):
    before = force_file.read_text(encoding="utf-8")
    app = app_for(force_file)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("a", "ctrl+s")
        await settle(pilot)
    lines = force_file.read_text(encoding="utf-8").splitlines(keepends=True)
    after = "".join(line for line in lines if not line.startswith("catalog: {"))  # the pin
    assert after.startswith(before)  # the flow-style units stay, one new entry at the end
    assert "Nightingale 1" in after[len(before) :]


async def test_an_unknown_type_says_y_picks_one(tmp_path):
    path = tmp_path / "typo.yaml"
    path.write_text(
        "system: artifact\nname: Typos\nship: {name: Flag, type: ra-cailumm}\nunits:\n"
        "  - {name: A, type: hi-nu}\n  - {name: B, type: nightingale}\n"
        "  - {name: C, type: nightingale}\n",
        encoding="utf-8",
    )
    app = app_for(path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        shown = " ".join(str(app.screen.query_one("#force-legality").render()).split())
        assert "ship Flag: unknown ship type 'ra-cailumm': y picks one from the catalog" in shown
        assert "MS1 A: unknown MS type 'hi-nu'" in shown
        await pilot.press("l")
        await settle(pilot)
        shown = "".join(str(app.screen.query_one("#force-legality").render()).split())
        assert "不明なMSの機種「hi-nu」:yでカタログから選ぶ" in shown
        await pilot.press("y", "enter")  # the ship row: the picker's first catalog ship
        await settle(pilot)
        assert app.team.ship.type == "rewloola"


async def test_space_on_the_ship_row_says_compare_is_for_ms(force_file):
    app = app_for(force_file)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("space")
        await settle(pilot)
        assert app.screen.marked == []
        assert any("Compare is for MS" in n.message for n in app._notifications)
