"""Timing of the kuroganen reach planner (docs/rules.md D16–D18) against the exhaustive search.

Run from a checkout: ``python bench/bench_reach.py``. Prints figures only; no test reads them.
The bar (docs/design.md "Quality bars"): a 30x30 map with movement 12 answers in < 1 s.
"""

from __future__ import annotations

import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from builder.systems.kuroganen.rules import HeightMap, reach  # noqa: E402
from tests.systems.kuroganen.rules.brute_force import brute_force_reach  # noqa: E402

LEVELS = [0, 0, 0, 0, 0.5, 1, 1, 1.5, 2, 2, 3, None]


def ruined_block(width: int, height: int, seed: int) -> tuple[list[list[float | None]], set]:
    """Random rubble: mostly street level, some half-level slopes, ledges, walls and pits."""
    rng = random.Random(seed)
    levels = [[rng.choice(LEVELS) for _ in range(width)] for _ in range(height)]
    levels[height // 2][width // 2] = 1
    floors = [(x, y) for y in range(height) for x in range(width) if levels[y][x] is not None]
    units = set(rng.sample(floors, max(1, len(floors) // 40))) - {(width // 2, height // 2)}
    return levels, units


def timed(fn, repeats: int) -> list[float]:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1000.0)
    return times


def main() -> None:
    print("reach planner (layered DP), median of repeated runs")
    for size, move in [(30, 12), (30, 20), (60, 12), (100, 20)]:
        levels, units = ruined_block(size, size, seed=size)
        hmap = HeightMap.from_rows(levels, units)
        start = (size // 2, size // 2)
        cells = len(reach(hmap, start, move))
        ms = timed(lambda h=hmap, s=start, m=move: reach(h, s, m, risk=1), 7)
        print(
            f"  {size:>3}x{size:<3} move {move:>2}: median {statistics.median(ms):7.1f} ms"
            f"  (max {max(ms):7.1f} ms, {cells} cells reachable)"
        )

    print("\nplanner vs brute force (every action sequence), same answers, side by side")
    for size, move in [(5, 6), (6, 8), (7, 10)]:
        levels, units = ruined_block(size, size, seed=100 + size)
        hmap = HeightMap.from_rows(levels, units)
        start = (size // 2, size // 2)
        fast = {r.at: (r.risk, r.cost) for r in reach(hmap, start, move, 2)}
        slow = brute_force_reach(levels, units, start, move, 2)
        assert fast == slow, "planner and brute force disagree"
        dp = statistics.median(timed(lambda h=hmap, s=start, m=move: reach(h, s, m, 2), 5))
        bf = statistics.median(
            timed(lambda lv=levels, u=units, s=start, m=move: brute_force_reach(lv, u, s, m, 2), 3)
        )
        print(
            f"  {size}x{size} move {move:>2}: planner {dp:7.2f} ms   brute force {bf:9.2f} ms"
            f"   ({len(fast)} cells, identical)"
        )


def end_to_end() -> None:
    """``laminim reach MAP --json`` as a user runs it: process start, reading, planning, JSON."""
    import json

    levels, units = ruined_block(30, 30, seed=30)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "big.yaml"
        data = {"system": "kuroganen", "name": "Bench", "map": levels, "units": sorted(units)}
        path.write_text(json.dumps(data), encoding="utf-8")  # JSON is YAML
        cmd = [sys.executable, "-m", "builder.cli", "reach", str(path), "--from", "15,15"]
        cmd += ["--move", "12", "--json"]
        ms = timed(lambda: subprocess.run(cmd, check=True, capture_output=True, cwd=ROOT), 5)
    best = statistics.median(ms)
    verdict = "under" if best < 1000 else "OVER"
    print(
        f"\nend to end: laminim reach (30x30, move 12) --json: median {best:.0f} ms "
        f"(max {max(ms):.0f} ms) -- {verdict} the 1 s bar"
    )


if __name__ == "__main__":
    main()
    end_to_end()
