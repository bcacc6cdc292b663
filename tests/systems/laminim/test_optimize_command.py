"""``laminim optimize``: the JSON of docs/design.md "LAMINIM", the ranking and Pareto marks,
text at 80 columns, bad options as exit 2, and the top loadout per frame against a brute-force
enumeration."""

from __future__ import annotations

import importlib
import json
import time

import pytest

from builder.systems.laminim.catalog import load_catalog
from builder.systems.laminim.optimizer import weapon_options
from tests.systems.laminim import tie_rule
from tests.systems.laminim.rules.test_optimize import brute_force_best

chain = importlib.import_module("builder.systems.laminim.rules.chain_reference")

KEYS = {
    "frame",
    "weapons",
    "payload",
    "alive",
    "expected_remaining",
    "damage_all",
    "delivered",
    "pareto",
    "method",
}


def _json(cli, *args):
    result = cli("optimize", *args, "--json")
    assert result.code == 0, result.err
    return json.loads(result.out)


def test_json_has_exactly_the_documented_shape(cli):
    data = _json(cli, "--frame", "lancer", "--threat", "rifle-duel", "--rounds", "3")
    assert set(data) == {"threat", "rounds", "rank", "evaluated", "loadouts"}
    assert data["rank"] == "delivered"
    assert (data["threat"], data["rounds"]) == ("rifle-duel", 3)
    assert data["evaluated"] > 10 and len(data["loadouts"]) == 10  # --top defaults to 10
    for row in data["loadouts"]:
        assert set(row) == KEYS
        assert row["frame"] == "lancer"
        assert len(row["weapons"]) == 3 and all(
            w is None or isinstance(w, str) for w in row["weapons"]
        )
        assert isinstance(row["pareto"], bool) and isinstance(row["payload"], int)
        assert 0 <= row["alive"] <= 1 and row["payload"] <= 6  # the lancer's payload


def test_ranking_is_best_first_and_pareto_marks_the_undominated(cli):
    data = _json(
        cli, "--frame", "lancer", "striker", "--threat", "mixed-fire", "--rounds", "2", "--top", "0"
    )
    rows = data["loadouts"]
    assert len(rows) == data["evaluated"] and {r["frame"] for r in rows} == {"lancer", "striker"}
    assert tie_rule.adjacent_against_the_rule(rows) == 0
    assert [r["pareto"] for r in rows] == tie_rule.front(rows)  # independent O(n^2) check
    assert rows[0]["pareto"] and rows[0]["delivered"] > 0
    # symmetric duplicates once: no two rows hold the same frame and weapon multiset
    seen = [(r["frame"], tuple(sorted(w or "~" for w in r["weapons"]))) for r in rows]
    assert len(seen) == len(set(seen))


def test_top_limits_the_list_but_not_evaluated(cli):
    three = _json(cli, "--frame", "skimmer", "--rounds", "1", "--top", "3")
    every = _json(cli, "--frame", "skimmer", "--rounds", "1", "--top", "0")
    assert len(three["loadouts"]) == 3 and three["evaluated"] == every["evaluated"]
    assert three["loadouts"] == every["loadouts"][:3]
    assert len(every["loadouts"]) == every["evaluated"]
    assert three["threat"] == "rifle-duel"  # the catalog's default threat


@pytest.mark.parametrize("frame_id", ["lancer", "skimmer"])
def test_top_loadout_per_frame_matches_brute_force(cli, frame_id, monkeypatch):
    from builder.systems.laminim.derive import threat_spec

    catalog = load_catalog()
    top = _json(cli, "--frame", frame_id, "--threat", "mixed-fire", "--rounds", "3", "--top", "1")
    got = top["loadouts"][0]
    monkeypatch.setattr(chain, "_DROP_BELOW", 0.0)  # the plain chain: nothing dropped
    frame = catalog.frame(frame_id)
    want = brute_force_best(
        frame, weapon_options(catalog), threat_spec(catalog.threat("mixed-fire"), catalog), 3
    )
    for k in ("alive", "expected_remaining", "damage_all", "delivered"):
        assert got[k] == pytest.approx(want[k], abs=1e-9), k
    assert tuple(sorted(w for w in got["weapons"] if w)) == want["weapons"]


def test_text_fits_80_columns_with_names_ranks_and_marks(cli):
    result = cli(
        "optimize", "--frame", "striker", "lancer", "--threat", "rifle-duel", "--rounds", "2"
    )
    assert result.code == 0, result.err
    lines = result.out.splitlines()
    assert all(len(line) <= 80 for line in lines), max(lines, key=len)
    assert lines[0].startswith("Rifle duel (rifle-duel), 2 rounds: ")
    assert "Pareto front (*)" in lines[0]
    header = next(i for i, line in enumerate(lines) if line.startswith("#"))
    for col in ("frame", "weapons", "payload", "alive", "E[rem]", "damage", "dealt"):
        assert col in lines[header]
    rows = [r for r in lines[header + 2 :] if r[:1].isdigit()][:10]  # a long list wraps
    assert [r.split()[0].rstrip("*") for r in rows] == [str(i) for i in range(1, 11)]
    assert rows[0].split()[0] == "1*"  # the best loadout is always on the front
    assert "Striker" in result.out and "Missile pod" in result.out  # names, not ids
    assert "showing 10 of" in result.out


def test_a_loadouts_weapons_are_named_whole_in_the_players_list():
    from builder.systems.laminim.optimize_text import weapon_names
    from builder.systems.laminim.rules import ScoredLoadout

    s = ScoredLoadout("hauler", ("smg", "quick-booster", "thruster"), 6, 0.5, 1.0, 2.0)
    text = weapon_names(s, load_catalog())
    assert text == "Submachine gun, Quick booster, Extra thruster"  # the table wraps it
    assert (
        weapon_names(s, load_catalog(), "ja")
        == "サブマシンガン、クイックブースター、増設スラスター"
    )
    s = ScoredLoadout("hauler", ("missile", "missile", None), 8, 0.5, 1.0, 2.0)
    assert weapon_names(s, load_catalog()) == "2×Missile pod"


def test_unknown_frame_is_exit_2_with_did_you_mean(cli):
    result = cli("optimize", "--frame", "bastion", "lancr")
    assert result.code == 2 and result.out == ""
    assert result.err.strip().splitlines() == [
        "--frame: unknown frame 'lancr' (did you mean 'Lancer'?); "
        "known: striker, bastion, lancer, vanguard, skimmer, hauler"
    ]


def test_unknown_threat_is_exit_2(cli):
    result = cli("optimize", "--frame", "lancer", "--threat", "ful-barrage")
    assert result.code == 2
    assert "did you mean 'Full barrage'" in result.err


@pytest.mark.parametrize("option", [("--top", "-1"), ("--rounds", "0"), ("--rounds", "x")])
def test_bad_numbers_are_exit_2(cli, option):
    with pytest.raises(SystemExit) as exc:
        cli("optimize", *option)
    assert exc.value.code == 2


def test_catalog_beyond_the_budget_is_exit_2_at_the_frame_fast(cli, catalog_copy):
    """Within the schema's bounds but far beyond the exact chain's budget: refused, located."""
    for name in ("frames.yaml", "weapons.yaml"):
        path = catalog_copy / name
        text = path.read_text(encoding="utf-8")
        path.write_text(
            "\n".join(
                line.split("durability:")[0] + "durability: 10000"
                if "durability:" in line
                else line
                for line in text.splitlines()
            ),
            encoding="utf-8",
        )
    start = time.process_time()
    result = cli("optimize", "--catalog", catalog_copy, "--frame", "bastion", "--exact")
    elapsed = time.process_time() - start
    assert result.code == 2 and "Traceback" not in result.err
    lines = result.err.strip().splitlines()
    assert len(lines) == 1
    assert lines[0].startswith(f"{catalog_copy / 'frames.yaml'}:19:5: frames[1]: loadout bastion [")
    assert "against 'rifle-duel': exact survival needs about" in lines[0]
    assert elapsed < 2.0


def test_json_is_the_rules_cores_optimiser_output(cli):
    from builder.systems.laminim.optimize_text import optimize_json
    from builder.systems.laminim.optimizer import optimize_catalog

    data = _json(cli, "--frame", "skimmer", "--threat", "blade-rush", "--rounds", "1", "--top", "0")
    result = optimize_catalog(load_catalog(), ["skimmer"], "blade-rush", 1)
    assert data == json.loads(json.dumps(optimize_json(result)))
    assert data["evaluated"] == len(data["loadouts"]) == result.evaluated


def test_a_weapon_as_tough_as_the_shield_does_not_crash_the_optimiser(cli, catalog_copy):
    path = catalog_copy / "weapons.yaml"
    text = path.read_text(encoding="utf-8")
    blade = text.index("id: blade")
    at = text.index("durability: 10", blade)
    path.write_text(text[:at] + "durability: 12" + text[at + 14 :], encoding="utf-8")
    result = cli("optimize", "--catalog", catalog_copy, "--frame", "skimmer", "--rounds", "1")
    assert result.code == 0, result.err


def test_ctrl_c_stops_the_run_with_exit_130_and_no_traceback(cli, monkeypatch):
    from builder.systems.laminim import optimizer_run

    def interrupted(stream=None):
        def progress(done: int, total: int) -> None:
            raise KeyboardInterrupt

        return progress

    monkeypatch.setattr(optimizer_run, "terminal_progress", interrupted)
    result = cli("optimize", "--frame", "lancer")
    assert result.code == 130
    assert "Traceback" not in result.err


def test_progress_draws_only_on_a_terminal():
    import io

    from builder.systems.laminim.optimizer_run import terminal_progress

    class Tty(io.StringIO):
        def isatty(self) -> bool:
            return True

    assert terminal_progress(io.StringIO()) is None
    tty = Tty()
    progress = terminal_progress(tty)
    assert progress is not None
    progress(1, 3)
    progress(3, 3)
    assert "1/3" in tty.getvalue() and tty.getvalue().endswith("\r\033[K")
