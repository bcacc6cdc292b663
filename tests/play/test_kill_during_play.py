"""kill -9 during ``laminim play RECORD --do ACTIONS``: the record is the old one or the new one,
byte for byte, it opens, and the temp file a killed save left is gone once it is opened again
(``tests/play/kill_runs.py``). A few kills run in the suite; ``pytest -m slow`` runs 100 and
prints the figures.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from builder.play.session import Session
from tests.play.kill_runs import killed_runs

ROOT = Path(__file__).resolve().parents[2]
KILLS = 100

ACTIONS = (
    "".join(f"- {{do: centre, unit: {1 + i % 6}, distance: {i % 5}}}\n" for i in range(30))
    + "- {do: attack, by: 2, weapon: 1, target: 5, roll: true}\n- {do: end-round, roll: true}\n"
)


def _record(folder: Path) -> Path:
    shutil.copy(ROOT / "parts_catalog" / "laminim" / "demo_team.yaml", folder / "demo.yaml")
    shutil.copy(ROOT / "examples" / "laminim" / "rivals.yaml", folder / "rivals.yaml")
    record = folder / "demo.battle.yaml"
    Session.begin([folder / "demo.yaml", folder / "rivals.yaml"], record, seed=3)
    return record


def test_a_killed_play_leaves_the_old_or_the_new_record(tmp_path):
    figures = killed_runs(_record(tmp_path), ACTIONS, 3, seed=1)
    assert figures["corrupt"] == 0 and figures["temps left"] == 0, figures


@pytest.mark.slow
def test_a_hundred_killed_plays_leave_no_corrupt_record(tmp_path, capsys):
    figures = killed_runs(_record(tmp_path), ACTIONS, KILLS, seed=7)
    with capsys.disabled():
        print(f"\nkill -9 during laminim play --do x{KILLS}: {figures}")
    assert figures["corrupt"] == 0 and figures["temps left"] == 0, figures
