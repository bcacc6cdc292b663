"""The kit: what a game system gives the generic shell (see docs/adding-a-game.md).

The CLI, the team-file reader, the renderer and the TUI know only these types; everything about
a game (its catalog schema, legality, numbers, card layouts, screens) lives in its package under
``builder/systems/<id>/`` and is found through :mod:`builder.systems` (the registry).

:class:`GameSystem` is generic in the game's team model, its catalog and its read file, so mypy
checks each game's ``SYSTEM`` against it and a game's methods receive its own types (no
``isinstance`` narrowing); generic code sees a team only as a :class:`TeamModel`. Most games
derive from :class:`builder.systems.game.Game`, which holds what every game repeats.

Optional: ``compare`` / ``compare_printout`` (:class:`Compares`), ``value_text``
(:class:`WritesValues`) and the catalog-version hooks (:class:`TracksCatalog`).

The kit imports no game, no registry and no TUI: a game's screens reach the shell through
:class:`builder.systems.ui.SystemUI` (data), its documents reach the printer as
:class:`builder.render.printout.Printout` (re-exported here for games).
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar, runtime_checkable

from builder.core.i18n import Lang
from builder.core.problems import Problem
from builder.render.layout import Sheet
from builder.render.printout import Printout
from builder.systems.options import DEFAULT_ROUNDS, CardSize, Option
from builder.systems.ui import HelpSection, SystemUI, read_ui_file

if TYPE_CHECKING:  # annotations only: the YAML reader stays out of --help
    from builder.core.source import Located

__all__ = [
    "COMPARE_MAX",
    "COMPARE_MIN",
    "DEFAULT_ROUNDS",
    "AnalyzeOptions",
    "AnySystem",
    "CardSize",
    "Command",
    "CompareEntry",
    "CompareOptions",
    "Compares",
    "GameSystem",
    "HelpSection",
    "Judged",
    "Option",
    "Output",
    "PartUse",
    "PrintOptions",
    "Printout",
    "Report",
    "SystemUI",
    "TeamModel",
    "TeamRead",
    "TracksCatalog",
    "WritesValues",
    "YamlPath",
    "read_ui_file",
]


class TeamModel(Protocol):
    """What the shell uses of a game's team (whatever the game calls it)."""

    @property
    def name(self) -> str:
        """Shown in titles and used for the printouts' file names."""
        ...

    def model_dump(self) -> dict[str, Any]:
        """The team as plain data (the TUI compares it to tell an edited team)."""
        ...

    def model_copy(self, *, deep: bool = ...) -> Any:
        """An independent copy (the print dialog checks a snapshot, not the live team)."""
        ...


TeamT = TypeVar("TeamT", bound=TeamModel)
CatalogT = TypeVar("CatalogT")
ReadT = TypeVar("ReadT", bound="TeamRead[Any]")
TeamT_co = TypeVar("TeamT_co", bound=TeamModel, covariant=True)
TeamT_contra = TypeVar("TeamT_contra", bound=TeamModel, contravariant=True)


@dataclass
class TeamRead(Generic[TeamT_co]):
    """A file as read by a system: its team (None when unusable), the source and problems.

    ``team`` is the system's own model; items with schema problems are left out and reported, so
    one ``laminim check`` lists every mistake. A game may subclass it to keep more (rows).
    """

    team: TeamT_co | None
    source: Located | None
    problems: list[Problem] = field(default_factory=list)


class Judged(Protocol):
    """A legality report without its text: every finding, an exit code, the JSON."""

    @property
    def problems(self) -> list[Problem]: ...

    @property
    def exit_code(self) -> int: ...

    def to_json(self) -> dict[str, Any]: ...


class Report(Judged, Protocol):
    """Legality of a team: every finding, an exit code, the documented JSON and a text table."""

    def text(self) -> str: ...


@dataclass(frozen=True)
class AnalyzeOptions:
    """``laminim analyze`` options: the common ones as fields, a game's own in ``values``
    (by option name; read them typed with :meth:`builder.systems.options.Option.of`)."""

    unit: str | None = None
    threat: str | None = None
    rounds: int = DEFAULT_ROUNDS
    values: Mapping[str, object] = field(default_factory=dict)


@dataclass(frozen=True)
class Output:
    """What a command prints: one JSON document or text (the CLI picks by ``--json``).

    ``notes`` are problems worth repeating on stderr beside the text (e.g. an illegal unit).
    """

    json: dict[str, Any]
    text: str
    notes: list[Problem] = field(default_factory=list)


@dataclass(frozen=True)
class PrintOptions:
    """``laminim cards`` options (and the TUI's print dialog); ``card_size`` None: the game's
    first card size."""

    paper: str = "a4"
    lang: Lang = "en"
    card_size: str | None = None
    sheet: Sheet = field(default_factory=Sheet)
    """Backs (duplex with an offset, or fold-over) and the print shop's bleed."""
    legal: bool = True
    """False: an illegal team printed anyway (``--force``): every card carries a band."""
    catalog: str = ""
    """The catalog line a card's back prints (set by ``Game.printouts`` when backs are asked)."""
    share: Any = None
    """The team's share code as a QR for the backs (``builder.exchange.roster.ShareQR``, set by
    ``Game.printouts`` when backs are asked); None: the backs keep an empty slot."""


@dataclass(frozen=True)
class Command:
    """A sub-command a system adds to ``laminim`` (e.g. a planner of its own)."""

    name: str
    help: str
    configure: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace], int]


COMPARE_MIN, COMPARE_MAX = 2, 4
"""``laminim compare`` puts two to four units side by side (docs/design.md "The command line")."""


@dataclass(frozen=True)
class CompareEntry:
    """One ``FILE[:UNIT]`` argument of ``laminim compare``: the file as read, the unit asked
    for (None: every unit of the file) and the file's name as typed (for messages)."""

    read: TeamRead[Any]
    unit: str | None
    label: str


@dataclass(frozen=True)
class CompareOptions:
    """``laminim compare`` options: the common ones as fields, a game's own in ``values``."""

    threat: str | None = None
    rounds: int = DEFAULT_ROUNDS
    values: Mapping[str, object] = field(default_factory=dict)


YamlPath = tuple[str | int, ...]
"""Where a value sits in a file: mapping keys and list indexes from the top (``("map", 3)``)."""


class GameSystem(Protocol[TeamT_contra, CatalogT, ReadT]):
    """The protocol every game system implements, in its own team, catalog and read types."""

    @property
    def id(self) -> str:
        """``system:`` in files, ``--system`` on the CLI."""
        ...

    @property
    def name(self) -> str: ...

    @property
    def name_ja(self) -> str: ...

    @property
    def file_shape(self) -> str:
        """What a file of this game is, for "expected …" when a file is not a mapping."""
        ...

    @property
    def analyze_options(self) -> Sequence[Option[Any]]:
        """The options its ``analyze`` takes; the CLI refuses the others (exit 2) rather than
        ignore them, and its ``--help`` names the games per option."""
        ...

    @property
    def compare_options(self) -> Sequence[Option[Any]]:
        """The options its ``compare`` takes (empty when it does not compare)."""
        ...

    @property
    def card_sizes(self) -> Sequence[CardSize]:
        """Card sizes ``cards --card-size`` accepts (the first is the default)."""
        ...

    def demo_file(self) -> Path:
        """The bundled example file the TUI opens when given none."""
        ...

    def load_catalog(self, directory: Path | None = None) -> CatalogT: ...

    def read_team(self, source: Located) -> ReadT: ...

    def check(self, read: ReadT, catalog: CatalogT) -> Report: ...

    def describe_catalog(self, catalog: CatalogT) -> Output: ...

    def analyze(self, read: ReadT, catalog: CatalogT, options: AnalyzeOptions) -> Output: ...

    def printouts(
        self, team: TeamT_contra, catalog: CatalogT, options: PrintOptions
    ) -> list[Printout]:
        """The documents ``laminim cards`` writes."""
        ...

    def tui(self) -> SystemUI:
        """The screens, styles, help and labels the TUI shell shows for this system."""
        ...

    def commands(self) -> list[Command]: ...

    def dump_team(self, team: TeamT_contra) -> dict[str, Any]:
        """The team as plain data in file order, for saving (comments are kept by the saver)."""
        ...


AnySystem = GameSystem[TeamModel, Any, TeamRead[TeamModel]]
"""A game as generic code holds it: teams are :class:`TeamModel`, the catalog is opaque (only
passed back to the game that loaded it)."""


@runtime_checkable
class Compares(Protocol):
    """Optional part of a game system: units side by side (``laminim compare``).

    ``compare`` raises InputError (exit 2) for fewer than ``COMPARE_MIN`` or more than
    ``COMPARE_MAX`` units once bare files are expanded, or an unknown unit.
    """

    def compare(
        self, entries: Sequence[CompareEntry], catalog: Any, options: CompareOptions
    ) -> Output: ...

    def compare_printout(
        self,
        entries: Sequence[CompareEntry],
        catalog: Any,
        options: CompareOptions,
        print_options: PrintOptions,
    ) -> Printout:
        """The one-page compare sheet (``laminim compare -o OUT.pdf``)."""
        ...


@runtime_checkable
class WritesValues(Protocol):
    """Optional part of a game system: the text of a value that changed, when a file is saved.

    The saver (``builder.roster.team_file``) keeps the original text of every value that did not
    change. For each flow collection (``[...]`` or ``{...}``, not one inside another) and each
    one-line scalar outside them whose value changed or is new, it calls ``value_text``:
    ``path`` is where the value sits, ``value`` its new plain data, ``original`` the text of
    every such node of the file as it was, by path (empty for a new file; siblings included, so
    a row can follow the columns of the others). Return the YAML text to write there, or None
    for the saver's own. A text that would not read back as the same data is not used.
    """

    def value_text(
        self, path: YamlPath, value: Any, original: Mapping[YamlPath, str]
    ) -> str | None: ...


@dataclass(frozen=True)
class PartUse:
    """One catalog id a file uses: which collection of the catalog it names, and where.

    ``collection`` is a top-level key of the catalog (``weapons``); ``path`` is where the id
    sits in the file (``("units", 0, "weapons", 1)``), for the "own parts" filter and migrate.
    """

    collection: str
    id: str
    path: YamlPath


@runtime_checkable
class TracksCatalog(Protocol):
    """Optional part of a game system: what catalog versions need to know of it.

    ``catalog_files``: the files of its catalog folder (the digest covers those present);
    ``catalog_collections``: the top-level keys holding lists of items with an ``id``;
    ``part_uses``: every catalog id a file's plain data names; ``headlines``: the numbers a
    player reads (label -> value) of a read file against a catalog, to show what an update
    moved ({} when the file cannot be scored).
    """

    def catalog_files(self) -> tuple[str, ...]: ...

    def catalog_collections(self) -> tuple[str, ...]: ...

    def part_uses(self, data: Any) -> list[PartUse]: ...

    def headlines(self, read: Any, catalog: Any) -> dict[str, float]: ...
