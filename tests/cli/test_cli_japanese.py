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
    err = _refused(capsys, "compare", DEMO, "--paper", "b5", "--lang", "ja")
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
