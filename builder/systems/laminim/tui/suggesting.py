"""The suggest dialog's job: the optimiser's scoring of one frame, with progress, stoppable.

It runs exactly what ``laminim optimize --frame F`` runs (``optimizer.score_frames``, the rules
core's optimiser behind the job-size check), passing a progress call that reports each distinct
survival chain as it finishes (n of N) and stops the job when the dialog is closed; the test
``tests/systems/laminim/test_suggest_progress.py`` pins that the result is ``score_frames``'s.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from builder.systems.laminim.models import Catalog, Frame, Threat

if TYPE_CHECKING:
    from builder.core.messages import Message

Progress = Callable[[int, int], None]
"""``progress(done, total)``, after each distinct chain scored."""


class Stopped(Exception):
    """The caller asked to stop (the dialog was closed)."""


@dataclass(frozen=True)
class SuggestJob:
    """Every legal loadout of one frame against one threat, checked for size, not yet scored."""

    catalog: Catalog
    frame: Frame
    threat: Threat
    rounds: int
    total: int
    """The distinct survival chains to compute (the progress line's N)."""


def _option(frame: Frame) -> Any:
    from builder.systems.laminim.rules import FrameOption

    return FrameOption(frame.id, frame.durability, frame.payload)


def _locate(frame: Frame) -> Callable[[int, Message], Any]:
    from builder.core.problems import Problem

    def locate(_index: int, message: Message) -> Problem:
        return Problem(f"frame '{frame.id}'", None, None, "", message)

    return locate


def suggest_job(catalog: Catalog, frame: Frame, threat: Threat, rounds: int) -> SuggestJob:
    """The job ``score_frames(catalog, [frame], threat, rounds)`` would run; InputError when it
    is over the optimiser's budget (as ``score_frames``)."""
    from builder.systems.laminim.derive import threat_spec
    from builder.systems.laminim.optimizer import check_size, weapon_options
    from builder.systems.laminim.rules.optimize import chain_count

    option = _option(frame)
    weapons = weapon_options(catalog)
    fmt = catalog.team_format
    spec = threat_spec(threat, catalog)
    check_size([option], weapons, spec, rounds, fmt.min_weapons, _locate(frame))
    total = chain_count([option], weapons, fmt.min_weapons)
    return SuggestJob(catalog, frame, threat, rounds, total)


def run_job(
    job: SuggestJob, progress: Progress | None = None, stop: Callable[[], bool] | None = None
) -> Any:
    """Score ``job`` (``progress`` after each chain; ``Stopped`` as soon as ``stop()`` says so):
    the ``OptimizeResult`` ``score_frames`` gives."""
    from builder.systems.laminim.optimizer import score_frames

    def step(done: int, total: int) -> None:
        if stop is not None and stop():
            raise Stopped
        if progress is not None:
            progress(done, total)

    if stop is not None and stop():
        raise Stopped
    frames = [_option(job.frame)]
    return score_frames(job.catalog, frames, job.threat, job.rounds, _locate(job.frame), step)


def sort_front(front: list[Any], sort: str) -> list[Any]:
    """``front`` best first by the column ``sort``, as ``optimize --rank`` ranks (figures
    within 1e-9 equal; ties go to the other figures)."""
    from builder.systems.laminim.rules.optimize import ranked

    return ranked(front, sort)


def decimals(values: list[float], at_least: int, most: int = 6) -> int:
    """The fewest decimals (``at_least`` … ``most``) at which values that differ print
    differently: a front of loadouts all at "100.0 %" alive shows 99.9993 % and 99.9981 %."""
    distinct = {round(v, 12) for v in values}
    for d in range(at_least, most + 1):
        if len({f"{v:.{d}f}" for v in distinct}) == len(distinct):
            return d
    return most
