"""The fitted-cost search judges each candidate exactly as the balance report judges the changed
catalog (docs/balance.md "Fitted costs"): for random candidates over every weight and payload of
a small held-out catalog, the search's findings, fronts and niches are those of ``run_balance``
on the catalog with the candidate applied."""

from __future__ import annotations

import random

import pytest

from builder.systems.laminim.balance import run_balance, score_threats
from builder.systems.laminim.catalog import load_catalog
from builder.systems.laminim.chain_bank import ChainBank
from builder.systems.laminim.rules.fitting import FRAME_STEPS, WEAPON_STEPS, Fitter, Part
from builder.systems.laminim.suggest import _rows_and_figures, _widest, applied, findings_of
from tests.systems.laminim.balance import planted

ROUNDS = 3


@pytest.fixture(scope="module")
def setup(tmp_path_factory):
    folder = planted.write(tmp_path_factory.mktemp("fit") / "catalog")
    catalog = load_catalog(folder)
    parts = tuple(
        [
            Part("weapon", w.id, w.weight, tuple(s for s in WEAPON_STEPS if w.weight + s >= 0))
            for w in catalog.weapons
        ]
        + [
            Part("frame", f.id, f.payload, tuple(s for s in FRAME_STEPS if f.payload + s >= 0))
            for f in catalog.frames
        ]
    )
    bank = ChainBank()
    _, scored = score_threats(_widest(catalog, parts), None, ROUNDS, folder, False, bank, None)
    rows, figures = _rows_and_figures(scored)
    fitter = Fitter(
        rows,
        figures,
        {w.id: w.weight for w in catalog.weapons},
        {f.id: f.payload for f in catalog.frames},
        parts,
    )
    return folder, catalog, parts, bank, fitter


def _candidate(rng: random.Random, parts) -> tuple:
    chosen = sorted(rng.sample(range(len(parts)), rng.randint(1, 4)))
    return tuple((i, rng.choice(parts[i].steps)) for i in chosen if parts[i].steps)


@pytest.mark.parametrize("seed", range(6))
def test_a_random_candidate_is_judged_as_the_report_judges_the_changed_catalog(setup, seed):
    folder, catalog, parts, bank, fitter = setup
    candidate = () if seed == 0 else _candidate(random.Random(seed), parts)
    said = fitter.outcome(candidate)
    run = run_balance(applied(catalog, parts, candidate), None, ROUNDS, folder, None, False, bank)
    assert said.findings == findings_of(run), candidate
    assert said.fronts == {w.weapon: w.fronts for w in run.balance.weapon_rows}
    assert said.of == run.balance.weapon_rows[0].of
    assert said.niches == {f.frame: len(f.niche) for f in run.balance.frame_rows}


def test_candidates_judged_together_are_judged_as_one_by_one(setup):
    *_, parts, _, fitter = setup
    rng = random.Random(99)
    batch = [_candidate(rng, parts) for _ in range(20)]
    assert fitter.outcomes(batch) == [fitter.outcome(c) for c in batch]


@pytest.mark.parametrize("seed", range(1, 4))
def test_a_report_on_reused_rows_is_the_report_computed_afresh(setup, seed):
    """Issue 37 (speed): a report run again through the bank reads the rows it scored before
    (a weight or payload changes no row's numbers); with weights and payloads changed, every
    row of every threat — payload used, figures, ranking and front — is what a report with a
    bank of its own computes."""
    folder, catalog, parts, bank, _ = setup
    changed = applied(catalog, parts, _candidate(random.Random(seed), parts))
    reused = run_balance(changed, None, ROUNDS, folder, None, False, bank, True)
    fresh = run_balance(changed, None, ROUNDS, folder, None, False, ChainBank())
    assert reused.results == fresh.results
    assert reused.balance == fresh.balance
    assert any(r.loadouts for r in fresh.results)
