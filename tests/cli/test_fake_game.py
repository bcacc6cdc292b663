"""The CLI drives any game through the kit: a fifth game (tests/fake_game) needs no CLI change.

Its own option (``--boost``) and card sizes come from its declarations; options it does not
declare are refused; every generic command dispatches to it by the file's ``system:`` key.
"""

from __future__ import annotations

import json

import pytest

from builder.cli import main


def test_check_dispatches_on_the_files_system_key(cli, fake_demo):
    result = cli("check", fake_demo)
    assert (result.code, result.out.strip()) == (0, "Demo squad: legal")


def test_an_illegal_file_of_the_new_game_exits_1_with_its_located_problem(cli, fake_game, tmp_path):
    path = tmp_path / "squad.yaml"
    path.write_text("system: fake\nname: S\nrobots:\n  - {name: A, kind: blimp}\n")
    result = cli("check", path)
    assert result.code == 1
    assert result.err.strip() == f"{path}:4:21: robots[0].kind: unknown kind 'blimp'"


def test_a_non_mapping_file_read_as_the_new_game_says_what_that_game_expects(
    cli, fake_game, tmp_path
):
    path = tmp_path / "squad.yaml"
    path.write_text("- just a list\n")
    result = cli("check", path, "--catalog", fake_game.catalog_dir())
    assert (result.code, result.err.strip()) == (
        2,
        f"{path}:1:1: expected a mapping with name and robots",
    )


def test_analyze_takes_the_options_the_game_declares(cli, fake_demo):
    result = cli("analyze", fake_demo, "--boost", "3", "--unit", "bulk", "--json")
    assert result.code == 0
    assert json.loads(result.out) == {"armour": {"Bulk": 8}}


def test_analyze_refuses_an_option_the_game_does_not_declare(cli, fake_demo):
    result = cli("analyze", fake_demo, "--rounds", "2")
    assert result.code == 2
    assert result.err.strip() == (
        "analyze: --rounds: not used by Fake Squads (its analyze takes --unit, --boost)"
    )


def test_a_games_option_is_parsed_by_its_declared_parser(cli, fake_demo):
    with pytest.raises(SystemExit) as exc:
        main(["analyze", str(fake_demo), "--boost", "lots"])
    assert exc.value.code == 2


def test_the_unit_lookup_names_the_units_when_none_matches(cli, fake_demo):
    result = cli("analyze", fake_demo, "--unit", "Pipp")
    assert result.code == 2
    assert (
        result.err.strip() == "--unit: no unit named 'Pipp' (did you mean 'Pip'?); units: Pip, Bulk"
    )


def test_analyze_help_names_the_new_games_option_and_the_games_taking_it(fake_game, capsys):
    with pytest.raises(SystemExit):
        main(["analyze", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "--boost N armour added to every robot (fake game; games: fake)" in out
    assert "only this unit (games: laminim, soh, artifact, fake)" in out


def test_cards_help_lists_the_new_games_card_sizes(fake_game, capsys):
    with pytest.raises(SystemExit):
        main(["cards", "--help"])
    assert "mini (40×60 mm)" in " ".join(capsys.readouterr().out.split())


def test_cards_refuses_a_size_the_game_does_not_declare(cli, fake_demo, tmp_path):
    result = cli("cards", fake_demo, "-o", tmp_path, "--card-size", "huge")
    assert result.code == 2
    assert "unknown card size 'huge'; choose from mini, maxi" in result.err


def test_cards_writes_the_games_documents_with_its_first_size_by_default(cli, fake_demo, tmp_path):
    result = cli("cards", fake_demo, "-o", tmp_path)
    assert result.code == 0, result.err
    assert [p.name for p in tmp_path.iterdir()] == ["demo-squad-cards.pdf"]


def test_parts_and_systems_know_the_new_game(cli, fake_game):
    parts = cli("parts", "--system", "fake").out.strip().splitlines()
    assert parts[:2] == ["scout: armour 2", "tank: armour 5"]
    assert parts[-1].startswith("catalog: Fake Squads, digest ")  # every catalog's identity
    listed = json.loads(cli("systems", "--json").out)["systems"]
    assert {
        "id": "fake",
        "name": "Fake Squads",
        "name_ja": "フェイク分隊",
        "default": False,
    } in listed


def test_compare_says_a_game_without_it_cannot_compare(cli, fake_demo):
    result = cli("compare", f"{fake_demo}:Pip", f"{fake_demo}:Bulk")
    assert result.code == 2
    assert result.err.strip().startswith("compare: Fake Squads has nothing to compare (laminim")
    assert "fake" not in result.err.split("(")[1]
