"""Pilot tests of the soh TUI at 80×24: crew and planner, the odds panel recomputing per key,
characters side by side, English and Japanese."""

from __future__ import annotations

import asyncio
from pathlib import Path

from rich.cells import cell_len
from textual.widgets import DataTable, Input, Static

from builder.core.i18n import part_name
from builder.core.phrases import phrases
from builder.systems.soh.rules import odds
from builder.systems.soh.system import SYSTEM
from builder.systems.soh.text import pct
from builder.systems.soh.tui.screens import CompareScreen, CrewScreen, OddsScreen
from builder.tui.app import BuilderApp
from tests.tui.helpers import settle

DEMO = Path(__file__).parents[3] / "parts_catalog" / "soh" / "demo_crew.yaml"
SIZE = (80, 24)


def _app() -> BuilderApp:
    return BuilderApp.from_paths(None, None, SYSTEM.id)  # the demo crew, never saved over


def _text(pilot) -> str:  # type: ignore[no-untyped-def]
    strips = pilot.app.screen._compositor.render_strips()
    return "\n".join(strip.text.rstrip() for strip in strips)


def _run(body) -> None:  # type: ignore[no-untyped-def]
    async def main() -> None:
        app = _app()
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            await body(app, pilot)

    asyncio.run(main())


def test_crew_screen_shows_derived_values_and_the_planner_in_80x24():
    async def body(app, pilot):  # type: ignore[no-untyped-def]
        assert isinstance(app.screen, CrewScreen)
        text = _text(pilot)
        assert "Captain Ines" in text and "Pirate gunman" in text
        plan = app.screen.query_one("#plan-table", DataTable)
        assert plan.row_count == 7  # every split of Ines's 3 AP (revolver rate 3)
        lines = text.splitlines()
        assert len(lines) <= 24 and all(len(line) <= 80 for line in lines)
        await pilot.press("t")  # next opponent
        await settle(pilot)
        assert "Pirate trooper" in _text(pilot)
        await pilot.press("l")
        await settle(pilot)
        assert "イネス船長" in _text(pilot) and "相手" in _text(pilot)

    _run(body)


def test_odds_panel_recomputes_on_each_key_and_draws_bars():
    async def body(app, pilot):  # type: ignore[no-untyped-def]
        await pilot.press("o")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, OddsScreen)
        hit = screen.query_one("#in-hit", Input)
        hit.value = "9"
        await settle(pilot)
        v = screen.values
        expected = odds(**v)
        assert v["hit"] == 9
        summary = str(screen.query_one("#odds-summary", Static).render())
        assert pct(expected.p_hit) in summary
        bars = str(screen.query_one("#odds-bars", Static).render())
        assert "█" in bars and "×1" in bars
        hit.value = "x"
        await settle(pilot)
        assert "whole numbers: Hit = x" in str(screen.query_one("#odds-summary", Static).render())
        hit.value = ""  # an emptied field names itself, not Python's int() message
        await settle(pilot)
        message = str(screen.query_one("#odds-summary", Static).render())
        assert "Hit = —" in message and "literal" not in message
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, CrewScreen)

    _run(body)


def test_compare_marks_differences_side_by_side():
    async def body(app, pilot):  # type: ignore[no-untyped-def]
        await pilot.press("space", "down", "space", "c")
        await settle(pilot)
        assert isinstance(app.screen, CompareScreen)
        text = _text(pilot)
        assert "Captain Ines" in text and "Rook" in text and "Mei" not in text
        assert "22* +16" in text  # Rook's durability against A beats Ines's 6
        assert "Assault rifle~" in text  # another weapon: a plain difference, not "better"

    _run(body)


def test_80x24_in_both_languages_no_name_is_cut_while_its_row_has_room():
    """Issue 31 item 7: at 80×24 the crew table grows a row a line, between two names (then
    between two phrases, or words), rather than cut one: every character's gear and weapon is
    whole in the table itself (not only on the line under it), in English and in Japanese
    (「トルーパー・パワードスーツ」 was cut to 「トルーパー・パワードスー…」, 「リボルバー」
    to 「リボ…」, Assault rifle to Assault r…)."""

    async def body(app, pilot):  # type: ignore[no-untyped-def]
        for lang in ("en", "ja"):
            table = app.screen.query_one("#crew-table", DataTable)
            lines = _text(pilot).splitlines()
            assert len(lines) <= 24 and all(cell_len(line) <= 80 for line in lines)
            shown = "\n".join(lines[table.region.y : table.region.bottom])
            assert "…" not in shown, shown
            everyone, _ = app.screen.derived()
            for d in everyone:
                for weapon in d.weapons:  # each fits its column whole, on one line
                    assert part_name(weapon.weapon, lang) in shown, (lang, shown)
                gear = part_name(d.gear, lang) if d.gear else "—"
                for piece in phrases(gear):  # the widest gear breaks between its phrases
                    assert piece.strip() in shown, (lang, piece, shown)
            await pilot.press("l")
            await settle(pilot)

    _run(body)


def test_the_gear_and_weapons_are_spelled_out_below_the_table():
    async def body(app, pilot):  # type: ignore[no-untyped-def]
        await pilot.press("down")  # Rook, in a powered suit
        await settle(pilot)
        text = _text(pilot)
        assert "Rook: Gear Trooper powered suit · Assault rifle 2, Hand grenade 4" in text
        await pilot.press("l")
        await settle(pilot)
        text = _text(pilot)
        assert "ルーク: 装備 トルーパー・パワードスーツ" in text

    _run(body)
