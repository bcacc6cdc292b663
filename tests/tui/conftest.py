"""Fixtures of the TUI tests: an app on the fake game's demo squad (the shell's own tests) or on
LAMINIM's bundled demo team (its screens' tests), each copied to a temp folder."""

from __future__ import annotations

import asyncio
import inspect
import shutil
from pathlib import Path

import pytest

from builder.core.resources import bundled_catalog_dir
from builder.systems.laminim.catalog import load_catalog
from builder.tui.app import BuilderApp

SIZE = (100, 32)


@pytest.fixture(scope="session")
def catalog():
    return load_catalog()


@pytest.fixture
def team_file(tmp_path: Path) -> Path:
    path = tmp_path / "team.yaml"
    shutil.copy((bundled_catalog_dir("laminim") / "demo_team.yaml"), path)
    return path


@pytest.fixture
def other_team(tmp_path: Path) -> Path:
    """A second team file with one unit (Solo, a bastion with a gatling gun)."""
    path = tmp_path / "other.yaml"
    path.write_text(
        "system: laminim\nname: Other\nunits:\n  - name: Solo\n    frame: bastion\n"
        "    weapons: [gatling, null, null]\n",
        encoding="utf-8",
    )
    return path


@pytest.fixture
def make_app(team_file):
    def make(path: Path | None = None) -> BuilderApp:
        return BuilderApp.from_paths(path or team_file, None)

    return make


@pytest.fixture
def fake_team_file(tmp_path: Path, fake_game) -> Path:
    path = tmp_path / "team.yaml"
    shutil.copy(fake_game.demo_file(), path)
    return path


@pytest.fixture
def make_fake_app(fake_game, fake_team_file):
    """An app on the fake game (tests/fake_game): its one screen, the shell's dialogs."""

    def make(path: Path | None = None) -> BuilderApp:
        return BuilderApp.from_paths(path or fake_team_file, None)

    return make


@pytest.hookimpl(tryfirst=True)
def pytest_pyfunc_call(pyfuncitem):
    """Run ``async def`` tests in a fresh event loop (no pytest-asyncio in the dev extras)."""
    if inspect.iscoroutinefunction(pyfuncitem.obj):
        names = pyfuncitem._fixtureinfo.argnames
        asyncio.run(pyfuncitem.obj(**{name: pyfuncitem.funcargs[name] for name in names}))
        return True
    return None
