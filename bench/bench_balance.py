"""Time ``laminim balance`` on the bundled catalog, all six threats, 6 rounds, as a whole
process, beside the optimiser run once per threat (``laminim optimize --threat T --top 0``,
six processes): the honest alternative a designer has without the report.

Run from the repository root: ``python bench/bench_balance.py [RUNS]`` (default 1). Prints each
run of both, wall-clock and CPU seconds, and the target: the balance report under 20 s wall.
Both run on the same machine in the same invocation; on a shared machine (see the load average
printed first) the CPU seconds and the ratio say more than the wall clock.
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
THREATS = (
    "rifle-duel",
    "gatling-fire",
    "missile-salvo",
    "mixed-fire",
    "blade-rush",
    "full-barrage",
)
TARGET = 20.0


def _laminim(*args: str) -> tuple[float, float]:
    """Wall-clock and CPU seconds (user + system) of one ``laminim`` process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(
        [sys.executable, "-m", "builder", *args],
        cwd=ROOT,
        check=True,
        capture_output=True,
    )
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 1
    print(f"cores: {os.cpu_count()}; load average: {os.getloadavg()[0]:.1f}")
    for i in range(runs):
        wall, cpu = _laminim("balance", "--json")
        per = [_laminim("optimize", "--threat", t, "--top", "0", "--json") for t in THREATS]
        per_wall, per_cpu = sum(w for w, _ in per), sum(c for _, c in per)
        print(f"run {i + 1}:                                  wall       CPU")
        print(
            f"  laminim balance (6 threats, 6 rounds)  {wall:6.2f} s  {cpu:6.2f} s"
            f"  (target < {TARGET:.0f} s wall)"
        )
        print(
            f"  laminim optimize x 6 threats           {per_wall:6.2f} s  {per_cpu:6.2f} s"
            f"  ({' '.join(f'{w:.1f}' for w, _ in per)})"
        )
        print(
            f"  ratio balance / optimiser runs         {wall / per_wall:6.2f}    "
            f"{cpu / per_cpu:6.2f}"
        )


if __name__ == "__main__":
    main()
