"""A file with problems opens anyway, on a problems screen listing what ``laminim check``
reports, in its order, each ``file:line:col`` in the player's language: what the editor can hold
is fixed in place (enter goes to it), what it cannot gets the advice to fix it in a text editor
and ctrl+r to reload."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from builder.tui.app import BuilderApp
from builder.tui.screens.problems_screen import ProblemsScreen
from tests.tui.helpers import screen_text, settle

EXAMPLES = Path(__file__).parents[2] / "examples"
MISTAKES = sorted(
    p
    for p in EXAMPLES.glob("*/*.yaml")
    if p.name.startswith(("broken_", "illegal_")) or p.name == "five_mistakes.yaml"
)


def checked(path: Path, cli) -> list[str]:
    """What ``laminim check`` reports of ``path``: ``--json``'s errors, then its warnings,
    each as ``file:line:col: field: message``; for a file it cannot use at all, the lines it
    prints instead."""
    result = cli("check", str(path), "--json")
    if not result.out.strip():
        return [line.removeprefix("warning: ") for line in result.err.splitlines() if line]
    data = json.loads(result.out)
    found = [*data.get("errors", []), *data.get("warnings", [])]
    return [
        f"{p['file']}:{p['line']}:{p['col']}: {p['field'] + ': ' if p['field'] else ''}"
        f"{p['message']}"
        for p in found
    ]


def flat(text: str) -> str:
    """The screen's text without its line breaks, blanks and borders (a long path wraps)."""
    return re.sub(r"[█▌│▎▊]", "", "".join(text.split()))


def test_every_game_has_a_multi_mistake_example():
    assert {p.parent.name for p in MISTAKES} == {"laminim", "artifact", "soh", "kuroganen"}


async def test_each_multi_mistake_file_lists_what_check_reports_in_its_order(cli):
    expected = {path: checked(path, cli) for path in MISTAKES}  # before the app takes stdout
    app = BuilderApp.from_paths(MISTAKES[0], None)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for path in MISTAKES:
            app.open_team(path)
            await settle(pilot)
            app.action_problems()
            await settle(pilot)
            screen = app.screen
            assert isinstance(screen, ProblemsScreen), path
            shown = [p.show("en") for p in screen.problems]
            assert shown == expected[path], path
            assert f"{path.name}:{screen.problems[0].line}" in flat(screen_text(pilot))


@pytest.mark.parametrize("lang", ["en", "ja"])
async def test_a_file_the_editor_cannot_hold_says_fix_it_in_a_text_editor_and_reload(
    tmp_path, lang
):
    path = tmp_path / "broken_map.yaml"
    shutil.copy(EXAMPLES / "kuroganen" / "broken_map.yaml", path)
    app = BuilderApp.from_paths(path, None, lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, ProblemsScreen)
        text = screen_text(pilot)
        assert "broken_map.yaml:6:9" in flat(text), text
        assert "ctrl+r" in text
        assert ("テキストエディタ" in text) == (lang == "ja")
        await pilot.press("escape")  # nothing under it: it stays
        await settle(pilot)
        assert isinstance(app.screen, ProblemsScreen)
        good = (EXAMPLES / "kuroganen" / "ledge.yaml").read_text(encoding="utf-8")
        path.write_text(good, encoding="utf-8")  # fixed in a text editor
        await pilot.press("ctrl+r")
        await settle(pilot)
        assert type(app.screen).__name__ == "MapScreen"
        assert app.team is not None and app.path == path


async def test_a_problem_the_editor_can_fix_is_fixed_in_place(tmp_path):
    path = tmp_path / "typo.yaml"
    path.write_text(
        "system: laminim\nname: Typo\nunits:\n"
        "  - {name: A, frame: striker, weapons: [rifle, null, null]}\n"
        "  - {name: B, frame: striker, weapons: [rifel, null, null]}\n"
        "  - {name: C, frame: striker, weapons: [rifle, null, null]}\n",
        encoding="utf-8",
    )
    app = BuilderApp.from_paths(path, None)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot)
        assert type(app.screen).__name__ == "TeamScreen"  # the editor can fix it: opened on it
        assert "F8" in screen_text(pilot)  # the notice says where the problems are listed
        await pilot.press("f8")
        await settle(pilot)
        assert isinstance(app.screen, ProblemsScreen)  # an unknown part: bad input, listed
        assert "typo.yaml:5:41" in flat(screen_text(pilot))
        await pilot.press("enter")  # go to it: B's row on the team screen
        await settle(pilot)
        assert type(app.screen).__name__ == "TeamScreen"
        assert app.screen.cursor() == 1
        await pilot.press("enter", "1")  # B's editor, slot 1's picker
        await settle(pilot)
        await pilot.press(*"rifle", "enter")
        await settle(pilot)
        assert app.team.units[1].weapons[0] == "rifle"
        assert app.doc is not None and app.doc.problems == ()
