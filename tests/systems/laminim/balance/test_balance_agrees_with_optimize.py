"""Every "best loadout" and every frame front of ``laminim balance`` is what
``laminim optimize --frame F --threat T --json --top 0`` prints: the bundled catalog, all six
threats, 6 rounds (docs/balance.md; the report scores nothing itself)."""

from __future__ import annotations

import contextlib
import functools
import importlib
import io
import json
from collections.abc import Iterator

import pytest

from builder.cli import main
from tests.systems.laminim import tie_rule

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
def report() -> Iterator[dict]:
    """The report, its chains worked out in this process and kept by their inputs for every
    ``optimize`` run of the file: a chain is ``chain_of``'s result for a unit, threat and rounds
    alone (immutable), and the 36 runs here need exactly the report's chains, so each is
    computed once, not twice (8 s of CPU). What each command makes of the chains (ranking,
    fronts, the report's choices) is still its own. Whether the forked workers give what one
    process does is tested in ``test_balance_command.py``."""
    from builder.systems.laminim import chain_bank

    optimize = importlib.import_module("builder.systems.laminim.rules.optimize")

    chain_of = functools.cache(optimize.chain_of)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(optimize, "chain_of", chain_of)
        patch.setattr(chain_bank, "fork_workers", lambda jobs: 1)
        yield _run("balance", "--json")


def _key(row: dict) -> tuple:
    return (
        row["frame"],
        tuple(row["weapons"]),
        row["alive"],
        row["expected_remaining"],
        row["damage_all"],
        row["delivered"],
    )


def test_the_best_loadout_against_every_threat_deals_damage(report):
    """Ranked by damage delivered over the game (D25), the first row deals the most of every
    frame's best, and some: never a shield wall that deals nothing."""
    for b in report["best"]:
        best = b["loadout"]
        cells = [c["best"] for c in report["cells"] if c["threat"] == b["threat"]]
        assert best["delivered"] > 0 and best["damage_all"] > 0
        assert best["delivered"] >= max(c["delivered"] for c in cells) - 1e-9


def test_report_covers_every_threat_and_frame_of_the_bundled_catalog(report):
    assert [t["id"] for t in report["threats"]] == list(THREATS)
    assert report["frames"] == list(FRAMES) and report["rounds"] == 6
    assert {(c["threat"], c["frame"]) for c in report["cells"]} == {
        (t, f) for t in THREATS for f in FRAMES
    }


@pytest.mark.parametrize("threat", THREATS)
def test_best_loadout_and_front_of_each_frame_agree_with_optimize(report, threat):
    """Per frame, the best and the front are optimize --frame F's; across frames, the
    catalog-wide best is the best of those by the documented ranking and a frame's niche
    flag says whether one of its front points is undominated by every other frame's (both by
    the tie rule, compared pairwise)."""
    rows: dict[str, list[dict]] = {}
    bests = []
    for frame in FRAMES:
        ranked = _run("optimize", "--frame", frame, "--threat", threat, "--json", "--top", "0")
        cell = next(c for c in report["cells"] if (c["threat"], c["frame"]) == (threat, frame))
        assert cell["evaluated"] == ranked["evaluated"]
        assert _key(cell["best"]) == _key(ranked["loadouts"][0])
        rows[frame] = ranked["loadouts"]
        assert tie_rule.adjacent_against_the_rule(rows[frame]) == 0
        assert [r["pareto"] for r in rows[frame]] == tie_rule.front(rows[frame])
        front = [r for r in ranked["loadouts"] if r["pareto"]]
        assert [_key(r) for r in cell["front"]] == [_key(r) for r in front]
        assert cell["front_size"] == len(front)
        bests.append(ranked["loadouts"][0])
    reported = next(b for b in report["best"] if b["threat"] == threat)["loadout"]
    assert any(_key(reported) == _key(b) for b in bests)
    assert not any(tie_rule.before(b, reported) for b in bests)
    every = [r for frame in FRAMES for r in rows[frame]]
    for frame in FRAMES:
        niche = any(not any(tie_rule.dominates(o, r) for o in every) for r in rows[frame])
        cell = next(c for c in report["cells"] if (c["threat"], c["frame"]) == (threat, frame))
        assert cell["on_catalog_front"] == niche, frame
