"""The matrix paths of the exact chain (whole dice groups, per-die hybrid) against plain shifts.

``_GROUP_MAX_STATES = 0`` forces every die through the original one-die-at-a-time shifts, and
``_MAX_RUNS = 0`` makes those shifts fancy-indexed as before the run splitting. Every output of
every round must agree to float64 rounding (the paths only associate the same sums differently).
"""

from __future__ import annotations

import importlib

import pytest

from systems.laminim.rules.conftest import (
    AUTOCANNON,
    BLADE,
    GATLING,
    MISSILE,
    RIFLE,
    SHIELD,
    SMG,
    threat,
    unit,
)

ops = importlib.import_module("builder.systems.laminim.rules.chain_ops")
ref = importlib.import_module("builder.systems.laminim.rules.chain_reference")

CASES = [
    (
        unit(40, GATLING, MISSILE, MISSILE),
        threat("barrage", (GATLING, 2), (MISSILE, 0), (MISSILE, 0)),
    ),
    (unit(90, GATLING, MISSILE, MISSILE), threat("salvo", (MISSILE, 0), (RIFLE, 1))),
    (unit(20, RIFLE, SHIELD, AUTOCANNON), threat("skirmish", (RIFLE, 2), (AUTOCANNON, 3))),
    (unit(12, GATLING, None, AUTOCANNON), threat("mixed", (SMG, 4), (BLADE, 0), (MISSILE, 0))),
    (unit(16, None, MISSILE, None), threat("rifle", (RIFLE, 5))),
]


def outputs(result) -> list[float]:
    values: list[float] = []
    for r in result.rounds:
        values += [r.alive, r.expected_remaining, r.cook_off]
        values += [x for x in r.slot_destroyed if x is not None]
    return values


@pytest.mark.parametrize("case", range(len(CASES)))
def test_matrix_paths_match_plain_shifts(case: int, monkeypatch: pytest.MonkeyPatch) -> None:
    u, t = CASES[case]
    fast = outputs(ref.reference_survival(u, t))
    monkeypatch.setattr(ops, "_GROUP_MAX_STATES", 0)
    plain = outputs(ref.reference_survival(u, t))
    monkeypatch.setattr(ops, "_MAX_RUNS", 0)
    ops._plan.cache_clear()
    fancy = outputs(ref.reference_survival(u, t))
    ops._plan.cache_clear()
    assert len(fast) == len(plain) == len(fancy)
    assert max(abs(a - b) for a, b in zip(fast, plain, strict=True)) < 1e-12
    assert max(abs(a - b) for a, b in zip(plain, fancy, strict=True)) < 1e-12
