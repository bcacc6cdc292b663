"""Snapshots of the team, unit editor and compare screens at fixed sizes (reviewed by eye).

Deterministic: the bundled catalog and demo team, no clock in the header, no cursor blink, and
the analysis workers finished before the picture is taken.
"""

from __future__ import annotations

import pytest
from textual.widgets import Input

from builder.systems.laminim.system import SYSTEM
from builder.tui.app import BuilderApp
from tests.tui.helpers import settle


@pytest.fixture(autouse=True)
def steady_cursor(monkeypatch) -> None:
    """A text field's cursor never blinks off in these pictures: the blink is a timer, and
    under load a tick can land after the pilot stopped it, between the last pause and the
    picture (the picker's search field once printed without its cursor)."""
    monkeypatch.setattr(
        Input, "_toggle_cursor", lambda self: setattr(self, "_cursor_visible", True)
    )


@pytest.fixture
def demo_app() -> BuilderApp:
    return BuilderApp.from_paths(None, None, SYSTEM.id)


async def _no_blink(pilot) -> None:
    """Stop every cursor blinking, shown. A blink the timer queued before it was paused can still
    hide the cursor a moment later (seen under load), so set it shown again after a pause."""
    for field in pilot.app.query(Input):
        field.cursor_blink = False
    await settle(pilot)
    for field in pilot.app.query(Input):
        field._cursor_visible = True


async def _open_editor(pilot) -> None:
    await settle(pilot)
    await pilot.press("enter")
    await settle(pilot)


async def _open_compare(pilot) -> None:
    await settle(pilot)
    await pilot.press("c")
    await settle(pilot)


async def _overloaded_editor(pilot) -> None:
    await _open_editor(pilot)
    await pilot.press("3")
    await settle(pilot)
    await _no_blink(pilot)
    await pilot.press(*"gatling", "enter")
    await settle(pilot)


@pytest.mark.parametrize("size", [(100, 32), (80, 24)], ids=["100x32", "80x24"])
def test_team_screen(snap_compare, demo_app, size):
    assert snap_compare(demo_app, terminal_size=size, run_before=settle)


@pytest.mark.parametrize("size", [(100, 32), (80, 24)], ids=["100x32", "80x24"])
def test_unit_editor_screen(snap_compare, demo_app, size):
    assert snap_compare(demo_app, terminal_size=size, run_before=_open_editor)


def test_unit_editor_over_payload(snap_compare, demo_app):
    assert snap_compare(demo_app, terminal_size=(100, 32), run_before=_overloaded_editor)


@pytest.mark.parametrize("size", [(100, 32), (80, 24)], ids=["100x32", "80x24"])
def test_compare_screen(snap_compare, demo_app, size):
    assert snap_compare(demo_app, terminal_size=size, run_before=_open_compare)


async def _japanese(pilot) -> None:
    await settle(pilot)
    await pilot.press("l")
    await settle(pilot)
    pilot.app.clear_notifications()  # the "日本語" notice gone (a pause outlived it only at times)
    await settle(pilot)


async def _japanese_editor(pilot) -> None:
    await _japanese(pilot)
    await pilot.press("enter")
    await settle(pilot)


async def _picker(pilot) -> None:
    await _open_editor(pilot)
    await pilot.press("3")
    await settle(pilot)
    await _no_blink(pilot)


def test_team_screen_japanese_80x24(snap_compare, demo_app):
    """Japanese at 80x24: the status column whole (✓ 適正), the weapons give way."""
    assert snap_compare(demo_app, terminal_size=(80, 24), run_before=_japanese)


def test_unit_editor_japanese_80x24(snap_compare, demo_app):
    """Japanese at 80x24: survival headers whole, slot-loss row on one line, best single shown."""
    assert snap_compare(demo_app, terminal_size=(80, 24), run_before=_japanese_editor)


def test_part_picker_80x24(snap_compare, demo_app):
    """The picker at 80 columns: a list header, every row on one line, details beside it."""
    assert snap_compare(demo_app, terminal_size=(80, 24), run_before=_picker)
