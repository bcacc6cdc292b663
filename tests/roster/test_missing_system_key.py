"""A file with no ``system:`` key is read as the default game; when that fails, the reader says
so, and names the game the file does read as."""

from __future__ import annotations

from pathlib import Path

from builder import systems
from builder.roster.team_file import read_team


def _without_key(tmp_path: Path, sid: str) -> Path:
    demo = systems.get(sid).demo_file().read_text(encoding="utf-8")
    text = "\n".join(line for line in demo.splitlines() if not line.startswith("system:"))
    path = tmp_path / f"{sid}.yaml"
    path.write_text(text + "\n", encoding="utf-8")
    return path


def test_a_file_of_another_game_without_its_key_is_told_which_key_to_add(tmp_path):
    for sid in systems.ids():
        if sid == systems.DEFAULT:
            continue
        _, read = read_team(_without_key(tmp_path, sid))
        game = systems.get(sid)
        assert [str(p) for p in read.problems] == [
            f"{tmp_path / (sid + '.yaml')}:1:1: system: missing: this reads as a {game.name} "
            f"file; add 'system: {sid}' as its first line (a file without one is read as "
            f"{systems.get(systems.DEFAULT).name})"
        ], sid


def test_the_default_games_file_needs_no_key(tmp_path):
    _, read = read_team(_without_key(tmp_path, systems.DEFAULT))
    assert read.problems == []


def test_a_file_no_game_reads_keeps_its_problems_and_names_the_keys(tmp_path):
    path = tmp_path / "odd.yaml"
    path.write_text("name: X\nfoo: 1\n", encoding="utf-8")
    _, read = read_team(path)
    lines = [str(p) for p in read.problems]
    assert lines[0].startswith(f"{path}:2:6: foo: unknown field")
    hint = lines[-1]
    assert hint.startswith(f"{path}:1:1: system: missing, so this was read as ")
    for sid in systems.ids():
        if sid != systems.DEFAULT:
            assert f"'system: {sid}'" in hint
    assert read.problems[-1].severity == "warning"


def test_a_declared_system_is_never_second_guessed(fake_game, tmp_path):
    path = tmp_path / "declared.yaml"
    path.write_text("system: fake\nname: X\nfoo: 1\n", encoding="utf-8")
    _, read = read_team(path)
    assert not any(p.field == "system" for p in read.problems)


def test_the_hint_keeps_the_systems_own_read_so_check_and_analyze_go_on(tmp_path, cli):
    # found by the fuzz run: the hint once replaced the system's read with a bare TeamRead, and
    # check on a usable team (one unit left out for an unknown field) failed an assertion
    from builder.core.source import read_yaml

    path = tmp_path / "typo.yaml"
    units = "".join(f"  - {{name: {n}, frame: striker, weapons: [rifle]}}\n" for n in "AB")
    units += "  - {name: C, frame: striker, weapons: [rifle], colour: red}\n"
    path.write_text(f"name: X\nunits:\n{units}", encoding="utf-8")
    system, read = read_team(path)
    assert system is not None
    assert type(read) is type(system.read_team(read_yaml(path)))
    assert read.team is not None and read.problems[-1].field == "system"
    for command in ("check", "analyze"):
        result = cli(command, path)
        assert result.code == 2 and "Traceback" not in result.err
        assert result.err.splitlines()[0].startswith(f"{path}:5:57: units[2].colour: unknown")
