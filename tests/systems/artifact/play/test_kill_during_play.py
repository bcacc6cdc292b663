"""kill -9 during an artifact ``laminim play RECORD --do ACTIONS``: the record is the old one or
the new one, byte for byte, it opens, and no temp file is left once it is opened again.

Each run is a whole ``laminim`` process killed after a random delay within the time an unkilled
run takes (kills land while it reads, replays and applies, and writes). A few kills run in the
suite; ``pytest -m slow`` runs 100 and prints the figures.
"""

from __future__ import annotations

import os
import random
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from builder.roster.team_file import temp_pattern

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


def _command(record: Path, do: Path) -> list[str]:
    return [sys.executable, "-m", "builder", "play", str(record), "--do", str(do)]


def _runs(tmp_path: Path, kills: int, seed: int) -> dict[str, int]:
    from builder.play.session import Session

    shutil.copy(ROOT / "parts_catalog" / "artifact" / "demo_force.yaml", tmp_path / "a.yaml")
    shutil.copy(ROOT / "examples" / "artifact" / "londo_bell.yaml", tmp_path / "b.yaml")
    record = tmp_path / "a.battle.yaml"
    Session.begin([tmp_path / "a.yaml", tmp_path / "b.yaml"], record, seed=3)
    do = tmp_path / "do.yaml"
    do.write_text(ACTIONS, encoding="utf-8")
    old = record.read_bytes()
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    start = time.perf_counter()
    done = subprocess.run(_command(record, do), env=env, capture_output=True, check=False)
    assert done.returncode == 0, done.stderr.decode()
    whole = time.perf_counter() - start
    new = record.read_bytes()
    assert new != old
    rng = random.Random(seed)
    figures = {"old": 0, "new": 0, "corrupt": 0, "temps left": 0}
    pattern = temp_pattern(record.name)
    for _ in range(kills):
        record.write_bytes(old)
        child = subprocess.Popen(
            _command(record, do), env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        time.sleep(rng.uniform(0.0, whole * 1.1))
        child.send_signal(signal.SIGKILL)
        child.wait()
        found = record.read_bytes()
        if found == old:
            figures["old"] += 1
        elif found == new:
            figures["new"] += 1
        else:
            figures["corrupt"] += 1
            continue
        Session.open(record)  # it opens, and what the killed save left is cleared
        figures["temps left"] += len([p for p in tmp_path.iterdir() if pattern.fullmatch(p.name)])
    return figures


def test_a_killed_artifact_play_leaves_the_old_or_the_new_record(tmp_path):
    figures = _runs(tmp_path, 3, seed=1)
    assert figures["corrupt"] == 0 and figures["temps left"] == 0, figures


@pytest.mark.slow
def test_a_hundred_killed_artifact_plays_leave_no_corrupt_record(tmp_path, capsys):
    figures = _runs(tmp_path, KILLS, seed=7)
    with capsys.disabled():
        print(f"\nkill -9 during artifact laminim play --do x{KILLS}: {figures}")
    assert figures["corrupt"] == 0 and figures["temps left"] == 0, figures
