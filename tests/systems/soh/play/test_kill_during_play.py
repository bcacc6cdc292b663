"""kill -9 during a soh ``laminim play RECORD --do ACTIONS``: the record is the old one or the
new one, byte for byte, it opens, and no temp file is left once it is opened again
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

ROUND = (  # side 2 declares first; the record rolls the attack and the evasion dice
    "- {do: evade, unit: 4, ap: 1}\n- {do: evade, unit: 5, ap: 0}\n"
    "- {do: evade, unit: 6, ap: 2}\n- {do: evade, unit: 1, ap: 1}\n"
    "- {do: evade, unit: 2, ap: 0}\n- {do: evade, unit: 3, ap: 1}\n"
    "- {do: attack, by: 3, weapon: 2, target: 4, roll: true}\n- {do: end}\n"
    "- {do: attack, by: 6, weapon: 1, target: 2, roll: true}\n"
    "- {do: end-round}\n"
)
ACTIONS = ROUND * 3


def _record(folder: Path) -> Path:
    shutil.copy(ROOT / "parts_catalog" / "soh" / "demo_crew.yaml", folder / "a.yaml")
    shutil.copy(ROOT / "examples" / "soh" / "my_crew.yaml", folder / "b.yaml")
    record = folder / "a.battle.yaml"
    Session.begin([folder / "a.yaml", folder / "b.yaml"], record, seed=3)
    return record


def test_a_killed_soh_play_leaves_the_old_or_the_new_record(tmp_path):
    figures = killed_runs(_record(tmp_path), ACTIONS, 3, seed=1)
    assert figures["corrupt"] == 0 and figures["temps left"] == 0, figures


@pytest.mark.slow
def test_a_hundred_killed_soh_plays_leave_no_corrupt_record(tmp_path, capsys):
    figures = killed_runs(_record(tmp_path), ACTIONS, KILLS, seed=7)
    with capsys.disabled():
        print(f"\nkill -9 during soh laminim play --do x{KILLS}: {figures}")
    assert figures["corrupt"] == 0 and figures["temps left"] == 0, figures
