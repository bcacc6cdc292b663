"""Japanese output means every message in Japanese: each ``--lang ja`` run a player makes on the
example and demo files (and with the mistakes a player makes on the command line) shows no
problem whose words have no Japanese (a plain string, or a message from no table).

The generic code (core, roster, catalogs, the CLI, the kit) is held to it strictly. A game's
runs that still show English are expected to fail (not strict) while that game's text is being
converted: the ``TODAY`` sets below name them, and emptying a set makes its game strict.

``test_no_plain_string_problems`` prepares narrowing ``Problem.words`` to a ``Message``: every
problem the multi-mistake files make, shown or not, must come from a table.
"""

from __future__ import annotations

import pytest

from tests.docs.ja_runs import DEMOS, GENERIC, MISTAKES, Run, game_of, ja_run

FILE_RUNS = [
    (command, path) for command in ("check", "analyze") for path in [*MISTAKES, *DEMOS.values()]
]
"""Each example and demo file checked and analysed."""

OPTION_RUNS = [
    *(("analyze", DEMOS[g], "--unit", "nobody") for g in DEMOS),
    *(("analyze", DEMOS[g], "--threat", "nobody") for g in DEMOS),
]
"""A game's file with an option naming nothing it has."""

GENERIC_RUNS = [
    ("check", "examples/no_such_file.yaml"),
    ("check", "tests/fixtures/bad_teams/unknown_system.yaml"),
    ("check", "tests/fixtures/bad_teams/not_mapping.yaml"),
    ("compare", DEMOS["laminim"], DEMOS["artifact"]),
    ("compare", *[DEMOS["laminim"]] * 5),
    ("compare", DEMOS["kuroganen"], DEMOS["kuroganen"]),
    ("analyze", DEMOS["kuroganen"], "--threat", "rifle-duel", "--rounds", "2"),
    ("catalog", "diff", "parts_catalog/laminim", "examples/laminim/catalog-v2",
     "examples/laminim/my_team.yaml", "examples/laminim/rivals.yaml"),
    ("catalog", "diff", "parts_catalog/laminim", "parts_catalog/soh"),
    ("migrate", "examples/laminim/my_team.yaml", "--catalog", "examples/laminim/catalog-v2",
     "--dry-run"),
]  # fmt: skip
"""Refusals the generic code words: a missing file, an unknown game, games mixed, …"""

SHOWN_TODAY: set[tuple[str, ...]] = set()
"""Runs that still show a game's English problem (that game's text is being converted)."""

MULTI_MISTAKE = [p for p in MISTAKES if "broken" in p or "mistakes" in p or "illegal" in p]
"""The example files with several planted mistakes each."""

MADE_TODAY: set[tuple[str, str]] = set()
"""(game, file) pairs whose check or analyze still makes an untranslated problem (none today;
a game's site only: the generic code is always strict)."""


def _expected_to_fail(args: tuple[str, ...], today: bool) -> object:
    if today:
        return pytest.param(args, marks=pytest.mark.xfail(strict=False, reason="converting"))
    return args


ALL_RUNS = [*FILE_RUNS, *OPTION_RUNS, *GENERIC_RUNS]


@pytest.mark.parametrize("args", ALL_RUNS, ids=" ".join)
def test_a_japanese_run_shows_no_english_problem_of_the_generic_code(args):
    assert ja_run(args).english(GENERIC) == []


@pytest.mark.parametrize(
    "args", [_expected_to_fail(a, a in SHOWN_TODAY) for a in ALL_RUNS], ids=" ".join
)
def test_a_japanese_run_shows_no_english_problem(args):
    assert ja_run(args).english() == []


@pytest.mark.parametrize(
    ("site", "path"),
    [
        pytest.param(
            site,
            path,
            marks=[pytest.mark.xfail(strict=False, reason="converting")]
            if (site, path) in MADE_TODAY and site != GENERIC
            else [],
        )
        for path in MULTI_MISTAKE
        for site in (GENERIC, game_of(path))
    ],
)
def test_no_plain_string_problems(site, path):
    """Every problem the file's check and analyze make (shown or not) comes from a table:
    strict for the generic code, expected to fail for a game still being converted."""
    runs = [ja_run((command, path)) for command in ("check", "analyze")]
    assert [words for run in runs for words in run.english(site, made=True)] == []


def test_a_plain_string_problem_is_caught_and_placed_where_it_was_made():
    """The watch itself: a plain string problem made by generic code counts as generic."""
    from builder.core.problems import Problem, unplaced
    from tests.docs.ja_runs import watching

    run = Run("")
    with watching(run):
        Problem("f", None, None, "", "plain words").show()
        unplaced("g")((), "more plain words").show()
    assert run.english(GENERIC) == ["plain words", "more plain words"]
    assert run.english(GENERIC, made=True) == ["plain words", "more plain words"]
