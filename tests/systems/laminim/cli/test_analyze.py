"""``laminim analyze``: per-unit exposure, exact survival, cook-off risk, damage output."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

FIXTURES = Path(__file__).parents[3] / "fixtures"


@pytest.fixture(scope="module")
def demo_json(tmp_path_factory):
    import contextlib
    import io

    from builder.cli import main
    from builder.core.resources import bundled_catalog_dir

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = main(["analyze", str(bundled_catalog_dir("laminim") / "demo_team.yaml"), "--json"])
    assert code == 0
    return json.loads(out.getvalue())


def test_json_shape(demo_json, catalog):
    assert demo_json["threat"] == catalog.default_threat
    assert [u["name"] for u in demo_json["units"]] == ["Kestrel", "Bulwark", "Swallow"]
    for unit in demo_json["units"]:
        assert set(unit) >= {"name", "exposure", "faces", "rounds"}
        assert len(unit["faces"]) == 6 and len(unit["rounds"]) == 6
        for r in unit["rounds"]:
            assert set(r) == {"round", "alive", "expected_remaining", "slot_destroyed", "cook_off"}
            assert len(r["slot_destroyed"]) == 3


def test_exposure_and_faces_follow_the_silhouette(demo_json):
    kestrel, bulwark, _ = demo_json["units"]
    assert kestrel["faces"] == ["frame", "frame", "frame", "slot1", "slot2", None]
    assert math.isclose(kestrel["exposure"], 5 / 6)
    assert math.isclose(bulwark["exposure"], 1.0)


def test_empty_slot_is_null_in_slot_destroyed(demo_json):
    kestrel = demo_json["units"][0]
    assert all(r["slot_destroyed"][2] is None for r in kestrel["rounds"])
    assert all(r["slot_destroyed"][0] is not None for r in kestrel["rounds"])


def test_survival_is_monotone(demo_json):
    for unit in demo_json["units"]:
        alive = [r["alive"] for r in unit["rounds"]]
        remaining = [r["expected_remaining"] for r in unit["rounds"]]
        assert alive == sorted(alive, reverse=True)
        assert remaining == sorted(remaining, reverse=True)
        assert all(0 <= a <= 1 for a in alive)


def test_floats_are_full_precision(demo_json):
    values = [r["expected_remaining"] for u in demo_json["units"] for r in u["rounds"]]
    assert any(len(repr(v)) > 8 for v in values)


def test_text_output_has_a_table_per_unit(cli, demo_path):
    result = cli("analyze", demo_path)
    assert result.code == 0
    for name in ("Kestrel", "Bulwark", "Swallow"):
        assert name in result.out
    assert "exposure" in result.out and "cook-off" in result.out


def test_unit_and_rounds_options(cli, demo_path):
    data = json.loads(cli("analyze", demo_path, "--unit", "Bulwark", "--rounds", "3", "--json").out)
    assert [u["name"] for u in data["units"]] == ["Bulwark"]
    assert [r["round"] for r in data["units"][0]["rounds"]] == [1, 2, 3]


def test_catalog_threat_by_id(cli, demo_path):
    data = json.loads(cli("analyze", demo_path, "--threat", "missile-salvo", "--json").out)
    assert data["threat"] == "missile-salvo"


def test_threat_from_a_file(cli, demo_path):
    path = FIXTURES / "threats" / "two_rifles.yaml"
    one = json.loads(cli("analyze", demo_path, "--threat", "rifle-duel", "--json").out)
    two = json.loads(cli("analyze", demo_path, "--threat", path, "--json").out)
    assert two["threat"] == "two-rifles"
    assert two["units"][0]["rounds"][2]["alive"] < one["units"][0]["rounds"][2]["alive"]


def test_unknown_threat_id_exits_2_with_suggestion(cli, demo_path):
    result = cli("analyze", demo_path, "--threat", "rifle-dual")
    assert result.code == 2
    assert "unknown threat 'rifle-dual' (did you mean 'Rifle duel'?)" in result.err


def test_threat_file_naming_an_unknown_weapon_exits_2_with_line(cli, demo_path):
    path = FIXTURES / "threats" / "unknown_weapon.yaml"
    result = cli("analyze", demo_path, "--threat", path)
    assert result.code == 2
    assert f"{path}:5:" in result.err and "unknown weapon 'rilfe'" in result.err


def test_threat_file_missing_attacks_exits_2(cli, demo_path):
    path = FIXTURES / "threats" / "missing_attacks.yaml"
    result = cli("analyze", demo_path, "--threat", path)
    assert result.code == 2 and "attacks: required field is missing" in result.err


def test_unknown_unit_exits_2(cli, demo_path):
    result = cli("analyze", demo_path, "--unit", "Nobody")
    assert result.code == 2 and "no unit named 'Nobody'" in result.err


def test_bad_rounds_exits_2(cli, demo_path):
    with pytest.raises(SystemExit) as info:
        cli("analyze", demo_path, "--rounds", "0")
    assert info.value.code == 2


def test_bad_team_exits_2(cli):
    result = cli("analyze", FIXTURES / "bad_teams" / "unknown_frame.yaml")
    assert result.code == 2 and "unknown frame 'strikr'" in result.err
