"""Issue 14's fuzz test: mutated team files, catalogs and threat files of every registered game
system through ``main(argv)``: no traceback, exit code 0/1/2, every problem naming a file with
lines says ``file:line:col:``. ``bench/fuzz.py N`` runs the same cases by the tens of thousands.
"""

from __future__ import annotations

import random
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from builder import systems
from tests.fuzz.engine import run_case, seeds, unlocated_lines

EXAMPLES_PER_SYSTEM = 60
"""Per registered system (each run takes ~20 ms; four systems: ~240 runs, a few seconds)."""


@pytest.mark.parametrize("system_id", systems.ids())
def test_fuzzed_files_never_crash_and_every_problem_is_located(system_id):
    pool = seeds([system_id])
    kinds = sorted({s.kind for s in pool})
    assert "team" in kinds and "catalog" in kinds, f"{system_id}: nothing to fuzz"

    @settings(
        max_examples=EXAMPLES_PER_SYSTEM,
        deadline=None,
        derandomize=True,
        database=None,
        suppress_health_check=[HealthCheck.too_slow],
    )
    @given(kind=st.sampled_from(kinds), pick=st.integers(0, 10**6), seed=st.integers(0, 2**32))
    def check(kind: str, pick: int, seed: int) -> None:
        mine = [s for s in pool if s.kind == kind]
        case = mine[pick % len(mine)]
        with tempfile.TemporaryDirectory() as work:
            run = run_case(case, random.Random(seed), Path(work), timeout=30)
        problems = run.violations(max_seconds=None)
        assert not problems, (run.argv, problems, run.err[-2000:])

    check()


def test_the_checker_catches_a_problem_line_without_a_position(tmp_path):
    path = tmp_path / "team.yaml"
    path.write_text("a: 1\n")
    err = f"{path}: not UTF-8 text\n{path}:1:1: fine\nprogress [1/3]\n"
    assert unlocated_lines(err, [str(path)]) == [f"{path}: not UTF-8 text"]


def test_every_registered_system_is_seeded():
    assert {s.system for s in seeds()} == set(systems.ids())
