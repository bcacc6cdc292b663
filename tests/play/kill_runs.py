"""kill -9 during ``laminim play RECORD --do ACTIONS``, for any game's record: a helper for the
kill tests of each game (the record is the old one or the new one, byte for byte, it opens, and
no temp file is left once it is opened again).

Each run is a whole ``laminim`` process killed after a random delay within the time an unkilled
run takes, so kills land while it reads, replays and applies, and writes.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

from builder.roster.team_file import temp_pattern

ROOT = Path(__file__).resolve().parents[2]


def _command(record: Path, do: Path) -> list[str]:
    return [sys.executable, "-m", "builder", "play", str(record), "--do", str(do)]


def killed_runs(record: Path, actions: str, kills: int, seed: int) -> dict[str, int]:
    """Apply ``actions`` to ``record`` (started, in a folder of its own) ``kills`` times, each
    killed at a random moment; the figures: how often the old or the new record was left, how
    often neither (corrupt), and the temp files left after it was opened again."""
    from builder.play.session import Session

    folder = record.parent
    do = folder / "do.yaml"
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
        figures["temps left"] += len([p for p in folder.iterdir() if pattern.fullmatch(p.name)])
    return figures
