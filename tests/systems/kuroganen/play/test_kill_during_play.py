"""kill -9 during a kuroganen ``laminim play RECORD --do ACTIONS``: the record is the old one or
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

ROUND = (  # on the demo map: a walk on the wreck and back, the sinkhole jumped and back, a push
    "- {do: move, unit: 1, to: [0, 2]}\n"
    "- {do: move, unit: 1, to: [1, 0]}\n"
    "- {do: move, unit: 2, path: [[5, 4], [4, 4], [3, 4]]}\n"
    "- {do: move, unit: 2, path: [[4, 4], [5, 4], [6, 4]]}\n"
    "- {do: push, unit: 3, to: [9, 7]}\n"
    "- {do: undo}\n"
    "- {do: end-round}\n"
)
ACTIONS = ROUND * 3


def _record(folder: Path) -> Path:
    shutil.copy(ROOT / "parts_catalog" / "kuroganen" / "demo_map.yaml", folder / "a.yaml")
    record = folder / "a.battle.yaml"
    Session.begin([folder / "a.yaml"], record, seed=3)
    return record


def test_a_killed_kuroganen_play_leaves_the_old_or_the_new_record(tmp_path):
    figures = killed_runs(_record(tmp_path), ACTIONS, 3, seed=1)
    assert figures["corrupt"] == 0 and figures["temps left"] == 0, figures


@pytest.mark.slow
def test_a_hundred_killed_kuroganen_plays_leave_no_corrupt_record(tmp_path, capsys):
    figures = killed_runs(_record(tmp_path), ACTIONS, KILLS, seed=7)
    with capsys.disabled():
        print(f"\nkill -9 during kuroganen laminim play --do x{KILLS}: {figures}")
    assert figures["corrupt"] == 0 and figures["temps left"] == 0, figures
