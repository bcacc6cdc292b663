"""The unit editor's "suggest" (s): the optimiser's Pareto front for the unit's frame against the
current threat, computed in a worker that counts the loadouts ("computing… n of N"), enter
fills the slots; a job beyond the budget says "too large to compute exactly" (in the dialog and
in the editor's own numbers). Pilot tests at 80×24 in English and Japanese."""

from __future__ import annotations

import asyncio
import shutil
import threading
import time
from pathlib import Path

import pytest

from builder.core.resources import bundled_catalog_dir
from builder.systems.laminim import optimizer
from builder.systems.laminim.catalog import load_catalog
from builder.systems.laminim.legality import check_unit
from builder.systems.laminim.rules import TooLarge
from builder.systems.laminim.tui import numbers, suggesting
from builder.systems.laminim.tui.dialogs.suggest_dialog import SuggestDialog
from builder.systems.laminim.tui.screens.unit_editor_screen import UnitEditorScreen
from builder.tui.app import BuilderApp
from tests.tui.helpers import screen_text, settle

SIZE = (80, 24)


@pytest.fixture
def make_app(tmp_path: Path):
    path = tmp_path / "team.yaml"
    shutil.copy(bundled_catalog_dir("laminim") / "demo_team.yaml", path)

    def make() -> BuilderApp:
        return BuilderApp.from_paths(path, None)

    return make


async def _open_editor(pilot, row: int = 0) -> None:
    await settle(pilot)
    for _ in range(row):
        await pilot.press("down")
    await pilot.press("enter")
    await settle(pilot)
    assert isinstance(pilot.app.screen, UnitEditorScreen)


def test_suggest_lists_the_pareto_front_and_enter_fills_the_slots(make_app):
    catalog = load_catalog()

    async def run() -> None:
        app = make_app()
        async with app.run_test(size=SIZE) as pilot:
            await _open_editor(pilot)  # Kestrel, a striker, against rifle-duel (the first threat)
            await pilot.press("s")
            await settle(pilot)
            dialog = app.screen
            assert isinstance(dialog, SuggestDialog) and dialog.state == "ready"
            want = optimizer.optimize_catalog(
                catalog, ["striker"], "rifle-duel", numbers.ROUNDS
            )  # the list's first sort: damage dealt over the game, as optimize ranks
            front = [s for s in want.loadouts if s.pareto]
            assert [s.weapons for s in dialog.front] == [s.weapons for s in front]
            text = screen_text(pilot)
            assert f"Pareto front of {want.evaluated} legal loadouts" in text
            assert "Striker vs Rifle duel" in text
            assert "Missile pod, Blade, Blade  8/8" in text  # names and payload of the best
            assert "enter: fill the slots" in text  # the help line fits at 80x24
            await pilot.press("down", "enter")
            await settle(pilot)
            assert isinstance(app.screen, UnitEditorScreen)
            assert tuple(app.team.units[0].weapons) == front[1].weapons
            assert app.title.startswith("●")  # unsaved change
            assert check_unit(app.team.units[0], catalog).legal

    asyncio.run(run())


def test_suggest_shows_how_many_loadouts_are_scored_while_the_worker_runs(make_app, monkeypatch):
    release = threading.Event()
    real = suggesting.run_job
    totals: list[int] = []

    def slow(job, progress=None, stop=None):
        totals.append(job.total)
        progress(3, job.total)
        release.wait(10)
        return real(job, progress, stop)

    monkeypatch.setattr(suggesting, "run_job", slow)

    async def run() -> None:
        app = make_app()
        async with app.run_test(size=SIZE) as pilot:
            await _open_editor(pilot, row=2)  # Swallow, a lancer
            await pilot.press("s")
            for _ in range(200):
                await pilot.pause(0.01)
                if "computing… 3 of" in screen_text(pilot):
                    break
            assert app.screen.state == "computing"
            assert f"computing… 3 of {totals[0]}" in screen_text(pilot)
            release.set()
            await settle(pilot)
            assert app.screen.state == "ready" and app.screen.front
            await pilot.press("escape")
            await settle(pilot)
            assert isinstance(app.screen, UnitEditorScreen)
            assert app.team.units[2].weapons == ["smg", "quick-booster", "blade"]  # unchanged

    asyncio.run(run())


def test_closing_suggest_stops_the_scoring(make_app, monkeypatch):
    started = threading.Event()
    scored: list[int] = []
    real = suggesting.run_job

    def watched(job, progress=None, stop=None):
        def count(done: int, total: int) -> None:
            scored.append(done)
            started.set()
            if (
                done == 2
            ):  # hold the job here until the dialog is closed: no race with a fast engine
                for _ in range(1000):
                    if stop is not None and stop():
                        break
                    time.sleep(0.01)
            progress(done, total)

        return real(job, count, stop)

    monkeypatch.setattr(suggesting, "run_job", watched)

    async def run() -> None:
        app = make_app()
        async with app.run_test(size=SIZE) as pilot:
            await _open_editor(pilot, row=1)  # Bulwark: the most loadouts
            await pilot.press("s")
            for _ in range(500):
                await pilot.pause(0.01)
                if started.is_set():
                    break
            await pilot.press("escape")
            await settle(pilot)
            assert isinstance(app.screen, UnitEditorScreen)
            job = suggesting.suggest_job(
                app.catalog, app.catalog.frame("bastion"), app.screen.current_threat(), 6
            )
            assert 0 < len(scored) < job.total  # it stopped before the end

    asyncio.run(run())


def test_suggest_too_large_says_so_in_japanese_and_changes_nothing(make_app, monkeypatch):
    def too_large(*_args, **_kwargs):
        raise TooLarge(9 * 10**11, 125_000_000)

    monkeypatch.setattr(suggesting, "suggest_job", too_large)

    async def run() -> None:
        app = make_app()
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            await pilot.press("l")  # Japanese
            await _open_editor(pilot)
            await pilot.press("s")
            await settle(pilot)
            assert app.screen.state == "too-large"
            text = screen_text(pilot)
            assert "大きすぎて厳密に計算できません" in text
            assert "構成の提案" in text
            await pilot.press("enter", "escape")
            await settle(pilot)
            assert isinstance(app.screen, UnitEditorScreen)
            assert app.team.units[0].weapons == ["rifle", "missile", None]

    asyncio.run(run())


def test_the_editor_shows_too_large_instead_of_freezing(make_app, monkeypatch):
    def too_large(*_args, **_kwargs):
        raise TooLarge(9 * 10**11, 125_000_000)

    monkeypatch.setattr(numbers, "analyze", too_large)

    async def run() -> None:
        app = make_app()
        async with app.run_test(size=SIZE) as pilot:
            await _open_editor(pilot, row=1)
            text = screen_text(pilot)
            assert text.count("too large to compute exactly") == 2  # chart and numbers
            assert "✓ legal" in text  # the rest of the editor still works

    asyncio.run(run())


def test_suggest_sorts_by_the_column_chosen_and_tells_rows_apart(make_app):
    async def run() -> None:
        app = make_app()
        async with app.run_test(size=SIZE) as pilot:
            await _open_editor(pilot)
            await pilot.press("s")
            await settle(pilot)
            dialog = app.screen
            assert isinstance(dialog, SuggestDialog) and dialog.state == "ready"
            dealt = [s.delivered for s in dialog.front]
            assert dealt == sorted(dealt, reverse=True)  # most dealt first, as it opens
            assert "5 dealt▼" in screen_text(pilot)
            await pilot.press("1")  # by P(alive)
            await settle(pilot)
            alive = [s.alive for s in dialog.front]
            assert alive == sorted(alive, reverse=True)
            assert "1 alive▼" in screen_text(pilot)
            await pilot.press("3")  # by damage per round
            await settle(pilot)
            damage = [s.damage_all for s in dialog.front]
            assert damage == sorted(damage, reverse=True) and damage != [
                s.damage_all for s in sorted(dialog.front, key=lambda s: -s.alive)
            ]
            assert "3 damage▼" in screen_text(pilot)
            await pilot.press("4")  # by payload, lightest first
            await settle(pilot)
            payload = [s.payload for s in dialog.front]
            assert payload == sorted(payload)

    asyncio.run(run())


def test_decimals_grow_until_rows_that_differ_print_differently():
    assert suggesting.decimals([99.99931, 99.99912, 90.0], 1) == 4
    assert suggesting.decimals([90.9, 88.5], 1) == 1
    assert suggesting.decimals([100.0, 100.0], 1) == 1  # equal values need nothing more
