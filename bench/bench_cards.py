"""Benchmark: cards + tokens + markers for the demo team, end to end (target < 5 s).

Run from the repository root: ``python bench/bench_cards.py``. Prints the median of 5 runs.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from builder.core.resources import bundled_catalog_dir
from builder.roster.team_file import load_team
from builder.systems.laminim.catalog import load_catalog
from builder.systems.laminim.printouts import render_team

RUNS = 5


def main() -> None:
    catalog = load_catalog()
    team = load_team(bundled_catalog_dir("laminim") / "demo_team.yaml")[1]
    times = []
    with tempfile.TemporaryDirectory() as tmp:
        for i in range(RUNS):
            t0 = time.perf_counter()
            render_team(team, catalog, Path(tmp) / str(i), paper="a4", lang="ja")
            times.append(time.perf_counter() - t0)
    print(f"cards+tokens+markers, demo team (3 units, 18 tokens), lang=ja, A4, {RUNS} runs")
    print(f"  first run (cold, WeasyPrint import): {times[0]:.2f} s")
    median = statistics.median(times)
    print(f"  median: {median:.2f} s   min {min(times):.2f} s   max {max(times):.2f} s")


if __name__ == "__main__":
    main()
