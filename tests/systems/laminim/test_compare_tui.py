"""The compare screen at 80×24: four columns that all fit, every curve and every legend entry on
screen, names (not ids) in the add list, the interception toggle and the threat dialog (build a
threat, see the numbers follow, save it as a threat file that ``--threat FILE`` reads)."""

from __future__ import annotations

import asyncio
import shutil
from pathlib import Path

import pytest

from builder.core.resources import bundled_catalog_dir
from builder.roster.team_file import load_team
from builder.systems.laminim.derive import find_threat
from builder.systems.laminim.tui.dialogs.threat_dialog import ThreatDialog
from builder.systems.laminim.tui.dialogs.unit_choice_dialog import UnitChoiceDialog
from builder.systems.laminim.tui.screens.compare_screen import CompareScreen, Entry
from builder.tui.app import BuilderApp
from builder.tui.widgets.survival_chart import MARKERS, SurvivalChart
from tests.tui.helpers import screen_text, settle

SIZE = (80, 24)
RIVALS = Path(__file__).parents[2] / "fixtures" / "teams" / "rivals.yaml"


@pytest.fixture
def make_app(tmp_path: Path):
    path = tmp_path / "team.yaml"
    shutil.copy(bundled_catalog_dir("laminim") / "demo_team.yaml", path)

    def make() -> BuilderApp:
        return BuilderApp.from_paths(path, None)

    return make


async def _four(pilot) -> CompareScreen:
    """The demo team's three units and Rook from rivals.yaml, side by side."""
    await settle(pilot)
    app = pilot.app
    rook = load_team(RIVALS)[1].units[0]
    units = [(u, "src_team") for u in app.team.units] + [(rook, "rivals.yaml")]
    team_screen = app.screen
    entries = [Entry(u, s) for u, s in units]
    app.push_screen(CompareScreen(team_screen.doc, team_screen.state, entries))
    await settle(pilot)
    screen = app.screen
    assert isinstance(screen, CompareScreen)
    return screen


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_four_units_fit_80_columns_with_every_curve_and_legend(make_app, lang):
    async def run() -> None:
        app = make_app()
        async with app.run_test(size=SIZE) as pilot:
            if lang == "ja":
                await pilot.press("l")
                app.clear_notifications()  # the 日本語 toast would cover the legend's row
            await _four(pilot)
            text = screen_text(pilot)
            header = text.splitlines()[2]
            for name in ("Kestrel", "Bulwark", "Swallow", "Rook"):
                assert name in header  # the fourth header is not cut off
            chart = app.screen.query_one(SurvivalChart)
            assert chart.region.bottom <= 24 - 2  # above the footer
            legend = text.splitlines()[chart.region.bottom - 1]
            for marker, name in zip(
                MARKERS, ("Kestrel", "Bulwark", "Swallow", "Rook"), strict=True
            ):
                assert f"{marker} {name}" in legend
            plot = "\n".join(text.splitlines()[chart.region.y : chart.region.bottom - 2])
            for marker in MARKERS:  # every curve has markers on the plot (none hidden)
                assert plot.count(marker) >= 6
            assert all(len(line) <= 80 for line in text.splitlines())

    asyncio.run(run())


def test_durability_rows_are_labelled_unit_and_frame(make_app):
    async def run() -> None:
        app = make_app()
        async with app.run_test(size=SIZE) as pilot:
            await _four(pilot)
            text = screen_text(pilot)
            assert "Durability (unit)" in text and "Durability (frame)" in text
            assert "best one (+4)" in text

    asyncio.run(run())


def test_add_list_shows_display_names(make_app):
    async def run() -> None:
        app = make_app()
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            await pilot.press("c")
            await settle(pilot)
            await pilot.press("a")
            await settle(pilot)
            assert isinstance(app.screen, UnitChoiceDialog)
            text = screen_text(pilot)
            assert "Striker: Rifle, Missile pod, —" in text
            assert "striker: rifle" not in text

    asyncio.run(run())


def test_intercept_toggle_changes_survival_against_missiles(make_app):
    async def run() -> None:
        app = make_app()
        async with app.run_test(size=SIZE) as pilot:
            screen = await _four(pilot)
            screen.state.threat_id = "mixed-fire"
            screen.recompute()
            await settle(pilot)
            before = screen._shown[1][1].analysis.survival.rounds[-1].alive  # Bulwark
            await pilot.press("i")
            await settle(pilot)
            after = screen._shown[1][1].analysis.survival.rounds[-1].alive
            assert after > before + 0.05
            assert "intercept +2" in screen_text(pilot)

    asyncio.run(run())


def test_threat_dialog_edits_applies_and_saves(make_app, tmp_path):
    async def run() -> None:
        app = make_app()
        async with app.run_test(size=SIZE) as pilot:
            screen = await _four(pilot)
            await pilot.press("e")
            await settle(pilot)
            dialog = app.screen
            assert isinstance(dialog, ThreatDialog)
            await pilot.press("a")  # a second rifle
            await settle(pilot)
            assert "P(alive) R6:" in screen_text(pilot)  # the numbers follow the edit
            await pilot.press("plus")
            await settle(pilot)
            assert [(a.weapon, a.bonus) for a in dialog.attacks] == [("rifle", 2), ("rifle", 3)]
            await pilot.press("s")
            await settle(pilot)
            target = tmp_path / "two rifles.yaml"
            app.screen.query_one("#prompt-input").value = str(target)
            await pilot.press("enter")
            await settle(pilot)
            assert target.exists()
            await pilot.press("enter")  # use it
            await settle(pilot)
            assert app.screen is screen
            assert screen.custom_threat is not None
            assert len(screen.custom_threat.attacks) == 2
            assert "Custom threat (edited)" in screen_text(pilot)
            saved = find_threat(str(target), screen.catalog)
            assert saved.id == "two-rifles"
            assert [(a.weapon, a.bonus) for a in saved.attacks] == [("rifle", 2), ("rifle", 3)]

    asyncio.run(run())
