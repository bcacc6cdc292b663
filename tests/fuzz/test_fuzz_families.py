"""A few cases of every fuzz family in every game, each kind of file (team, catalog, threat):
tags on every scalar kind, special files (FIFOs, devices, folders, sockets), symlink loops,
long and odd names, files past their cap, keys given twice; and issue 38's hardening
families (tests/fuzz/hardening_families.py). No traceback, no hang, exit 0/1/2, and every problem
in a file that has lines says ``file:line:col:``. ``bench/fuzz.py N`` runs them by the
thousands."""

from __future__ import annotations

import random
import tempfile
from pathlib import Path

import pytest

from builder import systems
from tests.fuzz.engine import run_case, seeds
from tests.fuzz.families import FAMILIES
from tests.fuzz.hardening_families import HARDENING

CASES_PER_FAMILY = 3


@pytest.mark.parametrize("family", [f for f in FAMILIES if f != "text"])
@pytest.mark.parametrize("system_id", systems.ids())
def test_each_family_never_crashes_and_every_problem_is_located(system_id, family):
    """And the hardening families' own judges (planted mistakes found, bad renamed maps and
    -o paths refused, comments kept, another game's file told): a few cases each, in every
    game (one kind of seed each: they build their own files)."""
    pool = seeds([system_id])
    kinds = sorted({s.kind for s in pool})
    for kind in kinds if family not in HARDENING else ["team"]:
        mine = [s for s in pool if s.kind == kind]
        for i in range(CASES_PER_FAMILY):
            rng = random.Random(f"{system_id}:{family}:{kind}:{i}")
            case = rng.choice(mine)
            with tempfile.TemporaryDirectory() as work:
                run = run_case(case, rng, Path(work), timeout=30, family=family)
            problems = run.violations(max_seconds=None)
            assert not problems, (run.argv[:4], problems, run.err[-2000:])


def test_every_family_is_drawn():
    pool = seeds(["laminim"])
    drawn = set()
    for i in range(200):
        rng = random.Random(i)
        with tempfile.TemporaryDirectory() as work:
            drawn.add(run_case(pool[0], rng, Path(work), timeout=30).family)
        if drawn == set(FAMILIES):
            break
    assert drawn == set(FAMILIES)
