"""Layers point one way (docs/design.md "Layout: one folder per game system" and "Code habits").

- a system's ``rules/`` is pure: the standard library, numpy, threadpoolctl and itself;
- generic code (core, roster, render, tui, cli) reaches a game only through the registry
  (``builder.systems``, which also exports the protocol's types);
- ``builder/core`` depends on no other builder package; only the TUI layers import Textual;
- a game system never imports another one, and its TUI none of its command-line modules;
- no part of ``builder/systems`` but a game's own ``tui/`` imports the TUI shell; the kit
  (``builder/systems/{base,options,ui,game}.py``) and ``builder/render`` import no game system,
  no registry and no TUI;
- generic code and the kit name no game: none of its words (``intercept``, ``missile``, …), no
  game id except the registry's ``INSTALLED`` / ``DEFAULT`` and the program's name ``laminim``;
  neither do their YAML tables (labels, messages, ui words);
- ``builder/roster`` (team files) imports nothing of ``builder/catalogs`` (catalog versions,
  which read team files), and the kit imports neither;
- no module is imported by a name made at run time (``import_module(f"…{x}")``) but in the
  registry: such an import is invisible to this test and to mypy.

Every import is read with ``ast``, relative ones resolved, ``from pkg import module`` counted as
that module, ``import_module("...")`` with a literal counted too, ``if TYPE_CHECKING:`` included.
Each test is parametrised by file, so a failure names the file, the line and the import.
"""

from __future__ import annotations

import ast
import re
import sys
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "builder"
SYSTEMS_DIR = PACKAGE / "systems"

SYSTEMS = sorted(p.parent.name for p in SYSTEMS_DIR.glob("*/__init__.py"))
"""Every game-system package: a folder of builder/systems with an __init__.py."""

RULES_THIRD_PARTY = {"numpy", "threadpoolctl"}  # threadpoolctl: pins BLAS to one thread
RULES_COMPILED = {"builder/systems/laminim/rules/engine_loops.py": {"numba"}}
"""The one rules file allowed a compiler: the exact engine's loops (imported lazily)."""
RULES_STDLIB_ONLY = {
    # soh's core keeps its own narrower list (was tests/systems/soh/rules/test_layers_rules.py):
    # maths modules only, no I/O, no clock, no randomness.
    "soh": {
        "__future__",
        "collections",
        "dataclasses",
        "fractions",
        "functools",
        "itertools",
        "math",
        "typing",
    },
}
HEAVY = ("textual", "jinja2", "weasyprint", "yaml", "ruamel", "pydantic")
"""Named in the rules-core failure message (they are refused like any non-stdlib module)."""

GENERIC = (
    "core",
    "roster",
    "play",
    "catalogs",
    "exchange",
    "render",
    "tui",
    "cli",
    "__init__.py",
    "__main__.py",
)
"""Generic code under builder/: knows the registry and the protocol, no game."""
REGISTRY = {"builder.systems"}

TEXTUAL_FREE = {
    "core": {"textual", "builder.tui", "jinja2", "weasyprint"},
    "play": {"textual", "builder.tui", "jinja2", "weasyprint"},
    "roster": {"textual", "builder.tui", "builder.render", "jinja2", "weasyprint"},
    "catalogs": {"textual", "builder.tui", "builder.render", "jinja2", "weasyprint"},
    "exchange": {"textual", "builder.tui", "jinja2", "weasyprint"},
    "render": {"textual", "builder.tui"},
}
"""Generic layers below the TUI: no Textual and no TUI package (nor, where noted, printing)."""


@dataclass(frozen=True)
class Import:
    line: int
    name: str


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {_module_name(p) for p in PACKAGE.rglob("*.py")}
"""Every module and package of builder, to tell ``from pkg import module`` from a name."""


def _resolve(path_module: str, is_package: bool, level: int, module: str | None) -> str:
    """The absolute module a relative ``from`` points at (``level`` dots, then ``module``)."""
    base = path_module.split(".")
    if not is_package:
        base.pop()  # a module's own package is where one dot starts
    if level > 1:
        base = base[: len(base) - (level - 1)]
    return ".".join([*base, module] if module else base)


def imports_of(source: str, module: str, is_package: bool = False) -> list[Import]:
    """Every module ``source`` (the text of ``module``) imports, as absolute dotted names."""
    found: list[Import] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [Import(node.lineno, a.name) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = _resolve(module, is_package, node.level, node.module)
            else:
                base = node.module or ""
            for alias in node.names:
                sub = f"{base}.{alias.name}"
                found.append(Import(node.lineno, sub if sub in MODULES else base))
        elif (
            isinstance(node, ast.Call)
            and (
                (
                    isinstance(node.func, ast.Name)
                    and node.func.id in ("import_module", "__import__")
                )
                or (isinstance(node.func, ast.Attribute) and node.func.attr == "import_module")
            )
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            found.append(Import(node.lineno, node.args[0].value))
    return found


@cache
def _imports(path: Path) -> tuple[Import, ...]:
    text = path.read_text(encoding="utf-8")
    found = imports_of(text, _module_name(path), path.name == "__init__.py")
    return tuple(dict.fromkeys(found))  # one line per import, even with several names


def _within(name: str, prefix: str) -> bool:
    return name == prefix or name.startswith(prefix + ".")


def _rel(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def _files(*folders: Path) -> list[Path]:
    out: list[Path] = []
    for f in folders:
        out += [f] if f.suffix == ".py" else sorted(f.rglob("*.py"))
    return out


def _params(files: list[Path]) -> list:
    return [pytest.param(p, id=_rel(p)) for p in files]


def _bad(path: Path, refused) -> list[str]:
    return [f"{_rel(path)}:{i.line} imports {i.name}" for i in _imports(path) if refused(i.name)]


def _system_of(path: Path) -> str | None:
    rel = path.relative_to(SYSTEMS_DIR).parts if SYSTEMS_DIR in path.parents else ()
    return rel[0] if len(rel) > 1 else None


KIT = (
    "base.py",
    "options.py",
    "ui.py",
    "game.py",
    "editing.py",
    "exchange.py",
    "compare_table.py",
    "compare_sheet.py",
    "battle.py",
    "tracks.py",
)
"""The kit: the protocol and what it is made of, beside the registry (``__init__.py``)."""
KIT_FILES = [SYSTEMS_DIR / k for k in KIT]

RULES_FILES = [p for s in SYSTEMS for p in _files(SYSTEMS_DIR / s / "rules")]
GENERIC_FILES = _files(*(PACKAGE / g for g in GENERIC))


def test_every_generic_folder_and_file_the_layer_rules_name_exists():
    """A rule over a renamed folder would check nothing."""
    assert [g for g in GENERIC if not (PACKAGE / g).exists()] == []


SYSTEM_FILES = [p for p in _files(SYSTEMS_DIR) if _system_of(p)]
ALL_FILES = _files(PACKAGE)


# -- the rules cores ------------------------------------------------------------------------------


def test_every_system_has_a_rules_core_to_check():
    assert {"laminim", "artifact", "soh", "kuroganen"} <= set(SYSTEMS)
    for system in SYSTEMS:
        assert (SYSTEMS_DIR / system / "rules" / "__init__.py").is_file(), system


@pytest.mark.parametrize("path", _params(RULES_FILES))
def test_rules_core_imports_only_stdlib_numpy_and_itself(path):
    system = _system_of(path)
    own = f"builder.systems.{system}.rules"
    stdlib = RULES_STDLIB_ONLY.get(system, sys.stdlib_module_names)

    def refused(name: str) -> bool:
        top = name.split(".")[0]
        if top == "builder":
            return not _within(name, own)
        compiled = RULES_COMPILED.get(_rel(path), set())
        return top not in stdlib and top not in RULES_THIRD_PARTY and top not in compiled

    bad = _bad(path, refused)
    assert not bad, f"{own} must stay pure (no other builder code, none of {HEAVY}): {bad}"


# -- generic code ---------------------------------------------------------------------------------


@pytest.mark.parametrize("path", _params(GENERIC_FILES))
def test_generic_code_reaches_a_system_only_through_the_registry(path):
    def refused(name: str) -> bool:
        return _within(name, "builder.systems") and not any(name == r for r in REGISTRY)

    bad = _bad(path, refused)
    assert not bad, f"generic code must use builder.systems (registry) or .base: {bad}"


@pytest.mark.parametrize("path", _params(_files(PACKAGE / "core")))
def test_core_imports_no_other_builder_package(path):
    bad = _bad(path, lambda n: _within(n, "builder") and not _within(n, "builder.core"))
    assert not bad, f"builder/core is the bottom layer: {bad}"


@pytest.mark.parametrize(
    "path", _params([p for layer in TEXTUAL_FREE for p in _files(PACKAGE / layer)])
)
def test_layers_below_the_tui_import_no_textual(path):
    layer = path.relative_to(PACKAGE).parts[0]
    bad = _bad(path, lambda n: any(_within(n, f) for f in TEXTUAL_FREE[layer]))
    assert not bad, f"builder/{layer} must not import {sorted(TEXTUAL_FREE[layer])}: {bad}"


def _is_tui(path: Path) -> bool:
    parts = path.relative_to(PACKAGE).parts
    return parts[0] == "tui" or (parts[0] == "systems" and len(parts) > 2 and parts[2] == "tui")


@pytest.mark.parametrize("path", _params([p for p in ALL_FILES if not _is_tui(p)]))
def test_only_tui_layers_import_textual(path):
    bad = _bad(path, lambda n: _within(n, "textual"))
    assert not bad, f"only builder/tui and builder/systems/*/tui may import textual: {bad}"


@pytest.mark.parametrize("path", _params([p for p in SYSTEM_FILES if _is_tui(p)]))
def test_a_systems_tui_imports_none_of_its_command_line_modules(path):
    """A screen shares the plain modules a command uses (``laminim/optimizer.py``), never the
    command itself: ``commands.py`` parses options and prints, which a screen has no use for."""
    own = f"builder.systems.{_system_of(path)}"
    bad = _bad(path, lambda n: _within(n, f"{own}.commands"))
    assert not bad, f"the TUI must not import a command-line module: {bad}"


# -- systems among themselves ---------------------------------------------------------------------


@pytest.mark.parametrize("path", _params(SYSTEM_FILES))
def test_a_system_imports_no_other_system(path):
    system = _system_of(path)
    others = [f"builder.systems.{s}" for s in SYSTEMS if s != system]
    bad = _bad(path, lambda n: any(_within(n, o) for o in others))
    assert not bad, f"builder/systems/{system} must not reach another game: {bad}"


# -- the kit and the renderer ----------------------------------------------------------------------


def test_the_kit_is_where_the_layer_rules_look():
    assert all(p.is_file() for p in KIT_FILES), [str(p) for p in KIT_FILES if not p.is_file()]


@pytest.mark.parametrize("path", _params([p for p in _files(SYSTEMS_DIR) if not _is_tui(p)]))
def test_no_part_of_the_systems_but_a_games_tui_imports_the_tui(path):
    bad = _bad(path, lambda n: _within(n, "builder.tui"))
    assert not bad, f"only builder/systems/<game>/tui may import builder.tui: {bad}"


def _kit_refuses(name: str) -> bool:
    kit = {f"builder.systems.{k.removesuffix('.py')}" for k in KIT}
    if any(_within(name, p) for p in ("builder.tui", "builder.roster", "builder.catalogs")):
        return True
    return _within(name, "builder.systems") and name not in kit


@pytest.mark.parametrize("path", _params([*KIT_FILES, *_files(PACKAGE / "render")]))
def test_the_kit_and_the_renderer_import_no_game_no_registry_and_no_tui(path):
    bad = _bad(path, _kit_refuses)
    assert not bad, f"the kit and builder/render must stand alone (no roster, no catalogs): {bad}"


@pytest.mark.parametrize("path", _params(_files(PACKAGE / "roster")))
def test_team_files_import_nothing_of_the_catalog_versions(path):
    """``builder/catalogs`` reads and rewrites team files; the team files' reader and saver
    need nothing of it (the pin's file side is ``builder/roster/pins.py``)."""
    bad = _bad(path, lambda n: _within(n, "builder.catalogs"))
    assert not bad, f"builder/roster sits below builder/catalogs: {bad}"


def dynamic_imports(source: str) -> list[int]:
    """The lines of ``import_module(...)`` / ``__import__(...)`` calls whose module name is
    not a literal."""
    lines = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call) or not node.args:
            continue
        func = node.func
        name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
        if name in ("import_module", "__import__") and not isinstance(node.args[0], ast.Constant):
            lines.append(node.lineno)
    return lines


REGISTRY_FILE = SYSTEMS_DIR / "__init__.py"


@pytest.mark.parametrize("path", _params([p for p in ALL_FILES if p != REGISTRY_FILE]))
def test_no_module_is_imported_by_a_name_made_at_run_time(path):
    lines = dynamic_imports(path.read_text(encoding="utf-8"))
    assert not lines, f"{_rel(path)}: import by a computed name on line(s) {lines}"


def test_the_run_time_import_check_finds_them():
    src = "import_module(f'{pkg}.catalog')\nimport_module('a.b')\n__import__(name)\n"
    assert dynamic_imports(src) == [1, 3]


# -- no game in generic code ----------------------------------------------------------------------

GAME_WORDS = re.compile(r"intercept|missile|poker|frames?, weapons", re.IGNORECASE)
"""Words of one game (LAMINIM's D19 interception, its missile tokens, card names, catalog)."""
GAME_IDS = ("laminim", "artifact", "soh", "kuroganen")
GAME_NAMES = re.compile(r"\bLAMINIM\b|\b(artifact|soh|kuroganen)\b", re.IGNORECASE)
"""A game named in words; the lower-case ``laminim`` is the program (``laminim check``) and
counts only when it stands alone as a string."""
WORDLESS_FILES = [*GENERIC_FILES, *KIT_FILES, SYSTEMS_DIR / "__init__.py"]


def game_words(source: str) -> list[tuple[int, str]]:
    """Each line naming a game or one of its words: text anywhere, string constants that are a
    game id; the registry's ``INSTALLED`` / ``DEFAULT`` and ``prog="laminim"`` are exempt."""
    exempt: set[int] = set()  # a line found twice is reported once (the first reason)
    tree = ast.parse(source)
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(isinstance(t, ast.Name) and t.id in ("INSTALLED", "DEFAULT") for t in targets):
                exempt |= set(range(node.lineno, (node.end_lineno or node.lineno) + 1))
    found: list[tuple[int, str]] = []
    for number, line in enumerate(source.splitlines(), 1):
        if number in exempt:
            continue
        names = [m.group(0) for m in GAME_NAMES.finditer(line) if m.group(0) != "laminim"]
        if GAME_WORDS.search(line) or names:
            found.append((number, line.strip()))
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and node.value.lower() in GAME_IDS
            and node.lineno not in exempt
        ):
            found.append((node.lineno, repr(node.value)))
    for node in ast.walk(tree):  # the program's name where argparse asks for it
        if isinstance(node, ast.keyword) and node.arg == "prog":
            found = [f for f in found if f[0] != node.value.lineno]
    return sorted(dict(found).items())


@pytest.mark.parametrize("path", _params(WORDLESS_FILES))
def test_generic_code_and_the_kit_name_no_game(path):
    found = game_words(path.read_text(encoding="utf-8"))
    assert not found, f"{_rel(path)} names a game or its words: {found}"


WORDLESS_TABLES = sorted(
    [
        *(p for g in GENERIC if (PACKAGE / g).is_dir() for p in (PACKAGE / g).rglob("*.yaml")),
        *SYSTEMS_DIR.glob("*.yaml"),
    ]
)
"""The YAML tables of generic code and of the kit: labels, messages, the shell's ui words."""


def yaml_game_words(text: str) -> list[tuple[int, str]]:
    """Each line of a YAML table naming a game or one of its words (the program's name
    ``laminim`` in a command line, ``laminim check``, is not a game)."""
    found = []
    for number, line in enumerate(text.splitlines(), 1):
        names = [m.group(0) for m in GAME_NAMES.finditer(line) if m.group(0) != "laminim"]
        if GAME_WORDS.search(line) or names:
            found.append((number, line.strip()))
    return found


def test_every_generic_yaml_table_is_looked_at():
    assert PACKAGE / "tui" / "labels.yaml" in WORDLESS_TABLES
    assert PACKAGE / "core" / "messages.yaml" in WORDLESS_TABLES


@pytest.mark.parametrize("path", _params(WORDLESS_TABLES))
def test_generic_yaml_tables_name_no_game(path):
    found = yaml_game_words(path.read_text(encoding="utf-8"))
    assert not found, f"{_rel(path)} names a game or its words: {found}"


def test_the_game_word_check_finds_words_ids_and_names():
    src = (
        'INSTALLED = {"laminim": "x"}\n'
        'help = "--intercept SLOT"\n'
        'size = "poker"\n'
        '"""a LAMINIM team"""\n'
        'game = "kuroganen"\n'
        'p = Parser(prog="laminim")\n'
        'x = "laminim check FILE"\n'
        'y = read(expected="laminim")\n'
    )
    assert [n for n, _ in game_words(src)] == [2, 3, 4, 5, 8]


# -- the checker itself ---------------------------------------------------------------------------


def test_the_checker_resolves_relative_submodule_and_dynamic_imports():
    src = (
        "from . import model\n"
        "from .. import models\n"
        "from ...soh.rules import odds\n"
        "from builder.systems import laminim\n"
        "import_module('builder.systems.laminim.system')\n"
    )
    names = [i.name for i in imports_of(src, "builder.systems.artifact.rules.survival")]
    assert names == [
        "builder.systems.artifact.rules.model",
        "builder.systems.artifact.models",
        "builder.systems.soh.rules.odds",
        "builder.systems.laminim",
        "builder.systems.laminim.system",
    ]
    assert [
        i.name for i in imports_of("from . import odds", "builder.systems.soh.rules", True)
    ] == ["builder.systems.soh.rules.odds"]


def test_only_the_engine_reaches_its_compiled_loops():
    """numba (slow to import) loads only through ``engine._loops()``, at the first chain."""
    users = [_rel(p) for p in RULES_FILES if "engine_loops" in p.read_text(encoding="utf-8")]
    assert users == ["builder/systems/laminim/rules/engine.py"]
