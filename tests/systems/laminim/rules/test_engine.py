"""The compiled engine computes the reference chain's numbers (docs/rules.md §1.8, D5-D8) to 1e-9.

The reference is the pure-numpy chain with crumb dropping off (``_DROP_BELOW = 0``: the plain
chain, bit for bit as it was before the engine existed), so every bundled unit x threat, the
seed's test-play parts in awkward places (shields, empty slots, no-ammo weapons) and a unit at
twice its durabilities must agree on every number of every round.
"""

from __future__ import annotations

import dataclasses
import importlib
import itertools
import math
import subprocess
import sys
import threading

import pytest

from builder.systems.laminim.rules import UnitSpec, survival
from builder.systems.laminim.rules.engine import exact_survival
from systems.laminim.rules.conftest import (
    AUTOCANNON,
    BLADE,
    GATLING,
    MISSILE,
    QUICK_BOOSTER,
    RIFLE,
    SHIELD,
    SMG,
    catalog_demo_units,
    catalog_threats,
    threat,
    unit,
)

ref = importlib.import_module("builder.systems.laminim.rules.chain_reference")
THREATS = catalog_threats()


def numbers(result) -> list[float]:
    out: list[float] = []
    for r in result.rounds:
        out += [r.alive, r.expected_remaining, r.cook_off]
        out += [-1.0 if x is None else x for x in r.slot_destroyed]
    return out


def worst(a, b) -> float:
    got, want = numbers(a), numbers(b)
    assert len(got) == len(want)
    return max(abs(x - y) for x, y in zip(got, want, strict=True))


@pytest.fixture
def plain(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(ref, "_DROP_BELOW", 0.0)
    return ref.reference_survival


@pytest.mark.parametrize("threat_id", sorted(THREATS))
def test_engine_matches_the_reference_chain_on_every_bundled_unit(threat_id, plain):
    for u in catalog_demo_units():
        assert worst(exact_survival(u, THREATS[threat_id]), plain(u, THREATS[threat_id])) <= 1e-9


AWKWARD = [
    unit(20, RIFLE, SHIELD, AUTOCANNON),
    unit(20, SHIELD, None, MISSILE),
    unit(16, None, None, BLADE),
    unit(40, GATLING, MISSILE, MISSILE),
    unit(12, QUICK_BOOSTER, SMG, None),
    unit(8, SHIELD, SHIELD, GATLING),
]
MIXED = threat("mixed", (SMG, 4), (BLADE, 0), (MISSILE, 0), (AUTOCANNON, 2))


@pytest.mark.parametrize("index", range(len(AWKWARD)))
def test_engine_matches_on_shields_empty_slots_and_magazines(index, plain):
    u = AWKWARD[index]
    assert worst(exact_survival(u, MIXED, 5), plain(u, MIXED, 5)) <= 1e-9


def test_engine_matches_with_durabilities_doubled(plain):
    u = catalog_demo_units()[1]
    big = UnitSpec(
        "x2",
        u.frame_durability * 2,
        tuple(dataclasses.replace(w, durability=w.durability * 2) if w else None for w in u.slots),  # type: ignore[arg-type]
    )
    t = THREATS["full-barrage"]
    assert worst(exact_survival(big, t), plain(big, t)) <= 1e-9


def test_every_slot_order_agrees_with_the_reference(plain):
    t = THREATS["full-barrage"]
    for perm in set(itertools.permutations((SHIELD, RIFLE, None))):
        u = unit(20, *perm)
        assert worst(exact_survival(u, t, 3), plain(u, t, 3)) <= 1e-9


def test_survival_reports_no_dropped_mass_from_the_engine():
    result = survival(catalog_demo_units()[0], THREATS["full-barrage"], engine="compiled")
    assert result.error_bound == 0.0
    assert survival(catalog_demo_units()[0], THREATS["full-barrage"]).error_bound <= 1e-9


def test_a_small_job_runs_on_the_reference_chain_and_a_large_one_compiled(monkeypatch):
    """``survival`` picks the engine by the job's work: the demo units never load the compiled
    engine; three times their durabilities (1.6e9 updates) do. Either way the numbers are
    the same to 1e-9 (the tests above hold the engines to each other)."""
    from builder.systems.laminim.rules import engine as compiled
    from builder.systems.laminim.rules.budget import estimate

    dispatch = importlib.import_module("builder.systems.laminim.rules.survival")

    ran = []
    real = compiled.exact_survival
    monkeypatch.setattr(compiled, "exact_survival", lambda *a: ran.append(a[0].name) or real(*a))
    t = THREATS["full-barrage"]
    small = catalog_demo_units()[1]
    big = UnitSpec(
        "x3",
        small.frame_durability * 3,
        tuple(
            dataclasses.replace(w, durability=w.durability * 3) if w else None for w in small.slots
        ),  # type: ignore[arg-type]
    )
    assert estimate(small, t, 6).work < dispatch.COMPILED_FROM <= estimate(big, t, 6).work
    assert worst(survival(small, t), exact_survival(small, t)) <= 1e-9
    assert ran == []
    survival(big, t, 1)  # one round of it is still 2.7e8 updates
    assert ran == ["x3"]
    assert worst(survival(small, t, engine="compiled"), survival(small, t)) <= 1e-9
    assert ran == ["x3", "Bulwark"]


def test_without_cook_off_both_engines_report_no_cook_off_figure():
    """``cook_off=False`` (the optimiser) gives NaN for cook-off on either engine, never a number
    from one engine and NaN from the other."""
    u, t = catalog_demo_units()[2], THREATS["mixed-fire"]
    ref = survival(u, t, cook_off=False, engine="reference")
    fast = survival(u, t, cook_off=False, engine="compiled")
    assert all(math.isnan(r.cook_off) for r in ref.rounds + fast.rounds)
    assert [r.alive for r in ref.rounds] == pytest.approx([r.alive for r in fast.rounds], abs=1e-9)


def test_warm_loads_the_compiled_engine_once(monkeypatch):
    """``engine.warm`` (the TUI calls it in a worker after its first screen): the first call runs
    a tiny chain on the compiled loops, any later one returns at once."""
    from builder.systems.laminim.rules import engine as compiled

    runs = []
    real = compiled.exact_survival
    monkeypatch.setattr(compiled, "exact_survival", lambda *a: runs.append(1) or real(*a))
    monkeypatch.setattr(compiled, "_warmed", type(compiled._warmed)())
    compiled.warm()
    compiled.warm()
    assert runs == [1] and "numba" in sys.modules


def test_numba_stays_out_of_start_up_and_of_a_small_analysis():
    """The compiled loops load on the first large chain, never for --help, a catalog check or
    the analysis of the demo team (the reference chain answers it before numba could start)."""
    code = (
        "import sys, io, contextlib\n"
        "import builder.cli, builder.systems.laminim.system, builder.systems.laminim.rules\n"
        "before = 'numba' in sys.modules\n"
        "from builder.cli import main\n"
        "from builder.core.resources import bundled_catalog_dir\n"
        "demo = str(bundled_catalog_dir('laminim') / 'demo_team.yaml')\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    main(['analyze', demo])\n"
        "    main(['compare', demo + ':Kestrel', demo + ':Bulwark'])\n"
        "print(before, 'numba' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False False"


@pytest.mark.parametrize("threat_id", sorted(THREATS))
def test_untracked_cook_off_leaves_every_other_number_unchanged(threat_id):
    """The optimiser's chains drop the clean view: the same survival, no cook-off figure."""
    t = THREATS[threat_id]
    for u in catalog_demo_units():
        full, lean = exact_survival(u, t), exact_survival(u, t, cook_off=False)
        for a, b in zip(full.rounds, lean.rounds, strict=True):
            got = [
                b.alive,
                b.expected_remaining,
                *(-1.0 if s is None else s for s in b.slot_destroyed),
            ]
            want = [
                a.alive,
                a.expected_remaining,
                *(-1.0 if s is None else s for s in a.slot_destroyed),
            ]
            assert got == pytest.approx(want, abs=1e-12)
            assert math.isnan(b.cook_off)


def test_warm_in_background_returns_at_once_and_loads_the_engine_on_its_thread(monkeypatch):
    """``engine.warm_in_background`` (for a UI after its first paint) hands the load to a daemon
    thread and returns while it runs; joined, the engine is warm, and a later call has nothing
    left to start."""
    from builder.systems.laminim.rules import engine as compiled

    monkeypatch.setattr(compiled, "_warmed", type(compiled._warmed)())
    release, started = threading.Event(), []
    real = compiled.warm

    def held_warm():
        started.append(threading.current_thread())
        assert release.wait(60)  # the caller has its answer before the load goes on
        real()

    monkeypatch.setattr(compiled, "warm", held_warm)
    thread = compiled.warm_in_background()
    assert thread is not None and thread.daemon and thread is not threading.current_thread()
    assert not compiled._warmed.is_set()
    release.set()
    thread.join(120)
    assert not thread.is_alive() and started == [thread]
    assert compiled._warmed.is_set() and "numba" in sys.modules
    assert compiled.warm_in_background() is None


def test_a_failed_background_warm_up_says_nothing_and_leaves_the_engine_cold(monkeypatch):
    """A load that fails on the background thread raises nowhere (no traceback over a screen);
    the first job that needs the compiled engine loads it again and reports what is wrong."""
    from builder.systems.laminim.rules import engine as compiled

    monkeypatch.setattr(compiled, "_warmed", type(compiled._warmed)())
    uncaught = []
    monkeypatch.setattr(threading, "excepthook", uncaught.append)

    def broken():
        raise ImportError("numba")

    monkeypatch.setattr(compiled, "warm", broken)
    thread = compiled.warm_in_background()
    assert thread is not None
    thread.join(60)
    assert not thread.is_alive() and uncaught == [] and not compiled._warmed.is_set()
