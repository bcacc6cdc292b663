"""The sampled estimate beyond the budget: seeded per question, marked, its intervals holding the
exact value."""

from __future__ import annotations

import dataclasses
import statistics
from itertools import combinations

import pytest

from builder.systems.laminim.rules import Intercept, TooLarge, UnitSpec, survival
from builder.systems.laminim.rules.sampled import (
    Z95,
    check_sample,
    question_seed,
    sampled_survival,
    survival_answer,
    wilson,
)
from systems.laminim.rules.conftest import catalog_demo_units, catalog_threats

THREATS = catalog_threats()


def test_same_seed_same_numbers_and_marked_sampled():
    u, t = catalog_demo_units()[0], THREATS["mixed-fire"]
    a = sampled_survival(u, t, 3, trials=2000, seed=5)
    assert a == sampled_survival(u, t, 3, trials=2000, seed=5)
    assert a.method == "sampled" and a.trials == 2000
    assert all(r.interval is not None for r in a.rounds)


def test_the_same_question_gets_the_same_estimate_whatever_the_names():
    u, t = catalog_demo_units()[0], THREATS["mixed-fire"]
    a = sampled_survival(u, t, 3, trials=2000)
    assert a == sampled_survival(u, t, 3, trials=2000)
    renamed = dataclasses.replace(
        u,
        name="Someone else",
        slots=tuple(w and dataclasses.replace(w, name=w.name + "-mk2") for w in u.slots),
    )
    assert (
        sampled_survival(renamed, dataclasses.replace(t, id="x"), 3, trials=2000).rounds == a.rounds
    )


def test_the_seed_comes_from_the_unit_the_threat_the_rounds_and_the_interceptor():
    u, t = catalog_demo_units()[0], THREATS["mixed-fire"]
    twin = dataclasses.replace(u, frame_durability=u.frame_durability + 1)
    seeds = [
        question_seed(u, t, 3, None),
        question_seed(twin, t, 3, None),
        question_seed(u, THREATS["rifle-duel"], 3, None),
        question_seed(u, t, 4, None),
        question_seed(u, t, 3, Intercept(0)),
    ]
    assert len(set(seeds)) == len(seeds)
    assert question_seed(u, t, 3, None) == question_seed(
        dataclasses.replace(u, name="B"), t, 3, None
    )
    assert all(0 <= s < 2**64 for s in seeds)


TWINS = [UnitSpec(f"twin {d}", d, catalog_demo_units()[0].slots) for d in range(14, 26)]
"""Kestrel's parts on frames of durability 14..25: near-identical questions whose dice do not
depend on the durabilities, so one seed for all gave them the very same dice."""


def _z_errors_and_misses(seed: int | None) -> tuple[list[dict], dict, int, int]:
    """Each twin's standardised errors (estimate - exact over the interval's half-width) by
    (round, figure), the misses per (round, figure), figures checked and missed."""
    t = THREATS["mixed-fire"]
    errors, misses, checked, missed = [], {}, 0, 0
    for u in TWINS:
        exact, est = survival(u, t, 4), sampled_survival(u, t, 4, trials=4000, seed=seed)
        z = {}
        for e, s in zip(exact.rounds, est.rounds, strict=True):
            assert s.interval is not None
            rows = [("alive", e.alive, s.alive, s.interval.alive)]
            rows.append(("cook", e.cook_off, s.cook_off, s.interval.cook_off))
            rows.append(
                ("rem", e.expected_remaining, s.expected_remaining, s.interval.expected_remaining)
            )
            for i, b in enumerate(s.interval.slot_destroyed):
                if b is not None:
                    rows.append((f"slot{i}", e.slot_destroyed[i], s.slot_destroyed[i], b))
            for name, truth, value, (lo, hi) in rows:
                key = (e.round, name)
                checked += 1
                if not lo - 1e-12 <= truth <= hi + 1e-12:
                    missed += 1
                    misses[key] = misses.get(key, 0) + 1
                if hi - lo > 1e-9:
                    z[key] = (value - truth) / ((hi - lo) / 2)
        errors.append(z)
    return errors, misses, checked, missed


def _mean_correlation(errors: list[dict]) -> float:
    out = []
    for a, b in combinations(errors, 2):
        keys = sorted(set(a) & set(b))
        out.append(statistics.correlation([a[k] for k in keys], [b[k] for k in keys]))
    return statistics.fmean(out)


def test_near_twins_get_independent_estimates_and_their_misses_come_alone():
    """Coverage of the 95 % intervals over 12 questions x 4 rounds x every figure: about 95 %,
    and the twins' errors uncorrelated. With one seed for all (shown first) their errors moved
    together, so their intervals missed the exact value together (bench/sampled_coverage.py
    runs the same over many more questions)."""
    shared = _z_errors_and_misses(seed=0)[0]
    assert _mean_correlation(shared) > 0.5
    errors, misses, checked, missed = _z_errors_and_misses(seed=None)
    assert abs(_mean_correlation(errors)) < 0.2
    assert missed / checked <= 0.1
    assert max(misses.values(), default=0) <= 3


@pytest.mark.parametrize("index", [0, 1, 2])
def test_intervals_hold_the_exact_chain_on_the_demo_units(index):
    """The exact value lies inside the intervals from 50,000 trials, as a family: each 95 %
    interval misses 1 time in 20, and a unit has some 36 figures that share their trials (a
    batch that destroyed slot 0 a little too often also left too little durability), so a
    count of 95 % misses is not a sound bound. Each figure's error is judged against its
    standard error (the 95 % interval's half-width over 1.96 on the exact value's side) widened
    for every figure checked at once (Bonferroni, 95 % for the whole unit). The seed is the
    question's own, so this never flickers; it moves when a spec gains a field (ThreatAttack's
    ``rounds`` moved every seed), and demo unit 1 then had two 95 % misses (z 2.2 and 2.7, one
    event) while 20 other seeds' means sit within 0.4 standard errors of the exact chain."""
    u, t = catalog_demo_units()[index], THREATS["full-barrage"]
    exact, est = survival(u, t), sampled_survival(u, t)
    checked: list[tuple[float, float, tuple[float, float]]] = []  # exact, estimate, interval
    for e, s in zip(exact.rounds, est.rounds, strict=True):
        assert s.interval is not None
        checked += [
            (e.alive, s.alive, s.interval.alive),
            (e.cook_off, s.cook_off, s.interval.cook_off),
        ]
        checked.append((e.expected_remaining, s.expected_remaining, s.interval.expected_remaining))
        checked += [
            (x, y, b)
            for x, y, b in zip(
                e.slot_destroyed, s.slot_destroyed, s.interval.slot_destroyed, strict=True
            )
            if b
        ]
    z = statistics.NormalDist().inv_cdf(1 - 0.05 / (2 * len(checked)))  # ~3.2 for 36 figures
    for x, y, (lo, hi) in checked:
        half = (y - lo) if x < y else (hi - y)  # the interval's side the exact value is on
        assert abs(x - y) <= half / Z95 * z + 1e-12, (x, y, (lo, hi))


def test_the_answer_is_exact_within_the_budget_and_sampled_beyond(monkeypatch):
    from builder.systems.laminim.rules import sampled

    u, t = catalog_demo_units()[1], THREATS["full-barrage"]
    assert survival_answer(u, t, 2).method == "exact"

    def refuse(*args, **kwargs):
        raise TooLarge(10, 1, "work")

    monkeypatch.setattr(sampled, "check_budget", refuse)
    assert survival_answer(u, t, 2).method == "sampled"
    with pytest.raises(TooLarge):
        survival_answer(u, t, 2, exact=True)


def test_wilson_interval_stays_in_0_1_and_holds_p():
    for p in (0.0, 1e-6, 0.5, 1.0):
        lo, hi = wilson(p, 50_000)
        assert 0.0 <= lo <= p <= hi <= 1.0
    lo, hi = wilson(0.5, 50_000)
    assert hi - lo == pytest.approx(2 * 1.96 * 0.5 / 50_000**0.5, rel=1e-3)


def test_a_sampler_job_with_too_many_dice_at_once_is_refused():
    import dataclasses

    u, t = catalog_demo_units()[0], THREATS["rifle-duel"]
    loaded = dataclasses.replace(
        u,
        slots=tuple(dataclasses.replace(w, ammo=10**6) if w is not None else None for w in u.slots),
    )
    with pytest.raises(TooLarge):
        check_sample(loaded, t)
