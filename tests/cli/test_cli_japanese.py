"""The command's own words in the player's language: its refusals of options and arguments,
argparse's errors, and the systems list, under ``--lang ja`` and ``LAMINIM_LANG=ja``."""

from __future__ import annotations

import pytest

from tests.docs.readme_examples import ROOT

DEMO = ROOT / "parts_catalog" / "laminim" / "demo_team.yaml"
MAP = ROOT / "parts_catalog" / "kuroganen" / "demo_map.yaml"


def _refused(capsys, *args: object) -> str:
    """What argparse printed refusing ``laminim ARGS`` (it exits 2)."""
    from builder.cli import main

    with pytest.raises(SystemExit) as exc:
        main([str(a) for a in args])
    assert exc.value.code == 2
    return capsys.readouterr().err


def test_an_unrecognized_argument_is_refused_in_japanese(capsys):
    err = _refused(capsys, "check", DEMO, "--bogus", "--lang", "ja")
    assert err.startswith("使い方: laminim")
    assert err.endswith("laminim: エラー: 認識できない引数があります: --bogus\n")


def test_a_missing_argument_is_refused_in_the_environments_language(capsys, monkeypatch):
    monkeypatch.setenv("LAMINIM_LANG", "ja")
    assert "次の引数が必要です: team" in _refused(capsys, "check")


def test_a_bad_choice_names_the_choices_in_japanese(capsys):
    err = _refused(capsys, "compare", DEMO, "--paper", "b5", "--lang", "ja").replace("\n  ", "")
    assert "使えない値です: 'b5'（'a4', 'letter' から選んでください）" in err


def test_the_help_headings_are_japanese(capsys):
    from builder.cli import main

    with pytest.raises(SystemExit):
        main(["check", "--help", "--lang", "ja"])
    out = capsys.readouterr().out
    assert out.startswith("使い方: laminim check") and "オプション:" in out


def test_an_option_the_game_does_not_take_is_refused_in_japanese(cli):
    result = cli("analyze", MAP, "--threat", "x", "--lang", "ja")
    assert result.code == 2
    assert (
        result.err == "analyze: --threat: クロガネンゲイジの analyze ではオプションを使いません\n"
    )


def test_too_many_units_to_compare_is_refused_in_japanese(cli):
    result = cli("compare", *[DEMO] * 5, "--lang", "ja")
    assert result.code == 2 and "4 ユニットまで" in result.err


def test_an_unknown_card_size_is_refused_in_japanese(cli):
    result = cli("cards", DEMO, "--card-size", "tarot", "--lang", "ja")
    assert result.code == 2
    assert result.err.startswith("laminim: エラー: 不明なカードの大きさ「tarot」です。")


def test_the_systems_list_marks_the_default_in_japanese(cli):
    out = cli("systems", "--lang", "ja").out
    assert out.splitlines()[0].endswith("（既定）")
    assert cli("systems").out.splitlines()[0].endswith("(default)")


def test_english_refusals_are_argparses_own(capsys):
    err = _refused(capsys, "check", DEMO, "--bogus")
    assert err.endswith("laminim: error: unrecognized arguments: --bogus\n")


def _texts(parser) -> list[str]:
    """The help texts a parser was given (its description, epilog and options' helps), in its
    sub-commands too; argparse's own ``-h`` help is argparse's word, not ours."""
    import argparse

    out = [t for t in (parser.description, parser.epilog) if t]
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            out += [c.help for c in action._choices_actions if c.help]
            for inner in action.choices.values():
                out += _texts(inner)
        elif action.help and not isinstance(action, argparse._HelpAction):
            out.append(action.help)
    return out


GENERIC_COMMANDS = ("tui", "systems", "parts", "check", "cards", "pin", "catalog", "migrate")


def test_every_help_text_of_the_generic_commands_has_its_japanese():
    from builder.cli import HELP_TABLES, build_parser
    from builder.core.parser_words import HelpTexts

    helps = HelpTexts.of(HELP_TABLES)
    parser = build_parser(system_commands=False)
    commands = next(a for a in parser._actions if a.dest == "command")
    texts = [parser.description, parser.epilog]
    texts += [c.help for c in commands._choices_actions if c.dest in GENERIC_COMMANDS]
    for name in GENERIC_COMMANDS:
        texts += _texts(commands.choices[name])
    assert [t for t in texts if helps(t) == t] == []


def _every_help_text() -> list[str]:
    """Every help text the command gives: the shell's, each game command's (a command several
    games offer: each game's own parser) and each game's card sizes."""
    import argparse

    from builder import systems
    from builder.cli import build_parser

    texts = _texts(build_parser())
    for sid in systems.ids():
        declared = systems.declared(sid)
        texts += [size.help for size in declared.card_sizes]
        for command in systems.get(sid).commands():
            texts += _texts(build_parser(command=command.name))
            own = argparse.ArgumentParser(description=command.help)
            command.configure(own)
            texts += _texts(own)
    return [t for t in texts if t != argparse.SUPPRESS]


def test_every_help_text_of_every_game_command_has_its_japanese():
    from builder.cli import help_tables
    from builder.core.parser_words import HelpTexts

    helps = HelpTexts.of(help_tables())
    assert sorted({t for t in _every_help_text() if helps(t) == t}) == []


def test_every_japanese_help_text_belongs_to_a_help_the_parser_gives():
    """A table line whose English the parser no longer says would never be shown."""
    from builder.cli import help_tables
    from builder.core.i18n import read_labels_file
    from builder.core.parser_words import HelpTexts

    texts = _every_help_text()
    unused = [
        f"{path.parent.name}/{path.name}: {key}"
        for path in help_tables()
        for key, pair in read_labels_file(path).items()
        if not any(HelpTexts([pair])(t) != t for t in texts)
    ]
    assert unused == []


def test_a_command_several_games_offer_lists_them_without_a_system(capsys):
    from builder.cli import main

    assert main(["odds", "--help", "--lang", "ja"]) == 0
    out = capsys.readouterr().out
    assert "--system {soh,artifact}" in out and "ゲームシステム" in out
    with pytest.raises(SystemExit) as exc:
        main(["odds", "--hit", "3"])
    assert exc.value.code == 2
    assert "the following arguments are required: --system" in capsys.readouterr().err


def test_an_options_refusal_given_in_both_languages_reads_in_the_players():
    import argparse

    from builder.cli import _worded
    from builder.core.messages import MessageError
    from builder.core.parser_words import parser_words
    from builder.core.problems import CORE

    def rounds(text: str) -> int:
        raise MessageError(CORE("must-be-at-least", limit=1, got=text))

    with parser_words("ja"), pytest.raises(argparse.ArgumentTypeError) as exc:
        _worded(rounds)("0")
    assert str(exc.value) == "1 以上にしてください（0が書かれています）"
    with pytest.raises(argparse.ArgumentTypeError) as exc:
        _worded(rounds)("0")
    assert str(exc.value) == "must be at least 1, got 0"


HELPS = [
    [],
    *[[c] for c in GENERIC_COMMANDS],
    ["analyze"],
    ["compare"],
    ["catalog", "diff"],
    ["optimize"],
    ["balance"],
    ["balance", "--system", "artifact"],
    ["reach"],
    ["odds"],
    ["odds", "--system", "soh"],
    ["odds", "--system", "artifact"],
    ["plan"],
]


@pytest.mark.parametrize("words", HELPS, ids=lambda w: " ".join(w) or "laminim")
def test_every_japanese_help_fits_80_columns(words, capsys):
    """argparse wraps the usage by characters, and 「使い方: 」 is wider than "usage: " (the
    reach usage was 81 columns); help texts wrap by columns too."""
    from builder.cli import main
    from builder.core.text_table import columns

    try:
        code = main([*words, "--help", "--lang", "ja"])
    except SystemExit as exc:  # argparse's --help exits
        code = exc.code
    assert code in (0, None)
    out = capsys.readouterr().out
    assert "使い方" in out or "オプション" in out
    assert [line for line in out.splitlines() if columns(line) > 80] == []
