"""Suggest loadouts (docs/design.md "Who uses it and for what"): every legal loadout of a catalog,
scored and ranked.

A loadout is a frame and three ordered slots (empty slots allowed, at least ``min_weapons``
weapons, total weight <= the frame's payload, docs/rules.md D1/D2). Each is scored against a threat
over ``rounds`` rounds: P(alive) and expected remaining durability after the last round (the exact
chain, ``survival``), damage output with all weapons (``damage_output``, mirror-match exposure as on
the card) and payload used.

Symmetric duplicates. Slot order fixes faces 4/5/6 and the attack order, but none of the scored
numbers can see it: location faces are equally likely, so moving a weapon to another slot only
renames its face; cook-off dice of one wave commute; damage output is a sum over weapons. So all
orderings of the same multiset of weapons (empties included) score identically, and the
optimiser scores each multiset once, reported in catalog order with empty slots last. The
exceptions are shields: a guard naming a slot face (4-6) guards whatever is mounted there, and
when two different guards cover the same face the lower slot wins; a multiset holding such a
guard is scored in every distinct ordering.

Ranking: alive, then expected remaining, then damage (all descending, values within 1e-9 count
as equal), then payload (ascending), then frame and weapon ids.
Pareto front over (alive, expected remaining, damage), all maximised: a loadout is on the
front when no other loadout is at least as good on all three
and better on one. Payload is a constraint, not an objective: unused payload buys nothing in the
rules, so a lighter loadout is not better for being lighter (it is still the tie-breaker).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from itertools import combinations_with_replacement, permutations

from .damage_output import damage_output
from .model import ThreatSpec, UnitSpec, WeaponSpec
from .silhouette import silhouette
from .survival import survival


@dataclass(frozen=True)
class FrameOption:
    id: str
    durability: int
    payload: int


@dataclass(frozen=True)
class WeaponOption:
    spec: WeaponSpec  # ``spec.name`` is the catalog id
    weight: int

    @property
    def id(self) -> str:
        return self.spec.name


@dataclass(frozen=True)
class ScoredLoadout:
    frame: str
    weapons: tuple[str | None, str | None, str | None]
    payload: int
    alive: float
    expected_remaining: float
    damage_all: float
    pareto: bool = False
    error_bound: float = 0.0  # of alive / expected_remaining (the chain's dropped mass)


@dataclass(frozen=True)
class OptimizeResult:
    threat: str
    rounds: int
    evaluated: int  # legal loadouts scored (symmetric duplicates once)
    loadouts: tuple[ScoredLoadout, ...]  # best first


Slots = tuple[WeaponOption | None, WeaponOption | None, WeaponOption | None]


def _order_matters(slots: Sequence[WeaponOption | None]) -> bool:
    """True when a permutation of these slots could change a number (see the module doc)."""
    guards = [w.spec.guard for w in slots if w is not None and w.spec.guard is not None]
    if any(face > 3 for g in guards for face in g.faces):
        return True
    return len({(w.spec, w.weight) for w in slots if w is not None and w.spec.guard}) > 1


def loadouts(
    frame: FrameOption, weapons: Sequence[WeaponOption], min_weapons: int = 1
) -> list[Slots]:
    """Every legal loadout of ``frame``, symmetric duplicates once (see the module doc)."""
    options: list[WeaponOption | None] = [*weapons, None]  # None last: empties go last
    out: list[Slots] = []
    for combo in combinations_with_replacement(range(len(options)), 3):
        slots = tuple(options[i] for i in combo)
        mounted = [w for w in slots if w is not None]
        if len(mounted) < min_weapons or sum(w.weight for w in mounted) > frame.payload:
            continue
        if _order_matters(slots):
            seen = set()
            for perm in permutations(slots):
                key = tuple(None if w is None else w.id for w in perm)
                if key not in seen:
                    seen.add(key)
                    out.append(perm)  # type: ignore[arg-type]
        else:
            out.append(slots)  # type: ignore[arg-type]
    return out


def _survival_key(frame: FrameOption, slots: Slots, order: bool) -> tuple:
    """What the chain sees: names and weights do not change its numbers."""

    def part(w: WeaponOption | None) -> tuple:
        if w is None:
            return ()
        s = w.spec
        cooks = bool(s.cook_off_dice)
        return (s.durability, s.power if cooks else 0, s.ammo if cooks else 0, s.guard)

    parts = [part(w) for w in slots]
    # repr orders a shield's Guard beside None or a number, which plain tuples cannot compare
    return (frame.durability, tuple(parts) if order else tuple(sorted(parts, key=repr)))


def score(
    frame: FrameOption, slots: Slots, threat: ThreatSpec, rounds: int, cache: dict | None = None
) -> ScoredLoadout:
    unit = UnitSpec(frame.id, frame.durability, tuple(w.spec if w else None for w in slots))  # type: ignore[arg-type]
    key = _survival_key(frame, slots, _order_matters(slots))
    if cache is not None and key in cache:
        last = cache[key]
    else:
        last = survival(unit, threat, rounds).rounds[-1] if rounds > 0 else None
        if cache is not None:
            cache[key] = last
    damage = float(damage_output(unit, float(silhouette(unit).exposure)).all_weapons)
    return ScoredLoadout(
        frame=frame.id,
        weapons=tuple(None if w is None else w.id for w in slots),  # type: ignore[arg-type]
        payload=sum(w.weight for w in slots if w is not None),
        alive=1.0 if last is None else last.alive,
        expected_remaining=(
            float(frame.durability + sum(w.spec.durability for w in slots if w))
            if last is None
            else last.expected_remaining
        ),
        damage_all=damage,
        error_bound=0.0 if last is None else last.error_bound,
    )


TIE = 1e-9  # numbers closer than the chain's accuracy are ties, not float noise to rank by


def _q(value: float) -> int:
    """``value`` on a 1e-9 grid: equal loadouts (e.g. an extra no-ammo weapon never changes
    P(alive)) compare equal instead of by their last float bits."""
    return round(value / TIE)


def objectives(s: ScoredLoadout) -> tuple[int, int, int]:
    return (_q(s.alive), _q(s.expected_remaining), _q(s.damage_all))


def rank_key(s: ScoredLoadout) -> tuple:
    alive, remaining, damage = objectives(s)
    return (
        -alive,
        -remaining,
        -damage,
        s.payload,
        s.frame,
        tuple(w or "~" for w in s.weapons),
    )


def pareto_front(scored: Sequence[ScoredLoadout]) -> list[bool]:
    """For each loadout: is it undominated in (alive, expected remaining, damage)?"""
    points = [objectives(s) for s in scored]
    order = sorted(range(len(points)), key=lambda i: tuple(-v for v in points[i]))
    front: list[tuple[int, int, int]] = []
    flags = [False] * len(points)
    for i in order:
        p = points[i]
        dominated = any(q[0] >= p[0] and q[1] >= p[1] and q[2] >= p[2] and q != p for q in front)
        if not dominated:
            flags[i] = True
            front.append(p)
    return flags


def optimize(
    frames: Sequence[FrameOption],
    weapons: Sequence[WeaponOption],
    threat: ThreatSpec,
    rounds: int = 6,
    min_weapons: int = 1,
) -> OptimizeResult:
    """Score and rank every legal loadout of ``frames`` x ``weapons`` against ``threat``.

    Loadouts whose chain inputs coincide (e.g. two no-ammo weapons of equal durability) share
    one survival computation. Raises ``budget.TooLarge`` like ``survival``.
    """
    cache: dict = {}
    scored = [
        score(frame, slots, threat, rounds, cache)
        for frame in frames
        for slots in loadouts(frame, weapons, min_weapons)
    ]
    scored.sort(key=rank_key)
    flags = pareto_front(scored)
    ranked = tuple(replace(s, pareto=flag) for s, flag in zip(scored, flags, strict=True))
    return OptimizeResult(threat.id, rounds, len(ranked), ranked)
