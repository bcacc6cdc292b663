"""``laminim balance`` for LAMINIM: the optimiser run against every threat, then the report.

One optimiser run per threat over every frame of the catalog (``optimizer.score_frames``: the
same size guard, scoring and ranking as ``laminim optimize``), its distinct survival chains
computed for every threat at once on every core (``chain_bank``); the rules core
(``rules/balance.py``) reads fronts, niches and marginal values off those runs, and
``rules/balance_summary.py`` the summary's findings. The text, JSON (``balance_text.py``), PDF
(``balance_report.py``) and the TUI's report screen all show one :class:`BalanceRun`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from builder.core.messages import Messages
from builder.core.problems import InputError, Problem

if TYPE_CHECKING:
    from builder.systems.laminim.chain_bank import ChainBank
    from builder.systems.laminim.models import Catalog, Threat
    from builder.systems.laminim.rules import OptimizeResult, ThreatSpec
    from builder.systems.laminim.rules.balance import Balance
    from builder.systems.laminim.rules.balance_summary import Finding

Progress = Callable[[int, int], None]
MESSAGES = Messages.load(__file__, "messages.yaml")


@dataclass(frozen=True)
class BalanceRun:
    """The optimiser's results per threat and the balance read off them."""

    threats: tuple[Threat, ...]
    results: tuple[OptimizeResult, ...]  # one per threat, in the same order
    balance: Balance
    findings: tuple[Finding, ...]


def pick_threats(catalog: Catalog, refs: Sequence[str] | None) -> list[Threat]:
    """The threats asked for (ids or YAML files; default every catalog threat), every bad one
    reported in one InputError; a threat id given twice is bad input."""
    from builder.systems.laminim.derive import find_threat

    if not refs:
        if not catalog.threats:
            raise InputError([Problem("--threat", None, None, "", MESSAGES("no-threats"))])
        return list(catalog.threats)
    threats: list[Threat] = []
    problems: list[Problem] = []
    for ref in refs:
        try:
            threat = find_threat(ref, catalog)
        except InputError as exc:
            problems.extend(exc.problems)
            continue
        if any(t.id == threat.id for t in threats):
            problems.append(
                Problem("--threat", None, None, "", MESSAGES("threat-twice", threat=threat.id))
            )
            continue
        threats.append(threat)
    if problems:
        raise InputError(problems)
    return threats


def score_threats(
    catalog: Catalog,
    threat_refs: Sequence[str] | None,
    rounds: int,
    catalog_dir: Path | None,
    exact: bool,
    bank: ChainBank,
    progress: Progress | None,
    checked: bool = False,
) -> tuple[list[Threat], list[OptimizeResult]]:
    """The threats asked for, and every loadout of every frame scored against each (as
    ``optimize``), in one order: each threat's size checked first (unless ``checked``), then
    the distinct chains of every threat computed at once in ``bank`` (on every core;
    ``progress(done, total)`` counts them), each threat scored as soon as its chains are in."""
    from builder.systems.laminim.derive import threat_spec
    from builder.systems.laminim.optimizer import (
        check_catalog,
        pick_frames,
        score_frames,
        weapon_options,
    )
    from builder.systems.laminim.rules.optimize import DEFAULT_RANK, plan

    threats = pick_threats(catalog, threat_refs)
    frames = pick_frames(catalog, None)
    for threat in threats if not checked else ():
        check_catalog(catalog, frames, threat, rounds, catalog_dir, exact)
    p = plan(frames, weapon_options(catalog), catalog.team_format.min_weapons)
    specs: dict[ThreatSpec, list[Threat]] = {}  # two threats alike share their chains
    for t in threats:
        specs.setdefault(threat_spec(t, catalog), []).append(t)
    run = bank.runner()
    scored: dict[str, OptimizeResult] = {}

    def score(spec: ThreatSpec) -> None:
        memo = bank.memo(spec, rounds, exact, DEFAULT_RANK)
        for t in specs[spec]:
            scored[t.id] = score_frames(
                catalog, frames, t, rounds, exact=exact, runner=run, checked=True, memo=memo
            )

    bank.fill(
        [(spec, key, unit) for spec in specs for key, unit in p.jobs.items()],
        rounds,
        exact,
        progress,
        ready=score,
    )
    for spec, alike in specs.items():
        if alike[0].id not in scored:
            score(spec)
    return threats, [scored[t.id] for t in threats]


def run_balance(
    catalog: Catalog,
    threat_refs: Sequence[str] | None,
    rounds: int,
    catalog_dir: Path | None = None,
    progress: Progress | None = None,
    exact: bool = False,
    bank: ChainBank | None = None,
    checked: bool = False,
) -> BalanceRun:
    """Score every loadout against every threat asked for and read the balance off it.

    Every threat's size is checked first (InputError at the frame, as ``optimize``); then the
    distinct chains of every threat are computed at once (``bank``, on every core), and
    ``progress(done, total)`` counts them over the whole run. A ``bank`` given keeps its chains
    and scored rows for the next run (``balance --suggest`` re-runs the report on changed
    catalogs, each of whose loadouts it has ``checked`` for size already).
    """
    from builder.systems.laminim.chain_bank import ChainBank
    from builder.systems.laminim.rules.balance import ThreatScores, balance
    from builder.systems.laminim.rules.balance_summary import summarize

    bank = ChainBank() if bank is None else bank
    threats, results = score_threats(
        catalog, threat_refs, rounds, catalog_dir, exact, bank, progress, checked
    )
    scores = [ThreatScores(t.id, r.loadouts) for t, r in zip(threats, results, strict=True)]
    names = [f.id for f in catalog.frames]
    weapons = [w.id for w in catalog.weapons]
    found = balance(scores, names, weapons, rounds)
    return BalanceRun(tuple(threats), tuple(results), found, tuple(summarize(found)))
