"""Timing of the soh rules core (docs/rules.md §3): one exact odds call and the 5 AP vs 5 AP
planner.

Run from a checkout: ``python bench/bench_soh.py``. Prints figures only; no test reads them.
Targets: one odds call < 10 ms; the full planner table for 5 AP vs 5 AP < 200 ms. If icepool is
installed it is timed on the same odds call and its answer compared with ours (it is not a
dependency of the project).
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from builder.systems.soh.rules import Combatant, exploding, odds, plan, planner

CASE = dict(hit=6, attack_dice=3, evasion=5, evasion_dice=2, damage=12, durability=4)
ME = Combatant(ap=5, hit=6, evasion=4, damage=10, durability=4)
THEM = Combatant(ap=5, hit=5, evasion=5, damage=12, durability=5)


def clear_caches() -> None:
    """Forget cached roll distributions and conditional tables, as for a fresh process."""
    exploding._pmf_cached.cache_clear()
    planner._conditional_cached.cache_clear()


def median_ms(fn: Callable[[], object], repeat: int, cold: bool) -> float:
    times = []
    for _ in range(repeat):
        if cold:
            clear_caches()
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def icepool_odds() -> tuple[list[float], float] | None:
    try:
        import icepool  # type: ignore[import-not-found]
    except ImportError:
        return None
    die = icepool.d6.explode(depth=22)  # deepest level's 6 is kept: error <= 2 * 6^-23
    attack = die.highest(CASE["attack_dice"])
    evasion = die.highest(CASE["evasion_dice"])
    margin = (CASE["hit"] + attack) - (CASE["evasion"] + evasion)
    mult = margin.map(lambda m: 0 if m < 0 else m // 5 + 1)
    wounds = mult.map(lambda k: CASE["damage"] * k // CASE["durability"])
    probs = [float(mult.probability(k)) for k in range(int(mult.max_outcome()) + 1)]
    return probs, float(wounds.mean())


def main() -> None:
    print(f"odds {CASE}")
    print(f"  cold (caches cleared) median: {median_ms(lambda: odds(**CASE), 50, True):8.3f} ms")
    print(f"  warm median:                  {median_ms(lambda: odds(**CASE), 200, False):8.3f} ms")
    print("planner 5 AP vs 5 AP, opponent evades with 2, best response:")
    print(f"  cold median: {median_ms(lambda: plan(ME, THEM, 2), 30, True):8.3f} ms")
    print(f"  warm median: {median_ms(lambda: plan(ME, THEM, 2), 100, False):8.3f} ms")
    print("planner, every opponent evasion 0-5 (six tables):")
    everything = lambda: [plan(ME, THEM, e) for e in range(6)]  # noqa: E731
    print(f"  cold median: {median_ms(everything, 10, True):8.3f} ms")

    ours = odds(**CASE)
    start = time.perf_counter()
    theirs = icepool_odds()
    if theirs is None:
        print("icepool: not installed (pip install icepool to compare)")
        return
    first = (time.perf_counter() - start) * 1000
    again = median_ms(icepool_odds, 5, False)
    probs, mean = theirs
    listed = len(ours.multiplier)
    diff = max(
        abs(ours.multiplier[k] - (probs[k] if k < len(probs) else 0.0)) for k in range(listed)
    )
    omitted = sum(probs[listed:])
    print("icepool (exact fractions, explosion depth 22), same odds call:")
    print(f"  first call {first:8.3f} ms, median {again:8.3f} ms")
    print(f"  max |P(x k) ours - icepool| over our list: {diff:.2e}")
    print(f"  mass icepool lists past our 1e-12 cut-off: {omitted:.2e}")
    print(f"  E[wounds] ours {ours.expected_wounds!r}, icepool {mean!r}")


if __name__ == "__main__":
    main()
