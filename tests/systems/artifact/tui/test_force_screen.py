"""Pilot tests of the artifact TUI at 80×24: legality, the odds panel recomputed on each key,
force edits through the shell, compare, English and Japanese, and switching system on open."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from builder.systems.artifact.catalog import load_catalog
from builder.systems.artifact.derive import find_unit, unit_stats, weapon_stats
from builder.systems.artifact.rules import AttackAction, attack_odds
from builder.systems.artifact.tui.compare_screen import CompareScreen
from builder.systems.artifact.tui.force_screen import ForceScreen
from builder.tui.app import BuilderApp
from tests.tui.helpers import screen_text, settle

from ..conftest import CATALOG_DIR

SIZE = (80, 24)
FORCES = Path(__file__).parents[1] / "forces"


@pytest.fixture
def force_file(tmp_path: Path) -> Path:
    path = tmp_path / "force.yaml"
    shutil.copy(CATALOG_DIR / "demo_force.yaml", path)
    return path


def app_for(path: Path) -> BuilderApp:
    return BuilderApp.from_paths(path, None)


async def test_opens_on_the_force_with_legality_and_odds(force_file):
    app = app_for(force_file)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, ForceScreen)
        text = screen_text(pilot)
        assert "Sleeves vanguard: LEGAL" in text
        assert "Nightingale" in text and "Rick Dias 2" in text
        assert "Odds" in text and "Kill" in text and "█" in text


async def test_each_key_recomputes_the_odds_exactly(force_file):
    app = app_for(force_file)
    catalog = load_catalog()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, ForceScreen)
        # attacker: Nightingale (the first MS, under the cursor), weapon: funnel, target: the
        # first catalog MS
        await pilot.press("down", "w")
        await pilot.press("plus")
        await settle(pilot)
        assert screen.view is not None and screen.view.result is not None
        funnel = find_unit(catalog, "nightingale").weapons[1]
        target = unit_stats(find_unit(catalog, "nightingale"))
        want = attack_odds(AttackAction(weapon_stats(funnel), 1, 0), target, evade=True)
        assert screen.view.result == want
        assert "Hit / die 50.0%" in screen_text(pilot)
        await pilot.press("e")  # evade off
        await settle(pilot)
        assert screen.view.result.p_evade is None
        assert screen.view.result.expected_damage == pytest.approx(3.0)
        await pilot.press("t", "t", "t", "t")  # to the first ship: a ship never evades
        await pilot.press("e")
        await settle(pilot)
        assert "a ship never evades" in screen_text(pilot)
        assert screen.view.result.p_evade is None


async def test_editing_the_force_updates_legality_and_marks_unsaved(force_file):
    app = app_for(force_file)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("down", "x", "y")  # remove Nightingale (asked first): 2 MS left
        await settle(pilot)
        text = screen_text(pilot)
        assert "ILLEGAL" in text and "at least 3 MS" in text
        assert app.dirty
        await pilot.press("a")  # add an MS from the catalog
        await settle(pilot)
        assert "Sleeves vanguard: LEGAL" in screen_text(pilot)
        await pilot.press("up", "up", "up", "y")  # the ship row: its type from the picker
        await settle(pilot)
        await pilot.press("down", "enter")
        await settle(pilot)
        assert app.team.ship.type == "ra-cailum"
        await pilot.press("ctrl+z", "ctrl+z", "ctrl+z")  # type, add, remove: the file again
        await settle(pilot)
        assert not app.dirty and len(app.team.units) == 3


async def test_compare_shows_the_force_ms_side_by_side(force_file):
    app = app_for(force_file)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("c")
        await settle(pilot)
        assert isinstance(app.screen, CompareScreen)
        text = screen_text(pilot)
        assert "Nightingale" in text and "Rick Dias 1" in text and "Rick Dias 2" in text
        assert "39.3%" in text  # alive after 3 rounds under the default threat
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, ForceScreen)


async def test_marked_ms_are_the_ones_compared(force_file):
    app = app_for(force_file)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("down", "space", "down", "down", "space")  # Nightingale, Rick Dias 2
        await settle(pilot)
        assert app.screen.marked == ["Nightingale", "Rick Dias 2"]
        await pilot.press("c")
        await settle(pilot)
        assert isinstance(app.screen, CompareScreen)
        text = screen_text(pilot)
        assert "Nightingale" in text and "Rick Dias 2" in text and "Rick Dias 1" not in text


async def test_japanese_labels_and_names(force_file):
    app = app_for(force_file)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("l")
        await settle(pilot)
        text = screen_text(pilot)
        for word in (
            "適正",
            "ナイチンゲール",
            "命中・撃破率",
            "撃破率",
            "自軍: レウルーラ",  # the demo names its ship in Japanese too (name_ja)
            "目標機種",
        ):
            assert word in text
        await pilot.press("c")
        await settle(pilot)
        assert "MS比較" in screen_text(pilot)


async def test_an_illegal_force_lists_every_reason(tmp_path):
    path = tmp_path / "illegal.yaml"
    shutil.copy(FORCES / "illegal.yaml", path)
    app = app_for(path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        text = screen_text(pilot)
        assert "Broken vanguard: ILLEGAL" in text
        shown = " ".join(str(app.screen.query_one("#force-legality").render()).split())
        for reason in ("not a battleship", "at least 3 MS", "already used", "a force has exactly"):
            assert reason in shown


async def test_print_dialog_uses_the_artifact_printouts(force_file):
    from builder.tui.dialogs.print_dialog import PrintDialog

    app = app_for(force_file)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("p")
        await settle(pilot)
        assert isinstance(app.screen, PrintDialog)


def test_compare_rows_share_their_decimals():
    from builder.systems.artifact.compare import Side, compare_rows
    from builder.systems.compare_table import format_value

    catalog = load_catalog()
    sides = [Side(n, find_unit(catalog, n)) for n in ("nightingale", "rick-dias")]
    rows = {r.key: r for r in compare_rows(sides, [None, None], catalog, "en", 3)}
    damage = rows["damage_ms"]
    assert [format_value(v, damage.fmt) for v in damage.values] == ["4.00", "2.67"]
    assert [format_value(v, rows["hp"].fmt) for v in rows["hp"].values] == ["12", "10"]
    assert [format_value(v, rows["alive_r3"].fmt) for v in rows["alive_r3"].values] == ["—"] * 2


async def test_the_odds_panel_says_the_attacker_is_a_unit_and_the_target_a_type(force_file):
    app = app_for(force_file)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        text = screen_text(pilot)
        assert "Your unit: Rewloola (Rewloola)" in text  # the force's ship, by its name
        assert "Target type: Nightingale HP 12" in text  # a catalog type, not a unit


@pytest.mark.parametrize("lang", ["en", "ja"])
async def test_legality_findings_wrap_under_their_bullet_without_a_lone_word(tmp_path, lang):
    path = tmp_path / "illegal.yaml"
    shutil.copy(FORCES / "illegal.yaml", path)
    app = app_for(path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        if lang == "ja":
            await pilot.press("l")
            await settle(pilot)
        shown = str(app.screen.query_one("#force-legality").render()).splitlines()
        continued = [line for line in shown if line.startswith("  ")]
        assert continued  # at 80×24 some findings take two lines
        for line in continued:  # indented under the bullet, never one short word alone
            assert len(line.strip()) >= 6, shown
