"""The game-system registry: system id -> the package that implements it.

Generic code reaches a game only through :func:`get`, and imports the protocol's types from here
(they live in :mod:`builder.systems.base`); adding a game is a new package under
``builder/systems/`` plus one line in :data:`INSTALLED`. Systems are imported on first use: a
command (``check``, ``analyze FILE --threat X`` …) loads only its file's system, a game's own
sub-command only its game; what every game offers the command line (help, a game's own option)
is read from its ``declared`` module (:func:`declared`), which imports no game.
"""

from __future__ import annotations

from functools import cache
from importlib import import_module
from importlib.util import find_spec
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from builder.core.problems import InputError, Problem, unknown_system
from builder.systems import base
from builder.systems.base import *  # noqa: F403  (the kit's types, exported from here)
from builder.systems.battle import (  # the kit's play-mode part (battle records)
    RECORD_KEYS,
    Applied,
    Battle,
    ChoosesThreat,
    Dice,
    Plays,
    PrintsBattle,
    Refused,
    ShowOptions,
    ShowsScreen,
    Side,
)
from builder.systems.compare_table import Row as CompareRow
from builder.systems.compare_table import cell as compare_cell
from builder.systems.compare_table import fit as compare_fit
from builder.systems.compare_table import legend as compare_legend
from builder.systems.compare_table import nothing_to_compare
from builder.systems.exchange import Exchanges, ExchangingGame
from builder.systems.options import COMMON as COMMON_OPTIONS
from builder.systems.options import Declared, whole_number

if TYPE_CHECKING:  # the editor's kit imports pydantic: loaded on first use (__getattr__)
    from builder.systems.battle_names import side_name
    from builder.systems.editing import (
        FieldSpec,
        ItemsField,
        Ref,
        catalog_entries,
        entry_name,
        fields_of,
        find_entry,
        free_name,
        items_field,
        replace_item,
        with_field,
    )
    from builder.systems.matchup import (
        Matchup,
        MatchupEntry,
        MatchupOptions,
        Matchups,
        matchup_json,
        matchup_parts,
        matchup_printout,
        matchup_text,
    )

__all__ = [
    "COMMON_OPTIONS",
    "DEFAULT",
    "INSTALLED",
    "declared",
    "get",
    "help_tables",
    "help_words",
    "ids",
    "unknown",
]
__all__ += [
    "CompareRow",
    "compare_cell",
    "compare_fit",
    "compare_legend",
    "nothing_to_compare",
]  # the compare table's kit
__all__ += [
    "FieldSpec",
    "ItemsField",
    "Ref",
    "catalog_entries",
    "entry_name",
    "fields_of",
    "find_entry",
    "free_name",
    "items_field",
    "replace_item",
    "with_field",
]  # the editor's kit (builder/systems/editing.py)
__all__ += base.__all__
__all__ += ["RECORD_KEYS", "Applied", "Battle", "Dice", "Plays", "PrintsBattle", "Refused"]
__all__ += ["ChoosesThreat", "ShowOptions", "ShowsScreen", "Side"]
__all__ += ["side_name"]  # a side's name in a language, as the record keeps it (battle_names.py)
__all__ += ["whole_number"]  # an option's whole-number parser (the play command's)
__all__ += ["Exchanges", "ExchangingGame"]  # share codes, import and export (exchange.py)
__all__ += ["MatchupEntry", "MatchupOptions", "Matchups"]  # laminim matchup (matchup.py)
__all__ += ["Matchup", "matchup_json", "matchup_parts", "matchup_printout", "matchup_text"]

INSTALLED: dict[str, str] = {
    "laminim": "builder.systems.laminim.system",
    "kuroganen": "builder.systems.kuroganen.system",
    "soh": "builder.systems.soh.system",
    "artifact": "builder.systems.artifact.system",
}
"""System id -> module whose ``SYSTEM`` attribute implements :class:`GameSystem`.

Tests add their fake game here (``tests/fake_game``) with a fixture; no test code in builder/."""

DEFAULT = "laminim"
"""The system of a file without a ``system:`` key, and of ``laminim`` with no file."""


_EDITING = frozenset(
    {"FieldSpec", "ItemsField", "Ref", "catalog_entries", "entry_name", "fields_of", "free_name"}
    | {"find_entry", "items_field", "replace_item", "with_field"}
)
"""The editor's kit (builder/systems/editing.py), exported from here but imported on first use:
it imports pydantic, which ``laminim --help`` and the generic commands' parser must not load."""


_MATCHUP = frozenset(
    {"MatchupEntry", "MatchupOptions", "Matchups", "matchup_json", "matchup_printout"}
    | {"Matchup", "matchup_parts", "matchup_text"}
)
"""The match-up kit (builder/systems/matchup.py), imported on first use like the editor's."""


_LAZY = {
    **dict.fromkeys(_EDITING, "builder.systems.editing"),
    **dict.fromkeys(_MATCHUP, "builder.systems.matchup"),
    "side_name": "builder.systems.battle_names",  # a record's side names: the play screen's title
}
"""What the registry exports but imports on first use, and from which module."""


def __getattr__(name: str) -> Any:
    if name not in _LAZY:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(_LAZY[name]), name)
    globals()[name] = value
    return value


def ids() -> list[str]:
    return list(INSTALLED)


@cache
def get(system_id: str | None = None) -> base.AnySystem:
    """The installed system ``system_id`` (the default when None); InputError if unknown.

    Each game's module declares ``SYSTEM: GameSystem[Team, Catalog, Read]`` (mypy checks it
    against the protocol); generic code holds it as :data:`AnySystem`: its teams are
    :class:`TeamModel` and its catalog is only handed back to it.
    """
    sid = system_id or DEFAULT
    if sid not in INSTALLED:
        raise InputError([unknown(sid, "--system")])
    return cast(base.AnySystem, import_module(INSTALLED[sid]).SYSTEM)


def declared(system_id: str) -> Declared:
    """What the installed system ``system_id`` offers the command line (its options, card sizes
    and own commands), read from the ``declared`` module beside its system module without
    importing the game; a game without one is loaded to ask it."""
    package = INSTALLED[system_id].rpartition(".")[0]
    if package:
        try:
            return cast(Declared, import_module(f"{package}.declared").DECLARED)
        except ModuleNotFoundError as exc:
            if exc.name != f"{package}.declared":
                raise
    system = get(system_id)
    return Declared(
        tuple(system.analyze_options),
        tuple(system.compare_options),
        tuple(system.card_sizes),
        {c.name: c.help for c in system.commands()},
    )


def help_tables() -> list[Path]:
    """Each installed game's ``help_labels.yaml`` (the Japanese of its own commands' and options'
    ``--help``), found beside its system module without importing the game."""
    tables = []
    for module in INSTALLED.values():
        spec = find_spec(module.rpartition(".")[0]) if "." in module else None
        for folder in (spec.submodule_search_locations or []) if spec else []:
            table = Path(folder) / "help_labels.yaml"
            if table.is_file():
                tables.append(table)
    return tables


def help_words(system_id: str) -> dict[str, str]:
    """The Japanese of the installed system ``system_id``'s own help texts (its
    ``help_labels.yaml``), by their English: a card size's help in the print dialog."""
    from builder.core.i18n import read_labels_file

    module = INSTALLED[system_id]
    spec = find_spec(module.rpartition(".")[0]) if "." in module else None
    for folder in (spec.submodule_search_locations or []) if spec else []:
        table = Path(folder) / "help_labels.yaml"
        if table.is_file():
            return {en: ja for en, ja in read_labels_file(table).values()}
    return {}


def unknown(system_id: object, where: str) -> Problem:
    """The problem for a ``system:`` value (or ``--system``) that names no installed system."""
    return Problem(where, None, None, "", unknown_system(system_id, list(INSTALLED)))
