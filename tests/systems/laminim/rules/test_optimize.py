"""The optimiser: legal loadouts once each, ranked, Pareto-marked, and right against brute force."""

from __future__ import annotations

import importlib
import itertools

import pytest

from builder.systems.laminim.rules import (
    Guard,
    UnitSpec,
    WeaponSpec,
    damage_output,
    delivered,
    silhouette,
)
from builder.systems.laminim.rules.optimize import (
    FrameOption,
    WeaponOption,
    loadouts,
    optimize,
)
from systems.laminim import tie_rule
from systems.laminim.rules.conftest import catalog_frames, catalog_threats, catalog_weapons

chain = importlib.import_module("builder.systems.laminim.rules.chain_reference")
THREATS = catalog_threats()
WEAPONS = {w.id: w for w in catalog_weapons()}
SMALL_WEAPONS = [WEAPONS[i] for i in ("rifle", "missile", "shield", "smg", "blade")]
SMALL_FRAMES = [f for f in catalog_frames() if f.id in ("striker", "lancer")]


def brute_force_best(frame: FrameOption, weapons, threat, rounds, rank="delivered") -> dict:
    """Every ordered loadout, plain reference chain (no dropping), best by the documented
    ranking compared pairwise (``tie_rule``: figures within 1e-9 equal)."""
    rows = []
    for slots in itertools.product([*weapons, None], repeat=3):
        mounted = [w for w in slots if w is not None]
        if not mounted or sum(w.weight for w in mounted) > frame.payload:
            continue
        unit = UnitSpec(frame.id, frame.durability, tuple(w.spec if w else None for w in slots))  # type: ignore[arg-type]
        per_round = chain.reference_survival(unit, threat, rounds).rounds
        rows.append(
            {
                "frame": frame.id,
                "weapons": tuple(sorted(w.id for w in mounted)),
                "payload": sum(w.weight for w in mounted),
                "alive": per_round[-1].alive,
                "expected_remaining": per_round[-1].expected_remaining,
                "damage_all": damage_output(unit, float(silhouette(unit).exposure)).all_weapons,
                "delivered": delivered(unit, per_round, rounds).total,
            }
        )
    return tie_rule.best(rows, rank)


@pytest.mark.parametrize(("threat", "rank"), [("mixed-fire", "delivered"), ("blade-rush", "alive")])
def test_top_loadout_per_frame_matches_brute_force(threat, rank, monkeypatch):
    result = optimize(SMALL_FRAMES, SMALL_WEAPONS, THREATS[threat], rounds=3, rank=rank)
    monkeypatch.setattr(chain, "_DROP_BELOW", 0.0)
    for frame in SMALL_FRAMES:
        top = next(s for s in result.loadouts if s.frame == frame.id)
        want = brute_force_best(frame, SMALL_WEAPONS, THREATS[threat], 3, rank)
        for k in ("alive", "expected_remaining", "damage_all", "delivered"):
            assert getattr(top, k) == pytest.approx(want[k], abs=2e-9), k
        assert top.payload == want["payload"]
        assert tuple(sorted(w for w in top.weapons if w)) == want["weapons"]


def test_every_ordering_of_a_loadout_scores_the_same():
    """Why multisets suffice: faces are equally likely, so moving a weapon only renames its face."""
    threat = THREATS["full-barrage"]
    for ids in [
        ("gatling", "missile", None),
        ("shield", "rifle", "autocannon"),
        ("smg", None, None),
    ]:
        seen = set()
        for perm in set(itertools.permutations(ids)):
            unit = UnitSpec("u", 24, tuple(WEAPONS[i].spec if i else None for i in perm))  # type: ignore[arg-type]
            last = chain.reference_survival(unit, threat, 4).rounds[-1]
            seen.add(
                (
                    round(last.alive, 12),
                    round(last.expected_remaining, 10),
                    round(last.cook_off, 12),
                )
            )
        assert len(seen) == 1, ids


def test_multisets_are_enumerated_once_with_empties_last():
    frame = FrameOption("f", 20, 100)
    found = loadouts(frame, SMALL_WEAPONS)
    assert len(found) == len(set(found))
    assert len(found) == 55  # multisets of 3 from 5 weapons + empty, minus all-empty: C(8,3) - 1
    assert all(s[0] is not None for s in found)


def test_a_guard_on_a_slot_face_makes_order_matter():
    wall = WeaponOption(WeaponSpec("wall", "special", 9, 0, 0, None, 0, guard=Guard((4,), 0)), 1)
    frame = FrameOption("f", 20, 100)
    found = loadouts(frame, [wall, WEAPONS["rifle"]])
    orders = {tuple(w.id if w else None for w in s) for s in found}
    assert ("wall", "rifle", None) in orders and ("rifle", "wall", None) in orders


@pytest.mark.parametrize("rank", ["delivered", "alive", "remaining", "damage", "payload"])
def test_budget_respected_and_pareto_front_is_undominated(rank):
    result = optimize(SMALL_FRAMES, SMALL_WEAPONS, THREATS["rifle-duel"], rounds=2, rank=rank)
    assert result.evaluated == len(result.loadouts) > 0 and result.rank == rank
    frames = {f.id: f for f in SMALL_FRAMES}
    assert all(s.payload <= frames[s.frame].payload for s in result.loadouts)
    assert [s.pareto for s in result.loadouts] == tie_rule.front(result.loadouts)
    assert tie_rule.adjacent_against_the_rule(result.loadouts, rank) == 0


def test_a_row_is_one_multiset_scored_by_its_best_ordering():
    """Two different guards make slot order matter; the multiset is still one row, and its
    numbers are the best of its orderings by the ranking (brute force over every ordering,
    plain chain, compared by the tie rule)."""
    wall = WeaponOption(WeaponSpec("wall", "special", 9, 0, 0, None, 0, guard=Guard((4,), 0)), 1)
    options = [wall, WEAPONS["shield"], WEAPONS["rifle"]]
    frame = FrameOption("f", 20, 100)
    threat = THREATS["full-barrage"]
    result = optimize([frame], options, threat, rounds=2, workers=1)
    multisets = [tuple(sorted(w or "~" for w in s.weapons)) for s in result.loadouts]
    assert len(multisets) == len(set(multisets)) == result.evaluated
    for row in result.loadouts:
        orderings = []
        for perm in sorted(set(itertools.permutations(row.weapons)), key=repr):
            specs = tuple(next(o.spec for o in options if o.id == i) if i else None for i in perm)
            unit = UnitSpec("f", 20, specs)  # type: ignore[arg-type]
            per_round = chain.reference_survival(unit, threat, 2).rounds
            orderings.append(
                {
                    "frame": "f",
                    "weapons": perm,
                    "payload": row.payload,
                    "alive": per_round[-1].alive,
                    "expected_remaining": per_round[-1].expected_remaining,
                    "damage_all": row.damage_all,
                    "delivered": delivered(unit, per_round, 2).total,
                }
            )
        want = tie_rule.best(orderings)
        for k in ("alive", "expected_remaining", "delivered"):
            assert getattr(row, k) == pytest.approx(want[k], abs=1e-9), (row.weapons, k)


def test_threads_rank_exactly_as_one_thread():
    one = optimize(SMALL_FRAMES, SMALL_WEAPONS, THREATS["mixed-fire"], rounds=3, workers=1)
    two = optimize(SMALL_FRAMES, SMALL_WEAPONS, THREATS["mixed-fire"], rounds=3, workers=2)
    assert one == two


def test_progress_counts_every_distinct_chain_once():
    seen: list[tuple[int, int]] = []
    optimize(
        SMALL_FRAMES,
        SMALL_WEAPONS,
        THREATS["rifle-duel"],
        2,
        progress=lambda d, t: seen.append((d, t)),
    )
    total = seen[-1][1]
    assert [d for d, _ in seen] == list(range(1, total + 1))
    assert seen[-1] == (total, total)


def test_an_interrupt_stops_the_threads_and_reaches_the_caller():
    def stop(done: int, total: int) -> None:
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        optimize(SMALL_FRAMES, SMALL_WEAPONS, THREATS["rifle-duel"], 2, progress=stop, workers=2)


def test_the_whole_ranking_is_the_single_unit_chains():
    """Every row's numbers are the reference chain's for that loadout, so the order is too."""
    threat = THREATS["mixed-fire"]
    result = optimize(SMALL_FRAMES, SMALL_WEAPONS, threat, rounds=3)
    frames = {f.id: f for f in SMALL_FRAMES}
    specs = {w.id: w.spec for w in SMALL_WEAPONS}
    for row in result.loadouts:
        slots = tuple(specs[i] if i else None for i in row.weapons)
        unit = UnitSpec(row.frame, frames[row.frame].durability, slots)  # type: ignore[arg-type]
        last = chain.reference_survival(unit, threat, 3).rounds[-1]
        assert row.alive == pytest.approx(last.alive, abs=1e-9)
        assert row.expected_remaining == pytest.approx(last.expected_remaining, abs=1e-9)
    assert tie_rule.adjacent_against_the_rule(result.loadouts) == 0
