"""Reading and saving go through the kit alone: a fifth game's files read, round-trip and save
with their comments, and the saver asks the game (not the roster) how to dump its team."""

from __future__ import annotations

from builder.roster.team_file import load_team, read_team, save_team


def test_a_file_is_read_by_the_game_its_system_key_names(fake_demo, fake_game):
    system, read = read_team(fake_demo)
    assert system is fake_game
    assert read.problems == [] and read.team is not None
    assert read.team.name == "Demo squad"


def test_saving_an_edited_team_keeps_the_files_comments(fake_game, tmp_path):
    path = tmp_path / "squad.yaml"
    path.write_text(
        "system: fake  # the game\nname: Old\nrobots:\n  # the first one\n"
        "  - {name: Pip, kind: scout}\n",
        encoding="utf-8",
    )
    system, team = load_team(path)
    original = path.read_text(encoding="utf-8")
    save_team(system, team.model_copy(update={"name": "New"}), path, original)
    text = path.read_text(encoding="utf-8")
    assert "# the game" in text and "# the first one" in text
    assert load_team(path)[1].name == "New"


def test_a_file_without_a_system_key_that_only_the_new_game_reads_is_named_so(fake_game, tmp_path):
    path = tmp_path / "squad.yaml"
    path.write_text("name: S\nrobots:\n  - {name: Pip, kind: scout}\n", encoding="utf-8")
    system, read = read_team(path)
    assert system is None or read.team is None
    assert any("system: fake" in p.message for p in read.problems)
