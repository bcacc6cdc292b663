"""The budget refuses absurd jobs before allocating anything, and admits the bundled ones."""

from __future__ import annotations

import dataclasses
import importlib
import random
import time

import pytest

from builder.systems.laminim.rules import survival
from builder.systems.laminim.rules.budget import (
    MAX_STATES,
    TooLarge,
    check_budget,
    estimate,
    reachable_count,
)
from systems.laminim.rules.conftest import GATLING, MISSILE, catalog_demo_units, catalog_threats

chain = importlib.import_module("builder.systems.laminim.rules.chain_tables")


def test_reachable_count_matches_the_chains_axes():
    rng = random.Random(7)
    for _ in range(300):
        start = rng.randint(1, 300)
        steps = {rng.randint(1, 40) for _ in range(rng.randint(1, 3))}
        assert reachable_count(start, steps) == len(chain._reachable(start, frozenset(steps)))


def test_reachable_count_of_a_huge_part_is_instant_and_exact_past_frobenius():
    started = time.process_time()
    assert reachable_count(10**9, {3, 8}) == 10**9 - 7 + 1  # 7 gaps below Frobenius 13
    assert time.process_time() - started < 1.0


def test_bundled_units_fit_the_budget():
    for unit in catalog_demo_units():
        for threat in catalog_threats().values():
            est = check_budget(unit, threat, 6)
            assert est.states < MAX_STATES


@pytest.mark.parametrize(
    "change",
    [
        {"frame": 10**9},
        {"ammo": 10**9},
        {"attacks": 10**6},
    ],
)
def test_absurd_jobs_are_refused_fast_and_typed(change):
    unit = catalog_demo_units()[1]  # Bulwark: bastion [gatling, missile, missile]
    threat = catalog_threats()["full-barrage"]
    if "frame" in change:
        unit = dataclasses.replace(unit, frame_durability=change["frame"])
    if "ammo" in change:
        gun = dataclasses.replace(GATLING, ammo=change["ammo"])
        unit = dataclasses.replace(unit, slots=(gun, MISSILE, MISSILE))
    if "attacks" in change:
        heavy = dataclasses.replace(GATLING, attacks=change["attacks"])
        threat = dataclasses.replace(
            threat, attacks=(dataclasses.replace(threat.attacks[0], weapon=heavy),)
        )
    started = time.process_time()
    with pytest.raises(TooLarge) as caught:
        survival(unit, threat, 6)
    assert time.process_time() - started < 2.0
    assert caught.value.needed > caught.value.limit
    assert caught.value.needed_states == caught.value.needed
    assert "limit" in str(caught.value)


def test_estimate_counts_the_start_pattern_axes():
    unit = catalog_demo_units()[1]
    est = estimate(unit, catalog_threats()["full-barrage"], 6)
    c = chain._Chain(unit, catalog_threats()["full-barrage"])
    assert est.axis_cells == tuple(len(v) for v in c.values)
