"""D12: exact (HP, P) chain of one unit holding under a threat, every round every attack."""

from __future__ import annotations

import itertools
import random
from fractions import Fraction

import pytest

from builder.systems.artifact.rules import (
    MAX_ROUNDS,
    AttackAction,
    Threat,
    ThreatAttack,
    survival,
    survival_exact,
    survival_states,
)

from . import independent as ref

UNITS = ("nightingale", "rick-dias", "hi-nu-gundam", "byalant-custom", "rewloola", "ra-cailum")
THREATS = (
    "hi-nu-fin-funnels",
    "nightingale-funnels",
    "ra-cailum-broadside",
    "londo-bell-crossfire",
    "rick-dias-pair-pressed",
)


def reference_rounds(unit, threat, rounds, reserve, one):
    """(alive, E[HP], E[P]) per round from the independent dict chain."""

    def step(attack):
        w = attack.action.weapon
        n = w.to_hit_ms if unit.kind == "ms" else w.to_hit_ship

        def outcomes(p):
            evading = unit.kind == "ms" and p > reserve
            ev = attack.action.evade_near if evading else None
            return ref.attack_outcomes(w.attacks, n, attack.action.near, w.damage, ev, one)

        return outcomes

    states = {(unit.hp, unit.propellant or 0): one}
    out = []
    for _ in range(rounds):
        states = ref.run_states(states, [step(a) for a in threat.attacks], one)
        alive = sum(states.values(), one * 0)
        e_hp = sum((h * m for (h, _), m in states.items()), one * 0)
        e_p = sum((p * m for (_, p), m in states.items()), one * 0)
        out.append((alive, e_hp, e_p if unit.kind == "ms" else None))
    return out


@pytest.mark.parametrize(("unit_id", "threat_id"), list(itertools.product(UNITS, THREATS)))
def test_d12_chain_matches_independent_reference_for_every_unit_and_threat(
    unit_id, threat_id, units, threats
):
    unit, threat = units[unit_id], threats[threat_id]
    for reserve in (0, 3):
        got = survival(unit, threat, 6, reserve=reserve)
        want = reference_rounds(unit, threat, 6, reserve, 1.0)
        assert [r.round for r in got.rounds] == [1, 2, 3, 4, 5, 6]
        for row, (alive, e_hp, e_p) in zip(got.rounds, want, strict=True):
            assert row.alive == pytest.approx(alive, abs=1e-9)
            assert row.expected_hp == pytest.approx(e_hp, abs=1e-9)
            if unit.kind == "ship":
                assert row.expected_propellant is None
            else:
                assert row.expected_propellant == pytest.approx(e_p, abs=1e-9)


def test_d12_exact_fractions_equal_the_independent_exact_reference(units, threats):
    unit, threat = units["nightingale"], threats["londo-bell-crossfire"]
    got = survival_exact(unit, threat, 2)
    want = reference_rounds(unit, threat, 2, 0, Fraction(1))
    for row, (alive, e_hp, e_p) in zip(got, want, strict=True):
        assert (row.alive, row.expected_hp, row.expected_propellant) == (alive, e_hp, e_p)
        assert isinstance(row.alive, Fraction)


def test_d12_float_path_agrees_with_exact_path(units, threats):
    unit, threat = units["hi-nu-gundam"], threats["nightingale-funnels"]
    fast = survival(unit, threat, 4)
    exact = survival_exact(unit, threat, 4)
    for f, e in zip(fast.rounds, exact, strict=True):
        assert f.alive == pytest.approx(float(e.alive), abs=1e-12)
        assert f.expected_hp == pytest.approx(float(e.expected_hp), abs=1e-12)


def test_d12_first_round_by_hand_one_fin_funnel_attack_at_a_ship(units):
    """Fin funnel (2 dice, A.S 3+, D3) at Ra Cailum (35 HP): E[HP] = 35 - 2 x 4/6 x 3."""
    fin = units["hi-nu-gundam"].weapon("fin-funnel")
    threat = Threat("one", (ThreatAttack("hi-nu-gundam", AttackAction(fin)),))
    row = survival(units["ra-cailum"], threat, 1).rounds[0]
    assert row.alive == 1.0
    assert row.expected_hp == pytest.approx(35 - 2 * 4 / 6 * 3)
    assert row.expected_propellant is None


def test_d12_evading_ms_spends_one_p_per_attack_that_hits(units):
    fin = units["hi-nu-gundam"].weapon("fin-funnel")
    threat = Threat("one", (ThreatAttack("hi-nu-gundam", AttackAction(fin)),))
    row = survival(units["nightingale"], threat, 1).rounds[0]  # 12 HP: one attack cannot kill
    assert row.alive == 1.0
    assert row.expected_propellant == pytest.approx(10 - (1 - (2 / 6) ** 2))
    assert row.expected_hp == pytest.approx(12 - 2 * (4 / 6) * (1 / 2) * 3)


def test_d12_reserve_keeps_p_and_costs_hp(units, threats):
    unit, threat = units["rick-dias"], threats["nightingale-funnels"]
    free = survival(unit, threat, 6)
    held = survival(unit, threat, 6, reserve=unit.propellant)
    for a, b in zip(free.rounds, held.rounds, strict=True):
        assert a.alive >= b.alive - 1e-15
        # Nothing is spent with everything in reserve: E[P] = full P x P(alive).
        assert b.expected_propellant == pytest.approx(unit.propellant * b.alive)


def test_d12_p_never_refills_and_alive_never_rises(units, threats):
    for unit_id, threat in itertools.product(UNITS, threats.values()):
        rows = survival(units[unit_id], threat, 8).rounds
        for a, b in itertools.pairwise(rows):
            assert b.alive <= a.alive + 1e-15
            assert b.expected_hp <= a.expected_hp + 1e-12
            if a.expected_propellant is not None:
                assert b.expected_propellant <= a.expected_propellant + 1e-12


def test_d12_a_destroyed_unit_counts_zero_hp_and_zero_p(units):
    """Claw arms (3 dice, 2+, D2) at a Rick Dias with 1 HP left: any landed hit destroys it."""
    claw = units["byalant-custom"].weapon("claw-arm")
    threat = Threat("t", (ThreatAttack("byalant-custom", AttackAction(claw)),))
    row = survival(units["rick-dias"], threat, 1, start_hp=1).rounds[0]
    assert row.alive == pytest.approx((1 - 5 / 6 * 1 / 2) ** 3)
    # The survivors are those whose every hit was evaded (or who were missed): still 1 HP.
    assert row.expected_hp == pytest.approx(row.alive)
    assert row.expected_propellant <= 8 * row.alive


def test_d12_states_are_a_sub_probability_over_living_states(units, threats):
    states = survival_states(units["byalant-custom"], threats["hi-nu-fin-funnels"], 3)
    rows = survival_exact(units["byalant-custom"], threats["hi-nu-fin-funnels"], 3)
    for dist, row in zip(states, rows, strict=True):
        assert sum(dist.values()) == row.alive
        assert all(h >= 1 and 0 <= p <= 8 for h, p in dist)


def test_d12_rounds_out_of_bounds_are_refused(units, threats):
    for bad in (0, MAX_ROUNDS + 1):
        with pytest.raises(ValueError, match="rounds"):
            survival(units["nightingale"], threats["hi-nu-fin-funnels"], bad)


def test_d12_json_matches_design(units, threats):
    doc = survival(units["rewloola"], threats["hi-nu-fin-funnels"], 2).as_json("Rewloola")
    assert doc["name"] == "Rewloola" and doc["kind"] == "ship"
    assert set(doc["rounds"][0]) == {"round", "alive", "expected_hp", "expected_propellant"}
    assert doc["rounds"][0]["expected_propellant"] is None


def test_d12_chain_agrees_with_seeded_monte_carlo(units, threats):
    """A plain dice-rolling simulation of the same rules (seeded); within 4 standard errors."""
    unit, threat = units["nightingale"], threats["londo-bell-crossfire"]
    rounds, runs = 3, 20000
    rng = random.Random(20240601)
    alive = [0] * rounds
    hp_sum = [0] * rounds
    p_sum = [0] * rounds
    for _ in range(runs):
        hp, p = unit.hp, unit.propellant
        for r in range(rounds):
            for attack in threat.attacks:
                if hp <= 0:
                    break
                w, act = attack.action.weapon, attack.action
                hits = sum(
                    1 for _ in range(w.attacks) if rng.randint(1, 6) - act.near >= w.to_hit_ms
                )
                if hits and p > 0 and 4 + act.evade_near <= 6:
                    p -= 1
                    hits -= sum(1 for _ in range(hits) if rng.randint(1, 6) - act.evade_near >= 4)
                hp = max(0, hp - hits * w.damage)
            if hp > 0:
                alive[r] += 1
                hp_sum[r] += hp
                p_sum[r] += p
    exact = survival(unit, threat, rounds).rounds
    for r in range(rounds):
        a = alive[r] / runs
        se = max((a * (1 - a) / runs) ** 0.5, 1e-3)
        assert abs(a - exact[r].alive) < 4 * se
        assert abs(hp_sum[r] / runs - exact[r].expected_hp) < 4 * unit.hp * se + 0.05
        assert abs(p_sum[r] / runs - exact[r].expected_propellant) < 4 * unit.propellant * se + 0.05
