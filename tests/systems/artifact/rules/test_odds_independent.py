"""Attack and activation odds against brute force and an independent reference, every pair."""

from __future__ import annotations

import itertools
from fractions import Fraction
from functools import cache

import pytest

from builder.systems.artifact.rules import (
    AttackAction,
    activation_odds,
    attack_distribution,
    attack_odds,
)

from . import independent as ref

MS = ("nightingale", "rick-dias", "hi-nu-gundam", "byalant-custom")
SHIPS = ("rewloola", "ra-cailum")
UNITS = MS + SHIPS
PAIRS = list(itertools.product(UNITS, UNITS))
MODIFIERS = range(4)


@cache
def brute_hits(attacks: int, n: int, near: int) -> tuple[Fraction, ...]:
    """P(k hits) by walking every face combination of the hit dice."""
    counts = [0] * (attacks + 1)
    for faces in itertools.product(range(1, 7), repeat=attacks):
        counts[sum(1 for f in faces if f - near >= n)] += 1
    return tuple(Fraction(c, 6**attacks) for c in counts)


@cache
def brute_cancelled(hits: int, evade_near: int) -> tuple[Fraction, ...]:
    """P(c of ``hits`` cancelled) by walking every face combination of the evasion dice."""
    counts = [0] * (hits + 1)
    for faces in itertools.product(range(1, 7), repeat=hits):
        counts[sum(1 for f in faces if f - evade_near >= 4)] += 1
    return tuple(Fraction(c, 6**hits) for c in counts)


def brute_landed(attacks: int, n: int, near: int, evade_near: int | None) -> list[Fraction]:
    landed = [Fraction(0)] * (attacks + 1)
    for k, pk in enumerate(brute_hits(attacks, n, near)):
        if evade_near is None or k == 0:
            landed[k] += pk
            continue
        for c, pc in enumerate(brute_cancelled(k, evade_near)):
            landed[k - c] += pk * pc
    return landed


SMALL = [(a, n, d) for a in (1, 2, 3) for n in range(2, 7) for d in (1, 2, 3)]


@pytest.mark.parametrize(("attacks", "n", "damage"), SMALL)
def test_single_attack_matches_brute_force_over_every_die_exactly(attacks, n, damage, units):
    from builder.systems.artifact.rules import UnitStats, WeaponStats

    weapon = WeaponStats("w", 10, attacks, n, n, damage)
    target = UnitStats("t", "ms", 10, 5, (weapon,), propellant=3)
    for near, evade_near, evade in itertools.product(MODIFIERS, MODIFIERS, (False, True)):
        if not evade and evade_near:
            continue
        hits, dmg = attack_distribution(AttackAction(weapon, near, evade_near), target, evade=evade)
        expected = brute_landed(attacks, n, near, evade_near if evade else None)
        assert list(hits) == expected
        capped = [Fraction(0)] * 6
        for k, p in enumerate(expected):
            capped[min(5, k * damage)] += p
        assert list(dmg) == capped


@pytest.mark.parametrize("attacks", [4, 5])
def test_four_and_five_dice_match_brute_force_exactly(attacks):
    from builder.systems.artifact.rules import UnitStats, WeaponStats

    for n in range(2, 7):
        weapon = WeaponStats("w", 10, attacks, n, n, 1)
        target = UnitStats("t", "ms", 10, 10, (weapon,), propellant=3)
        for near in MODIFIERS:
            for evade_near in (None, 0, 2):
                evade = evade_near is not None
                hits, _ = attack_distribution(
                    AttackAction(weapon, near, evade_near or 0), target, evade=evade
                )
                assert list(hits) == brute_landed(attacks, n, near, evade_near)


@pytest.mark.parametrize(("attacker", "target"), PAIRS)
def test_every_pair_every_modifier_matches_independent_reference(attacker, target, units):
    a, t = units[attacker], units[target]
    for w in a.weapons:
        n = w.to_hit_ms if t.kind == "ms" else w.to_hit_ship
        evasions: list[int | None] = [None, *MODIFIERS] if t.kind == "ms" else [None]
        for near, evade_near in itertools.product(MODIFIERS, evasions):
            got = attack_odds(
                AttackAction(w, near, evade_near or 0), t, evade=evade_near is not None
            )
            ph = ref.per_die(n, near, 1.0)
            pe = None if evade_near is None else ref.per_die(4, evade_near, 1.0)
            landed = ref.dice_dp(w.attacks, ph * (1 - (pe or 0.0)), 1.0)
            damage = [0.0] * (t.hp + 1)
            for k, p in enumerate(landed):
                damage[min(t.hp, k * w.damage)] += p
            assert got.p_hit == pytest.approx(ph, abs=1e-9)
            assert got.p_evade == (None if pe is None else pytest.approx(pe, abs=1e-9))
            assert got.hits == pytest.approx(landed, abs=1e-9)
            assert got.damage == pytest.approx(damage, abs=1e-9)
            assert got.expected_damage == pytest.approx(
                sum(d * p for d, p in enumerate(damage)), abs=1e-9
            )
            assert got.p_kill == pytest.approx(damage[t.hp], abs=1e-9)
            assert sum(got.hits) == pytest.approx(1.0, abs=1e-12)


def _reference_activation(w1, w2, t, near, evade_near, evade, hp, p0):
    kind_n = (lambda w: w.to_hit_ms) if t.kind == "ms" else (lambda w: w.to_hit_ship)

    def step(w):
        def outcomes(p):
            ev = evade_near if evade and p > 0 else None
            return ref.attack_outcomes(w.attacks, kind_n(w), near, w.damage, ev, 1.0)

        return outcomes

    states = ref.run_states({(hp, p0): 1.0}, [step(w1), step(w2)], 1.0)
    dist = [0.0] * (hp + 1)
    for (h, _), m in states.items():
        dist[hp - h] += m
    dist[hp] = 1.0 - sum(dist[:hp])
    return dist


@pytest.mark.parametrize(("attacker", "target"), PAIRS)
def test_every_pair_activation_matches_independent_reference(attacker, target, units):
    a, t = units[attacker], units[target]
    weapon_pairs = [(w, w) for w in a.weapons] + [(a.weapons[0], a.weapons[-1])]
    for w1, w2 in weapon_pairs:
        for near in MODIFIERS:
            cases = [(False, 0, None)]
            if t.kind == "ms":
                cases += [(True, j, p) for j in (0, 2) for p in (1, t.propellant)]
            for evade, evade_near, p0 in cases:
                hp = t.hp if near % 2 == 0 else max(1, t.hp // 3)
                got = activation_odds(
                    [AttackAction(w1, near, evade_near), AttackAction(w2, near, evade_near)],
                    t,
                    evade=evade,
                    target_hp=hp,
                    target_propellant=p0,
                )
                start_p = p0 if p0 is not None else (t.propellant or 0)
                want = _reference_activation(w1, w2, t, near, evade_near, evade, hp, start_p)
                assert got.damage == pytest.approx(want, abs=1e-9)
                assert got.p_kill == pytest.approx(want[hp], abs=1e-9)


def test_activation_of_one_action_equals_the_single_attack_odds(units):
    funnel = units["nightingale"].weapon("funnel")
    for target in units.values():
        single = attack_odds(AttackAction(funnel, 1), target)
        act = activation_odds([AttackAction(funnel, 1)], target)
        assert act.damage == pytest.approx(single.damage, abs=1e-12)
        assert act.p_kill == pytest.approx(single.p_kill, abs=1e-12)


def test_odds_json_has_the_design_keys(units):
    odds = attack_odds(
        AttackAction(units["hi-nu-gundam"].weapon("fin-funnel")), units["nightingale"], evade=True
    )
    doc = odds.as_json()
    assert set(doc) == {"p_hit", "p_evade", "hits", "expected_damage", "p_kill"}
    assert len(doc["hits"]) == 3
    plain = attack_odds(AttackAction(units["hi-nu-gundam"].weapon("fin-funnel")), units["rewloola"])
    assert plain.as_json()["p_evade"] is None


def test_target_hp_caps_damage_and_sets_the_kill_line(units):
    fin = units["hi-nu-gundam"].weapon("fin-funnel")  # 2 dice, 3+, D3
    odds = attack_odds(AttackAction(fin), units["rick-dias"], target_hp=4)
    p = 4 / 6
    # 2 hits = 6 damage, capped at 4; 1 hit = 3.
    assert odds.damage == pytest.approx([(1 - p) ** 2, 0, 0, 2 * p * (1 - p), p**2])
    assert odds.p_kill == pytest.approx(p**2)
    assert odds.expected_damage == pytest.approx(3 * 2 * p * (1 - p) + 4 * p**2)
    with pytest.raises(ValueError, match="target HP"):
        attack_odds(AttackAction(fin), units["rick-dias"], target_hp=11)
    with pytest.raises(ValueError, match="target HP"):
        attack_odds(AttackAction(fin), units["rick-dias"], target_hp=0)


def test_activation_allows_one_or_two_actions_only(units):
    fin = AttackAction(units["hi-nu-gundam"].weapon("fin-funnel"))
    with pytest.raises(ValueError, match="1 to 2"):
        activation_odds([fin, fin, fin], units["rewloola"])
    with pytest.raises(ValueError, match="1 to 2"):
        activation_odds([], units["rewloola"])
