"""argparse's own words in the player's language: its refusals ("usage:", "error: unrecognized
arguments") and its help headings read in Japanese under ``--lang ja`` / ``LAMINIM_LANG=ja``."""

from __future__ import annotations

import argparse
import inspect

import pytest

from builder.core.parser_words import WORDS, lang_of, parser_words


def test_each_english_text_is_one_argparse_asks_gettext_for():
    """A Python whose argparse words a text differently would leave it English: caught here."""
    source = inspect.getsource(argparse)
    missing = [
        key
        for key, (en, _ja) in WORDS.items()
        if repr(en) not in source and repr(en).replace("'", '"') not in source
    ]
    assert missing == []


def test_a_japanese_parser_refuses_in_japanese_and_english_is_untouched(capsys):
    parser = argparse.ArgumentParser(prog="laminim check")
    parser.add_argument("team")
    with parser_words("ja"), pytest.raises(SystemExit):
        parser.parse_args([])
    err = capsys.readouterr().err
    assert err.startswith("使い方: laminim check") and "次の引数が必要です: team" in err
    with pytest.raises(SystemExit):
        parser.parse_args([])
    assert "the following arguments are required: team" in capsys.readouterr().err


def test_the_help_headings_are_japanese():
    with parser_words("ja"):  # argparse names its groups when the parser is made
        parser = argparse.ArgumentParser(prog="laminim")
        parser.add_argument("--json", action="store_true", help="machine-readable output")
        text = parser.format_help()
    assert "使い方:" in text and "オプション:" in text and "このヘルプを表示して終わります" in text


@pytest.mark.parametrize(
    ("words", "lang"),
    [
        (["check", "f.yaml"], "en"),
        (["check", "--lang", "ja"], "ja"),
        (["--lang=ja", "check"], "ja"),
        (["check", "--lang", "ja", "--lang", "en"], "en"),
        (["check", "--lang", "fr"], "en"),
        (["check", "--", "--lang", "ja"], "en"),
    ],
)
def test_the_language_is_read_before_argparse_reads_the_line(words, lang):
    assert lang_of(words, "en") == lang
