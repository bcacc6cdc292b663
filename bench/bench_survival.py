"""Exact survival chain (docs/rules.md §1.8): speed against Monte Carlo, scaling, budget, optimiser.

Run from a checkout: ``python bench/bench_survival.py``. Prints figures only; no test reads them.
The Monte Carlo comparator is ``survival_mc`` (20,000 trials, numpy over trials, the same D7
model including cook-off waves), not the rules core's die-by-die cross-check sampler.
Reads the bundled catalog through the project's own loader and specs (``bench/laminim_catalog.py``).
"""

from __future__ import annotations

import dataclasses
import importlib
import json
import resource
import statistics
import subprocess
import sys
import time
from math import prod
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import laminim_catalog as catalog  # noqa: E402
import numpy as np  # noqa: E402
import survival_mc  # noqa: E402

from builder.systems.laminim.rules import (  # noqa: E402
    TooLarge,
    UnitSpec,
    check_budget,
    estimate,
    optimize,
    simulate_survival,
    survival,
)
from builder.systems.laminim.rules.threads import one_maths_thread  # noqa: E402

TABLES = importlib.import_module("builder.systems.laminim.rules.chain_tables")
ENGINE = importlib.import_module("builder.systems.laminim.rules.engine")
CHILD_MEMORY = 8 << 30  # address-space cap of a scaled run (a refusal, not a swap storm)
CHILD_SECONDS = 300


def heaviest():
    """The demo unit with the most durability, and the threat with the most damage per round."""
    unit = max(
        catalog.demo_units(),
        key=lambda u: u.frame_durability + sum(w.durability for w in u.slots if w),
    )
    threat = max(
        catalog.threats().values(),
        key=lambda t: sum(a.weapon.attacks * a.weapon.power for a in t.attacks),
    )
    return unit, threat


def scaled(unit: UnitSpec, n: int) -> UnitSpec:
    slots = tuple(
        dataclasses.replace(w, durability=w.durability * n) if w else None for w in unit.slots
    )
    return UnitSpec(f"{unit.name}x{n}", unit.frame_durability * n, slots)  # type: ignore[arg-type]


def timed(fn, repeats: int) -> list[float]:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1000.0)
    return times


def child(n: int) -> None:
    """One scaled run in a fresh process: time and peak RSS, as JSON (budget bypassed)."""
    resource.setrlimit(resource.RLIMIT_AS, (CHILD_MEMORY, CHILD_MEMORY))
    unit, threat = heaviest()
    big = scaled(unit, n)
    start = time.perf_counter()
    with one_maths_thread():
        result = ENGINE.exact_survival(big, threat, 6)
    seconds = time.perf_counter() - start
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0
    last = result.rounds[-1]
    print(json.dumps({"s": seconds, "mb": peak, "alive": last.alive, "err": last.error_bound}))


def pass_rate() -> float:
    """Cells per second of one die move done as plainly as numpy allows: a scaled, shifted
    in-place add over a 4-D array of 8M cells (the best of 5; no Python loop, no temporaries)."""
    a = np.random.default_rng(0).random((128, 40, 40, 40))
    out = np.zeros_like(a)
    tmp = np.empty_like(a[3:])
    best = float("inf")
    for _ in range(5):
        start = time.perf_counter()
        np.multiply(a[3:], 0.25, out=tmp)
        out[:-3] += tmp
        best = min(best, time.perf_counter() - start)
    return a[3:].size / best


def floor(unit: UnitSpec, threat) -> None:
    """What any method holding the all-intact pattern's joint array must pay, scaled by N.

    The all-intact pattern (frame and every mounted slot intact) is the one 4-D array. Its
    reachable cells times 8 bytes is the memory of one float64 view of it; every die of every
    round moves it along each axis it can hit (one shifted add per move, at the rate measured
    here), which is the work of a die-by-die method with no Python overhead at all.
    """
    rate = pass_rate()
    moves = sum(
        a.weapon.attacks * (1 + sum(w is not None for w in unit.slots))
        for a in threat.attacks
        if a.weapon.makes_attacks
    )
    print(
        f"all-intact joint array, 6 rounds ({moves} die moves a round; {rate / 1e9:.2f}e9 cells/s)"
    )
    for n in (1, 2, 4, 8):
        big = scaled(unit, n)
        chain = TABLES._Chain(big, threat)
        cells = prod(len(v) for v in chain.axis_values(chain.mounted))
        seconds = 6 * moves * cells / rate
        print(
            f"  x{n}: {cells:.3g} cells = {cells * 8 / 2**20:7.0f} MB a float64 view; "
            f"die-by-die floor {seconds:7.2f} s"
        )


def main() -> None:
    unit, threat = heaviest()
    names = ", ".join(w.name if w else "-" for w in unit.slots)
    survival(unit, threat)  # warm caches and imports
    survival_mc.simulate(unit, threat)
    exact = timed(lambda: survival(unit, threat), 25)
    fast_mc = timed(lambda: survival_mc.simulate(unit, threat, trials=20000, seed=0), 11)
    slow_mc = timed(lambda: simulate_survival(unit, threat, trials=20000, seed=0), 3)
    med = statistics.median
    print(f"exact 6 rounds, {unit.name} ({unit.frame_durability}) [{names}] vs {threat.id}")
    print(f"  exact             median {med(exact):8.2f} ms  min {min(exact):8.2f} ms")
    print(f"  vectorised MC 20k median {med(fast_mc):8.2f} ms  min {min(fast_mc):8.2f} ms")
    print(f"  rules-core MC 20k median {med(slow_mc):8.2f} ms (die-by-die cross-check sampler)")
    print(f"  exact is {med(fast_mc) / med(exact):.1f}x faster than the vectorised MC")
    print(f"  error bound {survival(unit, threat).error_bound:.2e}")
    worst = 0.0  # the comparator computes the same numbers: largest |exact - MC| / MC s.e.
    for e, m in zip(survival(unit, threat).rounds, survival_mc.simulate(unit, threat), strict=True):
        for x, y, se in zip(
            (e.alive, e.expected_remaining, e.cook_off),
            (m.alive, m.expected_remaining, m.cook_off),
            m.se,
            strict=True,
        ):
            worst = max(worst, abs(x - y) / max(se, 1.0 / 20000))  # a 0/1 mean has se 0
    print(f"  exact vs vectorised MC: largest deviation {worst:.1f} standard errors")

    print("durabilities x N (6 rounds, fresh process each; budget shown, then run without it)")
    for n in (1, 2, 4, 8):
        big = scaled(unit, n)
        est = estimate(big, threat, 6)
        try:
            check_budget(big, threat, 6)
            verdict = "within budget"
        except TooLarge as err:
            verdict = f"REFUSED ({err.what} {err.needed:.2g} > {err.limit:.2g})"
        line = f"  x{n}: {est.states:.2g} cells, {est.work:.2g} work: {verdict}"
        try:
            run = subprocess.run(
                [sys.executable, __file__, "--child", str(n)],
                capture_output=True,
                text=True,
                timeout=CHILD_SECONDS,
            )
            if run.returncode == 0:
                got = json.loads(run.stdout)
                line += f"; ran {got['s']:.2f} s, peak {got['mb']:.0f} MB, err {got['err']:.1e}"
            else:
                last = (run.stderr.strip().splitlines() or ["?"])[-1]
                line += f"; failed under the {CHILD_MEMORY >> 30} GB cap ({last})"
        except subprocess.TimeoutExpired:
            line += f"; did not finish in {CHILD_SECONDS} s"
        print(line, flush=True)

    floor(unit, threat)

    print("optimiser, bundled catalog vs full-barrage, 6 rounds")
    start = time.perf_counter()
    result = optimize(catalog.frames(), catalog.weapons(), catalog.threats()["full-barrage"], 6)
    seconds = time.perf_counter() - start
    front = sum(s.pareto for s in result.loadouts)
    print(f"  {result.evaluated} loadouts in {seconds:.2f} s, {front} on the Pareto front")
    best = result.loadouts[0]
    print(f"  best: {best.frame} {list(best.weapons)} alive {best.alive:.3g}")


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--child":
        child(int(sys.argv[2]))
    else:
        main()
