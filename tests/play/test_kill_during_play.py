"""kill -9 during ``laminim play RECORD --do ACTIONS``: the record is the old one or the new one,
byte for byte, it opens, and the temp file a killed save left is gone once it is opened again.

Each run is a whole ``laminim`` process killed after a random delay within the time an unkilled
run takes (so some kills land while it reads, some while it replays and applies, some while it
writes). A few kills run in the suite; ``pytest -m slow`` runs 100 and prints the figures.
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

ROOT = Path(__file__).resolve().parents[2]
KILLS = 100

ACTIONS = (
    "".join(f"- {{do: centre, unit: {1 + i % 6}, distance: {i % 5}}}\n" for i in range(30))
    + "- {do: attack, by: 2, weapon: 1, target: 5, roll: true}\n- {do: end-round, roll: true}\n"
)


def _command(record: Path, do: Path) -> list[str]:
    return [sys.executable, "-m", "builder", "play", str(record), "--do", str(do)]


def _runs(tmp_path: Path, kills: int, seed: int) -> dict[str, int]:
    from builder.play.session import Session

    shutil.copy(ROOT / "parts_catalog" / "laminim" / "demo_team.yaml", tmp_path / "demo.yaml")
    shutil.copy(ROOT / "examples" / "laminim" / "rivals.yaml", tmp_path / "rivals.yaml")
    record = tmp_path / "demo.battle.yaml"
    Session.begin([tmp_path / "demo.yaml", tmp_path / "rivals.yaml"], record, seed=3)
    do = tmp_path / "do.yaml"
    do.write_text(ACTIONS, encoding="utf-8")
    old = record.read_bytes()
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    start = time.perf_counter()
    subprocess.run(_command(record, do), env=env, capture_output=True, check=True)
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
        left = [p for p in tmp_path.iterdir() if pattern.fullmatch(p.name)]
        figures["temps left"] += len(left)
    return figures


def test_a_killed_play_leaves_the_old_or_the_new_record(tmp_path):
    figures = _runs(tmp_path, 3, seed=1)
    assert figures["corrupt"] == 0 and figures["temps left"] == 0, figures


@pytest.mark.slow
def test_a_hundred_killed_plays_leave_no_corrupt_record(tmp_path, capsys):
    figures = _runs(tmp_path, KILLS, seed=7)
    with capsys.disabled():
        print(f"\nkill -9 during laminim play --do x{KILLS}: {figures}")
    assert figures["corrupt"] == 0 and figures["temps left"] == 0, figures
