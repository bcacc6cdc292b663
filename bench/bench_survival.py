"""Timing of the exact survival chain (RULES §1.8) against the Monte Carlo cross-check.

Run from a checkout: ``python bench/bench_survival.py``. Prints figures only; no test reads them.
"""

from __future__ import annotations

import importlib
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from builder.systems.laminim.rules import (
    ThreatAttack,
    ThreatSpec,
    UnitSpec,
    WeaponSpec,
    simulate_survival,
    survival,
)

GATLING = WeaponSpec("gatling", "normal", 14, 3, 8, 12, 2)
MISSILE = WeaponSpec("missile", "missile", 10, 8, 5, 6, 1, homing=True)
FULL_BARRAGE = ThreatSpec(
    "full-barrage", (ThreatAttack(GATLING, 2), ThreatAttack(MISSILE), ThreatAttack(MISSILE))
)


def bastion(frame: int = 40) -> UnitSpec:
    return UnitSpec(f"bastion-{frame}", frame, (GATLING, MISSILE, MISSILE))


CHAIN = importlib.import_module("builder.systems.laminim.rules.survival")


def clear_caches() -> None:
    """Forget the chain's cached operators, as for a unit the process has not seen yet."""
    CHAIN._plan.cache_clear()
    CHAIN._group_operator.cache_clear()
    CHAIN._step_matrix.cache_clear()


def timed(fn, repeats: int, cold: bool = False) -> list[float]:
    times = []
    for _ in range(repeats):
        if cold:
            clear_caches()
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1000.0)
    return times


def main() -> None:
    unit = bastion()
    survival(unit, FULL_BARRAGE)  # warm caches and imports
    exact = timed(lambda: survival(unit, FULL_BARRAGE), 25)
    mc = timed(lambda: simulate_survival(unit, FULL_BARRAGE, trials=20000, seed=0), 7)
    print("exact 6-round survival, bastion (40) [gatling, missile, missile] vs full-barrage")
    print(f"  median {statistics.median(exact):7.2f} ms   min {min(exact):7.2f} ms   (25 runs)")
    print("Monte Carlo, 20,000 trials, same case")
    print(f"  median {statistics.median(mc):7.2f} ms   min {min(mc):7.2f} ms   (7 runs)")
    ratio = statistics.median(mc) / statistics.median(exact)
    print(f"  exact is {ratio:.1f}x faster than Monte Carlo")
    print("exact time vs frame durability (same weapons and threat)")
    for frame in (20, 40, 80, 160):
        u = bastion(frame)
        runs = timed(lambda u=u: survival(u, FULL_BARRAGE), 9)
        cold = timed(lambda u=u: survival(u, FULL_BARRAGE), 9, cold=True)
        last = survival(u, FULL_BARRAGE).rounds[-1]
        print(
            f"  frame {frame:4d}: median {statistics.median(runs):7.2f} ms"
            f" (cold caches {statistics.median(cold):7.2f} ms)"
            f"   P(alive after 6) {last.alive:.4f}   P(cook-off by 6) {last.cook_off:.4f}"
        )


if __name__ == "__main__":
    main()
