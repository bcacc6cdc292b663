"""Exact survival chain (RULES §1.8): speed against Monte Carlo, scaling, budget, optimiser.

Run from a checkout: ``python bench/bench_survival.py``. Prints figures only; no test reads them.
Reads the bundled catalog with ``yaml.safe_load`` (``bench/laminim_catalog.py``), never through
the catalog/roster layers.
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
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import laminim_catalog as catalog  # noqa: E402

from builder.systems.laminim.rules import UnitSpec, simulate_survival, survival  # noqa: E402
from builder.systems.laminim.rules.budget import TooLarge, estimate  # noqa: E402
from builder.systems.laminim.rules.optimize import optimize  # noqa: E402

CHAIN = importlib.import_module("builder.systems.laminim.rules.survival")


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
    unit, threat = heaviest()
    big = scaled(unit, n)
    start = time.perf_counter()
    result = CHAIN._survival(big, threat, 6)
    seconds = time.perf_counter() - start
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0
    last = result.rounds[-1]
    print(json.dumps({"s": seconds, "mb": peak, "alive": last.alive, "err": last.error_bound}))


def main() -> None:
    unit, threat = heaviest()
    names = ", ".join(w.name if w else "-" for w in unit.slots)
    survival(unit, threat)  # warm caches and imports
    exact = timed(lambda: survival(unit, threat), 25)
    mc = timed(lambda: simulate_survival(unit, threat, trials=20000, seed=0), 7)
    print(f"exact 6 rounds, {unit.name} ({unit.frame_durability}) [{names}] vs {threat.id}")
    print(f"  exact        median {statistics.median(exact):8.2f} ms  min {min(exact):8.2f} ms")
    print(f"  Monte Carlo  median {statistics.median(mc):8.2f} ms  min {min(mc):8.2f} ms (20k)")
    print(f"  exact is {statistics.median(mc) / statistics.median(exact):.1f}x faster")
    print(f"  error bound {survival(unit, threat).error_bound:.2e}")

    print("durabilities x N (6 rounds, fresh process each; budget shown, then run without it)")
    for n in (1, 2, 4, 8):
        big = scaled(unit, n)
        est = estimate(big, threat, 6)
        try:
            CHAIN.check_budget(big, threat, 6)
            verdict = "within budget"
        except TooLarge as err:
            verdict = f"REFUSED ({err.what} {err.needed:.2g} > {err.limit:.2g})"
        line = f"  x{n}: {est.states:.2g} cells, {est.work:.2g} work: {verdict}"
        if n <= 4:
            try:
                out = subprocess.run(
                    [sys.executable, __file__, "--child", str(n)],
                    capture_output=True,
                    text=True,
                    timeout=120,
                    check=True,
                ).stdout
                got = json.loads(out)
                line += f"; ran {got['s']:.2f} s, peak {got['mb']:.0f} MB, err {got['err']:.1e}"
            except subprocess.TimeoutExpired:
                line += "; did not finish in 120 s"
        else:
            line += "; not run (needs ~4 GB)"
        print(line)

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
