"""Timing of the kuroganen reach planner (docs/rules.md D16–D18) against a plain search, side
by side.

Run from a checkout: ``python bench/bench_reach.py``. Prints figures only; no test reads them.
The alternative is ``bench/plain_reach.py``: an exhaustive search with Pareto pruning, what one
writes first (``tests/systems/kuroganen/test_plain_search_agreement.py`` checks both agree).
Both are timed in CPU seconds, in this process (the call, every cell's path built) and as whole
processes (``laminim reach MAP --json [--paths]`` against ``python bench/plain_reach.py MAP
[--paths]``, the same JSON). The bars
(docs/design.md "Quality bars"): at least 1.5x faster than the plain search on a 100x100 map
at movement 20; a 30x30 map with movement 12 answers in < 1 s end to end.
"""

from __future__ import annotations

import json
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from plain_reach import plain_reach  # noqa: E402

from builder.systems.kuroganen.rules import HeightMap, reach  # noqa: E402
from tests.systems.kuroganen.rules.brute_force import brute_force_reach  # noqa: E402

LEVELS = [0, 0, 0, 0, 0.5, 1, 1, 1.5, 2, 2, 3, None]
MAPS = [(30, 12), (30, 20), (60, 12), (60, 20), (100, 20), (100, 30)]


def ruined_block(width: int, height: int, seed: int) -> tuple[list[list[float | None]], set]:
    """Random rubble: mostly street level, some half-level slopes, ledges, walls and pits."""
    rng = random.Random(seed)
    levels = [[rng.choice(LEVELS) for _ in range(width)] for _ in range(height)]
    levels[height // 2][width // 2] = 1
    floors = [(x, y) for y in range(height) for x in range(width) if levels[y][x] is not None]
    units = set(rng.sample(floors, max(1, len(floors) // 40))) - {(width // 2, height // 2)}
    return levels, units


def open_ground(width: int, height: int, seed: int) -> tuple[list[list[float | None]], set]:
    """Mostly level street with a few ledges: long runs, where jumps could land anywhere."""
    rng = random.Random(seed)
    choices = [0] * 20 + [1, 2, None]
    levels: list[list[float | None]] = [
        [rng.choice(choices) for _ in range(width)] for _ in range(height)
    ]
    levels[height // 2][width // 2] = 0
    return levels, set()


def cpu(fn: Callable[[], object], repeats: int) -> list[float]:
    """CPU milliseconds of each of ``repeats`` calls."""
    times = []
    for _ in range(repeats):
        start = time.process_time()
        fn()
        times.append((time.process_time() - start) * 1000.0)
    return times


def child_cpu(cmd: list[str], repeats: int) -> list[float]:
    """CPU milliseconds (user + system) of each of ``repeats`` runs of ``cmd`` as a process."""
    times = []
    for _ in range(repeats):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run(cmd, check=True, capture_output=True, cwd=ROOT)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        used = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        times.append(used * 1000.0)
    return times


def cells_of(cmd: list[str]) -> list[dict[str, int]]:
    """The cells a reach process prints (paths aside: equal paths may be found in any order)."""
    out = subprocess.run(cmd, check=True, capture_output=True, cwd=ROOT, text=True).stdout
    return [{k: v for k, v in c.items() if k != "path"} for c in json.loads(out)["cells"]]


def in_process() -> None:
    print("in process, CPU ms (median of 7): reach() with every path built vs the plain search")
    for name, make in (("rubble", ruined_block), ("open", open_ground)):
        for size, move in MAPS:
            levels, units = make(size, size, size)
            hmap = HeightMap.from_rows(levels, units)
            start = (size // 2, size // 2)
            ours = {r.at: (r.risk, r.cost) for r in reach(hmap, start, move, 1)}
            plain = {
                at: (r, c) for at, (r, c, _p) in plain_reach(levels, units, start, move, 1).items()
            }
            assert ours == plain, "planner and plain search disagree"
            fast = statistics.median(
                cpu(lambda h=hmap, s=start, m=move: [r.path for r in reach(h, s, m, 1)], 7)
            )
            slow = statistics.median(
                cpu(lambda lv=levels, u=units, s=start, m=move: plain_reach(lv, u, s, m, 1), 7)
            )
            print(
                f"  {name:<6} {size:>3}x{size:<3} move {move:>2}: planner {fast:7.1f}"
                f"   plain {slow:7.1f}   x{slow / fast:4.1f}   ({len(ours)} cells, identical)"
            )


def against_brute_force() -> None:
    print("\nplanner vs brute force (every action sequence), same answers, side by side")
    for size, move in [(5, 6), (6, 8), (7, 10)]:
        levels, units = ruined_block(size, size, seed=100 + size)
        hmap = HeightMap.from_rows(levels, units)
        start = (size // 2, size // 2)
        fast = {r.at: (r.risk, r.cost) for r in reach(hmap, start, move, 2)}
        slow = brute_force_reach(levels, units, start, move, 2)
        assert fast == slow, "planner and brute force disagree"
        dp = statistics.median(cpu(lambda h=hmap, s=start, m=move: reach(h, s, m, 2), 5))
        bf = statistics.median(
            cpu(lambda lv=levels, u=units, s=start, m=move: brute_force_reach(lv, u, s, m, 2), 3)
        )
        print(
            f"  {size}x{size} move {move:>2}: planner {dp:7.2f} ms   brute force {bf:9.2f} ms"
            f"   ({len(fast)} cells, identical)"
        )


def whole_process() -> None:
    """As a user runs them: process start, imports, reading the map, planning, writing JSON.

    Both print the same cells (with ``--paths``, the same paths too). The last column is what
    ``laminim reach`` spends before any kuroganen code runs: Python, the CLI and the game kit
    imported and the map file read with every value's line and column (``read_yaml``); the
    plain search reads it with no positions and no checks."""
    print("\nwhole processes, CPU ms (median of 5)")
    kit = "; ".join(
        [
            "import builder.cli, builder.systems.game, builder.roster.team_file, sys",
            "from builder.core.source import read_yaml",
            "read_yaml(sys.argv[1], max_items=256)",
        ]
    )
    with tempfile.TemporaryDirectory() as folder:
        for size, move in [(30, 12), (100, 20)]:
            levels, units = ruined_block(size, size, seed=size)
            path = Path(folder) / f"block{size}.yaml"
            data = {"system": "kuroganen", "name": "Bench", "map": levels, "units": sorted(units)}
            path.write_text(json.dumps(data), encoding="utf-8")  # JSON is YAML
            c = size // 2
            ours = [sys.executable, "-m", "builder.cli", "reach", str(path), "--from", f"{c},{c}"]
            ours += ["--move", str(move), "--json"]
            plain = [sys.executable, str(ROOT / "bench" / "plain_reach.py"), str(path)]
            plain += [str(c), str(c), str(move)]
            floor = statistics.median(child_cpu([sys.executable, "-c", kit, str(path)], 5))
            assert cells_of(ours) == cells_of(plain), "laminim reach and the plain search differ"
            for extra in ([], ["--paths"]):
                a = statistics.median(child_cpu(ours + extra, 5))
                b = statistics.median(child_cpu(plain + extra, 5))
                label = "--json --paths" if extra else "--json        "
                print(
                    f"  {size:>3}x{size:<3} move {move:>2}: laminim reach {label} {a:5.0f}"
                    f"   plain_reach.py {b:5.0f}   x{b / a:4.2f}   (before any kuroganen code:"
                    f" {floor:.0f})"
                )
    phases()


def phases() -> None:
    """Where ``laminim reach`` spends its time in process, on the 100x100 map."""
    from builder.systems.kuroganen.commands import load_map
    from builder.systems.kuroganen.text import reach_json_text

    levels, units = ruined_block(100, 100, seed=100)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "block.yaml"
        data = {"system": "kuroganen", "name": "Bench", "map": levels, "units": sorted(units)}
        path.write_text(json.dumps(data), encoding="utf-8")
        read = statistics.median(cpu(lambda: load_map(path), 5))
        team = load_map(path)
    hmap = team.height_map()
    plan = statistics.median(cpu(lambda: reach(hmap, (50, 50), 20), 7))
    found = reach(hmap, (50, 50), 20)
    write = statistics.median(cpu(lambda: reach_json_text(found, paths=False), 7))
    paths = statistics.median(cpu(lambda: reach_json_text(reach(hmap, (50, 50), 20)), 7)) - plan
    print(
        f"  in laminim reach (100x100, move 20): reading the map {read:.0f} ms, planning"
        f" {plan:.0f} ms, JSON {write:.0f} ms (with every path: {paths:.0f} ms)"
    )


if __name__ == "__main__":
    in_process()
    against_brute_force()
    whole_process()
