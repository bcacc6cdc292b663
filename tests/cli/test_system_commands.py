"""Sub-commands that game systems add (``odds``, ``reach`` …) reach the CLI through the registry."""

from __future__ import annotations

import argparse
import ast
from types import SimpleNamespace

import pytest

from builder import systems
from builder.cli import main
from builder.systems.base import Command


def _system(sid: str, command: Command) -> SimpleNamespace:
    return SimpleNamespace(
        id=sid,
        name=sid,
        name_ja=sid,
        analyze_options=(),
        compare_options=(),
        card_sizes=(),
        commands=lambda: [command],
    )


def _odds(sid: str, option: str, seen: list) -> Command:
    def configure(p: argparse.ArgumentParser) -> None:
        p.add_argument(option, type=int, required=True)

    def run(args: argparse.Namespace) -> int:
        seen.append((sid, vars(args)))
        return 0

    return Command("odds", f"{sid} odds", configure, run)


@pytest.fixture
def two_systems(monkeypatch):
    seen: list = []
    fakes = {
        "alpha": _system("alpha", _odds("alpha", "--hit", seen)),
        "beta": _system("beta", _odds("beta", "--attacks", seen)),
    }
    monkeypatch.setattr(systems, "INSTALLED", dict.fromkeys(fakes, "fake"))
    monkeypatch.setattr(systems, "get", lambda sid=None: fakes[sid or "alpha"])
    return seen


def test_a_command_two_systems_offer_is_parsed_by_the_chosen_system(two_systems):
    assert main(["odds", "--system", "beta", "--attacks", "3"]) == 0
    assert main(["odds", "--system", "alpha", "--hit", "5"]) == 0
    assert two_systems == [("beta", {"attacks": 3}), ("alpha", {"hit": 5})]


def test_the_other_systems_options_are_bad_input(two_systems, capsys):
    with pytest.raises(SystemExit) as exc:
        main(["odds", "--system", "alpha", "--attacks", "3"])
    assert exc.value.code == 2
    assert "laminim odds --system alpha" in capsys.readouterr().err


def test_help_names_the_systems_own_options(two_systems, capsys):
    with pytest.raises(SystemExit) as exc:
        main(["odds", "--system", "beta", "--help"])
    assert exc.value.code == 0
    assert "--attacks" in capsys.readouterr().out


def test_a_yaml_file_alone_opens_it_in_the_tui(monkeypatch):
    import builder.tui.app as app

    opened = []
    monkeypatch.setattr(app, "run", lambda team, catalog, system: opened.append(team) or 0)
    assert main(["my_team.yaml"]) == 0
    assert [str(p) for p in opened] == ["my_team.yaml"]


@pytest.mark.parametrize("sid", systems.ids())
def test_analyze_refuses_the_options_a_game_does_not_use(sid, capsys):
    declared = {o.name: o for s in systems.ids() for o in systems.get(s).analyze_options}
    system = systems.get(sid)
    demo = str(system.demo_file())
    values = {"unit": "x", "threat": "x", "rounds": "2"}
    takes = {o.name for o in system.analyze_options}
    for name, option in declared.items():
        value = [] if option.switch else [values.get(name, "1")]
        code = main(["analyze", demo, option.flag, *value])
        err = capsys.readouterr().err
        if name in takes:
            assert "not used by" not in err  # it may still be bad input for its own reasons
        else:
            assert code == 2
            assert err.strip() == (
                f"analyze: {option.flag}: not used by {system.name} (its analyze takes "
                + (", ".join(o.flag for o in system.analyze_options) or "no options")
                + ")"
            )


def test_analyze_help_names_the_games_of_each_option(capsys):
    with pytest.raises(SystemExit):
        main(["analyze", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "--rounds N rounds (default 6; games: laminim, artifact)" in out
    assert "only this unit (games: laminim, soh, artifact)" in out


def test_a_generic_commands_parser_loads_no_game_system():
    # what the games declare (analyze/compare options, card sizes, their own commands) is read
    # only by the commands that need it: a generic command's parser loads the kit alone
    import subprocess
    import sys

    code = (
        "import sys; from builder.cli import build_parser; build_parser(system_commands=False); "
        "print(sorted(m for m in sys.modules if m.startswith('builder.systems.') "
        "and m.count('.') == 2))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    loaded = set(ast.literal_eval(out.stdout.strip()))
    kit = {"base", "options", "ui", "compare_table", "battle", "exchange"}
    assert loaded == {f"builder.systems.{k}" for k in kit}
    assert not any(m.rsplit(".", 1)[1] in systems.ids() for m in loaded)


def test_analyze_with_the_shared_options_loads_only_the_files_game():
    # the games' declarations are read for help or a game's own option, not for every analyze
    import subprocess
    import sys

    demo = str(systems.get("laminim").demo_file())
    code = (
        "import sys; from builder.cli import main; "
        f"main(['analyze', {demo!r}, '--threat', 'rifle-duel', '--rounds', '2', '--json']); "
        "print(sorted(m.split('.')[2] for m in sys.modules if m.startswith('builder.systems.') "
        "and m.count('.') >= 3), file=sys.stderr)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert set(ast.literal_eval(out.stderr.strip().splitlines()[-1])) == {"laminim"}
