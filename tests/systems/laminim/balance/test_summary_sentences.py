"""Every kind of summary sentence states what the numbers below it say (docs/balance.md).

Each test recomputes its sentence's claim straight from the optimiser's rows (brute-force
domination by the documented tie rule, ``tie_rule``, no code of the report) on a small catalog
the report was not tuned to, with a heavy weak part and an overpowered one planted in it."""

from __future__ import annotations

import pytest
import yaml

from builder.systems.laminim.balance import BalanceRun, run_balance
from builder.systems.laminim.balance_text import summary_sentences
from builder.systems.laminim.catalog import load_catalog
from builder.systems.laminim.rules import ScoredLoadout
from builder.systems.laminim.rules.balance import MUST_PICK
from tests.systems.laminim import tie_rule
from tests.systems.laminim.balance import planted


def _front(rows: list[ScoredLoadout]) -> list[ScoredLoadout]:
    return [s for s, on in zip(rows, tie_rule.front(rows), strict=True) if on]


@pytest.fixture(scope="module")
def catalog(tmp_path_factory):
    folder = planted.write(tmp_path_factory.mktemp("planted") / "catalog")
    return folder, load_catalog(folder)


@pytest.fixture(scope="module")
def run(catalog) -> BalanceRun:
    folder, cat = catalog
    return run_balance(cat, None, 6, folder)


def _finding(run: BalanceRun, kind: str):
    found = [f for f in run.findings if f.kind == kind]
    assert found, f"no {kind} sentence"
    return found


def _rows(run: BalanceRun, i: int, frame: str | None = None) -> list[ScoredLoadout]:
    return [s for s in run.results[i].loadouts if frame is None or s.frame == frame]


def _name(s: ScoredLoadout) -> tuple[str, tuple[str, ...]]:
    return (s.frame, tuple(sorted(w for w in s.weapons if w)))


def test_best_loadout_sentence_counts_the_threats_where_it_ranks_first(run):
    (f,) = _finding(run, "best_loadout")
    firsts = [_name(r.loadouts[0]) for r in run.results]
    named = (f.frames[0], tuple(f.weapons))
    assert f.count == firsts.count(named) == len(f.threats)
    assert list(f.threats) == [t.id for t, n in zip(run.threats, firsts, strict=True) if n == named]
    assert all(firsts.count(n) <= f.count for n in firsts) and f.of == len(run.threats)


def test_no_damage_sentence_is_said_only_where_no_loadout_deals_any(run, tmp_path):
    """Ranked by damage delivered, the best deals none only when no loadout does: not in the
    planted catalog (no sentence), but where every gun is too heavy to mount."""
    assert not [f for f in run.findings if f.kind == "best_no_damage"]
    assert all(r.loadouts[0].delivered > 0 for r in run.results)
    folder = planted.write(tmp_path / "catalog")
    (folder / "weapons.yaml").write_text(
        yaml.safe_dump({"weapons": [planted.WEAPONS[3], {**planted.WEAPONS[0], "weight": 50}]}),
        encoding="utf-8",
    )
    (folder / "threats.yaml").write_text(
        yaml.safe_dump({"threats": [planted.THREATS[0]]}), encoding="utf-8"
    )
    idle = run_balance(load_catalog(folder), None, 3, folder)
    (f,) = [f for f in idle.findings if f.kind == "best_no_damage"]
    assert list(f.threats) == ["volley"] and f.count == f.of == 1
    assert all(s.delivered == 0 for r in idle.results for s in r.loadouts)


def _fronts_holding(run: BalanceRun, cat) -> tuple[dict[str, int], int]:
    counts = {w.id: 0 for w in cat.weapons}
    total = 0
    for i in range(len(run.threats)):
        for frame in cat.frames:
            rows = _rows(run, i, frame.id)
            if not rows:
                continue
            total += 1
            for w in {w for s in _front(rows) for w in s.weapons if w}:
                counts[w] += 1
    return counts, total


def test_must_pick_sentence_names_the_weapons_on_most_fronts(run, catalog):
    _, cat = catalog
    counts, total = _fronts_holding(run, cat)
    (f,) = _finding(run, "must_pick")
    assert set(f.weapons) == {w for w, n in counts.items() if n >= MUST_PICK * total}
    assert list(f.fronts) == [counts[w] for w in f.weapons] and f.of == total


def test_never_worth_sentence_names_the_weapons_on_no_front(run, catalog):
    _, cat = catalog
    counts, _ = _fronts_holding(run, cat)
    (f,) = _finding(run, "never_worth")
    assert set(f.weapons) == {w for w, n in counts.items() if n == 0}


def test_niche_sentences_name_the_frames_on_the_catalog_wide_front(run, catalog):
    _, cat = catalog
    found = {f.frames[0]: list(f.threats) for f in _finding(run, "niche")}
    for frame in cat.frames:
        wide = []
        for i, t in enumerate(run.threats):
            every = _rows(run, i)
            if any(s.frame == frame.id for s in _front(every)):
                wide.append(t.id)
        assert found.get(frame.id, []) == wide, frame.id


def test_dominated_sentences_name_who_beats_every_loadout_against_every_threat(run, catalog):
    _, cat = catalog
    frames = [f.id for f in cat.frames]
    said = {frame: tuple(f.by) for f in _finding(run, "dominated") for frame in f.frames}
    for frame in frames:
        if not any(_rows(run, i, frame) for i in range(len(run.threats))):
            assert frame not in said  # not in the game at all: see the no_loadout sentence
            continue
        nowhere = all(
            not any(s.frame == frame for s in _front(_rows(run, i)))
            for i in range(len(run.threats))
        )
        assert (frame in said) == nowhere, frame
        if not nowhere:
            continue
        by = tuple(
            g
            for g in frames
            if g != frame
            and all(
                all(
                    any(tie_rule.dominates(o, s) for o in _rows(run, i, g))
                    for s in _rows(run, i, frame)
                )
                for i in range(len(run.threats))
            )
        )
        assert said[frame] == by, frame


def test_no_loadout_sentence_names_the_frames_nothing_legal_fits(run, catalog):
    _, cat = catalog
    (f,) = _finding(run, "no_loadout")
    empty = [x.id for x in cat.frames if not any(_rows(run, i, x.id) for i in range(2))]
    assert list(f.frames) == empty == ["husk"]


def test_summary_names_the_planted_heavy_weak_part_and_the_overpowered_one(run, catalog):
    _, cat = catalog
    sentences = summary_sentences(run, cat, "en")
    never = next(s for s in sentences if s.startswith("On no front"))
    must = next(s for s in sentences if s.startswith("Must-pick"))
    assert "Anvil" in never and "Railgun" not in never
    assert "Railgun" in must and "Anvil" not in must
    ja = summary_sentences(run, cat, "ja")
    assert any("anvil砲" in s and "採用価値なし" in s for s in ja)
    assert any("railgun砲" in s and "必須級" in s for s in ja)
