"""Legality rules (docs/rules.md §1.1, D1, D2): every rule has a test and its own fixture file."""

from __future__ import annotations

from pathlib import Path

import pytest

from builder.roster.team_file import read_team
from builder.systems.laminim.legality import check_team, check_unit
from builder.systems.laminim.team import Team, Unit

ILLEGAL = Path(__file__).resolve().parents[2] / "fixtures" / "illegal_teams"


def _report(catalog, name):
    read = read_team(ILLEGAL / name)[1]
    return check_team(read.team, catalog, read)


def test_demo_team_is_legal(catalog, demo_path):
    read = read_team(demo_path)[1]
    report = check_team(read.team, catalog, read)
    assert report.legal and report.exit_code == 0 and not report.problems
    assert [(u.payload_used, u.payload_limit) for u in report.units] == [(7, 8), (14, 14), (6, 6)]


def test_d1_payload_over_the_limit_is_illegal_and_says_by_how_much(catalog):
    report = _report(catalog, "over_payload.yaml")
    assert report.exit_code == 1
    [problem] = report.errors
    assert (problem.line, problem.field) == (4, "units[0].weapons")
    assert problem.message == "payload 9/8: over the limit by 1"
    assert report.units[0].payload_used == 9


def test_d1_payload_exactly_at_the_limit_is_legal(catalog):
    unit = Unit(name="B", frame="bastion", weapons=["gatling", "missile", "missile"])
    assert check_unit(unit, catalog).legal


def test_d2_four_weapons_is_illegal(catalog):
    report = _report(catalog, "four_weapons.yaml")
    assert report.exit_code == 1
    assert "4 slots listed; a unit has 3 weapon slots" in report.errors[0].message


def test_d2_a_unit_needs_at_least_one_weapon(catalog):
    report = _report(catalog, "no_weapons.yaml")
    assert report.exit_code == 1
    assert "0 weapons mounted; a unit needs at least 1" in report.errors[0].message


def test_d2_empty_slots_are_allowed_anywhere(catalog):
    unit = Unit(name="A", frame="striker", weapons=[None, "rifle", None])
    assert check_unit(unit, catalog).legal


def test_d2_team_format_can_change_the_minimum(catalog):
    fmt = catalog.team_format.model_copy(update={"min_weapons": 2})
    unit = Unit(name="A", frame="striker", weapons=["rifle"])
    assert not check_unit(unit, catalog, fmt).legal


def test_team_size_must_match_the_format(catalog):
    report = _report(catalog, "two_units.yaml")
    assert report.exit_code == 1
    assert report.errors[0].message == "the team has 2 units; a team has 3"


def test_duplicate_unit_names_are_illegal(catalog):
    report = _report(catalog, "duplicate_names.yaml")
    assert report.exit_code == 1
    [problem] = report.errors
    assert (problem.line, problem.field) == (5, "units[1].name")


def test_unknown_ids_are_bad_input_with_a_suggestion(catalog):
    unit = Unit(name="A", frame="strikr", weapons=["rifel"])
    report = check_unit(unit, catalog)
    messages = [p.message for p in report.problems]
    assert "unknown frame 'strikr' (did you mean 'Striker'?)" in messages
    assert "unknown weapon 'rifel' (did you mean 'Rifle'?)" in messages
    assert {p.severity for p in report.problems} == {"bad-input"}


def test_no_attacking_weapon_is_a_warning_not_an_error(catalog):
    report = _report(catalog, "no_attack_warning.yaml")
    assert report.legal and report.exit_code == 0
    assert [p.message for p in report.warnings] == [
        "no attacking weapon: this unit cannot deal damage"
    ]


def test_melee_only_is_a_warning(catalog):
    report = _report(catalog, "melee_only_warning.yaml")
    assert report.legal and report.exit_code == 0
    [warning] = report.warnings
    assert (warning.line, warning.field) == (6, "units[2].weapons")
    assert warning.message == "melee weapons only: this unit can attack only within distance 1"


def test_two_shields_is_a_warning(catalog):
    report = _report(catalog, "two_shields_warning.yaml")
    assert report.legal and report.exit_code == 0
    [warning] = report.warnings
    assert warning.message == "2 shields: only the first intact one guards a face"


def test_format_maximum_below_three_weapons(catalog):
    fmt = catalog.team_format.model_copy(update={"max_weapons": 2})
    unit = Unit(name="A", frame="hauler", weapons=["rifle", "smg", "blade"])
    [problem] = check_unit(unit, catalog, fmt).problems
    assert problem.message == "3 weapons; the team format allows at most 2"


def test_team_built_in_code_is_checked_without_a_file(catalog):
    team = Team(name="T", units=[Unit(name="A", frame="striker", weapons=["gatling", "rifle"])])
    report = check_team(team, catalog)
    assert {p.message for p in report.errors} == {
        "payload 9/8: over the limit by 1",
        "the team has 1 unit; a team has 3",
    }


@pytest.mark.parametrize("name", sorted(p.name for p in ILLEGAL.iterdir()))
def test_every_illegal_fixture_reports_a_line(catalog, name):
    report = _report(catalog, name)
    assert all(p.line is not None for p in report.problems)
