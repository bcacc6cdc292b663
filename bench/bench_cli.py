"""Time ``laminim check`` on the demo team end to end (a fresh process each run).

Run from the repository root: ``python bench/bench_check.py [RUNS]``. Prints every run and the
median; the target is a median under 0.5 s.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 9
    demo = ROOT / "parts_catalog" / "laminim" / "demo_team.yaml"
    for command, target in (("check", 500), ("analyze", 1000)):
        times = []
        for _ in range(runs):
            start = time.perf_counter()
            subprocess.run(
                [sys.executable, "-m", "builder", command, str(demo)],
                cwd=ROOT,
                check=True,
                capture_output=True,
            )
            times.append(time.perf_counter() - start)
        print(f"laminim {command} demo team:", " ".join(f"{t * 1000:.0f}" for t in times), "ms")
        print(f"  median {statistics.median(times) * 1000:.0f} ms (target < {target} ms)")


if __name__ == "__main__":
    main()
