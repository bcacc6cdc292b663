"""The compare screen appears at once — names, stats, "computing…" — and fills in the survival
columns from a worker, never a blank screen while D12 is computed."""

from __future__ import annotations

import shutil
import threading
from pathlib import Path

import pytest

from builder.systems.artifact.tui import compare_screen
from builder.systems.artifact.tui.compare_screen import CompareScreen
from builder.tui.app import BuilderApp
from tests.tui.helpers import screen_text, settle

from ..conftest import CATALOG_DIR


@pytest.fixture
def force_file(tmp_path: Path) -> Path:
    path = tmp_path / "force.yaml"
    shutil.copy(CATALOG_DIR / "demo_force.yaml", path)
    return path


async def test_compare_shows_the_table_before_survival_is_computed(force_file, monkeypatch):
    release = threading.Event()
    real = compare_screen.survive

    def slow(*args, **kwargs):  # type: ignore[no-untyped-def]
        release.wait(60)  # released by the test; the bound only ends a failed run
        return real(*args, **kwargs)

    monkeypatch.setattr(compare_screen, "survive", slow)
    app = BuilderApp.from_paths(force_file, None)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, CompareScreen)
        text = screen_text(pilot)
        assert "computing…" in text
        assert "Nightingale" in text and "12*" in text  # HP needs no computing
        assert "39.3%" not in text
        release.set()
        await settle(pilot)
        text = screen_text(pilot)
        assert "computing…" not in text and "39.3%" in text
