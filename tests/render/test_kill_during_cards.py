"""A ``cards`` run killed outright (``kill -9``, the OOM killer) leaves no partial PDF under a
final name and no layout worker behind. (Once in 13 well-timed kills a 0-byte PDF stayed under
its real name, which was written directly; in 7 of 13 the forked workers lived on for good,
~95 MB each, never learning their parent had died.)

Here: a writer killed at random moments of :func:`create_new` (the PDFs' writer) never leaves
a partial file under a final name; a forked worker dies within a second of its parent. The
whole ``cards`` run killed at random moments runs in the ``slow`` mark (and ×100 in
``bench/kill_runs.py``).
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from builder.core.outfiles import create_new, temp_pattern

ROOT = Path(__file__).resolve().parents[2]
SIZE = 8 << 20

WRITER = textwrap.dedent(
    """
    import sys
    from pathlib import Path
    sys.path.insert(0, sys.argv[2])
    from builder.core.outfiles import create_new
    out = Path(sys.argv[1])
    data = bytes(range(256)) * ({size} // 256)
    print("ready", flush=True)
    while True:
        create_new(out, "team-cards", ".pdf", data)
    """
).format(size=SIZE)


def test_a_writer_killed_at_any_moment_leaves_only_whole_files(tmp_path):
    rng = random.Random(36)
    whole = bytes(range(256)) * (SIZE // 256)
    for _ in range(6):
        child = subprocess.Popen(
            [sys.executable, "-c", WRITER, str(tmp_path), str(ROOT)], stdout=subprocess.PIPE
        )
        assert child.stdout is not None and child.stdout.readline().strip() == b"ready"
        time.sleep(rng.uniform(0.0, 0.15))
        child.send_signal(signal.SIGKILL)
        child.wait()
        for path in tmp_path.glob("*.pdf"):
            assert path.stat().st_size == SIZE and path.read_bytes() == whole, path
    # what the killed writers left beside them goes with the next write into the folder
    create_new(tmp_path, "team-cards", ".pdf", b"%PDF")
    pattern = temp_pattern("team-cards.pdf")
    assert not [p for p in tmp_path.iterdir() if pattern.fullmatch(p.name)]


def test_create_new_never_replaces_and_leaves_no_temp_file(tmp_path):
    (tmp_path / "x.pdf").write_bytes(b"mine")
    assert create_new(tmp_path, "x", data=b"new").name == "x-2.pdf"
    assert (tmp_path / "x.pdf").read_bytes() == b"mine"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["x-2.pdf", "x.pdf"]


PARENT = textwrap.dedent(
    """
    import os, sys, time
    sys.path.insert(0, sys.argv[1])
    from builder.core.forking import die_with_parent
    parent = os.getpid()
    child = os.fork()
    if child == 0:
        die_with_parent(parent)
        while True:
            time.sleep(1)
    print(child, flush=True)
    while True:
        time.sleep(1)
    """
)


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
def test_a_forked_worker_dies_within_a_second_of_its_parent():
    parent = subprocess.Popen([sys.executable, "-c", PARENT, str(ROOT)], stdout=subprocess.PIPE)
    assert parent.stdout is not None
    worker = int(parent.stdout.readline())
    time.sleep(0.2)  # the worker has armed its parent-death signal
    assert _alive(worker)
    parent.send_signal(signal.SIGKILL)
    parent.wait()
    deadline = time.monotonic() + 1.0
    while _alive(worker) and time.monotonic() < deadline:
        time.sleep(0.02)
    try:
        assert not _alive(worker), "the worker outlived its parent by more than a second"
    finally:
        if _alive(worker):
            os.kill(worker, signal.SIGKILL)


@pytest.mark.slow
def test_cards_killed_at_random_moments_leaves_whole_pdfs_and_no_workers():
    sys.path.insert(0, str(ROOT / "bench"))
    from kill_runs import _cards_kills

    figures = _cards_kills(ROOT, 4, random.Random(36), sys.executable)
    print(f"\nkill-during-cards: {dict(figures)}")
    assert figures["workers alive 1 s after the kill"] == 0, figures
    assert figures["partial PDFs under a final name"] == 0, figures
