"""``laminim compare`` of four units against a threat, exact, 6 rounds (issue 12: < 300 ms).

Run from a checkout: ``python bench/bench_compare.py``. Prints figures only; no test reads them.
Times ``SYSTEM.compare`` (unit picking, legality, four exact survival chains, the metric table,
text and JSON) with the analysis cache and the rules core's kernel caches cleared before every
run, so each run is a cold compare; with and without D19 interception; median of 7.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from builder.roster.team_file import read_team  # noqa: E402
from builder.systems.base import CompareEntry, CompareOptions  # noqa: E402
from builder.systems.laminim import analysis  # noqa: E402
from builder.systems.laminim.rules import survival as chain  # noqa: E402
from builder.systems.laminim.system import SYSTEM  # noqa: E402

DEMO = ROOT / "parts_catalog" / "laminim" / "demo_team.yaml"
RIVALS = ROOT / "tests" / "fixtures" / "teams" / "rivals.yaml"
UNITS = [(DEMO, "Kestrel"), (DEMO, "Bulwark"), (RIVALS, "Rook"), (RIVALS, "Wren")]
LIMIT_MS = 300.0


def _cold() -> None:
    analysis._cached.cache_clear()
    for name in dir(chain):
        cached = getattr(chain, name)
        if hasattr(cached, "cache_clear"):
            cached.cache_clear()


def main() -> int:
    catalog = SYSTEM.load_catalog()
    entries = [CompareEntry(read_team(path)[1], unit, str(path)) for path, unit in UNITS]
    worst = 0.0
    for threat in ("mixed-fire", "full-barrage"):
        for intercept in (None, "auto"):
            own = {"intercept": intercept} if intercept else {}
            options = CompareOptions(threat=threat, rounds=6, values=own)
            times = []
            for _ in range(7):
                _cold()
                start = time.perf_counter()
                SYSTEM.compare(entries, catalog, options)
                times.append(1000 * (time.perf_counter() - start))
            median = statistics.median(times)
            worst = max(worst, median)
            label = f"{threat}, intercept {intercept or 'off'}"
            print(f"compare 4 units, {label:<32} median {median:6.1f} ms  max {max(times):6.1f}")
    verdict = "ok" if worst < LIMIT_MS else "TOO SLOW"
    print(f"worst median {worst:.1f} ms (limit {LIMIT_MS:.0f} ms): {verdict}")
    return 0 if worst < LIMIT_MS else 1


if __name__ == "__main__":
    sys.exit(main())
