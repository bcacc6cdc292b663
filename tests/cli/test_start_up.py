"""A command imports only what it uses (docs/design.md "Quality bars"): ``--help`` and the parser
read what the games offer from their ``declared`` modules, and a game's own sub-command loads
that game alone."""

from __future__ import annotations

import ast
import subprocess
import sys

import pytest

from builder import systems


def _loaded_after(argv: list[str]) -> set[str]:
    """The modules a fresh interpreter holds after ``laminim ARGV`` (help exits: caught)."""
    code = (
        "import sys\nfrom builder.cli import main\n"
        f"try:\n    main({argv!r})\nexcept SystemExit:\n    pass\n"
        "print(sorted(sys.modules), file=sys.stderr)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return set(ast.literal_eval(out.stderr.strip().splitlines()[-1]))


def _games(modules: set[str]) -> set[str]:
    """The games whose code (beyond their ``declared`` module) is loaded."""
    return {
        m.split(".")[2]
        for m in modules
        if m.startswith("builder.systems.") and m.count(".") >= 3 and not m.endswith(".declared")
    }


@pytest.mark.parametrize("sid", systems.ids())
def test_every_games_declared_offer_is_what_its_system_offers(sid):
    offer, system = systems.declared(sid), systems.get(sid)
    assert offer.analyze_options == tuple(system.analyze_options)
    assert offer.compare_options == tuple(system.compare_options)
    assert offer.card_sizes == tuple(system.card_sizes)
    assert dict(offer.commands) == {c.name: c.help for c in system.commands()}


def test_help_imports_no_game_no_pydantic_and_no_maths():
    loaded = _loaded_after(["--help"])
    assert _games(loaded) == set()
    assert not {"pydantic", "numpy", "numba", "textual", "jinja2", "weasyprint"} & loaded


def test_analyze_help_names_every_games_options_without_loading_a_game():
    assert _games(_loaded_after(["analyze", "--help"])) == set()


def test_a_games_own_command_loads_that_game_alone():
    assert _games(_loaded_after(["reach", "--help"])) == {"kuroganen"}
    assert _games(_loaded_after(["optimize", "--help"])) == {"laminim"}


def test_a_command_two_games_offer_loads_only_those_two():
    assert _games(_loaded_after(["odds", "--system", "soh", "--help"])) == {"soh", "artifact"}


def test_the_top_help_lists_every_games_commands(capsys):
    from builder.cli import main

    with pytest.raises(SystemExit):
        main(["--help"])
    out = capsys.readouterr().out
    for sid in systems.ids():
        for name in systems.declared(sid).commands:
            assert f"    {name} " in out or f"    {name}\n" in out


@pytest.mark.parametrize("game", ["laminim", "artifact", "soh", "kuroganen"])
def test_check_loads_no_printing_no_compiler_and_no_package_metadata(game):
    """``check`` reads, validates and judges (bench/bench_startup.py times it): the printouts'
    modules, the comparison of two catalogs and the compiled engine load only for the commands
    that use them, and pydantic's search for plugins (``importlib.metadata``) not at all.
    LAMINIM's check loads no maths at all (artifact's and soh's derived values use numpy)."""
    from builder.core.resources import bundled_catalog_dir

    demo = next(bundled_catalog_dir(game).glob("demo_*.yaml"))
    loaded = _loaded_after(["check", str(demo)])
    never = {
        "numba",
        "importlib.metadata",
        "weasyprint",
        "textual",
        "builder.render.roster",
        "builder.catalogs.diff",
    }
    assert not (never | ({"numpy"} if game == "laminim" else set())) & loaded


def _fresh_python(code: str, env: dict[str, str]) -> str:
    """What ``code`` prints in a fresh interpreter with ``env`` over the environment, less any
    OPENBLAS_NUM_THREADS of the suite's own."""
    import os

    base = {k: v for k, v in os.environ.items() if k != "OPENBLAS_NUM_THREADS"}
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, env=base | env
    )
    return out.stdout


def _blas(env: dict[str, str]) -> tuple[int, str]:
    """OpenBLAS's thread count in a fresh interpreter that imports the package, then numpy,
    and the OPENBLAS_NUM_THREADS it then has."""

    code = (
        "import os, builder, numpy\nfrom threadpoolctl import threadpool_info\n"
        "print(max(i['num_threads'] for i in threadpool_info() if i['user_api'] == 'blas'))\n"
        "print(os.environ['OPENBLAS_NUM_THREADS'])"
    )
    threads, asked = _fresh_python(code, env).split()
    return int(threads), asked


def test_numpy_loads_with_one_blas_thread_unless_the_caller_asks_for_more():
    """Issue 38 item 4: numpy's OpenBLAS starting a thread per core was 45 ms of every analysis'
    start (the rules core runs every chain on one maths thread); a caller's own setting wins."""
    assert _blas({}) == (1, "1")
    assert _blas({"OPENBLAS_NUM_THREADS": "3"})[1] == "3"


def _pinned_after(first: str, env: dict[str, str]) -> bool:
    """Whether threadpoolctl is loaded in a fresh interpreter that runs ``first`` and then one
    matrix product inside the chain's ``one_maths_thread``."""

    code = (
        f"import sys\n{first}\n"
        "from numpy import ones\n"
        "from builder.systems.laminim.rules.threads import one_maths_thread\n"
        "with one_maths_thread():\n    ones((64, 64)) @ ones((64, 64))\n"
        "print('threadpoolctl' in sys.modules)"
    )
    return _fresh_python(code, env).split()[-1] == "True"


def test_a_chain_in_a_one_thread_blas_needs_no_threadpoolctl():
    """Issue 38 item 5: importing builder first starts numpy's OpenBLAS on one thread (the test
    above), so the chain's pin (threadpoolctl's import and library scan, ~40 M instructions of an
    analysis) is skipped; numpy loaded first with a pool of its own, the chain still pins it."""
    assert not _pinned_after("import builder, numpy", {})
    assert _pinned_after("import numpy, builder", {"OPENBLAS_NUM_THREADS": "2"})
