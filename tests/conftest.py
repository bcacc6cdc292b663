"""Shared fixtures: the bundled catalog, the demo team and an in-process CLI runner."""

from __future__ import annotations

import atexit
import functools
import gc
import itertools
import os
import shutil
import sys
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from builder import systems
from builder.cli import main
from builder.core.resources import bundled_catalog_dir
from builder.roster.team_file import load_team
from builder.systems.laminim.catalog import load_catalog

pytest_plugins = ["tests.pdf_cache"]  # each distinct PDF laid out once per session

sys.dont_write_bytecode = False
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
"""The suite keeps the compiled modules Python writes beside the sources (``__pycache__``), as an
installed package has them, even where the environment asks for none: otherwise every command
the tests start in a fresh interpreter compiles each module it imports again (a ``check`` costs
0.17 s of CPU with them, 0.25-0.30 s without) and each worker rewrites every test file's asserts
anew on every run. The xdist workers and the commands inherit it."""

if "LAMINIM_CACHE_DIR" not in os.environ:
    os.environ["LAMINIM_CACHE_DIR"] = tempfile.mkdtemp(prefix="laminim-catalogs-")
    atexit.register(shutil.rmtree, os.environ["LAMINIM_CACHE_DIR"], ignore_errors=True)
"""The suite keeps read catalogs (``builder.core.catalog_cache``) in a folder of its own, never
in the user's cache: each run starts with none kept, and the commands it runs (and the xdist
workers) inherit it. The process that made it removes it when it ends."""

FIXTURES = Path(__file__).parent / "fixtures"
FAKE_GAME = Path(__file__).parent / "fake_game"


GC_THRESHOLD = (50_000, 20, 10)
"""The collector's thresholds in a test process (Python's are 700, 10, 10). A test process keeps
what it rendered and parsed for the tests after it (``open_pdf``'s handles, ``printed``): millions
of long-lived objects that every full collection walks again, and at 700 allocations a young
collection came often enough to run some forty full ones in one printing file, a quarter of its
CPU time (soh's table-ready cards: 27.5 s of CPU, 6.9 s of it in full collections; with these,
none and 22 s). Cycles are still collected, in fewer, larger young collections."""


PILOT_IDLE_SLICE = 0.002
"""Seconds a pilot's key press sleeps while it waits for the app to go idle (Textual's is 0.02,
twice a key). The tests do not rely on that guess: each waits for what it reads (``settle``
awaits the screen's messages and every worker). At Textual's slice a typed action line cost
40 ms a key: docs/play.md's round 2 typed in the play screen took 22 s of wall time for 3.7 s
of CPU; with this slice, 3.2 s."""


def pytest_configure(config: pytest.Config) -> None:
    gc.set_threshold(*GC_THRESHOLD)
    import textual._wait

    textual._wait.SLEEP_GRANULARITY = PILOT_IDLE_SLICE


@pytest.fixture(scope="module", autouse=True)
def parsed_pdfs_closed_after_each_file():
    """The parsed PDFs a test file kept (``open_pdf``) are let go when the file is done."""
    yield
    measure = sys.modules.get("tests.printing.pdf_measure")
    if measure is not None:
        measure.close_opened()


@pytest.fixture
def fake_game(monkeypatch):
    """The fake game of ``tests/fake_game`` installed beside the real ones (one registry line,
    as a new game's), with its template where the renderer looks; gone after the test."""
    import jinja2

    import builder.render.batch as batch
    from builder.render.env import make_env

    monkeypatch.syspath_prepend(str(FAKE_GAME.parent))
    monkeypatch.setitem(systems.INSTALLED, "fake", "fake_game.system")
    env = make_env().overlay(
        loader=jinja2.ChoiceLoader(
            [make_env().loader, jinja2.FileSystemLoader(str(FAKE_GAME / "templates"))]
        )
    )
    monkeypatch.setattr(batch, "make_env", lambda: env)
    systems.get.cache_clear()
    yield systems.get("fake")
    systems.get.cache_clear()


@pytest.fixture
def fake_demo(fake_game) -> Path:
    return fake_game.demo_file()


@pytest.fixture(autouse=True)
def tui_errors_fail_the_test(monkeypatch):
    """In the TUI, an error nobody expected fails the test (the player's app shows it in a
    dialog and goes on, which would hide a bug from a test)."""
    app = sys.modules.get("builder.tui.app")
    if app is not None:
        monkeypatch.setattr(app.BuilderApp, "RAISE_ERRORS", True)


@pytest.fixture(scope="session")
def data_homes(tmp_path_factory) -> Iterator[Path]:
    """The folder of every test's user data folder, numbered in it one after another: pytest's
    own ``mktemp`` looks through every folder it made before (a session's 6,600 tests made 22
    million name checks, about 10 s of the suite's CPU)."""
    base = tmp_path_factory.mktemp("xdg-data")
    return (base / str(n) for n in itertools.count())


@pytest.fixture(autouse=True)
def data_home(data_homes, monkeypatch) -> Path:
    """Every test's user data folder is a fresh temp folder (pinning keeps catalog snapshots
    there): no test reads or writes the real ``~/.local/share``."""
    home = next(data_homes)
    home.mkdir()
    monkeypatch.setenv("XDG_DATA_HOME", str(home))
    return home


@pytest.fixture(scope="session")
def catalog():
    return load_catalog()


@pytest.fixture
def demo_path() -> Path:
    return bundled_catalog_dir("laminim") / "demo_team.yaml"


@pytest.fixture(scope="session")
def demo_team():
    """The bundled demo team, loaded once (LAMINIM printouts and the generic batch writer)."""
    return load_team(bundled_catalog_dir("laminim") / "demo_team.yaml")[1]


@dataclass
class CliResult:
    code: int
    out: str
    err: str


@pytest.fixture
def cli(capsys):
    """Run ``laminim ARGS`` in-process and capture its exit code and output."""

    def run(*args: str) -> CliResult:
        code = main([str(a) for a in args])
        captured = capsys.readouterr()
        return CliResult(code, captured.out, captured.err)

    return run


@pytest.fixture
def catalog_copy(tmp_path) -> Path:
    """A writable copy of the bundled catalog folder."""
    target = tmp_path / "catalog"
    shutil.copytree(bundled_catalog_dir("laminim"), target)
    return target


HEAVY_FIRST = (
    "tests/printing/test_card_sheets.py",
    "tests/tui/test_play_80x24.py",
    "tests/systems/artifact/test_table_ready_cards.py",
    "tests/tui/test_every_game_editor.py",
    "tests/systems/laminim/render/test_play_face.py",
    "tests/systems/soh/test_table_ready_cards.py",
    "tests/systems/kuroganen/test_tui.py",
    "tests/printing/test_maps.py",
    "tests/systems/laminim/render/test_overflow.py",
    "tests/systems/laminim/balance/test_balance_agrees_with_optimize.py",
    "tests/systems/soh/test_card_words.py",
    "tests/systems/laminim/play/test_record_cards.py",
    "tests/render/test_hostile_content.py",
    "tests/tui/test_play_screen.py",
    "tests/printing/test_japanese_printouts.py",
    "tests/printing/test_demo_printouts.py",
    "tests/systems/laminim/tui/test_flows.py",
    "tests/systems/artifact/tui/test_first_evening.py",
    "tests/systems/laminim/balance/test_balance_command.py",
    "tests/systems/laminim/render/test_large_fill_sweep.py",
    "tests/exchange/test_round_trips.py",
    "tests/systems/laminim/render/test_card_fill.py",
    "tests/systems/laminim/render/test_readable_type.py",
    "tests/systems/laminim/tui/test_balance_screen.py",
    "tests/roster/test_every_comment_kept.py",
    "tests/fuzz/test_fuzz_families.py",
    "tests/systems/laminim/tui/test_snapshots.py",
    "tests/fuzz/test_fuzz.py",
    "tests/systems/artifact/test_cli.py",
    "tests/systems/laminim/tui/test_matchup_screen.py",
    "tests/systems/laminim/render/test_pdf_measure.py",
    "tests/tui/test_share_dialog.py",
    "tests/systems/artifact/tui/test_force_screen.py",
    "tests/systems/artifact/test_printouts_fit.py",
    "tests/tui/test_save_safety.py",
    "tests/exchange/test_record_code.py",
    "tests/tui/test_print_dialog.py",
    "tests/systems/laminim/test_suggest_tui.py",
    "tests/tui/test_shell_words.py",
    "tests/systems/laminim/cli/test_matchup.py",
    "tests/tui/test_shell_flows.py",
    "tests/systems/laminim/tui/test_compare.py",
    "tests/systems/kuroganen/test_printouts.py",
    "tests/systems/laminim/tui/test_language.py",
    "tests/tui/test_play_in_the_app.py",
    "tests/tui/test_footer.py",
    "tests/systems/laminim/render/test_poker_fill_sweep.py",
    "tests/tui/test_problems.py",
    "tests/systems/artifact/test_printouts.py",
    "tests/systems/laminim/test_compare_tui.py",
    "tests/systems/laminim/render/test_safety_and_files.py",
    "tests/tui/test_japanese_every_game.py",
)
"""The files that take 3 s or more (each test's seconds summed per file, ``--durations=0`` on a
quiet machine), longest first; the rest follow. The two workers each take a file at a time
(``--dist loadfile``, ``--no-loadscope-reorder`` in pyproject.toml); a long file taken last keeps
one worker busy while the other has finished, so the long ones go first and the many short ones
fill in at the end."""


SWEEPS = frozenset(
    {
        "tests/printing/test_demo_printouts.py::test_no_text_or_mark_within_5mm_of_the_paper_edge",
        "tests/systems/laminim/render/test_play_face.py::test_nothing_on_a_card_is_under_6_5_pt",
        "tests/systems/laminim/render/test_play_face.py::test_large_tick_boxes_are_at_least_3_5_mm",
        "tests/systems/laminim/render/test_overflow.py::test_card_content_stays_inside_its_card",
        "tests/systems/soh/test_table_ready_cards.py::test_nothing_on_a_card_is_under_6_5_pt",
        "tests/systems/artifact/test_table_ready_cards.py::test_nothing_on_a_card_is_under_6_5_pt",
        "tests/systems/laminim/render/test_card_fill.py::test_nothing_spills_or_overlaps",
        "tests/printing/test_maps.py::"
        "test_a_big_map_prints_every_column_and_row_inside_the_margins_on_full_pages",
        "tests/systems/soh/test_card_words.py",
        # whole files of layout bars over deck x language x paper x size: every such test in them
        "tests/systems/artifact/test_table_ready_cards.py",
        "tests/systems/soh/test_table_ready_cards.py",
        "tests/systems/laminim/render/test_card_fill.py",
        "tests/systems/laminim/render/test_readable_type.py",
        "tests/printing/test_demo_printouts.py",
        "tests/printing/test_card_sheets.py",
        "tests/systems/artifact/test_printouts_fit.py",
    }
)
"""Printout sweeps: a layout bar checked over every deck × language × paper × card size (a test,
or every test of a file). In the suite each value of each parameter is checked at least once (a
deck, a language, a paper, a size each appear in some case); the whole cross product runs with
``pytest -m slow``. The tests of a file that share a parametrization keep the same cases, so the
PDFs they share (``tests/pdf_cache.py``) are laid out for those cases only."""


def _cover_sweeps(items: list[pytest.Item]) -> None:
    """Mark ``slow`` every case of a sweep whose parameter values earlier cases already cover."""
    covered: dict[str, set[tuple[str, str]]] = {}
    for item in items:
        name = item.nodeid.split("[", 1)[0]
        spec = getattr(item, "callspec", None)
        swept = name in SWEEPS or name.split("::", 1)[0] in SWEEPS
        if not swept or spec is None or item.get_closest_marker("slow"):
            continue
        seen = covered.setdefault(name, set())
        values = {(key, repr(value)) for key, value in spec.params.items()}
        if values <= seen:
            item.add_marker(pytest.mark.slow)
        seen |= values


@pytest.hookimpl(tryfirst=True)  # before -m deselects by the marks
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    _cover_sweeps(items)
    order = {path: i for i, path in enumerate(HEAVY_FIRST)}
    items.sort(key=lambda item: order.get(item.nodeid.split("::", 1)[0], len(order)))


@pytest.fixture(scope="session", autouse=True)
def matrix_cells_once():
    """Each distinct cell of the artifact balance matrix (an attacker, a target, a modifier,
    evasion) worked out once per test process: a cell is the exact odds of its frozen inputs
    alone, and the bundled catalog's cells recur in every report, ``matchup``, held-out catalog
    and catalog ``balance --suggest`` tries (three matrices a run, 3 s each). What each command
    makes of the cells is still its own; the odds themselves are tested on their own
    (``tests/systems/artifact/rules``, ``activation_odds`` called directly)."""
    from builder.systems.artifact.rules import matrix

    best_activation = functools.cache(matrix.best_activation)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(matrix, "best_activation", best_activation)
        yield


@pytest.fixture(scope="session", autouse=True)
def parsers_built_once():
    """Each distinct command-line parser built once per test process. ``main`` builds its
    argparse parser anew on every call (a process runs one command), and the suite runs some
    4,000 commands in process at 3.4 ms a parser: 14 s of CPU for the same few parsers. A parser
    is what the installed games declare in the language it is built in; parsing a line does not
    change it. Only the real registry's parsers are kept: a test that installs other games
    (``fake_game``, its own registry) gets a parser of its own, built for it."""
    import builder.cli as cli
    from builder.core import parser_words
    from builder.core.report_lang import env_lang

    build = cli.build_parser
    installed, get, declared = systems.INSTALLED, systems.get, systems.declared
    games = tuple(installed.items())
    built: dict[tuple, object] = {}

    def build_once(system_commands: bool = True, command: str | None = None):
        real = systems.INSTALLED is installed and tuple(installed.items()) == games
        if not real or systems.get is not get or systems.declared is not declared:
            return build(system_commands, command)
        key = (system_commands, command, parser_words.parser_lang(), env_lang())
        if key not in built:
            built[key] = build(system_commands, command)
        return built[key]

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(cli, "build_parser", build_once)
        yield
