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
guard is scored in every distinct ordering, and its row is its best ordering (by the ranking
below; that ordering's slots are the row's weapons). So a row is always one multiset of
weapons on one frame, and ``evaluated`` counts multisets.

Throughput. Loadouts whose chain inputs coincide share one survival computation
(``_survival_key``); the distinct chains run on ``workers`` threads (the compiled engine
releases the GIL while it computes), and ``progress(done, total)`` is called as they finish.
No score reads the cook-off figure, so the chains do not keep the view it needs
(``survival(..., cook_off=False)``: a third less work on units with cook-off weapons).

Ranking: alive, then expected remaining, then damage (all descending, values within 1e-9 count
as equal), then payload (ascending), then frame and weapon ids.
Pareto front over (alive, expected remaining, damage), all maximised: a loadout is on the
front when no other loadout is at least as good on all three
and better on one. Payload is a constraint, not an objective: unused payload buys nothing in the
rules, so a lighter loadout is not better for being lighter (it is still the tie-breaker).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from itertools import combinations_with_replacement, permutations

from .damage_output import damage_output
from .model import ThreatSpec, UnitSpec, WeaponSpec
from .results import Interval, RoundResult
from .sampled import survival_answer
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
    interval: Interval | None = None  # sampled (beyond the exact budget): 95 % intervals


@dataclass(frozen=True)
class OptimizeResult:
    threat: str
    rounds: int
    evaluated: int  # legal weapon multisets scored, one row each (symmetric duplicates once)
    loadouts: tuple[ScoredLoadout, ...]  # best first


Slots = tuple[WeaponOption | None, WeaponOption | None, WeaponOption | None]


def _order_matters(slots: Sequence[WeaponOption | None]) -> bool:
    """True when a permutation of these slots could change a number (see the module doc)."""
    guards = [w.spec.guard for w in slots if w is not None and w.spec.guard is not None]
    if any(face > 3 for g in guards for face in g.faces):
        return True
    return len({(w.spec, w.weight) for w in slots if w is not None and w.spec.guard}) > 1


def loadout_groups(
    frame: FrameOption, weapons: Sequence[WeaponOption], min_weapons: int = 1
) -> list[list[Slots]]:
    """Every legal weapon multiset of ``frame``: the orderings of it that may score
    differently (one, unless a guard makes order matter; see the module doc)."""
    options: list[WeaponOption | None] = [*weapons, None]  # None last: empties go last
    out: list[list[Slots]] = []
    for combo in combinations_with_replacement(range(len(options)), 3):
        slots = tuple(options[i] for i in combo)
        mounted = [w for w in slots if w is not None]
        if len(mounted) < min_weapons or sum(w.weight for w in mounted) > frame.payload:
            continue
        if _order_matters(slots):
            seen = set()
            group: list[Slots] = []
            for perm in permutations(slots):
                key = tuple(None if w is None else w.id for w in perm)
                if key not in seen:
                    seen.add(key)
                    group.append(perm)  # type: ignore[arg-type]
            out.append(group)
        else:
            out.append([slots])  # type: ignore[list-item]
    return out


def loadouts(
    frame: FrameOption, weapons: Sequence[WeaponOption], min_weapons: int = 1
) -> list[Slots]:
    """Every legal loadout of ``frame`` to compute, symmetric duplicates once."""
    return [slots for group in loadout_groups(frame, weapons, min_weapons) for slots in group]


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


def _unit(frame: FrameOption, slots: Slots) -> UnitSpec:
    return UnitSpec(frame.id, frame.durability, tuple(w.spec if w else None for w in slots))  # type: ignore[arg-type]


@lru_cache(maxsize=65536)  # exact Fractions; a multiset's damage is the same on every frame
def _damage(slots: tuple[WeaponSpec | None, ...]) -> float:
    unit = UnitSpec("", 1, slots)  # type: ignore[arg-type]
    return float(damage_output(unit, float(silhouette(unit).exposure)).all_weapons)


def _scored(frame: FrameOption, slots: Slots, last: RoundResult | None) -> ScoredLoadout:
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
        damage_all=_damage(tuple(w.spec if w else None for w in slots)),
        error_bound=0.0 if last is None else last.error_bound,
        interval=None if last is None else last.interval,
    )


def score(
    frame: FrameOption, slots: Slots, threat: ThreatSpec, rounds: int, cache: dict | None = None
) -> ScoredLoadout:
    key = _survival_key(frame, slots, _order_matters(slots))
    if cache is not None and key in cache:
        last = cache[key]
    else:
        unit = _unit(frame, slots)
        last = (
            survival(unit, threat, rounds, cook_off=False, engine="compiled").rounds[-1]
            if rounds > 0
            else None
        )
        if cache is not None:
            cache[key] = last
    return _scored(frame, slots, last)


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


Progress = Callable[[int, int], None]

WORKERS = 2  # threads for a many-loadout job (the machine's cores, at most this)
_PARALLEL_FROM = 16  # fewer distinct chains than this run on the calling thread


def _last_rounds(
    jobs: dict[tuple, UnitSpec],
    threat: ThreatSpec,
    rounds: int,
    progress: Progress | None,
    workers: int,
    exact: bool,
) -> dict[tuple, RoundResult | None]:
    """Every distinct chain's last round, on ``workers`` threads for a large job; a loadout
    beyond the exact budget is sampled (``sampled``) unless ``exact``. Every chain runs on the
    compiled engine (``survival``: its start-up pays off over many chains, and a loadout gets
    the same numbers whichever frames were asked for)."""

    def last(unit: UnitSpec) -> RoundResult | None:
        if rounds <= 0:
            return None
        return survival_answer(
            unit, threat, rounds, exact=exact, cook_off=False, engine="compiled"
        ).rounds[-1]

    out: dict[tuple, RoundResult | None] = {}
    total = len(jobs)
    if workers <= 1 or total < _PARALLEL_FROM:
        for done, (key, unit) in enumerate(jobs.items(), start=1):
            out[key] = last(unit)
            if progress is not None:
                progress(done, total)
        return out
    from concurrent.futures import ThreadPoolExecutor, as_completed  # not for an analysis

    pool = ThreadPoolExecutor(max_workers=workers)
    try:
        futures = {pool.submit(last, unit): key for key, unit in jobs.items()}
        for done, future in enumerate(as_completed(futures), start=1):
            out[futures[future]] = future.result()
            if progress is not None:
                progress(done, total)
    finally:  # Ctrl-C or an error: drop the queued chains, let the running ones end
        pool.shutdown(wait=False, cancel_futures=True)
    return out


def _plan(
    frames: Sequence[FrameOption], weapons: Sequence[WeaponOption], min_weapons: int
) -> tuple[list[tuple[FrameOption, list[Slots]]], dict[tuple, UnitSpec]]:
    """The rows (a frame and the orderings of one weapon multiset) and the distinct chains."""
    rows = [
        (frame, group) for frame in frames for group in loadout_groups(frame, weapons, min_weapons)
    ]
    jobs: dict[tuple, UnitSpec] = {}
    for frame, group in rows:
        for slots in group:
            key = _survival_key(frame, slots, _order_matters(slots))
            if key not in jobs:
                jobs[key] = _unit(frame, slots)
    return rows, jobs


def chain_count(
    frames: Sequence[FrameOption], weapons: Sequence[WeaponOption], min_weapons: int = 1
) -> int:
    """How many distinct survival chains :func:`optimize` runs: the ``total`` of its progress."""
    return len(_plan(frames, weapons, min_weapons)[1])


def optimize(
    frames: Sequence[FrameOption],
    weapons: Sequence[WeaponOption],
    threat: ThreatSpec,
    rounds: int = 6,
    min_weapons: int = 1,
    progress: Progress | None = None,
    workers: int | None = None,
    exact: bool = True,
) -> OptimizeResult:
    """Score and rank every legal weapon multiset of ``frames`` x ``weapons`` against ``threat``.

    Loadouts whose chain inputs coincide (e.g. two no-ammo weapons of equal durability) share
    one survival computation; ``workers`` threads (default: the cores, at most ``WORKERS``)
    run the distinct chains. Raises ``budget.TooLarge`` like ``survival``, unless ``exact``
    is False: then a loadout beyond the exact budget gets the seeded sampled estimate (its
    ``interval`` set; ranked by the estimate).
    """
    if workers is None:
        workers = min(WORKERS, os.cpu_count() or 1)
    rows, jobs = _plan(frames, weapons, min_weapons)
    lasts = _last_rounds(jobs, threat, rounds, progress, workers, exact)
    scored = [
        min(
            (
                _scored(frame, slots, lasts[_survival_key(frame, slots, _order_matters(slots))])
                for slots in group
            ),
            key=rank_key,
        )
        for frame, group in rows
    ]
    scored.sort(key=rank_key)
    flags = pareto_front(scored)
    ranked = tuple(replace(s, pareto=flag) for s, flag in zip(scored, flags, strict=True))
    return OptimizeResult(threat.id, rounds, len(ranked), ranked)
