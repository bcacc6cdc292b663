"""The exact chain against the independent Monte Carlo simulator: every output, every round."""

from __future__ import annotations

import math

import pytest

from builder.systems.laminim.rules import simulate_survival, survival
from systems.laminim.rules.conftest import AUTOCANNON, GATLING, MISSILE, RIFLE, SHIELD, threat, unit

TRIALS = 4000
SIGMAS = 4.0

UNITS = {
    "bastion-barrage": unit("bastion", GATLING, MISSILE, MISSILE),
    "striker-shield": unit("striker", RIFLE, SHIELD, AUTOCANNON),
    "weak-frame-magazines": unit(12, GATLING, AUTOCANNON),
    "lancer-gaps": unit("lancer", None, MISSILE, None),
    # D8: the frame often breaks in the same wave as a loaded weapon, which still cooks off
    "d8-dying-magazines": unit(6, AUTOCANNON, GATLING),
}
THREATS = {
    "skirmish": threat("skirmish", (RIFLE, 2), (AUTOCANNON, 3)),
    "missile-salvo": threat("missile-salvo", (MISSILE, 0)),
    "full-barrage": threat("full-barrage", (GATLING, 2), (MISSILE, 0), (MISSILE, 0)),
}
CASES = [
    ("bastion-barrage", "full-barrage"),
    ("bastion-barrage", "skirmish"),
    ("striker-shield", "skirmish"),
    ("striker-shield", "missile-salvo"),
    ("weak-frame-magazines", "skirmish"),
    ("weak-frame-magazines", "missile-salvo"),
    ("lancer-gaps", "skirmish"),
    ("d8-dying-magazines", "missile-salvo"),
]


def close(exact: float, mc: float, se: float) -> bool:
    return abs(exact - mc) <= SIGMAS * se + 1e-9


def binomial_se(p: float) -> float:
    return math.sqrt(max(p * (1 - p), 0.0) / TRIALS)


@pytest.mark.parametrize(("unit_id", "threat_id"), CASES)
def test_exact_agrees_with_monte_carlo(unit_id, threat_id):
    u, t = UNITS[unit_id], THREATS[threat_id]
    exact = survival(u, t).rounds
    mc = simulate_survival(u, t, trials=TRIALS, seed=7).rounds
    for e, m in zip(exact, mc, strict=True):
        where = f"{unit_id} vs {threat_id}, round {e.round}"
        # the sample SE is unreliable for rare events, so never use less than the exact one
        se = max(m.alive_se, binomial_se(e.alive))
        assert close(e.alive, m.alive, se), f"alive, {where}"
        se = max(m.cook_off_se, binomial_se(e.cook_off))
        assert close(e.cook_off, m.cook_off, se), f"cook-off, {where}"
        # Var(remaining) >= E[remaining | alive]^2 * Var(alive)
        given_alive = e.expected_remaining / e.alive if e.alive > 0 else 0.0
        se = max(m.expected_remaining_se, given_alive * binomial_se(e.alive))
        assert close(e.expected_remaining, m.expected_remaining, se), f"remaining, {where}"
        slots = zip(e.slot_destroyed, m.slot_destroyed, m.slot_destroyed_se, strict=True)
        for i, (pe, pm, sm) in enumerate(slots):
            assert (pe is None) == (pm is None)
            if pe is not None:
                assert close(pe, pm, max(sm, binomial_se(pe))), f"slot {i + 1}, {where}"


def test_monte_carlo_is_seeded():
    u, t = UNITS["weak-frame-magazines"], THREATS["skirmish"]
    assert simulate_survival(u, t, rounds=2, trials=500, seed=3) == simulate_survival(
        u, t, rounds=2, trials=500, seed=3
    )


def test_cases_exercise_cook_off_chains_shields_and_salvos():
    chains = survival(UNITS["weak-frame-magazines"], THREATS["missile-salvo"]).rounds[-1]
    assert chains.cook_off > 0.05
    shielded = survival(UNITS["striker-shield"], THREATS["skirmish"]).rounds[0]
    assert shielded.slot_destroyed[1] > 0
