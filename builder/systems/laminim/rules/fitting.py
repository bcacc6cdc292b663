"""Fitted costs (docs/balance.md "Fitted costs"): the smallest changes to a catalog's weights and
payloads that leave the balance report without findings.

Why this is cheap enough to search. A weight or a payload changes which loadouts are legal,
never a loadout's numbers (the chain sees durabilities, powers and ammo; ``optimize`` explains
what it sees). So every loadout legal under any candidate is scored once (the caller scores the
"widest" catalog: every searched weight at its lowest, every searched payload at its highest),
and a candidate's report is read off those rows: which rows are legal under its numbers, then
the report's own definitions (``balance``), computed here exactly on arrays:

- a frame's front against a threat: its legal loadouts no legal loadout of the same frame
  dominates (the tie rule, ``ties``); a weapon on no front is **never worth it**, one on at
  least ``MUST_PICK`` of the frame x threat fronts a **must-pick**;
- the catalog-wide front: legal loadouts no legal loadout at all dominates; a frame with none on
  it against every threat is **dominated everywhere**; a frame with no legal loadout at all is
  **no loadout** (a change that takes every loadout away does not fix a frame).

Dominance is worked out once per threat; a candidate only needs, for the loadouts that could
ever be on a front, whether one of their dominators is legal under it.

The search (``search``): candidates change only parts with a finding, each by one of its
allowed steps; better is fewer findings after the change, then fewer numbers changed, then the
smaller total change, then the parts in catalog order (a candidate that takes every legal
loadout from a frame comes last: that takes a part out of the game, it fixes nothing). Every
candidate of up to ``depth`` numbers is tried, ``depth`` as large as ``budget`` candidates
allow; beyond, the ``beam`` best of the last size are grown one number at a time while that
still removes findings.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from itertools import combinations, product
from math import prod

import numpy as np

from .balance import MUST_PICK
from .threads import one_maths_thread
from .ties import dominance_matrix

WEAPON_STEPS = (-2, -1, 1, 2)
"""A weapon's weight is searched at ±1 and ±2."""
FRAME_STEPS = (-1, 1)
"""A frame's payload is searched at ±1."""

KINDS = ("never_worth", "must_pick", "dominated", "no_loadout")
"""Finding kinds, in the order they are listed."""


@dataclass(frozen=True)
class Part:
    """A number the search may change: a weapon's weight or a frame's payload."""

    kind: str  # "weapon" | "frame"
    id: str
    value: int
    steps: tuple[int, ...]  # allowed changes, already within the catalog's bounds

    @property
    def field(self) -> str:
        return "weight" if self.kind == "weapon" else "payload"


Change = tuple[int, int]
"""(index of the part in the search, its step)."""
Candidate = tuple[Change, ...]
"""Changes to distinct parts, in part order; () is the catalog as it is."""

Finding = tuple[str, str]
"""(kind, weapon or frame id)."""


@dataclass(frozen=True)
class Outcome:
    """The report's findings and the counts behind them for one candidate."""

    findings: frozenset[Finding]
    fronts: dict[str, int]  # weapon -> frame x threat fronts it is on
    of: int  # frame x threat fronts in all
    niches: dict[str, int]  # frame -> threats where it is on the catalog-wide front
    loadouts: dict[str, int]  # frame -> its legal loadouts

    def ordered(self) -> list[Finding]:
        return sorted(self.findings, key=lambda f: (KINDS.index(f[0]), f[1]))


@dataclass(frozen=True)
class Row:
    """A loadout of the widest catalog: its frame and how many of each weapon it mounts."""

    frame: str
    weapons: tuple[str, ...]  # mounted weapon ids (repeats kept)


class Fitter:
    """The report's findings for any weights and payloads, from the widest catalog's rows.

    ``rows``: every loadout legal in the widest catalog, the same for every threat;
    ``figures[t]``: each row's Pareto figures against threat t (``optimize.OBJECTIVES``);
    ``weights`` / ``payloads``: the catalog's numbers (searched parts at their current
    values); ``parts``: the numbers the search may change.

    Candidates are judged in batches: legality is one integer product, and "is one of its
    dominators legal" a float product with the dominance matrix, per frame for the frames'
    fronts and across frames only for the rows on a frame's front (only those can be on the
    catalog-wide front).
    """

    def __init__(
        self,
        rows: Sequence[Row],
        figures: Sequence[np.ndarray],
        weights: dict[str, int],
        payloads: dict[str, int],
        parts: Sequence[Part],
    ) -> None:
        self.weapon_ids = list(weights)
        self.frame_ids = list(payloads)
        self.parts = tuple(parts)
        self.base_weights = np.array([weights[w] for w in self.weapon_ids], dtype=np.int64)
        self.base_payloads = np.array([payloads[f] for f in self.frame_ids], dtype=np.int64)
        n = len(rows)
        self.counts = np.zeros((n, len(self.weapon_ids)), dtype=np.int64)
        col = {w: i for i, w in enumerate(self.weapon_ids)}
        for r, row in enumerate(rows):
            for w in row.weapons:
                self.counts[r, col[w]] += 1
        self.mounts = (self.counts > 0).astype(np.float32)
        fidx = {f: i for i, f in enumerate(self.frame_ids)}
        self.frame = np.array([fidx[row.frame] for row in rows], dtype=np.intp)
        self.blocks = [np.flatnonzero(self.frame == f) for f in range(len(self.frame_ids))]
        self._counts_f = self.counts.T.astype(np.float64)  # products of small integers: exact
        always = self._legal_under(*self._worst())
        self.threats = [
            _ThreatTable(np.asarray(f, dtype=float), self.blocks, always) for f in figures
        ]

    def _worst(self) -> tuple[np.ndarray, np.ndarray]:
        """Weights and payloads with every part at its worst step for legality: a loadout
        legal here is legal under every candidate."""
        weights = self.base_weights.copy()
        payloads = self.base_payloads.copy()
        for part in self.parts:
            if part.kind == "weapon":
                weights[self.weapon_ids.index(part.id)] += max(0, *part.steps)
            else:
                payloads[self.frame_ids.index(part.id)] += min(0, *part.steps)
        return weights, payloads

    def _legal_under(self, weights: np.ndarray, payloads: np.ndarray) -> np.ndarray:
        return (self.counts @ weights) <= payloads[self.frame]

    def numbers(self, candidate: Candidate) -> tuple[np.ndarray, np.ndarray]:
        """The weights and payloads under ``candidate``."""
        weights = self.base_weights.copy()
        payloads = self.base_payloads.copy()
        for index, step in candidate:
            part = self.parts[index]
            if part.kind == "weapon":
                weights[self.weapon_ids.index(part.id)] += step
            else:
                payloads[self.frame_ids.index(part.id)] += step
        return weights, payloads

    def outcome(self, candidate: Candidate = ()) -> Outcome:
        return self.outcomes([candidate])[0]

    def outcomes(self, candidates: Sequence[Candidate]) -> list[Outcome]:
        """Each candidate's findings, judged together. The products are small: on one maths
        thread (``threads``) a batch of 512 took a fifth of the CPU that OpenBLAS's own pool
        spent handing them between threads (0.10 s against 0.47-0.59 s, with both cores
        judging batches)."""
        with one_maths_thread():
            return self._outcomes(candidates)

    def _outcomes(self, candidates: Sequence[Candidate]) -> list[Outcome]:
        numbers = [self.numbers(c) for c in candidates]
        weights = np.array([w for w, _ in numbers], dtype=np.float64)  # (C, W)
        payloads = np.array([p for _, p in numbers])  # (C, F)
        legal = (weights @ self._counts_f) <= payloads[:, self.frame]  # (C, N)
        legal_f = legal.astype(np.float32)
        frames = len(self.frame_ids)
        loadouts = np.stack([legal[:, b].sum(axis=1) for b in self.blocks], axis=1)  # (C, F)
        scored = loadouts > 0
        fronts = np.zeros((len(candidates), len(self.weapon_ids)), dtype=np.int64)
        niches = np.zeros((len(candidates), frames), dtype=np.int64)
        for table in self.threats:
            on = table.frame_fronts(legal, legal_f)
            for f, block in enumerate(self.blocks):
                holds = (on[:, block].astype(np.float32) @ self.mounts[block]) > 0
                fronts += holds & scored[:, f, None]
            wide_rows, wide = table.wide_front(legal_f, on)
            for f in range(frames):
                mine = self.frame[wide_rows] == f
                niches[:, f] += wide[:, mine].any(axis=1)
        of = scored.sum(axis=1) * len(self.threats)
        return [
            self._outcome(fronts[c], int(of[c]), niches[c], loadouts[c])
            for c in range(len(candidates))
        ]

    def _outcome(
        self, fronts: np.ndarray, of: int, niches: np.ndarray, loadouts: np.ndarray
    ) -> Outcome:
        found: set[Finding] = set()
        for i, w in enumerate(self.weapon_ids):
            if fronts[i] == 0:
                found.add(("never_worth", w))
            elif of and fronts[i] >= MUST_PICK * of:
                found.add(("must_pick", w))
        for i, f in enumerate(self.frame_ids):
            if not loadouts[i]:
                found.add(("no_loadout", f))
            elif niches[i] == 0:
                found.add(("dominated", f))
        return Outcome(
            frozenset(found),
            {w: int(fronts[i]) for i, w in enumerate(self.weapon_ids)},
            of,
            {f: int(niches[i]) for i, f in enumerate(self.frame_ids)},
            {f: int(loadouts[i]) for i, f in enumerate(self.frame_ids)},
        )


class _ThreatTable:
    """One threat's dominance (``ties``: every pair compared) as float matrices for products,
    cut to what can matter: a row some row of its frame that is legal under every candidate
    dominates is never on its frame's front (``fragile`` keeps the others), and only the rows
    dominating a fragile one are looked at for it."""

    def __init__(
        self, figures: np.ndarray, blocks: Sequence[np.ndarray], always: np.ndarray
    ) -> None:
        n = len(figures)
        beats = dominance_matrix(figures) if n else np.zeros((0, 0), dtype=bool)
        self.beats = beats.astype(np.float32)
        self.blocks = []
        for block in blocks:
            own = beats[np.ix_(block, block)]
            fragile = ~(own & always[block][:, None]).any(axis=0)
            doms = own[:, fragile].any(axis=1)
            self.blocks.append(
                (block[fragile], block[doms], own[np.ix_(doms, fragile)].astype(np.float32))
            )

    def frame_fronts(self, legal: np.ndarray, legal_f: np.ndarray) -> np.ndarray:
        """(C, N): each row legal and no legal row of its own frame dominating it
        (``legal_f``: ``legal`` as floats)."""
        on = np.zeros(legal.shape, dtype=bool)
        for fragile, doms, own in self.blocks:
            if not len(fragile):
                continue
            beaten = (legal_f[:, doms] @ own) > 0 if len(doms) else False
            on[:, fragile] = legal[:, fragile] & ~beaten
        return on

    def wide_front(self, legal_f: np.ndarray, on: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The rows on some frame's front, and for each candidate which of them no legal row
        at all dominates (a row off its own frame's front is off the catalog-wide one)."""
        rows = np.flatnonzero(on.any(axis=0))
        beaten = (legal_f @ self.beats[:, rows]) > 0
        return rows, on[:, rows] & ~beaten


# --- the search --------------------------------------------------------------------------------


def score(candidate: Candidate, outcome: Outcome, base: Outcome | None = None) -> tuple:
    """Smaller is better: findings left, numbers changed, total change, then the parts. A
    candidate that leaves a frame with no legal loadout it had (taking a part out of the game
    is no fix) comes after every other."""
    emptied = 0
    if base is not None:
        emptied = sum(1 for f in outcome.findings - base.findings if f[0] == "no_loadout")
    return (
        emptied,
        len(outcome.findings),
        len(candidate),
        sum(abs(s) for _, s in candidate),
        candidate,
    )


def candidates_of(parts: Sequence[Part], size: int) -> Iterator[Candidate]:
    """Every candidate changing exactly ``size`` parts, in a fixed order."""
    for chosen in combinations(range(len(parts)), size):
        for steps in product(*(parts[i].steps for i in chosen)):
            yield tuple(zip(chosen, steps, strict=True))


def count_of(parts: Sequence[Part], size: int) -> int:
    return sum(prod(len(parts[i].steps) for i in c) for c in combinations(range(len(parts)), size))


@dataclass
class Search:
    """What the search tried and found."""

    best: Candidate
    outcome: Outcome
    ranked: list[tuple[tuple, Candidate]]  # the best candidates seen, best first
    tried: int
    depth: int  # every candidate of up to this many numbers was tried
    beam_sizes: int = 0  # sizes grown beyond ``depth`` by the beam
    singles: dict[Candidate, Outcome] = field(default_factory=dict)
    removers: dict[Finding, tuple[tuple, Candidate, Outcome]] = field(default_factory=dict)
    """For each finding of the catalog as it is, the best candidate tried without it."""


BUDGET = 20_000
"""Candidates the exhaustive part of the search may try."""
_BATCH = 512  # candidates judged at once
BEAM = 8
KEEP = 24  # best candidates kept for the caller to verify in turn


Judge = Callable[[list[list[Candidate]]], Iterator[tuple[list[Candidate], list[Outcome]]]]
"""``judge(chunks)`` yields each chunk with its outcomes (in any order): how the batches are
judged (default: one after another here; a caller may spread them over processes)."""


def in_turn(fitter: Fitter) -> Judge:
    def judge(chunks: list[list[Candidate]]) -> Iterator[tuple[list[Candidate], list[Outcome]]]:
        for chunk in chunks:
            yield chunk, fitter.outcomes(chunk)

    return judge


def search(
    fitter: Fitter,
    budget: int = BUDGET,
    beam: int = BEAM,
    progress: Callable[[int, int], None] | None = None,
    judged: Judge | None = None,
) -> Search:
    """The best candidate (see the module doc), and what was tried; ``judged`` judges the
    batches (default: ``in_turn``)."""
    run = in_turn(fitter) if judged is None else judged
    parts = fitter.parts
    sizes = [count_of(parts, m) for m in range(len(parts) + 1)]
    depth, total = 0, 1
    while depth < len(parts) and total + sizes[depth + 1] <= budget:
        depth += 1
        total += sizes[depth]
    seen: dict[Candidate, tuple] = {}
    singles: dict[Candidate, Outcome] = {}
    outcomes: dict[Candidate, Outcome] = {}
    removers: dict[Finding, tuple[tuple, Candidate, Outcome]] = {}
    base = fitter.outcome(())
    done = 0

    def judge(batch: list[Candidate]) -> tuple | None:
        """Judge ``batch``; the best score among it."""
        nonlocal done
        found = None
        chunks = [batch[start : start + _BATCH] for start in range(0, len(batch), _BATCH)]
        for chunk, judged_chunk in run(chunks):
            for c, out in zip(chunk, judged_chunk, strict=True):
                outcomes[c] = out
                seen[c] = score(c, out, base)
                if len(c) == 1:
                    singles[c] = out
                for f in base.findings - out.findings:
                    if f not in removers or seen[c] < removers[f][0]:
                        removers[f] = (seen[c], c, out)
                found = seen[c] if found is None else min(found, seen[c])
            done += len(chunk)
            if progress is not None:
                progress(done, total)
        return found

    best = judge([()])
    assert best is not None
    for size in range(1, depth + 1):
        got = judge(list(candidates_of(parts, size)))
        best = best if got is None else min(best, got)
        if best[:2] == (0, 0):  # nothing left: more numbers cannot be better
            break
    grown = 0
    level = [c for c in seen if len(c) == depth]
    while best[1] > 0 and depth + grown < len(parts) and level:
        level = sorted(level, key=lambda c: seen[c])[:beam]
        before = best
        nxt: list[Candidate] = []
        for c in level:
            used = {i for i, _ in c}
            for i, part in enumerate(parts):
                if i in used:
                    continue
                for step in part.steps:
                    grown_c = tuple(sorted((*c, (i, step))))
                    if grown_c not in seen and grown_c not in nxt:
                        nxt.append(grown_c)
        total += len(nxt)
        got = judge(nxt)
        best = best if got is None else min(best, got)
        grown += 1
        level = nxt
        if best[:2] >= before[:2]:  # one number more removed nothing more: stop growing
            break
    if progress is not None:
        progress(total, total)
    order = sorted(seen.items(), key=lambda kv: kv[1])[:KEEP]
    chosen = best[4]
    return Search(
        chosen,
        outcomes[chosen],
        [(s, c) for c, s in order],
        done,
        depth,
        grown,
        singles,
        removers,
    )
