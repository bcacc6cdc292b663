"""kill -9 during an artifact ``laminim play RECORD --do ACTIONS``: the record is the old one or
the new one, byte for byte, it opens, and no temp file is left once it is opened again.

Each run is a whole ``laminim`` process killed after a random delay within the time an unkilled
run takes (kills land while it reads, replays and applies, and writes). A few kills run in the
suite; ``pytest -m slow`` runs 100 and prints the figures.
"""

from __future__ import annotations

import pytest

from tests.play.killing import KILLS, ROOT, kill_runs

TEAMS = (
    ROOT / "parts_catalog" / "artifact" / "demo_force.yaml",
    ROOT / "examples" / "artifact" / "londo_bell.yaml",
)
ROUND = (  # side 2 first; Rick Dias 3's beam pistol (4 dice, D1) at Nightingale (HP 12)
    "- {do: initiative, dice: [1, 6]}\n"
    "- {do: move, unit: 6, distance: 3}\n- {do: end}\n"
    "- {do: move, unit: 2, distance: 3}\n- {do: end}\n"
    "- {do: attack, by: 8, weapon: 1, target: 2, evade: true, roll: true}\n- {do: end}\n"
    "- {do: end-round}\n"
)
ACTIONS = ROUND * 3


def test_a_killed_artifact_play_leaves_the_old_or_the_new_record(tmp_path):
    figures = kill_runs(tmp_path, TEAMS, ACTIONS, 3, seed=1)
    assert figures["corrupt"] == 0 and figures["temps left"] == 0, figures


@pytest.mark.slow
def test_a_hundred_killed_artifact_plays_leave_no_corrupt_record(tmp_path, capsys):
    figures = kill_runs(tmp_path, TEAMS, ACTIONS, KILLS, seed=7)
    with capsys.disabled():
        print(f"\nkill -9 during artifact laminim play --do x{KILLS}: {figures}")
    assert figures["corrupt"] == 0 and figures["temps left"] == 0, figures
