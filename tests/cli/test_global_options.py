"""``--lang``, ``--catalog`` and ``--json`` before or after the command and the file
(docs/design.md "The command line"): where a player puts them first is where they work."""

from __future__ import annotations

import argparse

import pytest

import builder.cli.commands as commands
from builder.cli.global_options import put_back, take_out
from builder.core.text_table import columns
from tests.docs.readme_examples import ROOT

DEMO = ROOT / "parts_catalog" / "laminim" / "demo_team.yaml"
CREW = ROOT / "parts_catalog" / "soh" / "demo_crew.yaml"
SOH = ROOT / "parts_catalog" / "soh"


@pytest.mark.parametrize(
    "args",
    [
        ("--lang", "ja", "check", DEMO),
        ("--lang=ja", "check", DEMO),
        ("check", "--lang", "ja", DEMO),
        ("check", DEMO, "--lang", "ja"),
        ("check", DEMO, "--lang=ja"),
    ],
    ids=lambda a: " ".join(str(w) for w in a).replace(str(ROOT) + "/", ""),
)
def test_lang_works_before_the_command_after_it_and_after_the_file(cli, args):
    result = cli(*args)
    assert result.code == 0
    assert "適正" in result.out


def test_json_and_lang_after_the_file_give_the_same_document_as_before_the_command(cli):
    after = cli("check", "--json", DEMO, "--lang", "ja")
    before = cli("--json", "--lang", "ja", "check", DEMO)
    assert after.code == before.code == 0
    assert after.out == before.out and after.out.startswith("{")


def test_catalog_before_the_command_is_the_commands_catalog(cli):
    result = cli("--catalog", SOH, "--lang", "ja", "check", CREW)
    assert result.code == 0 and "適正" in result.out


def test_global_options_reach_a_commands_own_sub_command(cli):
    old, new = ROOT / "parts_catalog" / "laminim", ROOT / "examples" / "laminim" / "catalog-v2"
    result = cli("--json", "catalog", "diff", old, new)
    assert result.code == 0 and result.out.startswith("{")


def test_global_options_reach_a_command_several_games_offer(cli):
    odds = ["odds", "--system", "soh", "--hit", "10", "--attack-dice", "2", "--evasion", "8"]
    odds += ["--evasion-dice", "1", "--damage", "10", "--durability", "5"]
    result = cli("--json", "--lang", "ja", *odds)
    assert result.code == 0 and result.out.startswith("{")


def test_a_command_added_later_takes_the_global_options_with_no_change(monkeypatch, capsys):
    """Nothing names a command: a parser with a new command gets the options after it."""
    arranged = take_out(["--lang", "ja", "--json", "brand-new", "X", "--catalog=D"])
    words = put_back(arranged)
    parser = argparse.ArgumentParser()
    sub = parser.add_subparsers(dest="command")
    p = sub.add_parser("brand-new")
    p.add_argument("file")
    p.add_argument("--lang")
    p.add_argument("--json", action="store_true")
    p.add_argument("--catalog")
    args = parser.parse_args(words)
    assert (args.command, args.file, args.lang, args.json, args.catalog) == (
        "brand-new",
        "X",
        "ja",
        True,
        "D",
    )


def test_words_after_a_double_dash_are_arguments_not_options():
    arranged = take_out(["check", "--", "--json"])
    assert arranged.options == [] and put_back(arranged) == ["check", "--", "--json"]


@pytest.fixture
def tui_opened(monkeypatch):
    """Runs the command line with the TUI replaced by a note of what it would open."""
    opened: list[tuple[object, object, object]] = []

    def fake(args: argparse.Namespace) -> int:
        opened.append((args.team, getattr(args, "lang", None), args.catalog))
        return 0

    monkeypatch.setitem(commands._COMMANDS, "tui", fake)
    return opened


def test_lang_before_a_file_opens_the_file_in_japanese(cli, tui_opened):
    assert cli("--lang", "ja", DEMO).code == 0
    assert cli("--lang=ja", DEMO).code == 0
    assert cli(DEMO, "--lang", "ja").code == 0
    assert [(str(t), lang) for t, lang, _ in tui_opened] == [(str(DEMO), "ja")] * 3


def test_lang_alone_opens_the_tui_in_japanese(cli, tui_opened):
    assert cli("--lang", "ja").code == 0
    assert tui_opened == [(None, "ja", None)]


def test_an_existing_file_that_names_no_command_opens_it(cli, tui_opened, tmp_path, monkeypatch):
    team = tmp_path / "team.txt"
    team.write_text(DEMO.read_text(encoding="utf-8"), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert cli("team.txt", "--lang", "ja").code == 0
    assert [str(t) for t, _, _ in tui_opened] == ["team.txt"]


def test_a_file_named_like_a_command_is_the_command(cli, tmp_path, monkeypatch):
    (tmp_path / "systems").write_text("x", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    result = cli("systems", "--lang", "ja")
    assert result.code == 0 and "（既定）" in result.out


def test_an_unknown_command_is_refused_within_80_columns(capsys):
    from builder.cli import main

    with pytest.raises(SystemExit) as exc:
        main(["--lang", "ja", "no-such-command"])
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert "'no-such-command'" in err
    assert all(columns(line) <= 80 for line in err.splitlines()), err
