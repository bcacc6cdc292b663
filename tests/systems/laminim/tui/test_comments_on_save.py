"""In the TUI: remove a unit, duplicate one, move one, save — every comment is still above
its own unit in the file (the saver once left a removed unit's comment on the next unit)."""

from __future__ import annotations

from pathlib import Path

from tests.tui.conftest import SIZE
from tests.tui.helpers import settle

TEAM = """system: laminim
name: Night
units:
  # the sniper
  - name: Kestrel
    frame: striker
    weapons: [rifle, missile, null]
  # the wall
  - name: Bulwark
    frame: bastion
    weapons: [gatling, missile, missile]
  # the runner
  - name: Swallow
    frame: lancer
    weapons: [smg, quick-booster, blade]
"""


def _comment_above(text: str, name: str) -> str | None:
    lines = text.splitlines()
    at = next(i for i, line in enumerate(lines) if line.strip() == f"- name: {name}")
    above = lines[at - 1].strip()
    return above if above.startswith("#") else None


async def test_remove_duplicate_and_move_then_save_keep_each_comment_on_its_unit(
    make_app, tmp_path: Path
):
    path = tmp_path / "night.yaml"
    path.write_text(TEAM, encoding="utf-8")
    app = make_app(path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("x")  # remove Kestrel (asks first)
        await settle(pilot)
        await pilot.press("y")
        await settle(pilot)
        assert [u.name for u in app.team.units] == ["Bulwark", "Swallow"]
        await pilot.press("d")  # duplicate Bulwark: Bulwark, Bulwark 2, Swallow
        await pilot.press("shift+down")  # the cursor is on Bulwark 2: below Swallow
        await settle(pilot)
        assert [u.name for u in app.team.units] == ["Bulwark", "Swallow", "Bulwark 2"]
        await pilot.press("ctrl+s")
        await settle(pilot)
    text = path.read_text(encoding="utf-8")
    assert "# the sniper" not in text
    assert _comment_above(text, "Bulwark") == "# the wall"
    assert _comment_above(text, "Swallow") == "# the runner"
    assert _comment_above(text, "Bulwark 2") is None
