"""kill -9 during ``laminim play RECORD --do ACTIONS``: the record is the old one or the new one,
byte for byte, it opens, and the temp file a killed save left is gone once it is opened again.

Each run is a whole ``laminim`` process killed after a random delay within the time an unkilled
run takes (so some kills land while it reads, some while it replays and applies, some while it
writes). A few kills run in the suite; ``pytest -m slow`` runs 100 and prints the figures.
"""

from __future__ import annotations

import pytest

from tests.play.killing import KILLS, ROOT, kill_runs

TEAMS = (
    ROOT / "parts_catalog" / "laminim" / "demo_team.yaml",
    ROOT / "examples" / "laminim" / "rivals.yaml",
)
ACTIONS = (
    "".join(f"- {{do: centre, unit: {1 + i % 6}, distance: {i % 5}}}\n" for i in range(30))
    + "- {do: attack, by: 2, weapon: 1, target: 5, roll: true}\n- {do: end-round, roll: true}\n"
)


def test_a_killed_play_leaves_the_old_or_the_new_record(tmp_path):
    figures = kill_runs(tmp_path, TEAMS, ACTIONS, 3, seed=1)
    assert figures["corrupt"] == 0 and figures["temps left"] == 0, figures


@pytest.mark.slow
def test_a_hundred_killed_plays_leave_no_corrupt_record(tmp_path, capsys):
    figures = kill_runs(tmp_path, TEAMS, ACTIONS, KILLS, seed=7)
    with capsys.disabled():
        print(f"\nkill -9 during laminim play --do x{KILLS}: {figures}")
    assert figures["corrupt"] == 0 and figures["temps left"] == 0, figures
