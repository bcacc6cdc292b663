"""The planner and the plain search the reach bench times it against (``bench/plain_reach.py``,
an exhaustive search with Pareto pruning sharing no code with ``builder/``) give the same cells,
risks and costs on seeded random maps, so the bench compares two answers to one question."""

from __future__ import annotations

import importlib.util
import random
from pathlib import Path
from types import ModuleType

import pytest

from builder.systems.kuroganen.rules import HeightMap, reach

LEVELS = [0, 0, 0, 0.5, 1, 1, 1.5, 2, 2.5, 3, None]
PLAIN = Path(__file__).resolve().parents[3] / "bench" / "plain_reach.py"


def plain_module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("plain_reach", PLAIN)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def plain_reach():
    return plain_module().plain_reach


@pytest.mark.parametrize("seed", range(120))
def test_planner_and_plain_search_agree_on_random_maps(seed, plain_reach):
    rng = random.Random(f"plain-{seed}")
    width, height = rng.randint(2, 12), rng.randint(2, 12)
    levels = [[rng.choice(LEVELS) for _ in range(width)] for _ in range(height)]
    floors = [(x, y) for y in range(height) for x in range(width) if levels[y][x] is not None]
    if not floors:
        levels[0][0] = 0
        floors = [(0, 0)]
    start = rng.choice(floors)
    units = set(rng.sample(floors, min(len(floors), rng.randint(0, 5))))
    move, risk = rng.randint(0, 12), rng.choice([0, 0, 1, 3])
    ours = {
        r.at: (r.risk, r.cost) for r in reach(HeightMap.from_rows(levels, units), start, move, risk)
    }
    plain = {
        cell: (r, c)
        for cell, (r, c, _path) in plain_reach(levels, units, start, move, risk).items()
    }
    assert ours == plain
