"""LAMINIM's main TUI flows, driven by keyboard through Textual's pilot: build a unit, the
picker, compare, rename and save, open, reorder, print. The shell's own dialogs (save as, quit,
open errors) are tested on the fake game in tests/tui/test_shell_flows.py."""

from __future__ import annotations

from pathlib import Path

from builder.roster.team_file import load_team
from builder.systems.laminim.legality import check_unit
from builder.systems.laminim.tui.dialogs.part_picker_dialog import PartPickerDialog
from builder.systems.laminim.tui.screens.compare_screen import CompareScreen
from builder.systems.laminim.tui.screens.team_screen import TeamScreen
from builder.systems.laminim.tui.screens.unit_editor_screen import UnitEditorScreen
from builder.systems.laminim.tui.widgets.payload_meter import PayloadMeter
from builder.tui.dialogs.prompt_dialog import PromptDialog
from tests.tui.conftest import SIZE
from tests.tui.helpers import choose_file, screen_text, settle


async def test_starts_on_the_team_screen_with_every_unit_legal(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, TeamScreen)
        text = screen_text(pilot)
        for name in ("Kestrel", "Bulwark", "Swallow", "Team is legal"):
            assert name in text
        assert "●" not in app.title


async def test_build_a_legal_unit_from_empty_slots_by_keyboard_only(make_app, catalog):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("x", "y")  # remove Kestrel so the team has room for the new unit
        await settle(pilot)
        await pilot.press("a")  # new unit: first frame, three empty slots -> editor
        await settle(pilot)
        assert isinstance(app.screen, UnitEditorScreen)
        new = app.team.units[-1]
        assert new.mounted() == []
        assert not check_unit(new, catalog).legal
        assert "weapons mounted" in screen_text(pilot)

        await pilot.press("1")
        await settle(pilot)
        assert isinstance(app.screen, PartPickerDialog)
        await pilot.press(*"rifle", "enter")
        await settle(pilot)
        await pilot.press("2", *"missile", "enter")
        await settle(pilot)

        unit = app.team.units[-1]
        assert unit.weapons[:2] == ["rifle", "missile"]
        assert check_unit(unit, catalog).legal
        text = screen_text(pilot)
        assert "✓ legal" in text
        assert "Exposure 5/6" in text  # the silhouette followed the change
        assert "R6" in text
        meter = app.screen.query_one(PayloadMeter)
        assert meter.has_class("-warn")  # 7 of 8: legal but near the limit
        await pilot.press("escape")
        await settle(pilot)
        assert "Team is legal" in screen_text(pilot)
        assert app.title.startswith("●")


async def test_over_the_payload_limit_shows_the_error(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("enter")  # Kestrel: striker, rifle + missile = 7/8
        await settle(pilot)
        meter = app.screen.query_one(PayloadMeter)
        assert meter.has_class("-warn")
        await pilot.press("3", *"gatling", "enter")  # +6 -> 13/8
        await settle(pilot)
        assert meter.has_class("-over")
        text = screen_text(pilot)
        assert "13/8" in text
        assert "over the limit by 5" in text
        await pilot.press("escape")
        await settle(pilot)
        text = screen_text(pilot)
        assert "ILLEGAL" in text
        assert "Team is not legal" in text
        assert "payload 13/8" in text


async def test_picker_sorts_and_shows_the_highlighted_part(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("enter", "3")
        await settle(pilot)
        picker = app.screen
        assert isinstance(picker, PartPickerDialog)
        await pilot.press("ctrl+t")  # sort by weight, lightest first
        await settle(pilot)
        assert "Sort: weight" in screen_text(pilot)
        await pilot.press("down")
        await settle(pilot)
        text = screen_text(pilot)
        assert "Durability" in text  # the details panel of the highlighted part
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, UnitEditorScreen)
        assert app.team.units[0].slot(2) is None


async def test_compare_two_units(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("space", "down", "space", "c")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, CompareScreen)
        assert [e.unit.name for e in screen.entries] == ["Kestrel", "Bulwark"]
        text = screen_text(pilot)
        assert "Kestrel" in text and "Bulwark" in text
        assert "40*" in text  # Bulwark's frame durability beats Kestrel's 20
        assert "Bastion~" in text  # another frame: a plain difference, not "better"
        assert "● Kestrel" in text and "▲ Bulwark" in text  # overlaid curves' legend
        await pilot.press("t")  # another threat recomputes both columns
        await settle(pilot)
        assert screen.state.threat_id != app.catalog.default_threat
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, TeamScreen)


async def test_compare_the_unit_being_edited(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("enter", "c")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, CompareScreen)
        assert len(screen.entries) == 3
        assert "Kestrel (editing)" in screen_text(pilot)


async def test_save_and_reload_keeps_changes_and_comments(make_app, team_file: Path):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("down", "r")
        await settle(pilot)
        assert isinstance(app.screen, PromptDialog)
        await pilot.press(*"Anvil", "enter")  # the old name is selected: typing replaces it
        await settle(pilot)
        if app.team.units[1].name != "Anvil":  # fallback if select-all did not replace
            field = app.screen
            raise AssertionError(f"rename failed: {app.team.units[1].name} on {field}")
        await pilot.press("enter", "backspace", "escape")  # empty... the frame row: no-op
        await settle(pilot)
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert "●" not in app.title
    text = team_file.read_text(encoding="utf-8")
    assert "- name: Anvil" in text
    assert "# 重装型 sample" in text  # the file's comments survive the save
    assert "weapons: [gatling, missile, missile]" in text
    reloaded = load_team(team_file)[1]
    assert [u.name for u in reloaded.units] == ["Kestrel", "Anvil", "Swallow"]


async def test_open_a_good_file_replaces_the_team(make_app, other_team: Path):
    other = other_team
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+o")
        await settle(pilot)
        await choose_file(pilot, other)
        assert app.team.name == "Other"
        text = screen_text(pilot)
        assert "Solo" in text
        assert "the team has 1 unit; a team has 3" in text


async def test_team_screen_reorders_and_toggles_language(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("shift+down")
        await settle(pilot)
        assert [u.name for u in app.team.units] == ["Bulwark", "Kestrel", "Swallow"]
        await pilot.press("shift+up")
        await settle(pilot)
        assert [u.name for u in app.team.units] == ["Kestrel", "Bulwark", "Swallow"]
        assert "●" not in app.title  # back to what was saved
        await pilot.press("l")
        await settle(pilot)
        text = screen_text(pilot)
        assert "ライフル" in text and "チーム" in text
        await pilot.press("f1")
        await settle(pilot)
        # the key cap's name, as a Japanese player reads (Ctrl+Q is below the fold: S was added)
        assert "Ctrl+S" in screen_text(pilot)


async def test_print_runs_in_a_worker_and_lists_the_written_files(make_app, tmp_path, monkeypatch):
    import builder.render.batch as batch

    calls = {}

    def fake_render(printouts, out_dir, team_name, *, progress):
        cards = printouts[0].context
        calls.update(
            paper=cards["page"]["paper"],
            lang=cards["lang"],
            card_size=cards["card_size"],
            out_dir=out_dir,
        )
        paths = []
        for done, kind in enumerate(("cards", "tokens", "markers")):
            progress(kind, done, 3)
            paths.append(Path(out_dir) / f"team-{kind}.pdf")
        progress("done", 3, 3)
        return paths

    monkeypatch.setattr(batch, "render_printouts", fake_render)
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("p")
        await settle(pilot)
        app.screen.query_one("#out-dir").value = str(tmp_path)
        await pilot.click("#print")
        await settle(pilot)
        text = screen_text(pilot)
        assert "done: 3 file(s) written" in text
        assert "team-markers.pdf" in text
        assert calls == {"paper": "a4", "lang": "en", "card_size": "poker", "out_dir": tmp_path}
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, TeamScreen)


async def test_a_new_unit_is_named_in_the_players_language(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("l", "x", "y", "a")  # Japanese, room for one more, a new unit
        await settle(pilot)
        assert app.team.units[-1].name == "ユニット"
