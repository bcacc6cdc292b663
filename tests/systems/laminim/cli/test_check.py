"""``laminim check`` on LAMINIM teams: exit codes 0/1/2, every problem with its line, one fixture
per message, its check table and JSON. How check treats any file (missing, not UTF-8, a Python
tag, options) is tested on the fake game in tests/cli/test_check_files.py."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

FIXTURES = Path(__file__).parents[3] / "fixtures"
BAD = FIXTURES / "bad_teams"

# fixture -> (line, message fragment); every one exits 2 (bad input)
BAD_INPUT = {
    "syntax_error.yaml": (7, "YAML syntax error"),
    "python_tag.yaml": (3, "unsupported YAML tag '!!python/object/apply:os.system'"),
    "empty.yaml": (1, "the file is empty"),
    "not_mapping.yaml": (1, "expected a mapping with system, name and units"),
    "duplicate_key.yaml": (3, "name: key given twice"),
    "unknown_field.yaml": (5, "units[0].frme: unknown field (did you mean 'frame'?)"),
    "wrong_type.yaml": (6, "units[0].weapons: expected a list, got 'rifle'"),
    "unknown_frame.yaml": (4, "unknown frame 'strikr' (did you mean 'Striker'?)"),
    "unknown_weapon.yaml": (4, "unknown weapon 'misile' (did you mean 'Missile pod'?)"),
    "bad_id.yaml": (4, "unknown weapon 'Rifle Mk2' (did you mean 'Rifle'?)"),
    "missing_units.yaml": (1, "units: required field is missing"),
    "units_not_list.yaml": (3, "units: expected a list of units"),
    "unknown_system.yaml": (1, "unknown game system 'gundam'; installed: laminim"),
    "two_documents.yaml": (5, "more than one YAML document"),
    "missing_name.yaml": (1, "name: required field is missing"),
    "missing_frame.yaml": (4, "units[0].frame: required field is missing"),
}


def test_every_bad_fixture_has_an_expectation():
    assert {p.name for p in BAD.iterdir()} == set(BAD_INPUT)


@pytest.mark.parametrize("name", sorted(BAD_INPUT))
def test_bad_input_exits_2_with_file_line_and_message(cli, name):
    result = cli("check", BAD / name)
    line, fragment = BAD_INPUT[name]
    assert result.code == 2
    lines = result.err.splitlines()
    assert any(text.startswith(f"{BAD / name}:{line}:") and fragment in text for text in lines), (
        lines
    )
    assert "Traceback" not in result.err


def test_demo_team_is_legal(cli, demo_path):
    result = cli("check", demo_path)
    assert result.code == 0
    assert "LEGAL" in result.out and result.err == ""


def test_five_mistakes_are_all_reported_in_one_run(cli):
    path = FIXTURES / "teams" / "five_mistakes.yaml"
    result = cli("check", path)
    assert result.code == 2  # bad input wins over illegal
    err = result.err
    assert f"{path}:5:11: units[0].name: expected text, got a list" in err
    assert (
        f"{path}:10:15: units[1].weapons[0]: unknown weapon 'rifel' (did you mean 'Rifle'?)" in err
    )
    assert f"{path}:13:14: units[2].weapons: payload 9/6: over the limit by 3" in err
    assert f"{path}:16:14: units[3].weapons: 4 slots listed" in err
    assert f"{path}:17:5: units[4].frame: required field is missing" in err


def test_illegal_team_exits_1(cli):
    result = cli("check", FIXTURES / "illegal_teams" / "over_payload.yaml")
    assert result.code == 1
    assert "payload 9/8: over the limit by 1" in result.err
    assert "ILLEGAL" in result.out


def test_warning_only_team_exits_0_and_shows_the_warning(cli):
    result = cli("check", FIXTURES / "illegal_teams" / "no_attack_warning.yaml")
    assert result.code == 0
    assert "warning:" in result.out and "no attacking weapon" in result.out


def test_json_shape(cli, demo_path):
    result = cli("check", demo_path, "--json")
    data = json.loads(result.out)
    assert set(data) == {"legal", "errors", "warnings", "units"}
    assert data["legal"] is True
    assert data["units"][1]["payload"] == {"used": 14, "limit": 14}
    assert data["units"][0]["weapons"] == ["rifle", "missile", None]


def test_json_errors_are_located(cli):
    result = cli("check", FIXTURES / "illegal_teams" / "over_payload.yaml", "--json")
    data = json.loads(result.out)
    assert result.code == 1 and data["legal"] is False
    [error] = data["errors"]
    assert (error["line"], error["field"], error["severity"]) == (4, "units[0].weapons", "illegal")


def test_with_catalog_a_file_of_another_game_is_reported_against_that_catalog(cli):
    path = BAD.parent / "catalog_mismatch" / "wrong_system.yaml"
    from builder.core.resources import bundled_catalog_dir

    result = cli("check", path, "--catalog", bundled_catalog_dir("laminim"))
    assert result.code == 2
    assert f"{path}:1:9: system: team is for 'artifact' but the catalog is 'laminim'" in result.err
