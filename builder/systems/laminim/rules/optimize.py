"""Suggest loadouts (docs/design.md "Who uses it and for what"): every legal loadout of a catalog,
scored and ranked.

A loadout is a frame and three ordered slots (empty slots allowed, at least ``min_weapons``
weapons, total weight <= the frame's payload, docs/rules.md D1/D2). Each is scored against a threat
over ``rounds`` rounds: P(alive) and expected remaining durability after the last round (the exact
chain, ``survival``), damage output with all weapons (``damage_output``, mirror-match exposure as on
the card), damage delivered over the rounds (D25, ``delivered``: read off the same chain's
per-round figures) and payload used.

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
releases the GIL while it computes), or through a caller's ``ChainRunner`` (the balance report
forks processes), and ``progress(done, total)`` is called as they finish. No score reads the
cook-off figure, so the chains do not keep the view it needs (``survival(..., cook_off=False)``:
a third less work on units with cook-off weapons).

Ranking (``RANKS``, default ``delivered``): the chosen figure first, then the others in the order
delivered, alive, remaining, damage (all descending), then payload (ascending), then frame and
weapon ids; ``payload`` ranks the lightest first, then by those four figures. Figures compare by
the tie rule (``ties``: values within 1e-9 are equal, pair by pair), and every row ranks
before the next by it.
Pareto front over (alive, expected remaining, damage, delivered), all maximised: a loadout is on
the front when no other loadout is at least as good on all four and better on one (by more
than 1e-9). Payload is a
constraint, not an objective: unused payload buys nothing in the rules, so a lighter loadout is
not better for being lighter (it is still the tie-breaker).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from itertools import combinations_with_replacement, permutations

import numpy as np

from .damage_output import damage_output
from .delivered import delivered
from .model import ThreatSpec, UnitSpec, WeaponSpec
from .results import Interval, RoundResult, Span
from .sampled import survival_answer
from .silhouette import silhouette
from .ties import compare, front_flags, path, tie_classes


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
    delivered: float = 0.0  # D25: expected damage dealt over the rounds while it survives
    pareto: bool = False
    error_bound: float = 0.0  # of alive / expected_remaining (the chain's dropped mass)
    interval: Interval | None = None  # sampled (beyond the exact budget): 95 % intervals
    delivered_interval: Span | None = None  # sampled: bounds from the per-slot intervals


@dataclass(frozen=True)
class OptimizeResult:
    threat: str
    rounds: int
    evaluated: int  # legal weapon multisets scored, one row each (symmetric duplicates once)
    loadouts: tuple[ScoredLoadout, ...]  # best first
    rank: str = "delivered"


FIGURES: dict[str, str] = {
    "delivered": "delivered",
    "alive": "alive",
    "remaining": "expected_remaining",
    "damage": "damage_all",
}
"""The ranked figures (``--rank`` name: ScoredLoadout field), in their tie-breaking order."""

RANKS = (*FIGURES, "payload")
"""What ``optimize --rank`` takes; the first is the default."""

DEFAULT_RANK = RANKS[0]

OBJECTIVES = ("alive", "expected_remaining", "damage_all", "delivered")
"""The Pareto front's figures (ScoredLoadout fields), all maximised."""


Slots = tuple[WeaponOption | None, WeaponOption | None, WeaponOption | None]
Chain = tuple[RoundResult, ...]
"""A distinct chain's per-round results (empty when no round is asked for)."""


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


def _part(w: WeaponOption | None) -> tuple:
    """What the chain sees of one slot: names, weights and attacks do not change its numbers."""
    if w is None:
        return ()
    s = w.spec
    cooks = bool(s.cook_off_dice)
    return (s.durability, s.power if cooks else 0, s.ammo if cooks else 0, s.guard)


def _survival_key(frame: FrameOption, slots: Slots, order: bool) -> tuple:
    """What the chain sees: loadouts with one key share one chain."""
    parts = [_part(w) for w in slots]
    # repr orders a shield's Guard beside None or a number, which plain tuples cannot compare
    return (frame.durability, tuple(parts) if order else tuple(sorted(parts, key=repr)))


def _unit(frame: FrameOption, slots: Slots) -> UnitSpec:
    return UnitSpec(frame.id, frame.durability, tuple(w.spec if w else None for w in slots))  # type: ignore[arg-type]


@lru_cache(maxsize=65536)  # exact Fractions; a multiset's damage is the same on every frame
def _damage(slots: tuple[WeaponSpec | None, ...]) -> float:
    unit = UnitSpec("", 1, slots)  # type: ignore[arg-type]
    return float(damage_output(unit, float(silhouette(unit).exposure)).all_weapons)


def _in_order(chain: Chain, shared: Slots, slots: Slots, order: bool) -> Chain:
    """``chain`` (computed for ``shared``, a loadout with the same key) with its per-slot
    figures moved to ``slots``' order. Where order does not matter, a slot's figures depend
    only on what the chain sees of it (``_part``), so any slot of ``shared`` with the same part
    carries them."""
    if order or shared == slots:
        return chain
    source = [_part(w) for w in shared]
    where = tuple(source.index(_part(w)) for w in slots)
    if where == (0, 1, 2):
        return chain

    def moved(values: tuple) -> tuple:
        return tuple(values[j] for j in where)

    out = []
    for r in chain:
        interval = r.interval
        if interval is not None:
            interval = replace(interval, slot_destroyed=moved(interval.slot_destroyed))
        out.append(replace(r, slot_destroyed=moved(r.slot_destroyed), interval=interval))
    return tuple(out)


def _scored(frame: FrameOption, slots: Slots, chain: Chain, rounds: int) -> ScoredLoadout:
    last = chain[-1] if chain else None
    unit = _unit(frame, slots)
    worth = delivered(unit, chain, rounds)
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
        delivered=worth.total,
        error_bound=0.0 if last is None else last.error_bound,
        interval=None if last is None else last.interval,
        delivered_interval=worth.interval,
    )


# --- the tie rule, the ranking and the front ------------------------------------------------------


def _figure_order(rank: str) -> tuple[str, ...]:
    """The figures' fields in the order ``rank`` compares them."""
    if rank not in RANKS:
        raise ValueError(f"unknown rank {rank!r}; one of {', '.join(RANKS)}")
    first = () if rank == "payload" else (FIGURES[rank],)
    return (*first, *(f for f in FIGURES.values() if f not in first))


def _ids(s: ScoredLoadout) -> tuple[str, ...]:
    return tuple(w or "~" for w in s.weapons)


def before(a: ScoredLoadout, b: ScoredLoadout, rank: str = DEFAULT_RANK) -> bool:
    """The ranking rule for two loadouts: True when ``a`` comes first (see the module doc)."""
    if rank == "payload" and a.payload != b.payload:
        return a.payload < b.payload
    for field in _figure_order(rank):
        c = compare(getattr(a, field), getattr(b, field))
        if c:
            return c > 0
    if a.payload != b.payload:
        return a.payload < b.payload
    return (a.frame, _ids(a)) < (b.frame, _ids(b))


def ranked(rows: Sequence[ScoredLoadout], rank: str = DEFAULT_RANK) -> list[ScoredLoadout]:
    """``rows`` best first by ``rank``: every row ranks before the next by the rule (``ties``:
    figures within 1e-9 equal; ``ties.path`` explains why such an order always exists)."""
    fields = _figure_order(rank)
    classes = {f: tie_classes([getattr(s, f) for s in rows]) for f in fields}
    position = {id(s): i for i, s in enumerate(rows)}

    def key(s: ScoredLoadout) -> tuple:
        i = position[id(s)]
        figures = tuple(-classes[f][i] for f in fields)
        if rank == "payload":
            return (s.payload, *figures, s.frame, _ids(s))
        return (*figures, s.payload, s.frame, _ids(s))

    return path(rows, key, lambda a, b: before(a, b, rank))


def figures(rows: Sequence[ScoredLoadout]) -> np.ndarray:
    """The Pareto figures of ``rows``, one row each (``OBJECTIVES``' order)."""
    return np.array([[getattr(s, f) for f in OBJECTIVES] for s in rows], dtype=float).reshape(
        len(rows), len(OBJECTIVES)
    )


def pareto_front(rows: Sequence[ScoredLoadout]) -> list[bool]:
    """For each loadout: is no loadout of ``rows`` dominating it in (alive, expected remaining,
    damage, delivered), by the tie rule?"""
    return front_flags(figures(rows))


def finish(
    threat: str, rounds: int, rows: Sequence[ScoredLoadout], rank: str = DEFAULT_RANK
) -> OptimizeResult:
    """The result of ``rows`` (one per multiset): ranked, Pareto-marked."""
    order = ranked(rows, rank)
    flags = pareto_front(order)
    marked = tuple(replace(s, pareto=flag) for s, flag in zip(order, flags, strict=True))
    return OptimizeResult(threat, rounds, len(marked), marked, rank)


# --- running the chains -------------------------------------------------------------------------

Progress = Callable[[int, int], None]

WORKERS = 2  # threads for a many-loadout job (the machine's cores, at most this)
_PARALLEL_FROM = 16  # fewer distinct chains than this run on the calling thread


def chain_of(unit: UnitSpec, threat: ThreatSpec, rounds: int, exact: bool) -> Chain:
    """One distinct chain's per-round results; beyond the exact budget the sampled estimate
    (``sampled``) unless ``exact`` (then ``budget.TooLarge``). Every chain runs on the compiled
    engine (its start-up pays off over many chains, and a loadout gets the same numbers whichever
    frames were asked for)."""
    if rounds <= 0:
        return ()
    return survival_answer(
        unit, threat, rounds, exact=exact, cook_off=False, engine="compiled"
    ).rounds


ChainRunner = Callable[[dict[tuple, UnitSpec], ThreatSpec, int, bool, Progress | None], dict]
"""``run(jobs, threat, rounds, exact, progress)`` -> ``{key: chain_of(unit, ...)}``: how the
distinct chains are computed (default: ``threaded``)."""


def threaded(workers: int) -> ChainRunner:
    """Run the chains on ``workers`` threads (the calling thread for a small job)."""

    def run(
        jobs: dict[tuple, UnitSpec],
        threat: ThreatSpec,
        rounds: int,
        exact: bool,
        progress: Progress | None,
    ) -> dict[tuple, Chain]:
        out: dict[tuple, Chain] = {}
        total = len(jobs)
        if workers <= 1 or total < _PARALLEL_FROM:
            for done, (key, unit) in enumerate(jobs.items(), start=1):
                out[key] = chain_of(unit, threat, rounds, exact)
                if progress is not None:
                    progress(done, total)
            return out
        from concurrent.futures import ThreadPoolExecutor, as_completed  # not for an analysis

        pool = ThreadPoolExecutor(max_workers=workers)
        try:
            futures = {
                pool.submit(chain_of, unit, threat, rounds, exact): key
                for key, unit in jobs.items()
            }
            for done, future in enumerate(as_completed(futures), start=1):
                out[futures[future]] = future.result()
                if progress is not None:
                    progress(done, total)
        finally:  # Ctrl-C or an error: drop the queued chains, let the running ones end
            pool.shutdown(wait=False, cancel_futures=True)
        return out

    return run


@dataclass(frozen=True)
class Plan:
    """The rows to score (a frame and the orderings of one weapon multiset) and the distinct
    chains they need, each under its key with the loadout it was planned for."""

    rows: tuple[tuple[FrameOption, tuple[Slots, ...]], ...]
    jobs: dict[tuple, UnitSpec]
    shared: dict[tuple, Slots]


def plan(
    frames: Sequence[FrameOption], weapons: Sequence[WeaponOption], min_weapons: int = 1
) -> Plan:
    """The rows and distinct chains of ``frames`` x ``weapons`` (the same inputs: the same
    plan, kept: the balance report asks once per threat)."""
    return _plan(tuple(frames), tuple(weapons), min_weapons)


@lru_cache(maxsize=8)
def _plan(
    frames: tuple[FrameOption, ...], weapons: tuple[WeaponOption, ...], min_weapons: int
) -> Plan:
    rows = tuple(
        (frame, tuple(group))
        for frame in frames
        for group in loadout_groups(frame, weapons, min_weapons)
    )
    jobs: dict[tuple, UnitSpec] = {}
    shared: dict[tuple, Slots] = {}
    for frame, group in rows:
        for slots in group:
            key = _survival_key(frame, slots, _order_matters(slots))
            if key not in jobs:
                jobs[key] = _unit(frame, slots)
                shared[key] = slots
    return Plan(rows, jobs, shared)


def chain_count(
    frames: Sequence[FrameOption], weapons: Sequence[WeaponOption], min_weapons: int = 1
) -> int:
    """How many distinct survival chains :func:`optimize` runs: the ``total`` of its progress."""
    return len(plan(frames, weapons, min_weapons).jobs)


Memo = dict[tuple, ScoredLoadout]
"""Rows already scored against one threat, rounds and ranking, by frame (id, durability) and
weapons (specs and weights): a row's numbers never depend on its frame's payload, so a report
run again on a catalog whose weights or payloads changed (``balance --suggest``) scores only
the rows holding a changed weapon."""


def score_plan(
    p: Plan,
    chains: dict[tuple, Chain],
    rounds: int,
    rank: str = DEFAULT_RANK,
    memo: Memo | None = None,
) -> list[ScoredLoadout]:
    """One row per multiset of ``p`` from its chains: the best of its orderings by ``rank``
    (read from ``memo`` when it has the row, kept there when it has not)."""
    out = []
    for frame, group in p.rows:
        at = (frame.id, frame.durability, group)
        row = None if memo is None else memo.get(at)
        if row is None:
            candidates = []
            for slots in group:
                order = _order_matters(slots)
                key = _survival_key(frame, slots, order)
                chain = _in_order(chains[key], p.shared[key], slots, order)
                candidates.append(_scored(frame, slots, chain, rounds))
            row = candidates[0] if len(candidates) == 1 else ranked(candidates, rank)[0]
            if memo is not None:
                memo[at] = row
        out.append(row)
    return out


def optimize(
    frames: Sequence[FrameOption],
    weapons: Sequence[WeaponOption],
    threat: ThreatSpec,
    rounds: int = 6,
    min_weapons: int = 1,
    progress: Progress | None = None,
    workers: int | None = None,
    exact: bool = True,
    rank: str = DEFAULT_RANK,
    runner: ChainRunner | None = None,
    memo: Memo | None = None,
) -> OptimizeResult:
    """Score and rank every legal weapon multiset of ``frames`` x ``weapons`` against ``threat``.

    Loadouts whose chain inputs coincide (e.g. two no-ammo weapons of equal durability) share
    one survival computation; ``workers`` threads (default: the cores, at most ``WORKERS``)
    run the distinct chains, unless a ``runner`` is given. Raises ``budget.TooLarge`` like
    ``survival``, unless ``exact`` is False: then a loadout beyond the exact budget gets the
    seeded sampled estimate (its ``interval`` set; ranked by the estimate). ``memo``: rows
    scored before against this threat, rounds and ranking (``score_plan``).
    """
    _figure_order(rank)  # an unknown rank is refused before any chain runs
    if runner is None:
        if workers is None:
            workers = min(WORKERS, os.cpu_count() or 1)
        runner = threaded(workers)
    p = plan(frames, weapons, min_weapons)
    chains = runner(p.jobs, threat, rounds, exact, progress)
    return finish(threat.id, rounds, score_plan(p, chains, rounds, rank, memo), rank)
