"""kill -9 during an artifact ``laminim play RECORD --do ACTIONS``: the record is the old one or
the new one, byte for byte, it opens, and no temp file is left once it is opened again
(``tests/play/kill_runs.py``). A few kills run in the suite; ``pytest -m slow`` runs 100 and
prints the figures.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from builder.play.session import Session
from tests.play.kill_runs import killed_runs

ROOT = Path(__file__).resolve().parents[4]
KILLS = 100

ROUND = (  # side 2 first; Rick Dias 3's beam pistol (4 dice, D1) at Nightingale (HP 12)
    "- {do: initiative, dice: [1, 6]}\n"
    "- {do: move, unit: 6, distance: 3}\n- {do: end}\n"
    "- {do: move, unit: 2, distance: 3}\n- {do: end}\n"
    "- {do: attack, by: 8, weapon: 1, target: 2, evade: true, roll: true}\n- {do: end}\n"
    "- {do: end-round}\n"
)
ACTIONS = ROUND * 3


def _record(folder: Path) -> Path:
    shutil.copy(ROOT / "parts_catalog" / "artifact" / "demo_force.yaml", folder / "a.yaml")
    shutil.copy(ROOT / "examples" / "artifact" / "londo_bell.yaml", folder / "b.yaml")
    record = folder / "a.battle.yaml"
    Session.begin([folder / "a.yaml", folder / "b.yaml"], record, seed=3)
    return record


def test_a_killed_artifact_play_leaves_the_old_or_the_new_record(tmp_path):
    figures = killed_runs(_record(tmp_path), ACTIONS, 3, seed=1)
    assert figures["corrupt"] == 0 and figures["temps left"] == 0, figures


@pytest.mark.slow
def test_a_hundred_killed_artifact_plays_leave_no_corrupt_record(tmp_path, capsys):
    figures = killed_runs(_record(tmp_path), ACTIONS, KILLS, seed=7)
    with capsys.disabled():
        print(f"\nkill -9 during artifact laminim play --do x{KILLS}: {figures}")
    assert figures["corrupt"] == 0 and figures["temps left"] == 0, figures
