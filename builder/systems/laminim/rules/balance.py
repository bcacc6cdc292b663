"""The designer's balance report (docs/balance.md): what the optimiser's rankings say across a
whole catalog and several threats.

The optimiser (``optimize.py``) scores every legal loadout against one threat. A designer asks
across threats: is one loadout best against everything, is a weapon never worth its weight, does
a frame have a niche? This module answers from the optimiser's own numbers only: its ranking
(``ranked``), its Pareto figures compared by the tie rule (``ties``: values within 1e-9 are
equal, pair by pair) and its Pareto front (``pareto_front``). It scores nothing itself, so every
"best" and every front here is exactly what ``laminim optimize --frame F --threat T`` prints.

Definitions (all per threat, over the loadouts the optimiser scored):
- a frame's **front**: the Pareto front of that frame's loadouts alone (``optimize --frame F``);
- the **catalog-wide front**: the front over every frame's loadouts; a frame with a loadout on it
  has a **niche** against that threat;
- frame A is **dominated by** frame B when every loadout of A is dominated by one of B;
- a weapon is **on a front** when a loadout of that front mounts it; **never worth it** when it is
  on no frame x threat front; a **must-pick** when it is on at least ``MUST_PICK`` of them;
- a weapon's **marginal value** for a frame and threat: the best loadout with it against the best
  without it (both by the ranking; either may not exist).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from .optimize import DEFAULT_RANK, ScoredLoadout, figures, ranked
from .ties import dominance_matrix

MUST_PICK = 0.75
"""A weapon on at least this share of every frame x threat front is a "must-pick"."""

Loadout = tuple[str, tuple[str, ...]]
"""A loadout as a designer names it: the frame and its mounted weapons, sorted (no empties)."""


def loadout_name(s: ScoredLoadout) -> Loadout:
    return (s.frame, tuple(sorted(w for w in s.weapons if w is not None)))


@dataclass(frozen=True)
class ThreatScores:
    """The optimiser's answer for one threat: every frame's loadouts, best first."""

    threat: str
    loadouts: tuple[ScoredLoadout, ...]
    rank: str = DEFAULT_RANK


@dataclass(frozen=True)
class FrameThreat:
    """One frame against one threat."""

    frame: str
    threat: str
    evaluated: int  # the frame's loadouts scored
    best: ScoredLoadout  # by the optimiser's ranking
    front: tuple[ScoredLoadout, ...]  # the frame's own Pareto front, best first
    on_catalog_front: bool  # one of its loadouts is on the catalog-wide front
    dominated_by: tuple[str, ...]  # frames each of whose fronts dominates all of this frame


@dataclass(frozen=True)
class Marginal:
    """A weapon's marginal value for one frame and threat: best loadout with it vs without."""

    frame: str
    threat: str
    with_it: ScoredLoadout | None  # None: no legal loadout of the frame mounts it
    without: ScoredLoadout | None  # None: every legal loadout mounts it

    def delta(self) -> tuple[float, float, float, float] | None:
        """(alive, expected remaining, damage, delivered) of with minus without; None if one
        is missing."""
        if self.with_it is None or self.without is None:
            return None
        a, b = self.with_it, self.without
        return (
            a.alive - b.alive,
            a.expected_remaining - b.expected_remaining,
            a.damage_all - b.damage_all,
            a.delivered - b.delivered,
        )


@dataclass(frozen=True)
class WeaponBalance:
    weapon: str
    fronts: int  # frame x threat fronts it is on
    of: int  # frame x threat fronts in all
    fits: int  # frame x threat pairs where some legal loadout mounts it
    marginals: tuple[Marginal, ...]  # per frame and threat, threats outer

    @property
    def never(self) -> bool:
        return self.fronts == 0

    @property
    def must_pick(self) -> bool:
        return self.of > 0 and self.fronts >= MUST_PICK * self.of


@dataclass(frozen=True)
class FrameBalance:
    frame: str
    niche: tuple[str, ...]  # threats where it is on the catalog-wide front
    dominated_by: tuple[str, ...]  # frames that dominate it against every threat
    scored: int = 0  # threats against which it has legal loadouts (0: none is legal)

    @property
    def dominated_everywhere(self) -> bool:
        """Scored, and on no catalog-wide front (a frame with no legal loadout is not dominated:
        it is not in the game)."""
        return self.scored > 0 and not self.niche


@dataclass(frozen=True)
class Balance:
    threats: tuple[str, ...]
    frames: tuple[str, ...]
    weapons: tuple[str, ...]
    rounds: int
    cells: tuple[FrameThreat, ...]  # threats outer, frames inner
    best: tuple[ScoredLoadout | None, ...]  # per threat: the catalog-wide best (None: no loadout)
    weapon_rows: tuple[WeaponBalance, ...]
    frame_rows: tuple[FrameBalance, ...]

    def cell(self, frame: str, threat: str) -> FrameThreat:
        return next(c for c in self.cells if c.frame == frame and c.threat == threat)


class _Dominance:
    """Which loadout dominates which, every pair of one threat's loadouts compared once (the
    tie rule is not transitive, so fronts alone would not do)."""

    def __init__(self, loadouts: Sequence[ScoredLoadout]) -> None:
        self.index = {id(s): i for i, s in enumerate(loadouts)}
        self.matrix = dominance_matrix(figures(loadouts))

    def _at(self, rows: Sequence[ScoredLoadout]) -> np.ndarray:
        return np.array([self.index[id(s)] for s in rows], dtype=np.intp)

    def front(self, rows: Sequence[ScoredLoadout]) -> tuple[ScoredLoadout, ...]:
        """``rows``' own Pareto front (``pareto_front(rows)``), in their order."""
        at = self._at(rows)
        beaten = self.matrix[np.ix_(at, at)].any(axis=0)
        return tuple(s for s, lost in zip(rows, beaten, strict=True) if not lost)

    def covers(self, by: Sequence[ScoredLoadout], rows: Sequence[ScoredLoadout]) -> bool:
        """Every loadout of ``rows`` is dominated by one of ``by``."""
        if not rows or not by:
            return False
        return bool(self.matrix[np.ix_(self._at(by), self._at(rows))].any(axis=0).all())


def _marginal(frame: str, threat: str, rows: Sequence[ScoredLoadout], weapon: str) -> Marginal:
    with_it = next((s for s in rows if weapon in s.weapons), None)
    without = next((s for s in rows if weapon not in s.weapons), None)
    return Marginal(frame, threat, with_it, without)


def balance(
    scores: Sequence[ThreatScores],
    frames: Sequence[str],
    weapons: Sequence[str],
    rounds: int,
) -> Balance:
    """The balance report of ``frames`` x ``weapons`` from the optimiser's ``scores``.

    Each ``ThreatScores.loadouts`` is one optimiser run over every frame, in its ranking order
    (its ``pareto`` flags are the catalog-wide front); a frame's rows are ranked again among
    themselves (``optimize --frame F``). A frame without loadouts (none legal) has no cell.
    """
    cells: list[FrameThreat] = []
    marginals: dict[str, list[Marginal]] = {w: [] for w in weapons}
    on_front: dict[str, int] = dict.fromkeys(weapons, 0)
    fits: dict[str, int] = dict.fromkeys(weapons, 0)
    best: list[ScoredLoadout | None] = []
    niche: dict[str, list[str]] = {f: [] for f in frames}
    beaten_by: dict[str, set[str] | None] = dict.fromkeys(frames)
    scored: dict[str, int] = dict.fromkeys(frames, 0)
    of = 0
    for ts in scores:
        by_frame = {f: ranked([s for s in ts.loadouts if s.frame == f], ts.rank) for f in frames}
        beats = _Dominance(ts.loadouts)
        fronts = {f: beats.front(rows) for f, rows in by_frame.items() if rows}
        best.append(ts.loadouts[0] if ts.loadouts else None)
        wide = {s.frame for s in ts.loadouts if s.pareto}
        for f in frames:
            rows = by_frame[f]
            if not rows:
                beaten_by[f] = set()
                continue
            of += 1
            scored[f] += 1
            front = fronts[f]
            by = tuple(g for g in frames if g != f and beats.covers(by_frame[g], rows))
            seen = beaten_by[f]
            beaten_by[f] = set(by) if seen is None else seen & set(by)
            if f in wide:
                niche[f].append(ts.threat)
            cells.append(FrameThreat(f, ts.threat, len(rows), rows[0], front, f in wide, by))
            on = {w for s in front for w in s.weapons if w is not None}
            for w in weapons:
                m = _marginal(f, ts.threat, rows, w)
                marginals[w].append(m)
                on_front[w] += w in on
                fits[w] += m.with_it is not None
    weapon_rows = tuple(
        WeaponBalance(w, on_front[w], of, fits[w], tuple(marginals[w])) for w in weapons
    )
    frame_rows = tuple(
        FrameBalance(
            f,
            tuple(niche[f]),
            tuple(g for g in frames if g in (beaten_by[f] or set())),
            scored[f],
        )
        for f in frames
    )
    return Balance(
        tuple(ts.threat for ts in scores),
        tuple(frames),
        tuple(weapons),
        rounds,
        tuple(cells),
        tuple(best),
        weapon_rows,
        frame_rows,
    )
