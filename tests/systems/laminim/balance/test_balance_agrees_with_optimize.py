"""Every "best loadout" and every frame front of ``laminim balance`` is what
``laminim optimize --frame F --threat T --json --top 0`` prints: the bundled catalog, all six
threats, 6 rounds (docs/balance.md; the report scores nothing itself)."""

from __future__ import annotations

import contextlib
import io
import json

import pytest

from builder.cli import main

THREATS = (
    "rifle-duel",
    "gatling-fire",
    "missile-salvo",
    "mixed-fire",
    "blade-rush",
    "full-barrage",
)
FRAMES = ("striker", "bastion", "lancer", "vanguard", "skimmer", "hauler")


def _run(*args: str) -> dict:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = main(list(args))
    assert code == 0
    return json.loads(out.getvalue())


@pytest.fixture(scope="module")
def report() -> dict:
    return _run("balance", "--json")


def _key(row: dict) -> tuple:
    return (
        row["frame"],
        tuple(row["weapons"]),
        row["alive"],
        row["expected_remaining"],
        row["damage_all"],
    )


def test_report_covers_every_threat_and_frame_of_the_bundled_catalog(report):
    assert [t["id"] for t in report["threats"]] == list(THREATS)
    assert report["frames"] == list(FRAMES) and report["rounds"] == 6
    assert {(c["threat"], c["frame"]) for c in report["cells"]} == {
        (t, f) for t in THREATS for f in FRAMES
    }


def _q(row: dict) -> tuple[int, ...]:
    return tuple(round(row[k] / 1e-9) for k in ("alive", "expected_remaining", "damage_all"))


def _beats(a: tuple[int, ...], b: tuple[int, ...]) -> bool:
    return a != b and all(x >= y for x, y in zip(a, b, strict=True))


@pytest.mark.parametrize("threat", THREATS)
def test_best_loadout_and_front_of_each_frame_agree_with_optimize(report, threat):
    """Per frame, the best and the front are optimize --frame F's; across frames, the
    catalog-wide best is the best of those by the optimiser's ranking and a frame's niche
    flag says whether one of its front points is undominated by every other frame's."""
    from builder.systems.laminim.rules import ScoredLoadout
    from builder.systems.laminim.rules.optimize import rank_key

    fronts: dict[str, list[dict]] = {}
    bests = []
    for frame in FRAMES:
        ranked = _run("optimize", "--frame", frame, "--threat", threat, "--json", "--top", "0")
        cell = next(c for c in report["cells"] if (c["threat"], c["frame"]) == (threat, frame))
        assert cell["evaluated"] == ranked["evaluated"]
        assert _key(cell["best"]) == _key(ranked["loadouts"][0])
        fronts[frame] = [r for r in ranked["loadouts"] if r["pareto"]]
        assert [_key(r) for r in cell["front"]] == [_key(r) for r in fronts[frame]]
        assert cell["front_size"] == len(fronts[frame])
        bests.append(ranked["loadouts"][0])
    fields = ("frame", "weapons", "payload", "alive", "expected_remaining", "damage_all")

    def scored(row: dict) -> ScoredLoadout:
        return ScoredLoadout(*(tuple(row[k]) if k == "weapons" else row[k] for k in fields))

    best = min(bests, key=lambda r: rank_key(scored(r)))
    reported = next(b for b in report["best"] if b["threat"] == threat)["loadout"]
    assert _key(reported) == _key(best)
    for frame in FRAMES:
        others = [_q(r) for g in FRAMES if g != frame for r in fronts[g]]
        niche = any(not any(_beats(o, _q(r)) for o in others) for r in fronts[frame])
        cell = next(c for c in report["cells"] if (c["threat"], c["frame"]) == (threat, frame))
        assert cell["on_catalog_front"] == niche, frame
