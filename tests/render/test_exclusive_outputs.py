"""Issue 14: ``cards`` never writes outside ``-o`` and two runs never overwrite each other."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from builder import systems
from builder.core.outfiles import create_new, free_path

ROOT = Path(__file__).resolve().parents[2]


def test_dangling_symlink_named_like_an_output_is_not_written_through(cli, fake_demo, tmp_path):
    # the fake game (tests/fake_game): what is written where is the renderer's, not a game's
    out = tmp_path / "out"
    out.mkdir()
    victim = tmp_path / "victim.pdf"  # does not exist: the link dangles
    (out / "demo-squad-cards.pdf").symlink_to(victim)
    result = cli("cards", fake_demo, "-o", out)
    assert result.code == 0, result.err
    assert not victim.exists()
    assert (out / "demo-squad-cards.pdf").is_symlink()
    assert (out / "demo-squad-cards-2.pdf").stat().st_size > 1000
    assert str(out / "demo-squad-cards-2.pdf") in result.out.split()


def test_symlink_to_an_existing_file_is_not_written_through(tmp_path):
    victim = tmp_path / "victim.txt"
    victim.write_text("keep")
    (tmp_path / "x.pdf").symlink_to(victim)
    assert free_path(tmp_path, "x").name == "x-2.pdf"
    assert create_new(tmp_path, "x", data=b"new").name == "x-2.pdf"
    assert victim.read_text() == "keep"


def test_create_new_races_in_threads_never_share_a_name(tmp_path):
    barrier = threading.Barrier(16)
    made: list[Path] = []

    def worker(i: int) -> None:
        barrier.wait()
        made.append(create_new(tmp_path, "team-cards", data=f"writer {i}".encode()))

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(16)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len({p.name for p in made}) == 16
    assert sorted(p.read_text() for p in made) == sorted(f"writer {i}" for i in range(16))


def test_create_new_removes_a_half_written_file(tmp_path):
    with pytest.raises(TypeError):
        create_new(tmp_path, "x", data="not bytes")  # type: ignore[arg-type]
    assert not list(tmp_path.iterdir())


def test_two_concurrent_cards_runs_into_one_folder_never_overwrite_each_other(tmp_path):
    # kuroganen's demo: three printouts, as LAMINIM's, at under half the render time
    demo = systems.get("kuroganen").demo_file()
    out = tmp_path / "out"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    command = [sys.executable, "-m", "builder", "cards", str(demo), "-o", str(out)]
    runs = [
        subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
        for _ in range(2)
    ]
    outputs = [run.communicate(timeout=120) for run in runs]
    assert [run.returncode for run in runs] == [0, 0], [err for _, err in outputs]
    printed = [line for out_, _ in outputs for line in out_.decode().split()]
    assert len(printed) == 6 and len(set(printed)) == 6
    files = sorted(out.iterdir())
    assert len(files) == 6 and {str(p) for p in files} == set(printed)
    assert all(p.read_bytes().startswith(b"%PDF") for p in files)
