"""kill -9 during ``laminim play RECORD --do ACTIONS``, for any game: the record is the old one
or the new one, byte for byte, it opens, and no temp file is left once it is opened again.

Each run is a whole ``laminim`` process killed after a random delay within the time an unkilled
run takes (so some kills land while it reads, some while it replays and applies, some while it
writes). Each game's test runs a few kills in the suite and 100 under ``pytest -m slow``.
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

ROOT = Path(__file__).resolve().parents[2]
KILLS = 100
"""Kills of the slow runs."""


def _command(record: Path, do: Path) -> list[str]:
    return [sys.executable, "-m", "builder", "play", str(record), "--do", str(do)]


def kill_runs(
    tmp_path: Path, teams: tuple[Path, Path], actions: str, kills: int, seed: int
) -> dict[str, int]:
    """Start a record of ``teams`` (copied into ``tmp_path``), apply ``actions`` once unkilled,
    then ``kills`` times killed: how often the old record, the new one, a corrupt one and a temp
    file left were found."""
    from builder.play.session import Session
    from builder.roster.team_file import temp_pattern

    shutil.copy(teams[0], tmp_path / "a.yaml")
    shutil.copy(teams[1], tmp_path / "b.yaml")
    record = tmp_path / "a.battle.yaml"
    Session.begin([tmp_path / "a.yaml", tmp_path / "b.yaml"], record, seed=3)
    do = tmp_path / "do.yaml"
    do.write_text(actions, encoding="utf-8")
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
