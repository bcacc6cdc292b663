"""In the TUI: rename a unit, duplicate another, save — all 17 comments of a commented file
(header, after values and keys, above units, inside a block list, at the end) are still there,
each beside what it was written for. (Saving once kept only 12 of them.)"""

from __future__ import annotations

import re
from pathlib import Path

from tests.roster.test_every_comment_kept import SEVENTEEN
from tests.tui.conftest import SIZE
from tests.tui.helpers import settle


async def test_rename_duplicate_and_save_keep_all_seventeen_comments(make_app, tmp_path: Path):
    path = tmp_path / "night.yaml"
    path.write_text(SEVENTEEN, encoding="utf-8")
    app = make_app(path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("r")  # Kestrel -> Hawk
        await settle(pilot)
        await pilot.press(*"\b" * 10, *"Hawk", "enter")
        await settle(pilot)
        await pilot.press("down", "d")  # Bulwark 2, a copy of Bulwark, below it
        await settle(pilot)
        assert [u.name for u in app.team.units] == ["Hawk", "Bulwark", "Bulwark 2"]
        await pilot.press("ctrl+s")
        await settle(pilot)
    text = path.read_text(encoding="utf-8")
    assert re.findall(r"#[^\n]*", text) == re.findall(r"#[^\n]*", SEVENTEEN)
    assert "  - name: Hawk      # c9 after name\n" in text  # the comment keeps its column
    assert "  # c13 between units\n  - name: Bulwark\n" in text
    assert "      - gatling   # c15 in block list\n      # c16 between block items\n" in text
    assert text.endswith(
        "  - name: Bulwark 2\n    frame: bastion\n"
        "    weapons: [gatling, missile, missile]\n# c17 at end\n"
    )
