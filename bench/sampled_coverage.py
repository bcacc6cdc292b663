"""Coverage of the sampled estimate's 95 % intervals over many questions, one seed for all
against a seed per question (docs/rules.md §1.8, ``rules.sampled``), side by side in one run.

Run from a checkout: ``python bench/sampled_coverage.py [QUESTIONS] [TRIALS]`` (default 48
loadouts of the bundled catalog, and 12 near twins of each demo unit — its frame durability
from 14 to 25 — each against two threats, 20,000 trials). Prints figures only; no test reads
them (``tests/systems/laminim/rules/test_sampled.py`` runs a small seeded copy).

Every question is small enough for the exact chain, so each sampled figure (alive, expected
remaining durability, each slot lost, cook-off, every round) is held against the exact value:

- coverage: the share of exact values inside their 95 % interval (about 95 % expected; the
  figures of one question share its trials, so their misses may come together);
- error correlation: the mean correlation, over pairs of questions with the same threat, of
  their standardised errors ((estimate - exact) / interval half-width) across the figures they
  share, for all pairs and for neighbours (loadouts next to each other in catalog order: mostly
  the same frame with one weapon changed): about 0 for independent estimates. With one seed for
  all, similar units roll the same dice, so their errors move together and their intervals miss
  the exact value together;
- largest cluster: the most questions that missed the same (threat, round, figure). Near twins
  roll the very same dice under one seed (the dice do not depend on durabilities), so they
  miss as a group.
"""

from __future__ import annotations

import statistics
import sys
import time
from itertools import combinations
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import laminim_catalog as catalog  # noqa: E402

from builder.systems.laminim.rules import UnitSpec, survival  # noqa: E402
from builder.systems.laminim.rules.optimize import _unit, loadout_groups  # noqa: E402
from builder.systems.laminim.rules.sampled import sampled_survival  # noqa: E402

THREATS = ("mixed-fire", "full-barrage")
ROUNDS = 6


def questions(count: int) -> list[UnitSpec]:
    """``count`` loadouts spread evenly over the bundled catalog's legal ones."""
    weapons = catalog.weapons()
    every = [
        _unit(frame, group[0])
        for frame in catalog.frames()
        for group in loadout_groups(frame, weapons, 1)
    ]
    step = max(1, len(every) // count)
    return every[::step][:count]


def twins() -> list[UnitSpec]:
    """Each demo unit with its frame durability 14..25: near-identical questions."""
    return [
        UnitSpec(f"{unit.name}-{d}", d, unit.slots)
        for unit in catalog.demo_units()
        for d in range(14, 26)
    ]


def figures(result) -> dict[tuple[int, str], tuple[float, tuple[float, float] | None]]:
    """(round, figure) -> (value, interval) of every figure a result reports."""
    out = {}
    for r in result.rounds:
        i = r.interval
        out[(r.round, "alive")] = (r.alive, i and i.alive)
        out[(r.round, "remaining")] = (r.expected_remaining, i and i.expected_remaining)
        out[(r.round, "cook-off")] = (r.cook_off, i and i.cook_off)
        for s, lost in enumerate(r.slot_destroyed):
            if lost is not None:
                out[(r.round, f"slot{s + 1}")] = (lost, i and i.slot_destroyed[s])
    return out


def run(units: list[UnitSpec], trials: int, seed: int | None) -> dict:
    misses: list[tuple[str, int, str, int]] = []  # (threat, round, figure, question)
    errors: dict[tuple[str, int], dict[tuple[int, str], float]] = {}
    checked = 0
    for threat_id in THREATS:
        threat = catalog.threats()[threat_id]
        for q, unit in enumerate(units):
            exact = figures(survival(unit, threat, ROUNDS))
            est = figures(sampled_survival(unit, threat, ROUNDS, trials=trials, seed=seed))
            z = {}
            for key, (value, interval) in est.items():
                lo, hi = interval  # type: ignore[misc]
                truth = exact[key][0]
                checked += 1
                if not lo - 1e-12 <= truth <= hi + 1e-12:
                    misses.append((threat_id, *key, q))
                half = (hi - lo) / 2
                if half > 1e-9:
                    z[key] = (value - truth) / half
            errors[(threat_id, q)] = z
    groups: dict[tuple, int] = {}
    for m in misses:
        groups[m[:3]] = groups.get(m[:3], 0) + 1
    correlations, neighbours = [], []
    for (ta, qa), (tb, qb) in combinations(errors, 2):
        if ta != tb:
            continue
        keys = sorted(set(errors[(ta, qa)]) & set(errors[(tb, qb)]))
        if len(keys) < 6:
            continue
        a = [errors[(ta, qa)][k] for k in keys]
        b = [errors[(tb, qb)][k] for k in keys]
        if statistics.pstdev(a) > 0 and statistics.pstdev(b) > 0:
            correlations.append(statistics.correlation(a, b))
            if abs(qa - qb) == 1:
                neighbours.append(correlations[-1])
    return {
        "checked": checked,
        "misses": len(misses),
        "cluster": max(groups.values(), default=0),
        "correlation": statistics.fmean(correlations) if correlations else float("nan"),
        "neighbours": statistics.fmean(neighbours) if neighbours else float("nan"),
    }


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 48
    trials = int(sys.argv[2]) if len(sys.argv) > 2 else 20_000
    print(
        f"Each question x {len(THREATS)} threats, {ROUNDS} rounds, {trials} trials, every figure"
        " against the exact chain"
    )
    for name, units in (
        (f"{count} loadouts of the bundled catalog", questions(count)),
        ("near twins: each demo unit, frame durability 14..25", twins()),
    ):
        print(name)
        compare(units, trials)


def compare(units: list[UnitSpec], trials: int) -> None:
    print(
        f"  {'seeding':22} {'figures':>7} {'misses':>6} {'coverage':>8} {'largest':>7}"
        f" {'error correlation':>17} {'CPU':>6}"
    )
    print(f"  {'':22} {'':>7} {'':>6} {'':>8} {'cluster':>7} {'all':>8} {'neighb.':>8} {'s':>6}")
    for label, seed in (("one seed for all (0)", 0), ("seed per question", None)):
        start = time.process_time()
        got = run(units, trials, seed)
        coverage = 1 - got["misses"] / got["checked"]
        print(
            f"  {label:22} {got['checked']:7d} {got['misses']:6d} {coverage:8.1%}"
            f" {got['cluster']:7d} {got['correlation']:8.2f} {got['neighbours']:8.2f}"
            f" {time.process_time() - start:6.1f}"
        )


if __name__ == "__main__":
    main()
