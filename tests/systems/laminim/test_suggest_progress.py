"""The suggest dialog's scoring (``tui/suggesting.py``) is the optimiser's: the same loadouts,
numbers, order and Pareto flags as ``score_frames``, with a progress count after each distinct
chain and a way to stop."""

from __future__ import annotations

import pytest

from builder.systems.laminim import optimizer
from builder.systems.laminim.catalog import load_catalog
from builder.systems.laminim.rules import FrameOption
from builder.systems.laminim.tui.suggesting import Stopped, run_job, suggest_job

ROUNDS = 3  # fewer rounds than the TUI's six keep this quick; the steps are the same


@pytest.mark.parametrize("frame_id", ["striker", "lancer"])
def test_suggest_scoring_is_exactly_score_frames(frame_id):
    catalog = load_catalog()
    frame, threat = catalog.frame(frame_id), catalog.threats[0]
    assert frame is not None
    option = FrameOption(frame.id, frame.durability, frame.payload)
    want = optimizer.score_frames(catalog, [option], threat, ROUNDS)
    seen: list[tuple[int, int]] = []
    job = suggest_job(catalog, frame, threat, ROUNDS)
    got = run_job(job, lambda done, total: seen.append((done, total)))
    assert got == want
    assert seen == [(n, job.total) for n in range(1, job.total + 1)]


def test_suggest_scoring_stops_when_asked():
    catalog = load_catalog()
    frame = catalog.frame("striker")
    assert frame is not None
    job = suggest_job(catalog, frame, catalog.threats[0], ROUNDS)
    seen: list[int] = []
    with pytest.raises(Stopped):
        run_job(job, lambda done, _total: seen.append(done), stop=lambda: len(seen) >= 2)
    assert seen == [1, 2]
