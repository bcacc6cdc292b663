"""The kit's option parsers: a refused number reads in the language the command speaks."""

from __future__ import annotations

import argparse

import pytest

from builder.cli import main
from builder.systems.options import positive_rounds, whole_number


def test_rounds_take_a_whole_number_from_1_to_50():
    assert positive_rounds("1") == 1 and positive_rounds("50") == 50
    for bad in ("0", "51", "x"):
        with pytest.raises(argparse.ArgumentTypeError):
            positive_rounds(bad)


def test_a_whole_number_refusal_names_its_range():
    with pytest.raises(argparse.ArgumentTypeError, match="must be 0-9, got 12"):
        whole_number(0, 9)("12")


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (
            ["analyze", "parts_catalog/laminim/demo_team.yaml", "--rounds", "99"],
            "1〜50にしてください",
        ),
        (["optimize", "--top", "x"], "整数を指定してください"),
        (["balance", "--rounds", "0"], "1〜50にしてください"),
    ],
)
def test_a_refused_number_reads_in_japanese(args, words, capsys, monkeypatch):
    from tests.docs.readme_examples import ROOT

    monkeypatch.chdir(ROOT)
    with pytest.raises(SystemExit) as exit_:
        main([*args, "--lang", "ja"])
    err = capsys.readouterr().err
    assert exit_.value.code == 2 and words in err and "must be" not in err
