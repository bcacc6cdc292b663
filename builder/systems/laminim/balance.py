"""``laminim balance`` for LAMINIM: the optimiser run against every threat, then the report.

One optimiser run per threat over every frame of the catalog (``optimizer.optimize_catalog``:
the same size guard, scoring and ranking as ``laminim optimize``, on both cores); the rules core
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
    from builder.systems.laminim.models import Catalog, Threat
    from builder.systems.laminim.rules import OptimizeResult
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


def run_balance(
    catalog: Catalog,
    threat_refs: Sequence[str] | None,
    rounds: int,
    catalog_dir: Path | None = None,
    progress: Progress | None = None,
    exact: bool = False,
) -> BalanceRun:
    """Score every loadout against every threat asked for and read the balance off it.

    ``progress(done, total)`` counts survival chains over the whole run (every threat's).
    """
    from builder.systems.laminim.optimizer import optimize_catalog, pick_frames, weapon_options
    from builder.systems.laminim.rules.balance import ThreatScores, balance
    from builder.systems.laminim.rules.balance_summary import summarize
    from builder.systems.laminim.rules.optimize import chain_count

    threats = pick_threats(catalog, threat_refs)
    refs = list(threat_refs) if threat_refs else [t.id for t in threats]
    per_threat = chain_count(
        pick_frames(catalog, None), weapon_options(catalog), catalog.team_format.min_weapons
    )
    total = per_threat * len(threats)
    results: list[OptimizeResult] = []
    for i, ref in enumerate(refs):

        def step(done: int, _: int, base: int = i * per_threat) -> None:
            if progress is not None:
                progress(base + done, total)

        results.append(optimize_catalog(catalog, None, ref, rounds, catalog_dir, step, exact))
    if progress is not None:
        progress(total, total)
    scores = [ThreatScores(t.id, r.loadouts) for t, r in zip(threats, results, strict=True)]
    frames = [f.id for f in catalog.frames]
    weapons = [w.id for w in catalog.weapons]
    found = balance(scores, frames, weapons, rounds)
    return BalanceRun(tuple(threats), tuple(results), found, tuple(summarize(found)))
