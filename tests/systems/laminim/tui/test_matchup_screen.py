"""``m`` on the team screen (issue 37 item 3, the TUI view): the other team picked in the file
dialog, the match-up computed in a worker, both teams' matrices of P(alive) and damage
delivered with each team's best and worst pairing, in the player's language, at 80x24 — the
numbers exactly ``laminim matchup OPEN_FILE OTHER_FILE --json``'s. Artifact forces get the same
view from their force screen."""

from __future__ import annotations

import io
import json
import shutil
from contextlib import redirect_stdout
from pathlib import Path

from textual.containers import VerticalScroll

from builder.cli import main
from builder.core.resources import bundled_catalog_dir
from builder.tui.app import BuilderApp
from builder.tui.screens.matchup_screen import MatchupScreen
from tests.tui.helpers import choose_file, screen_text, settle

SIZE = (80, 24)
ROOT = Path(__file__).parents[4]


def _cli(a: Path, b: Path) -> dict:
    out = io.StringIO()
    with redirect_stdout(out):
        assert main(["matchup", str(a), str(b), "--json"]) == 0
    return json.loads(out.getvalue())


def _same_numbers(screen: MatchupScreen, want: dict) -> None:
    """Every cell of the screen's match-up is the command's, both ways, names included."""
    m = screen.result
    assert m is not None and not screen.refused
    assert len(want["sides"]) == 2
    for side, said in zip(m.sides, want["sides"], strict=True):
        assert side.team == said["team"]
        assert list(side.units) == [u["name"] for u in said["units"]]
        for row, unit in zip(side.cells, said["units"], strict=True):
            assert [(c.alive, c.delivered) for c in row] == [
                (c["alive"], c["delivered"]) for c in unit["against"]
            ]


async def _open_matchup(pilot, other: Path) -> MatchupScreen:
    await settle(pilot)
    await pilot.press("m")
    await settle(pilot)
    await choose_file(pilot, other)
    await settle(pilot)
    screen = pilot.app.screen
    assert isinstance(screen, MatchupScreen), type(screen).__name__
    return screen


async def test_m_opens_the_matchup_with_the_commands_numbers_in_both_languages(
    make_app, team_file, tmp_path
):
    rivals = tmp_path / "rivals.yaml"
    shutil.copy(ROOT / "examples" / "laminim" / "rivals.yaml", rivals)
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await _open_matchup(pilot, rivals)
        _same_numbers(screen, _cli(team_file, rivals))
        text = screen_text(pilot)
        assert "Match-up: Test-play samples vs Rivals" in text
        assert "P(alive after 6 rounds)" in text
        assert "Bulwark        2.2%   0.5%  96.4%" in text
        assert all(len(line) <= 80 for line in text.splitlines())
        body = screen.query_one(VerticalScroll)
        assert body.max_scroll_y > 0  # the rest is scrolled to
        await pilot.press("end")
        await settle(pilot)
        text = screen_text(pilot)
        assert "Worst pairing: Heron against Bulwark (delivers 4.0, alive 0.0%)" in text
        await pilot.press("l")  # the shell's language switch: drawn again, not recomputed
        await settle(pilot)
        await pilot.press("home")
        await settle(pilot)
        text = screen_text(pilot)
        assert "対戦表：テストプレイ見本 対 Rivals" in text
        assert "ブルワーク     2.2%   0.5%  96.4%" in text
        assert "Kestrel" not in text and "Best" not in text
        _same_numbers(screen, _cli(team_file, rivals))
        await pilot.press("f1")  # the help says this screen's keys first
        await settle(pilot)
        assert "両チームの表と組み合わせをスクロール" in screen_text(pilot)
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is screen
        await pilot.press("escape")
        await settle(pilot)
        assert not isinstance(app.screen, MatchupScreen)


async def test_a_file_that_cannot_be_matched_says_its_problems(make_app, tmp_path):
    broken = tmp_path / "broken.yaml"
    broken.write_text(
        "system: laminim\nname: B\nunits:\n  - {name: X, frame: nothing, weapons: []}\n",
        encoding="utf-8",
    )
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await _open_matchup(pilot, broken)
        assert screen.result is None and screen.refused
        lines = [line.strip() for line in screen_text(pilot).splitlines()]
        assert "cannot be matched against this team" in " ".join(" ".join(lines).split())
        assert "broken.yaml:4:" in "".join(lines)  # a long path wraps anywhere
        assert "frame" in " ".join(lines)


async def test_an_artifact_force_gets_the_same_view(tmp_path):
    force = tmp_path / "force.yaml"
    shutil.copy(bundled_catalog_dir("artifact") / "demo_force.yaml", force)
    other = ROOT / "examples" / "artifact" / "londo_bell.yaml"
    app = BuilderApp.from_paths(force, None)
    async with app.run_test(size=SIZE) as pilot:
        screen = await _open_matchup(pilot, other)
        _same_numbers(screen, _cli(force, other))
        text = screen_text(pilot)
        assert "Match-up: Sleeves vanguard vs Londo Bell" in text
        assert "P(alive after 6 activations)" in text
