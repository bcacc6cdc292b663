"""The suggest dialog's job: the optimiser's scoring of one frame, loadout by loadout, so the
dialog can say how far it is (n of N) and stop when it is closed.

``score_frames`` (what ``laminim optimize`` runs) scores every loadout in one call and says
nothing until the end -- tens of seconds on a slow machine. This runs the same steps of the rules
core (``optimize.loadouts``, ``optimize.score`` with one shared survival cache, the team format's
weapon count, ``rank_key``, ``pareto_front``) with a progress call between loadouts; the test
``tests/systems/laminim/test_suggest_progress.py`` pins that the result is ``score_frames``'s.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from builder.systems.laminim.models import Catalog, Frame, Threat

Progress = Callable[[int, int], None]
"""``progress(done, total)``, after each loadout scored."""


class Stopped(Exception):
    """The caller asked to stop (the dialog was closed)."""


@dataclass(frozen=True)
class SuggestJob:
    """Every legal loadout of one frame against one threat, checked for size, not yet scored."""

    frame: Any  # rules.FrameOption
    slots: tuple[Any, ...]  # the rules core's loadouts (WeaponOption | None, ×3)
    threat: Any  # ThreatSpec
    rounds: int
    max_weapons: int

    @property
    def total(self) -> int:
        return len(self.slots)


def suggest_job(catalog: Catalog, frame: Frame, threat: Threat, rounds: int) -> SuggestJob:
    """The job ``score_frames(catalog, [frame], threat, rounds)`` would run; InputError when it
    is over the optimiser's budget (as ``score_frames``)."""
    from builder.core.problems import Problem
    from builder.systems.laminim.optimize_cli import check_size, weapon_options
    from builder.systems.laminim.rules import FrameOption
    from builder.systems.laminim.rules.optimize import loadouts
    from builder.systems.laminim.specs import threat_spec

    option = FrameOption(frame.id, frame.durability, frame.payload)
    weapons = weapon_options(catalog)
    spec = threat_spec(threat, catalog)
    fmt = catalog.team_format

    def locate(_index: int, message: str) -> Problem:
        return Problem(f"frame '{frame.id}'", None, None, "", message)

    check_size([option], weapons, spec, rounds, fmt.min_weapons, locate)
    slots = tuple(loadouts(option, weapons, fmt.min_weapons))
    return SuggestJob(option, slots, spec, rounds, fmt.max_weapons)


def run_job(
    job: SuggestJob, progress: Progress | None = None, stop: Callable[[], bool] | None = None
) -> Any:
    """Score every loadout of ``job`` (``progress`` after each; ``Stopped`` as soon as ``stop()``
    says so) and rank them: the ``OptimizeResult`` ``score_frames`` gives."""
    from builder.systems.laminim.rules import OptimizeResult
    from builder.systems.laminim.rules.optimize import pareto_front, rank_key, score

    cache: dict[Any, Any] = {}
    scored = []
    total = job.total
    for done, slots in enumerate(job.slots, start=1):
        if stop is not None and stop():
            raise Stopped
        scored.append(score(job.frame, slots, job.threat, job.rounds, cache))
        if progress is not None:
            progress(done, total)
    if job.max_weapons < 3:
        scored = [s for s in scored if sum(w is not None for w in s.weapons) <= job.max_weapons]
    scored.sort(key=rank_key)
    flags = pareto_front(scored)
    ranked = tuple(replace(s, pareto=f) for s, f in zip(scored, flags, strict=True))
    return OptimizeResult(job.threat.id, job.rounds, len(ranked), ranked)
