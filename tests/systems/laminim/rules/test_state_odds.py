"""D21: odds from where a unit stands (docs/rules.md D21), and an enemy unit as a threat.

The chain started from a battle state is checked four ways: both engines agree on it to 1e-9;
at full health before round 1 it is exactly ``analyze --rounds 6``; from a state with nothing
pending it is the chain of a unit *built* with the remaining durabilities and ammo; and against
brute-force enumeration in Fractions (a part at 0 awaiting resolution, a weapon destroyed, ammo
left, a round whose attacks are done, a magazine that runs dry) and a seeded Monte Carlo.
"""

from __future__ import annotations

import importlib
import math
from dataclasses import replace
from fractions import Fraction

import pytest

from builder.systems.laminim.rules import (
    ThreatAttack,
    ThreatSpec,
    UnitSpec,
    UnitState,
    simulate_survival,
    state_odds,
    survival,
    unit_threat,
)
from builder.systems.laminim.rules.engine import exact_survival
from builder.systems.laminim.rules.sampled import survival_answer
from builder.systems.laminim.rules.schedule import round_threats
from builder.systems.laminim.rules.start import start_pattern, start_unit
from systems.laminim.rules.conftest import (
    AUTOCANNON,
    BLADE,
    GATLING,
    MISSILE,
    RIFLE,
    SHIELD,
    SMG,
    catalog_demo_units,
    catalog_threats,
    threat,
    unit,
)
from systems.laminim.rules.test_exact_vs_bruteforce import add, resolve, roll_location

ref = importlib.import_module("builder.systems.laminim.rules.chain_reference")
THREATS = catalog_threats()


def numbers(result) -> list[float]:
    out: list[float] = []
    for r in result.rounds:
        out += [r.alive, r.expected_remaining, r.cook_off]
        out += [-1.0 if x is None else x for x in r.slot_destroyed]
    return out


def worst(a, b) -> float:
    got, want = numbers(a), numbers(b)
    assert len(got) == len(want)
    return max(abs(x - y) for x, y in zip(got, want, strict=True))


def state(frame, slots=(0, 0, 0), destroyed=(False, False, False), ammo=(None, None, None)):
    return UnitState(frame, tuple(slots), tuple(destroyed), tuple(ammo))


BULWARK = unit("bastion", GATLING, MISSILE, MISSILE, name="Bulwark")
KESTREL = unit("striker", RIFLE, MISSILE, None, name="Kestrel")
GUARDED = unit("striker", RIFLE, SHIELD, AUTOCANNON, name="Guarded")
SWALLOW = unit("lancer", SMG, None, BLADE, name="Swallow")

# (unit, state): pending parts (<= 0, not yet destroyed), destroyed weapons, ammo spent
STATES = {
    "bulwark-14-left-slot2-gone": (BULWARK, state(14, (9, 0, 10), (False, True, False), (8, 0, 3))),
    "bulwark-gatling-at-0": (BULWARK, state(22, (-2, 10, 4), ammo=(10, 6, 6))),
    "kestrel-frame-at-0": (KESTREL, state(0, (10, 3, 0), ammo=(4, 6, None))),
    "kestrel-missile-gone": (KESTREL, state(11, (7, 0, 0), (False, True, False), (2, 0, None))),
    "guarded-shield-at-0": (GUARDED, state(17, (10, -1, 5), ammo=(10, None, 1))),
    "guarded-whole-but-dry": (GUARDED, state(20, (10, 12, 12), ammo=(0, None, 0))),
    "swallow-scraped": (SWALLOW, state(9, (3, 0, 10), ammo=(1, None, None))),
}
THREAT_CASES = {
    "rifle-duel": THREATS["rifle-duel"],
    "full-barrage": THREATS["full-barrage"],
    "mixed-fire": THREATS["mixed-fire"],
    # an enemy unit: its gatling runs dry after 2 rounds, its missile after 1, the blade never
    "enemy-unit": ThreatSpec(
        "enemy",
        (ThreatAttack(GATLING, 2, 2), ThreatAttack(MISSILE, 0, 1), ThreatAttack(BLADE, 2)),
    ),
}


@pytest.fixture
def plain(monkeypatch: pytest.MonkeyPatch):
    """The reference chain with no crumbs dropped: the plain sums."""
    monkeypatch.setattr(ref, "_DROP_BELOW", 0.0)
    return ref.reference_survival


@pytest.mark.parametrize("threat_id", sorted(THREAT_CASES))
@pytest.mark.parametrize("done", [False, True], ids=["attacks-to-come", "attacks-done"])
def test_d21_both_engines_agree_from_every_state(threat_id, done, plain):
    t = THREAT_CASES[threat_id]
    for name, (u, s) in STATES.items():
        begin, start = start_unit(u, s), start_pattern(u, s)
        for rounds in (1, 3):
            compiled = exact_survival(begin, t, rounds, True, start, done)
            reference = plain(begin, t, rounds, None, start, done)
            assert worst(compiled, reference) <= 1e-9, (name, rounds)


@pytest.mark.parametrize("threat_id", sorted(THREATS))
def test_d21_full_health_before_round_one_is_analyze_rounds_6(threat_id):
    t = THREATS[threat_id]
    for u in catalog_demo_units():
        odds = state_odds(u, UnitState.full(u), t, 1)
        assert odds.survival == survival(u, t, 6)
        last = survival(u, t, 6).rounds[-1]
        assert (odds.alive_end, odds.expected_remaining, odds.cook_off) == (
            last.alive,
            last.expected_remaining,
            last.cook_off,
        )
        assert odds.alive_round == survival(u, t, 6).rounds[0].alive


def built(u: UnitSpec, s: UnitState) -> UnitSpec:
    """A unit whose parts *are* the state's remaining durabilities and ammo."""
    slots = tuple(
        None
        if w is None
        else replace(w, durability=s.slots[i], ammo=w.ammo if s.ammo[i] is None else s.ammo[i])
        for i, w in enumerate(u.slots)
    )
    return UnitSpec(u.name, s.frame, slots)  # type: ignore[arg-type]


@pytest.mark.parametrize("threat_id", sorted(THREATS))
def test_d21_state_start_equals_analyze_of_a_unit_built_with_what_is_left(threat_id):
    t = THREATS[threat_id]
    cases = [
        (BULWARK, state(14, (9, 3, 10), ammo=(8, 1, 3))),
        (GUARDED, state(20, (10, 12, 12), ammo=(2, None, 1))),
        (SWALLOW, state(9, (3, 0, 10), ammo=(1, None, None))),
    ]
    for u, s in cases:
        for round_no in (1, 4, 6):
            odds = state_odds(u, s, t, round_no)
            same = survival(built(u, s), t, 6 - round_no + 1)
            assert worst(odds.survival, same) == 0.0


def test_d21_a_round_marked_done_only_resolves_what_is_recorded():
    """Nothing pending, attacks done: the first round changes nothing; then the chain is the
    plain one a round later."""
    u, s = BULWARK, state(30, (10, 7, 10), ammo=(12, 6, 6))
    t = THREATS["rifle-duel"]
    odds = state_odds(u, s, t, 3, attacks_done=True)
    first = odds.survival.rounds[0]
    assert first.alive == 1.0 and first.cook_off == 0.0
    assert first.expected_remaining == 57
    later = survival(built(u, s), t, 3).rounds
    assert (
        worst(
            replace(odds.survival, rounds=odds.survival.rounds[1:]),
            replace(odds.survival, rounds=later),
        )
        <= 1e-12
    )


def test_d21_a_frame_at_zero_dies_this_round_whatever_the_threat():
    u, s = KESTREL, state(0, (10, 3, 0), ammo=(4, 6, None))
    for t in THREATS.values():
        odds = state_odds(u, s, t, 2, attacks_done=True)
        assert odds.alive_round == 0.0 and odds.alive_end == 0.0
        assert odds.expected_remaining == 0.0
        assert odds.cook_off == 0.0  # nothing of it at 0 but the frame: no magazine goes


def test_d21_a_dying_unit_s_magazines_still_cook_off_d8():
    """Frame and a loaded weapon at 0: D8 rolls the weapon's ammo, 1 - (5/6)^ammo."""
    u, s = KESTREL, state(-3, (0, 10, 0), ammo=(4, 6, None))
    odds = state_odds(u, s, THREATS["rifle-duel"], 6, attacks_done=True)
    assert odds.alive_end == 0.0
    assert odds.cook_off == pytest.approx(1 - (5 / 6) ** 4, abs=1e-12)


def test_d21_a_destroyed_unit_has_no_odds_left():
    u = BULWARK
    s = replace(state(0, (0, 0, 0), (True, True, True)), frame_destroyed=True)
    odds = state_odds(u, s, THREATS["rifle-duel"], 4)
    assert (odds.alive_round, odds.alive_end, odds.expected_remaining, odds.cook_off) == (
        0,
        0,
        0,
        0,
    )
    assert odds.survival.rounds[-1].slot_destroyed == (1.0, 1.0, 1.0)
    assert len(odds.survival.rounds) == 3


# -- an enemy unit as the threat -------------------------------------------------------------


def test_d21_an_enemy_unit_fires_every_intact_weapon_while_its_ammo_lasts():
    enemy = unit("bastion", GATLING, MISSILE, BLADE, name="Rook")
    t = unit_threat(enemy)
    assert t.id == "Rook"
    # gatling 12 ammo at 2 an attack: 6 rounds; missile 6 at 1: 6; blade uses none: every round
    assert [(a.weapon.name, a.bonus, a.rounds) for a in t.attacks] == [
        ("gatling", 2, 6),
        ("missile", 0, 6),
        ("blade", 2, None),
    ]
    assert unit_threat(enemy, 4).attacks[0].bonus == 4
    assert unit_threat(enemy, 4).attacks[1].bonus == 0  # salvos contact: no hit roll


def test_d21_an_enemy_unit_in_a_battle_counts_its_magazines_and_losses():
    enemy = unit("bastion", GATLING, MISSILE, SHIELD, name="Rook")
    s = state(30, (14, 0, 12), (False, True, False), ammo=(5, 6, None))
    t = unit_threat(enemy, 2, s)
    assert [(a.weapon.name, a.rounds) for a in t.attacks] == [("gatling", 2)]  # 5 // 2
    dry = state(30, (14, 10, 12), ammo=(1, 0, None))
    assert unit_threat(enemy, 2, dry).attacks == ()  # 1 // 2 and 0 // 1: nothing to fire


def test_d21_an_enemy_part_at_zero_fires_this_round_only():
    enemy = unit("striker", RIFLE, MISSILE, name="Wren")
    s = state(12, (0, 10, 0), ammo=(6, 6, None))
    now = unit_threat(enemy, 2, s, fires_this_round=True)
    assert [(a.weapon.name, a.rounds) for a in now.attacks] == [("rifle", 1), ("missile", 6)]
    later = unit_threat(enemy, 2, s, fires_this_round=False)
    assert [a.weapon.name for a in later.attacks] == ["missile"]
    dying = state(-1, (5, 10, 0), ammo=(6, 6, None))
    assert [a.rounds for a in unit_threat(enemy, 2, dying).attacks] == [1, 1]
    assert unit_threat(enemy, 2, dying, fires_this_round=False).attacks == ()
    gone = replace(dying, frame_destroyed=True)
    assert unit_threat(enemy, 2, gone).attacks == ()


def test_d21_a_magazine_running_dry_changes_the_rounds_after_it():
    """Round-by-round threats: an enemy rifle with 4 rounds of ammo against a whole unit gives
    the plain chain for 4 rounds and then nothing more lands."""
    u = unit("bastion", GATLING, None, None)
    rifle_unit = unit("striker", RIFLE, name="Shooter")
    s = state(20, (10, 0, 0), ammo=(4, None, None))
    t = unit_threat(rifle_unit, 2, s)
    assert t.attacks[0].rounds == 4
    got = survival(u, t, 6).rounds
    plain = survival(u, threat("r", (RIFLE, 2)), 4).rounds
    assert (
        worst(replace(survival(u, t, 4), rounds=got[:4]), replace(survival(u, t, 4), rounds=plain))
        <= 1e-12
    )
    assert got[5].alive == got[3].alive and got[5].expected_remaining == got[3].expected_remaining


def test_round_threats_leave_out_the_done_round_and_the_empty_magazines():
    t = ThreatSpec("t", (ThreatAttack(RIFLE, 2, 1), ThreatAttack(SMG, 2)))
    plan = round_threats(t, 3, attacks_done=True)
    assert [len(x.attacks) for x in plan] == [0, 2, 1]
    assert round_threats(THREATS["rifle-duel"], 2) == (THREATS["rifle-duel"],) * 2


# -- brute force and Monte Carlo ----------------------------------------------------------------


def brute_force_from(u: UnitSpec, s: UnitState, t: ThreatSpec, rounds: int, done: bool):
    """Every die face enumerated from the state (unclipped durabilities), each round's attacks
    as D21 says; shares only the resolution helpers of the D7 brute force."""
    ammo = tuple(
        None if w is None else (w.ammo if s.ammo[i] is None else s.ammo[i])
        for i, w in enumerate(u.slots)
    )
    # the resolution helper reads each weapon's ammo for its cook-off dice
    u = UnitSpec(
        u.name,
        u.frame_durability,
        tuple(None if w is None else replace(w, ammo=ammo[i]) for i, w in enumerate(u.slots)),  # type: ignore[arg-type]
    )
    start = (
        (s.frame, *s.slots),
        (True, *(w is not None and not s.destroyed[i] for i, w in enumerate(u.slots))),
        False,
    )
    dist: dict = {start: Fraction(1)}
    dead: dict[bool, Fraction] = {False: Fraction(0), True: Fraction(0)}
    results = []
    for r in range(1, rounds + 1):
        k = r - 1 if done else r
        made = [a for a in t.attacks if k >= 1 and (a.rounds is None or a.rounds >= k)]
        after: dict = {}
        for st, p in dist.items():
            sub = {st: p}
            for attack in made:
                w = attack.weapon
                need = 1 if w.kind == "missile" else 7 - max(0, min(6, 1 + attack.bonus))
                for _ in range(w.attacks):
                    landed = {key: v * Fraction(7 - need, 6) for key, v in sub.items()}
                    landed = roll_location(u, landed, st[1], w.power)
                    for key, v in sub.items():
                        add(landed, key, v * Fraction(need - 1, 6))
                    sub = landed
            for st1, q in sub.items():
                for st2, q2 in resolve(u, st1).items():
                    add(after, st2, q * q2)
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
    from builder.systems.laminim.rules import WeaponSpec

    return WeaponSpec(name, kind, dur, power, attacks, ammo, 1)


BRUTE = {
    "weapon-at-0-cooks-this-round": (
        unit(5, w("g", 3, 2, ammo=3), w("h", 2, 3, ammo=2)),
        state(3, (0, 2, 0), ammo=(2, 1, None)),
        ThreatSpec("t", (ThreatAttack(w("x", 9, 2), 3, 2),)),
        2,
        False,
    ),
    "done-round-then-missiles": (
        unit(4, w("g", 2, 2, ammo=2), None, w("k", 2, 1, ammo=1)),
        state(2, (-1, 0, 2), ammo=(1, None, 1)),
        ThreatSpec("t", (ThreatAttack(w("m", 9, 2, attacks=2, kind="missile"), 0, 1),)),
        2,
        True,
    ),
    "destroyed-weapon-and-a-dry-magazine": (
        unit(4, w("g", 2, 2, ammo=2), w("h", 2, 2, ammo=2)),
        state(4, (2, 0, 0), (False, True, False), ammo=(0, 0, None)),
        ThreatSpec("t", (ThreatAttack(w("x", 9, 2, attacks=2), 2),)),
        2,
        False,
    ),
}


@pytest.mark.parametrize("case", sorted(BRUTE))
def test_d21_exact_matches_brute_force_from_a_state(case):
    u, s, t, rounds, done = BRUTE[case]
    exact = survival(u, t, rounds, state=s, attacks_done=done).rounds
    brute = brute_force_from(u, s, t, rounds, done)
    for r, (alive, remaining, cooked) in zip(exact, brute, strict=True):
        assert r.alive == pytest.approx(float(alive), abs=1e-12)
        assert r.expected_remaining == pytest.approx(float(remaining), abs=1e-11)
        assert r.cook_off == pytest.approx(float(cooked), abs=1e-12)


@pytest.mark.parametrize(
    ("name", "threat_id", "done"),
    [
        ("bulwark-14-left-slot2-gone", "rifle-duel", False),
        ("bulwark-14-left-slot2-gone", "full-barrage", False),
        ("bulwark-gatling-at-0", "enemy-unit", True),
        ("guarded-shield-at-0", "mixed-fire", False),
        ("kestrel-missile-gone", "enemy-unit", False),
    ],
)
def test_d21_exact_agrees_with_a_seeded_monte_carlo_from_the_state(name, threat_id, done):
    u, s = STATES[name]
    t = THREAT_CASES[threat_id]
    exact = survival(u, t, 4, state=s, attacks_done=done).rounds
    trials = 4000
    mc = simulate_survival(u, t, 4, trials, 11, state=s, attacks_done=done).rounds
    for e, m in zip(exact, mc, strict=True):
        for got, want, se in (
            (m.alive, e.alive, m.alive_se),
            (m.cook_off, e.cook_off, m.cook_off_se),
        ):
            floor = math.sqrt(max(want * (1 - want), 0.0) / trials)
            assert abs(got - want) <= 4 * max(se, floor) + 1e-9, (name, e.round)
        # Var(remaining) >= E[remaining | alive]^2 * Var(alive): a floor for rare survivors
        given_alive = e.expected_remaining / e.alive if e.alive > 0 else 0.0
        floor = given_alive * math.sqrt(max(e.alive * (1 - e.alive), 0.0) / trials)
        se = max(m.expected_remaining_se, floor)
        assert abs(m.expected_remaining - e.expected_remaining) <= 4 * se + 1e-9, (name, e.round)


def test_d21_beyond_the_budget_the_odds_are_sampled_and_marked(monkeypatch):
    from builder.systems.laminim.rules import TooLarge, sampled

    def refuse(*args, **kwargs):
        raise TooLarge(10, 1, "work")

    monkeypatch.setattr(sampled, "check_budget", refuse)
    u, s = STATES["bulwark-14-left-slot2-gone"]
    odds = state_odds(u, s, THREATS["rifle-duel"], 5)
    assert odds.method == "sampled"
    assert all(r.interval is not None for r in odds.survival.rounds)
    exact = survival(u, THREATS["rifle-duel"], 2, state=s)
    lo, hi = odds.survival.rounds[-1].interval.alive
    assert lo - 1e-9 <= exact.rounds[-1].alive <= hi + 1e-9
    with pytest.raises(TooLarge):
        survival_answer(u, THREATS["rifle-duel"], 2, exact=True, state=s)
