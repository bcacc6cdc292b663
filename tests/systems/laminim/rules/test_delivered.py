"""D25, damage delivered over a game: the figure against its definition, computed by hand from
the chain's per-round outputs on random units, and against a seeded Monte Carlo of whole games
in which the unit's own dice are rolled too."""

from __future__ import annotations

import math
import random
from fractions import Fraction

import pytest

from builder.systems.laminim.rules import (
    Guard,
    ThreatAttack,
    ThreatSpec,
    UnitSpec,
    WeaponSpec,
    damage_output,
    delivered,
    simulate_survival,
    survival,
)
from builder.systems.laminim.rules.delivered import ammo_rounds
from builder.systems.laminim.rules.optimize import FrameOption, WeaponOption, optimize
from systems.laminim.rules.conftest import (
    AUTOCANNON,
    BLADE,
    GATLING,
    MISSILE,
    QUICK_BOOSTER,
    RIFLE,
    SHIELD,
    SMG,
    threat,
    unit,
)


def _weapon(rng: random.Random, name: str) -> WeaponSpec:
    kind = rng.choice(["normal", "normal", "melee", "missile", "special"])
    if kind == "special":
        guard = Guard((1,), rng.randint(0, 2)) if rng.random() < 0.5 else None
        return WeaponSpec(name, kind, rng.randint(2, 9), 0, 0, None, 0, guard=guard)
    ammo = None if kind == "melee" or rng.random() < 0.3 else rng.randint(1, 6)
    per = rng.randint(1, 2) if ammo else 0
    return WeaponSpec(
        name, kind, rng.randint(2, 9), rng.randint(1, 6), rng.randint(1, 4), ammo, per
    )


def _random_case(seed: int) -> tuple[UnitSpec, ThreatSpec, int]:
    rng = random.Random(seed)
    slots = [_weapon(rng, f"w{i}") if rng.random() < 0.8 else None for i in range(3)]
    if all(s is None for s in slots):
        slots[0] = _weapon(rng, "w0")
    body = UnitSpec("u", rng.randint(6, 16), tuple(slots))  # type: ignore[arg-type]
    guns = [RIFLE, SMG, MISSILE, BLADE, AUTOCANNON]
    attacks = tuple(
        ThreatAttack(rng.choice(guns), rng.randint(0, 4)) for _ in range(rng.randint(1, 2))
    )
    return body, ThreatSpec(f"t{seed}", attacks), rng.randint(1, 5)


def _by_hand(body: UnitSpec, rounds) -> Fraction:
    """D25 summed from its definition: d_s exactly (Fractions), the probabilities read off the
    chain's rounds (P(alive and intact at the start of k) = 1 - P(destroyed by k - 1))."""
    exposure = Fraction(3 + sum(w is not None for w in body.slots), 6)
    total = Fraction(0)
    for s, w in enumerate(body.slots):
        if w is None or w.kind == "special" or w.attacks == 0:
            continue
        land = Fraction(1) if w.kind == "missile" else Fraction(3, 6)  # bonus +2: faces 4-6
        d = w.attacks * land * exposure * w.power
        fires = len(rounds) if w.ammo is None else min(len(rounds), w.ammo // w.ammo_per_attack)
        for k in range(1, fires + 1):
            gone = 0.0 if k == 1 else rounds[k - 2].slot_destroyed[s]
            total += d * Fraction(1 - gone)
    return total


@pytest.mark.parametrize("seed", range(24))
def test_delivered_is_its_definition_on_random_units(seed):
    body, t, n = _random_case(seed)
    rounds = survival(body, t, n).rounds
    got = delivered(body, rounds, n)
    assert got.total == pytest.approx(float(_by_hand(body, rounds)), rel=1e-12, abs=1e-12)
    assert got.total == pytest.approx(sum(v for v in got.per_slot if v is not None))


def test_one_round_is_analyzes_all_weapons_figure():
    body = unit("striker", RIFLE, MISSILE, BLADE)
    one = delivered(body, survival(body, threat("t", (GATLING, 2)), 1).rounds, 1)
    assert one.total == pytest.approx(damage_output(body, 6 / 6).all_weapons)


def test_a_weapon_counts_only_while_its_ammo_lasts():
    rocket = WeaponSpec("rocket", "missile", 8, 6, 4, 4, 1)  # 4 rounds of ammo
    pod = WeaponSpec("pod", "missile", 8, 6, 4, 5, 2)  # 5 // 2 = 2 rounds
    assert ammo_rounds(rocket) == 4 and ammo_rounds(pod) == 2 and ammo_rounds(BLADE) is None
    harmless = threat("nothing", (WeaponSpec("dud", "special", 1, 0, 0, None, 0), 0))
    body = unit(20, rocket, pod, BLADE)
    got = delivered(body, survival(body, harmless, 6).rounds, 6)
    d = damage_output(body, 1.0).per_slot
    assert got.per_slot == pytest.approx((4 * d[0], 2 * d[1], 6 * d[2]))


def test_a_destroyed_unit_deals_nothing_more():
    body = unit(1, RIFLE)  # the rifle dies with the frame nearly at once
    t = threat("t", (GATLING, 5))
    six = delivered(body, survival(body, t, 6).rounds, 6)
    one = delivered(body, survival(body, t, 1).rounds, 1)
    assert one.total < six.total < one.total * 1.01


SIGMAS = 4.0
TRIALS = 6000
GAMES = [
    (unit("striker", RIFLE, MISSILE), threat("rifle", (RIFLE, 2)), 4),
    (unit(12, GATLING, AUTOCANNON), threat("salvo", (MISSILE, 0)), 3),
    (unit("lancer", SMG, SHIELD, BLADE), threat("mixed", (RIFLE, 2), (MISSILE, 0)), 5),
    (unit(8, WeaponSpec("rocket", "missile", 8, 6, 4, 2, 1), BLADE), threat("b", (BLADE, 4)), 4),
]


@pytest.mark.parametrize(("body", "t", "n"), GAMES, ids=[g[1].id for g in GAMES])
def test_delivered_agrees_with_whole_games_rolled_die_by_die(body, t, n):
    exact = survival(body, t, n).rounds
    games = simulate_survival(body, t, n, trials=TRIALS, seed=11).rounds
    for k in range(1, n + 1):
        want = delivered(body, exact, k).total
        got = games[k - 1]
        assert abs(got.delivered - want) <= SIGMAS * got.delivered_se + 1e-9, k
        assert got.delivered_se < 0.05 * want + 1e-9  # the test can fail: it is tight


def test_the_optimisers_figure_is_each_loadouts_own_in_its_own_slot_order():
    """Loadouts share a chain when its inputs coincide; each row's figure is still D25 for its
    own slots (checked against a chain of exactly that loadout). The blade and the quick
    booster look alike to the chain (durability 10, no ammo), so "blade, smg" and "smg, quick
    booster" share one, with the slots the other way round."""
    options = [WeaponOption(w, 1) for w in (RIFLE, MISSILE, BLADE, SHIELD, SMG, QUICK_BOOSTER)]
    frame = FrameOption("f", 14, 3)
    t = threat("mixed", (RIFLE, 2), (MISSILE, 0))
    result = optimize([frame], options, t, rounds=4, workers=1)
    specs = {w.id: w.spec for w in options}
    for row in result.loadouts:
        body = UnitSpec("f", 14, tuple(specs[i] if i else None for i in row.weapons))  # type: ignore[arg-type]
        want = delivered(body, survival(body, t, 4).rounds, 4).total
        assert math.isclose(row.delivered, want, rel_tol=1e-9, abs_tol=1e-9), row.weapons
