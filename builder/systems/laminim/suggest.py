"""``laminim balance --suggest``: fitted costs (docs/balance.md "Fitted costs").

1. The balance report of the catalog as it is (``balance.run_balance``): its findings name the
   parts the search may change (a weapon never worth it or a must-pick: its weight; a frame
   dominated everywhere or without a legal loadout: its payload).
2. Every loadout legal under any candidate scored once: the catalog with each searched weight
   at its lowest and each searched payload at its highest (chains shared with step 1 through one
   ``ChainBank``: weights and payloads never change a chain).
3. The search (``rules/fitting.py``) over those rows: the report's findings for every candidate,
   exactly, without another chain.
4. The best candidate verified by running the whole report again on the changed catalog (it
   must find exactly what the search said; else the next best is verified), and the nearest
   change tried on each part whose finding stays, verified the same way.
5. Each weapon's worth in its best loadout against each threat (``rules/worth.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from builder.systems.laminim.balance import BalanceRun
    from builder.systems.laminim.chain_bank import ChainBank
    from builder.systems.laminim.models import Catalog
    from builder.systems.laminim.rules import OptimizeResult
    from builder.systems.laminim.rules.balance_summary import Finding as SummaryFinding
    from builder.systems.laminim.rules.fitting import (
        Candidate,
        Finding,
        Fitter,
        Judge,
        Outcome,
        Part,
        Search,
    )
    from builder.systems.laminim.rules.worth import Worth

Phase = Callable[[str], Callable[[int, int], None] | None]
"""``phase(name)`` -> the progress call of that phase (scoring, widest, search, verify, worth)."""


@dataclass(frozen=True)
class Nearest:
    """The change on a part that came nearest to removing its finding, as the report saw it."""

    part: Part
    step: int
    outcome: Outcome
    verified: bool


@dataclass(frozen=True)
class Suggestion:
    """What ``--suggest`` found: the changes, the findings before and after, the worth."""

    base: BalanceRun
    parts: tuple[Part, ...]
    search: Search
    changes: Candidate
    before: Outcome
    after: Outcome
    verified: bool  # the report on the changed catalog found exactly ``after``'s findings
    changed: Catalog  # the catalog with ``changes`` applied
    nearest: dict[Finding, Nearest]  # findings that stay: the nearest change tried on the part
    worth: tuple[Worth, ...]

    @property
    def removed(self) -> list[Finding]:
        return [f for f in self.before.ordered() if f not in self.after.findings]

    @property
    def left(self) -> list[Finding]:
        return [f for f in self.before.ordered() if f in self.after.findings]

    @property
    def new(self) -> list[Finding]:
        return [f for f in self.after.ordered() if f not in self.before.findings]


def findings_of(run: BalanceRun) -> frozenset[Finding]:
    """The report's findings as (kind, part) pairs, one per part."""
    return frozenset(_pairs(run.findings))


def _pairs(findings: Sequence[SummaryFinding]) -> list[Finding]:
    out: list[Finding] = []
    for f in findings:
        if f.kind in ("never_worth", "must_pick"):
            out += [(f.kind, w) for w in f.weapons]
        elif f.kind in ("dominated", "no_loadout"):
            out += [(f.kind, x) for x in f.frames]
    return out


def searched_parts(catalog: Catalog, found: frozenset[Finding]) -> tuple[Part, ...]:
    """The parts with a finding, in catalog order, each with the steps its bounds allow."""
    from builder.systems.laminim.models import MAX_POINTS
    from builder.systems.laminim.rules.fitting import FRAME_STEPS, WEAPON_STEPS, Part

    named = {part for _, part in found}
    parts: list[Part] = []
    for w in catalog.weapons:
        if w.id in named:
            steps = tuple(s for s in WEAPON_STEPS if 0 <= w.weight + s <= MAX_POINTS)
            parts.append(Part("weapon", w.id, w.weight, steps))
    for f in catalog.frames:
        if f.id in named:
            steps = tuple(s for s in FRAME_STEPS if 0 <= f.payload + s <= MAX_POINTS)
            parts.append(Part("frame", f.id, f.payload, steps))
    return tuple(parts)


def with_numbers(catalog: Catalog, weights: dict[str, int], payloads: dict[str, int]) -> Catalog:
    """``catalog`` with these weights and payloads (the others as they are)."""
    weapons = tuple(
        w.model_copy(update={"weight": weights[w.id]}) if w.id in weights else w
        for w in catalog.weapons
    )
    frames = tuple(
        f.model_copy(update={"payload": payloads[f.id]}) if f.id in payloads else f
        for f in catalog.frames
    )
    return catalog.model_copy(update={"weapons": weapons, "frames": frames})


def applied(catalog: Catalog, parts: Sequence[Part], candidate: Candidate) -> Catalog:
    weights = {parts[i].id: parts[i].value + s for i, s in candidate if parts[i].kind == "weapon"}
    payloads = {parts[i].id: parts[i].value + s for i, s in candidate if parts[i].kind == "frame"}
    return with_numbers(catalog, weights, payloads)


def _widest(catalog: Catalog, parts: Sequence[Part]) -> Catalog:
    weights = {p.id: p.value + min(0, *p.steps) for p in parts if p.kind == "weapon"}
    payloads = {p.id: p.value + max(0, *p.steps) for p in parts if p.kind == "frame"}
    return with_numbers(catalog, weights, payloads)


def _rows_and_figures(results: Sequence[OptimizeResult]) -> tuple[list, list]:
    """The loadouts of the optimiser's ``results`` (one per threat, every one of the same
    catalog's loadouts) and their Pareto figures against each threat, in one row order."""
    import numpy as np

    from builder.systems.laminim.rules.fitting import Row
    from builder.systems.laminim.rules.optimize import OBJECTIVES

    keys: list[tuple] = []
    rows: list[Row] = []
    figures = []
    for result in results:
        by_key = {(s.frame, tuple(sorted(w for w in s.weapons if w))): s for s in result.loadouts}
        if not keys:
            keys = sorted(by_key)
            rows = [Row(frame, weapons) for frame, weapons in keys]
        figures.append(
            np.array([[getattr(by_key[k], f) for f in OBJECTIVES] for k in keys], dtype=float)
        )
    return rows, figures


def suggest(
    catalog: Catalog,
    threat_refs: Sequence[str] | None,
    rounds: int,
    catalog_dir: Path | None = None,
    phase: Phase | None = None,
    exact: bool = False,
) -> Suggestion:
    """Fitted costs for ``catalog`` against the threats asked for (see the module doc)."""
    from builder.systems.laminim.balance import run_balance, score_threats
    from builder.systems.laminim.chain_bank import ChainBank
    from builder.systems.laminim.rules.fitting import Fitter, search

    def step(name: str) -> Callable[[int, int], None] | None:
        return None if phase is None else phase(name)

    bank = ChainBank()
    base = run_balance(catalog, threat_refs, rounds, catalog_dir, step("scoring"), exact, bank)
    found = findings_of(base)
    parts = searched_parts(catalog, found)
    widest = _widest(catalog, parts)  # its loadouts: every one a candidate may have
    _, scored = score_threats(widest, threat_refs, rounds, catalog_dir, exact, bank, step("widest"))
    rows, figures = _rows_and_figures(scored)
    fitter = Fitter(
        rows,
        figures,
        {w.id: w.weight for w in catalog.weapons},
        {f.id: f.payload for f in catalog.frames},
        parts,
    )
    before = fitter.outcome(())
    if before.findings != found:  # the search reads the report's own definitions: never
        raise RuntimeError("the fitted-cost search disagrees with the balance report")
    with _judged_on_every_core(fitter) as judged:
        result = search(fitter, progress=step("search"), judged=judged)

    verify = step("verify")

    def verified(candidate: Candidate, want: Outcome) -> tuple[bool, Catalog]:
        changed = applied(catalog, parts, candidate)
        if not candidate:
            return True, changed
        # every loadout of a candidate is one of the widest catalog's, checked for size there
        again = run_balance(changed, threat_refs, rounds, catalog_dir, None, exact, bank, True)
        return findings_of(again) == want.findings, changed

    chosen: Candidate = ()
    after, ok, changed = before, False, catalog
    for n, (_, candidate) in enumerate(result.ranked):
        want = fitter.outcome(candidate)
        good, cat = verified(candidate, want)
        if verify is not None:
            verify(n + 1, len(result.ranked))
        if good:
            chosen, after, ok, changed = candidate, want, True, cat
            break
    nearest = _nearest(parts, result, after, chosen, verified)
    worth = weapon_worth(catalog, base, rounds, exact, bank, step("worth"))
    return Suggestion(
        base, parts, result, chosen, before, after, ok, changed, nearest, tuple(worth)
    )


_FITTER: Fitter | None = None
"""The search's fitter, for forked workers to inherit (it holds every threat's dominance: far
too much to send to a worker for each batch)."""


def _outcomes_of(chunk: list) -> list:
    assert _FITTER is not None
    return _FITTER.outcomes(chunk)


@contextmanager
def _judged_on_every_core(fitter: Fitter) -> Iterator[Judge | None]:
    """The search's batches judged in forked workers, one per core (None: here, in turn, when
    this process may not fork). A worker that dies costs time: its batches are judged here."""
    from concurrent.futures.process import BrokenProcessPool

    from builder.core.forking import fork_pool, fork_workers

    global _FITTER
    _FITTER = fitter
    pool = fork_pool(fork_workers(2))
    if pool is None:
        yield None
        _FITTER = None
        return

    def judge(chunks: list) -> Iterator[tuple[list, list]]:
        futures = {pool.submit(_outcomes_of, chunk): i for i, chunk in enumerate(chunks)}
        from concurrent.futures import as_completed

        for future in as_completed(futures):
            chunk = chunks[futures[future]]
            try:
                yield chunk, future.result()
            except BrokenProcessPool:
                yield chunk, fitter.outcomes(chunk)

    try:
        yield judge
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
        _FITTER = None


_HELPS = {"never_worth": -1, "must_pick": 1, "dominated": 1, "no_loadout": 1}
"""The direction of a step that should help a finding go (weight down, weight up, payload up)."""

_BETTER = {"never_worth": 1, "must_pick": -1, "dominated": 1, "no_loadout": 1}
"""Which way a finding's own count moves toward going away (fronts or niches)."""


def _measure(finding: Finding, out: Outcome) -> int:
    """The count behind a finding: fronts of a weapon, niches (or loadouts) of a frame."""
    kind, part = finding
    if kind in ("never_worth", "must_pick"):
        return out.fronts[part] * _BETTER[kind]
    if kind == "no_loadout":
        return out.loadouts[part]
    return out.niches[part]


def _nearest(
    parts: Sequence[Part],
    result: Search,
    after: Outcome,
    chosen: Candidate,
    verified: Callable[[Candidate, Outcome], tuple[bool, Catalog]],
) -> dict[Finding, Nearest]:
    """For each finding the chosen changes leave: the single change on its own part that
    moved its count furthest (ties: the larger step, then the one in the direction that should
    help: a lighter never-worth weapon, a heavier must-pick, a frame carrying more), verified by
    the report."""
    out: dict[Finding, Nearest] = {}
    for finding in after.ordered():
        index = next((i for i, p in enumerate(parts) if p.id == finding[1]), None)
        if index is None:
            continue
        tried = [(c, o) for c, o in result.singles.items() if c[0][0] == index]
        if not tried:
            continue
        way = _HELPS[finding[0]]
        c, o = max(
            tried,
            key=lambda co: (_measure(finding, co[1]), abs(co[0][0][1]), way * co[0][0][1]),
        )
        ok, _ = verified(c, o)
        out[finding] = Nearest(parts[index], c[0][1], o, ok)
    return out


def weapon_worth(
    catalog: Catalog,
    base: BalanceRun,
    rounds: int,
    exact: bool,
    bank: ChainBank,
    progress: Callable[[int, int], None] | None = None,
) -> list[Worth]:
    """Each weapon's worth in its best loadout against each threat (the first row of the
    catalog-wide ranking that mounts it): ``rules/worth.py``."""
    from builder.systems.laminim.derive import threat_spec, weapon_spec
    from builder.systems.laminim.rules import UnitSpec
    from builder.systems.laminim.rules.worth import variants, worth_of

    specs = {w.id: weapon_spec(w) for w in catalog.weapons}
    picks = []
    for threat, result in zip(base.threats, base.results, strict=True):
        spec = threat_spec(threat, catalog)
        for w in catalog.weapons:
            row = next((s for s in result.loadouts if w.id in s.weapons), None)
            if row is None:
                continue
            frame = catalog.frame(row.frame)
            assert frame is not None
            unit = UnitSpec(
                row.frame,
                frame.durability,
                tuple(specs[i] if i else None for i in row.weapons),  # type: ignore[arg-type]
            )
            slots = tuple(i for i, x in enumerate(row.weapons) if x == w.id)
            picks.append((w.id, threat.id, spec, row, unit, slots))
    jobs = [
        (spec, ("worth", v), v)
        for _, _, spec, _, unit, slots in picks
        for v in variants(unit, slots).values()
    ]
    bank.fill(jobs, rounds, exact, progress)
    out = []
    for weapon, threat_id, spec, row, unit, slots in picks:
        chains = {
            name: bank.chains[(spec, rounds, exact, ("worth", v))]
            for name, v in variants(unit, slots).items()
        }
        out.append(worth_of(weapon, threat_id, row.frame, row.weapons, unit, slots, chains, rounds))
    return out
