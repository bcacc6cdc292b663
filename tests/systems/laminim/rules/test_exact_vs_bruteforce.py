"""The chain against brute-force enumeration of every die face, in exact Fractions.

The enumerator rolls each die face by face (hit roll, location die, cook-off die) and runs the
waves literally, with unclipped durabilities; it shares nothing with the chain but the specs.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from builder.systems.laminim.rules import Guard, ThreatSpec, UnitSpec, WeaponSpec, survival
from systems.laminim.rules.conftest import threat, unit

SIXTH = Fraction(1, 6)
State = tuple[tuple[int, ...], tuple[bool, ...], bool]  # durability, intact, cooked


def face_part(u: UnitSpec, intact: tuple[bool, ...], face: int) -> int | None:
    part = 0 if face <= 3 else (face - 3 if intact[face - 3] else None)
    if part is None:
        return None
    for s, w in enumerate(u.slots):
        if w is not None and w.guard and intact[s + 1] and face in w.guard.faces and part != s + 1:
            return s + 1
    return part


def hit(u: UnitSpec, durs: tuple[int, ...], part: int, power: int) -> tuple[int, ...]:
    w = u.slots[part - 1] if part else None
    dealt = max(0, power - w.guard.reduction) if w is not None and w.guard else power
    new = list(durs)
    new[part] -= dealt
    return tuple(new)


def add(dist: dict, key, p: Fraction) -> None:
    dist[key] = dist.get(key, Fraction(0)) + p


def roll_location(u, dist: dict, intact_for_faces, power) -> dict:
    out: dict = {}
    for (durs, intact, cooked), p in dist.items():
        for face in range(1, 7):
            part = face_part(u, intact_for_faces, face)
            new = durs if part is None else hit(u, durs, part, power)
            add(out, (new, intact, cooked), p * SIXTH)
    return out


def resolve(u: UnitSpec, state: State) -> dict:
    """Waves: destroy every part at <= 0 at once, then each destroyed weapon's ammo dice."""
    durs, intact, cooked = state
    wave = [i for i in range(4) if intact[i] and durs[i] <= 0]
    if not wave:
        return {state: Fraction(1)}
    intact = tuple(ok and i not in wave for i, ok in enumerate(intact))
    dist = {(durs, intact, cooked): Fraction(1)}
    for part in wave:
        w = u.slots[part - 1] if part else None
        if w is None or not w.ammo:
            continue
        for _ in range(w.ammo):
            out: dict = {}
            for (d, it, ck), p in dist.items():
                for face in range(1, 7):  # the cook-off die
                    if face != 1:
                        add(out, (d, it, ck), p * SIXTH)
                        continue
                    for loc in range(1, 7):
                        part_hit = face_part(u, intact, loc)
                        new = d if part_hit is None else hit(u, d, part_hit, w.power)
                        add(out, (new, it, True), p * SIXTH * SIXTH)
            dist = out
    final: dict = {}
    for st, p in dist.items():
        for st2, q in resolve(u, st).items():
            add(final, st2, p * q)
    return final


def brute_force(u: UnitSpec, t: ThreatSpec, rounds: int):
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
            sub = {state: p}
            faces_intact = state[1]
            for attack in t.attacks:
                w = attack.weapon
                need = 1 if w.kind == "missile" else 7 - max(0, min(6, 1 + attack.bonus))
                for _ in range(w.attacks):
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
        lost = tuple(
            None
            if u.slots[i] is None
            else dead[False] + dead[True] + sum(p for st, p in dist.items() if not st[1][i + 1])
            for i in range(3)
        )
        cooked = dead[True] + sum(p for st, p in dist.items() if st[2])
        results.append((alive, remaining, lost, cooked))
    return results


def w(name, dur, power, attacks=1, ammo=None, guard=None, kind="normal"):
    return WeaponSpec(name, kind, dur, power, attacks, ammo, 1, guard)


CASES = {
    "gun-cooks-off": (
        unit(3, w("g", 2, 2, ammo=2)),
        threat("t", (w("shot", 9, 2, attacks=2), 2)),
        2,
    ),
    "shield-and-missiles": (
        unit(
            4, w("s", 3, 0, attacks=0, guard=Guard((1,), 1), kind="special"), w("g", 2, 3, ammo=1)
        ),
        threat("t", (w("m", 9, 2, attacks=2, kind="missile"), 0)),
        2,
    ),
    "cook-off-chain": (
        unit(6, w("a", 1, 4, ammo=2), w("b", 3, 4, ammo=2)),
        threat("t", (w("shot", 9, 1), 5)),
        2,
    ),
    "frame-and-weapon-fall-together": (
        unit(2, None, w("a", 1, 3, ammo=2), w("b", 2, 2, ammo=1)),
        threat("t", (w("m", 9, 2, attacks=2, kind="missile"), 0)),
        2,
    ),
    "mixed-powers": (
        unit(5, w("a", 2, 2, ammo=1)),
        threat("t", (w("x", 9, 1), 3), (w("y", 9, 3, kind="missile"), 0)),
        2,
    ),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_exact_matches_brute_force_enumeration(case):
    u, t, rounds = CASES[case]
    exact = survival(u, t, rounds).rounds
    brute = brute_force(u, t, rounds)
    for r, (alive, remaining, lost, cooked) in zip(exact, brute, strict=True):
        assert r.alive == pytest.approx(float(alive), abs=1e-12)
        assert r.expected_remaining == pytest.approx(float(remaining), abs=1e-11)
        assert r.cook_off == pytest.approx(float(cooked), abs=1e-12)
        for got, want in zip(r.slot_destroyed, lost, strict=True):
            assert (got is None) == (want is None)
            if want is not None:
                assert got == pytest.approx(float(want), abs=1e-12)
