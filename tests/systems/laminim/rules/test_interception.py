"""Shooting missiles down (docs/rules.md §1.4) and D19's interception in expected survival.

The chain with interception is checked against a brute-force enumeration in Fractions that rolls
the interceptor's dice one by one (written here from D19's text, sharing only the location and
resolution helpers of the plain brute force), on named cases and on small random cases drawn
with a fixed seed (not tuned), and against the Monte Carlo simulator on the seed's units.
"""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import product

import pytest

from builder.systems.laminim.rules import ThreatSpec, UnitSpec, WeaponSpec, survival
from builder.systems.laminim.rules.interception import (
    Intercept,
    arriving,
    first_salvo,
    intercept_problem,
    mean_stopped,
    missiles_removed,
)
from builder.systems.laminim.rules.montecarlo import simulate_survival
from systems.laminim.rules.conftest import (
    BLADE,
    GATLING,
    MISSILE,
    RIFLE,
    SMG,
    threat,
    unit,
)
from systems.laminim.rules.test_exact_vs_bruteforce import add, resolve, roll_location

SIXTH = Fraction(1, 6)


def test_missiles_removed_is_min_of_salvo_and_hits_by_enumerating_every_die():
    gun = WeaponSpec("mg", "normal", 8, 2, 3, 12, 2)
    for salvo, bonus in product(range(0, 5), range(-1, 6)):
        need = 7 - max(0, min(6, 1 + bonus))
        want = [Fraction(0)] * (salvo + 1)
        for faces in product(range(1, 7), repeat=gun.attacks):
            hits = sum(f >= need for f in faces)
            want[min(hits, salvo)] += SIXTH**gun.attacks
        assert list(missiles_removed(gun, salvo, bonus)) == want


def test_rifle_at_plus_two_stops_two_of_five_on_average():
    # four dice hitting on 4+: Binomial(4, 1/2), never more than 4 of the 5 missiles
    assert mean_stopped(RIFLE, 5, 2) == pytest.approx(2.0)
    assert mean_stopped(GATLING, 5, 2) == pytest.approx(
        float(sum(min(k, 5) * Fraction(__import__("math").comb(8, k), 256) for k in range(9)))
    )


def test_only_a_normal_weapon_intercepts():
    u = unit("lancer", SMG, MISSILE, BLADE)
    assert intercept_problem(u, Intercept(0)) is None
    missile, blade = intercept_problem(u, Intercept(1)), intercept_problem(u, Intercept(2))
    assert missile is not None and blade is not None
    assert (missile.key, missile.kind) == ("intercept-not-normal", "missile")
    assert (blade.key, blade.kind) == ("intercept-not-normal", "melee")
    empty = intercept_problem(unit("striker", RIFLE), Intercept(1))
    assert empty is not None and (empty.key, empty.slot) == ("intercept-empty-slot", 2)
    with pytest.raises(ValueError):
        survival(u, threat("m", (MISSILE, 0)), 2, Intercept(2))


def test_first_salvo_is_in_threat_order():
    assert first_salvo(threat("r", (RIFLE, 2))) is None
    assert first_salvo(threat("mixed", (RIFLE, 2), (MISSILE, 0), (MISSILE, 0))) == 1


@pytest.mark.parametrize("name", ["rifle-duel", "gatling-fire", "blade-rush"])
def test_intercept_without_a_missile_salvo_is_the_plain_analysis(name):
    threats = {
        "rifle-duel": threat("rifle-duel", (RIFLE, 2)),
        "gatling-fire": threat("gatling-fire", (GATLING, 2)),
        "blade-rush": threat("blade-rush", (BLADE, 4)),
    }
    u = unit("bastion", GATLING, MISSILE, MISSILE)
    assert survival(u, threats[name], 6, Intercept(0, 3)) == survival(u, threats[name], 6)


def brute_force_d19(u: UnitSpec, t: ThreatSpec, rounds: int, slot: int, bonus: int):
    """D19 literally: each round, if slot's weapon is intact at the start, roll its dice one
    by one at the first missile salvo; each hit takes a missile off (never below 0); the rest
    contact. Returns (alive, E[remaining], cook-off) per round as Fractions."""
    shooter = u.slots[slot]
    assert shooter is not None
    salvo = next(i for i, a in enumerate(t.attacks) if a.weapon.kind == "missile")
    need_shot = 7 - max(0, min(6, 1 + bonus))
    start = (
        (u.frame_durability, *(w.durability if w else 0 for w in u.slots)),
        (True, *(w is not None for w in u.slots)),
        False,
    )
    dist: dict = {start: Fraction(1)}
    dead: dict[bool, Fraction] = {False: Fraction(0), True: Fraction(0)}
    results = []
    for _ in range(rounds):
        after: dict = {}
        for state, p in dist.items():
            faces_intact = state[1]
            # the missiles of the first salvo still on the token, with their probability
            left = {t.attacks[salvo].weapon.attacks: Fraction(1)}
            if faces_intact[slot + 1]:
                for _ in range(shooter.attacks):
                    nxt: dict = {}
                    for n, q in left.items():
                        add(nxt, max(0, n - 1), q * Fraction(7 - need_shot, 6))
                        add(nxt, n, q * Fraction(need_shot - 1, 6))
                    left = nxt
            for n_left, q_left in left.items():
                sub = {state: p * q_left}
                for index, attack in enumerate(t.attacks):
                    w = attack.weapon
                    need = 1 if w.kind == "missile" else 7 - max(0, min(6, 1 + attack.bonus))
                    for _ in range(n_left if index == salvo else w.attacks):
                        landed = {k: v * Fraction(7 - need, 6) for k, v in sub.items()}
                        landed = roll_location(u, landed, faces_intact, w.power)
                        for k, v in sub.items():
                            add(landed, k, v * Fraction(need - 1, 6))
                        sub = landed
                for st, q in sub.items():
                    for st2, r in resolve(u, st).items():
                        add(after, st2, q * r)
        dist = {}
        for st, p in after.items():
            if st[1][0]:
                add(dist, st, p)
            else:
                dead[st[2]] += p
        alive = sum(dist.values(), Fraction(0))
        remaining = sum(
            (
                p * sum(d for d, ok in zip(st[0], st[1], strict=True) if ok)
                for st, p in dist.items()
            ),
            Fraction(0),
        )
        cooked = dead[True] + sum(p for st, p in dist.items() if st[2])
        results.append((alive, remaining, cooked))
    return results


def w(name, dur, power, attacks=1, ammo=None, kind="normal"):
    return WeaponSpec(name, kind, dur, power, attacks, ammo, 1)


CASES = {
    # a gun that can be shot off, so interception stops in the rounds after it is destroyed
    "interceptor-can-be-destroyed": (
        unit(4, w("g", 2, 2, attacks=2, ammo=1)),
        threat("t", (w("m", 9, 2, attacks=3, kind="missile"), 0)),
        0,
        2,
        3,
    ),
    # two salvos: only the first is shot at; the second arrives in full
    "second-salvo-arrives-in-full": (
        unit(5, w("g", 3, 1, attacks=1), w("a", 2, 3, ammo=1)),
        threat(
            "t",
            (w("x", 9, 1), 2),
            (w("m", 9, 2, attacks=2, kind="missile"), 0),
            (w("n", 9, 1, attacks=1, kind="missile"), 0),
        ),
        0,
        4,
        2,
    ),
    # more hits than missiles: surplus hits are lost
    "surplus-hits-are-lost": (
        unit(3, None, w("g", 4, 1, attacks=3)),
        threat("t", (w("m", 9, 2, attacks=1, kind="missile"), 0)),
        1,
        5,
        2,
    ),
}


def _agree(exact, brute) -> None:
    for r, (alive, remaining, cooked) in zip(exact.rounds, brute, strict=True):
        assert r.alive == pytest.approx(float(alive), abs=1e-12)
        assert r.expected_remaining == pytest.approx(float(remaining), abs=1e-11)
        assert r.cook_off == pytest.approx(float(cooked), abs=1e-12)


@pytest.mark.parametrize("case", sorted(CASES))
def test_interception_matches_fraction_enumeration_of_d19(case):
    u, t, slot, bonus, rounds = CASES[case]
    _agree(
        survival(u, t, rounds, Intercept(slot, bonus)), brute_force_d19(u, t, rounds, slot, bonus)
    )


def _random_case(rng: random.Random):
    """A small unit with a normal weapon somewhere and a threat with at least one salvo."""
    slots: list[WeaponSpec | None] = [None, None, None]
    gun_slot = rng.randrange(3)
    slots[gun_slot] = w(
        "g", rng.randint(1, 4), rng.randint(1, 3), rng.randint(1, 3), rng.choice([None, 1, 2])
    )
    other = rng.choice([s for s in range(3) if s != gun_slot])
    if rng.random() < 0.6:
        slots[other] = w("o", rng.randint(1, 3), rng.randint(1, 3), 1, rng.choice([None, 1]))
    attacks = [(w("m", 9, rng.randint(1, 3), rng.randint(1, 3), kind="missile"), 0)]
    if rng.random() < 0.5:
        attacks.insert(rng.randrange(2), (w("x", 9, rng.randint(1, 2)), rng.randint(0, 4)))
    u = UnitSpec("r", rng.randint(2, 5), tuple(slots))  # type: ignore[arg-type]
    return u, threat("t", *attacks), gun_slot, rng.randint(0, 5)


@pytest.mark.parametrize("seed", range(6))
def test_interception_agrees_with_enumeration_on_random_small_cases(seed):
    u, t, slot, bonus = _random_case(random.Random(1000 + seed))
    _agree(survival(u, t, 2, Intercept(slot, bonus)), brute_force_d19(u, t, 2, slot, bonus))


@pytest.mark.parametrize(
    ("u", "slot"),
    [(unit("bastion", GATLING, MISSILE, MISSILE), 0), (unit("striker", RIFLE, MISSILE), 0)],
    ids=["bulwark-gatling", "kestrel-rifle"],
)
def test_interception_agrees_with_monte_carlo_on_the_seed_units(u, slot):
    t = threat("mixed-fire", (RIFLE, 2), (MISSILE, 0))
    total = u.frame_durability + sum(x.durability for x in u.slots if x is not None)
    exact = survival(u, t, 4, Intercept(slot, 2))
    mc = simulate_survival(u, t, 4, trials=20000, seed=7, intercept=Intercept(slot, 2))
    for r, m in zip(exact.rounds, mc.rounds, strict=True):
        assert abs(r.alive - m.alive) <= 5 * max(m.alive_se, 1 / 20000)
        assert abs(r.expected_remaining - m.expected_remaining) <= 5 * max(
            m.expected_remaining_se, total / 20000
        )


def test_interception_only_helps():
    u = unit("bastion", GATLING, MISSILE, MISSILE)
    t = threat("mixed", (RIFLE, 2), (MISSILE, 0))
    plain, shot = survival(u, t, 6), survival(u, t, 6, Intercept(0, 2))
    for a, b in zip(plain.rounds, shot.rounds, strict=True):
        assert b.alive >= a.alive - 1e-12
    assert shot.rounds[-1].alive > plain.rounds[-1].alive + 0.05


def test_arrival_distribution_sums_to_one():
    u = unit("striker", RIFLE, MISSILE)
    info = arriving(u, threat("m", (MISSILE, 0)), Intercept(0, 2))
    assert info is not None and info[0] == 0
    assert sum(info[1]) == pytest.approx(1.0)
    assert info[1][0] == 0.0  # four rifle dice never remove all five missiles
