"""``laminim reach --json`` against the independent exhaustive planner (brute_force.py, which
shares no code with the rules core) on random maps generated here, never tuned: up to 8×8,
movement up to 8, pits, half levels, units, a starting risk. Every reachable cell, its risk and
its cost must agree, and every path must be a chain of neighbouring cells from the start."""

from __future__ import annotations

import itertools
import json
import random
from pathlib import Path

import pytest
import yaml

from .rules.brute_force import brute_force_reach

LEVELS = [0, 0, 0, 0.5, 1, 1, 1.5, 2, 2.5, 3, None]


def random_map(
    seed: int, full: bool = False
) -> tuple[list[list[float | None]], list[tuple[int, int]], tuple, int, int]:
    rng = random.Random(f"kuroganen-cli-{seed}")
    width, height = (8, 8) if full else (rng.randint(3, 8), rng.randint(3, 8))
    levels: list[list[float | None]] = [
        [rng.choice(LEVELS) for _ in range(width)] for _ in range(height)
    ]
    floors = [(x, y) for y in range(height) for x in range(width) if levels[y][x] is not None]
    if not floors:
        levels[0][0] = 0
        floors = [(0, 0)]
    start = rng.choice(floors)
    others = [p for p in floors if p != start]
    units = rng.sample(others, min(len(others), rng.randint(0, 4)))
    move = 8 if full else rng.randint(1, 8)
    return levels, units, start, move, rng.choice([0, 0, 1, 3])


def straight_neighbours(path: list[list[int]]) -> bool:
    return all(abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1 for a, b in itertools.pairwise(path))


@pytest.mark.parametrize(
    ("seed", "full"), [(seed, False) for seed in range(60)] + [(seed, True) for seed in range(8)]
)
def test_reach_json_agrees_with_the_exhaustive_planner(cli, tmp_path: Path, seed: int, full: bool):
    """``full``: the largest case the issue names, 8×8 with movement 8."""
    levels, units, start, move, risk = random_map(seed, full)
    path = tmp_path / "map.yaml"
    path.write_text(
        yaml.safe_dump(
            {
                "system": "kuroganen",
                "name": f"Random {seed}",
                "map": levels,
                "units": [list(u) for u in units],
            },
            default_flow_style=None,
        ),
        encoding="utf-8",
    )
    result = cli(
        "reach",
        path,
        "--from",
        f"{start[0]},{start[1]}",
        "--move",
        str(move),
        "--risk",
        str(risk),
        "--json",
        "--paths",
    )
    assert result.code == 0, result.err
    cells = json.loads(result.out)["cells"]
    got = {(c["x"], c["y"]): (c["risk"], c["cost"]) for c in cells}
    assert len(got) == len(cells)  # every cell once
    assert got == brute_force_reach(levels, set(units), start, move, risk)
    for c in cells:
        assert c["path"][0] == list(start) and c["path"][-1] == [c["x"], c["y"]]
        assert straight_neighbours(c["path"])


def test_the_generator_covers_the_interesting_cases():
    maps = [random_map(seed) for seed in range(60)]
    assert any(len(m[0]) == 8 and len(m[0][0]) == 8 for m in maps)
    assert any(m[3] == 8 for m in maps)
    assert sum(any(v is None for row in m[0] for v in row) for m in maps) > 20
    assert any(any(v == 0.5 or v == 1.5 for row in m[0] for v in row) for m in maps)
    assert any(m[1] for m in maps) and any(m[4] for m in maps)
