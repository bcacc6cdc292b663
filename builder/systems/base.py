"""What a game system gives the generic shell (DESIGN.md "Layout: one folder per game system").

The CLI, the team-file reader, the renderer and the TUI know only this protocol; everything about
a game (its catalog schema, legality, numbers, card layouts, screens) lives in its package under
``builder/systems/<id>/`` and is found through :mod:`builder.systems` (the registry).

A system is a small object with these members:

1. ``id``, ``name``, ``name_ja`` — who it is (``system:`` in files, ``--system`` on the CLI).
2. ``load_catalog(directory)`` — its catalog (bundled or ``--catalog DIR``), InputError if bad.
3. ``read_team(source)`` — a team/force/crew/map file already read as located YAML → TeamRead.
4. ``check(read, catalog)`` — legality: a :class:`Report` (problems with positions, JSON, text).
5. ``describe_catalog(catalog)`` — ``laminim parts``: JSON and text.
6. ``analyze(read, catalog, options)`` — ``laminim analyze``: JSON and text.
7. ``printouts(team, catalog, options)`` — the documents ``laminim cards`` writes.
8. ``tui()`` — what the TUI shell shows for it: first screen, styles, help (lazy: Textual).
9. ``commands()`` — extra sub-commands of its own (``odds``, ``reach``, ``optimize``), if any.

Optional: ``compare(entries, catalog, options)`` and ``compare_printout(...)`` (the
:class:`Compares` protocol) — ``laminim compare`` and its one-page sheet; a system without them
makes the CLI say "compare is not available for <system>" (exit 2).

Optional: ``value_text(path, value, original)`` (the :class:`WritesValues` protocol) — how a
value that changed is written when a file is saved (e.g. a map row padded to the player's
columns); without it the saver's YAML writer spells it.

Team objects are the system's own; the shell only passes them back. Every problem a system
reports is a :class:`builder.core.problems.Problem` located with a :class:`Locator`.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from builder.core.i18n import Lang
from builder.core.problems import Problem
from builder.core.source import Located

if TYPE_CHECKING:
    from builder.tui.shell import SystemUI


DEFAULT_ROUNDS = 6
"""Rounds analysed when none are asked for: a game lasts six rounds (RULES §1.5)."""


@dataclass
class TeamRead:
    """A file as read by a system: its team (None when unusable), the source and problems.

    ``team`` is the system's own model; items with schema problems are left out and reported, so
    one ``laminim check`` lists every mistake.
    """

    team: Any
    source: Located | None
    problems: list[Problem] = field(default_factory=list)


class Report(Protocol):
    """Legality of a team: every finding, an exit code, the documented JSON and a text table."""

    @property
    def problems(self) -> list[Problem]: ...

    @property
    def exit_code(self) -> int: ...

    def to_json(self) -> dict[str, Any]: ...

    def text(self) -> str: ...


@dataclass(frozen=True)
class AnalyzeOptions:
    """``laminim analyze`` options common to every system (DESIGN.md)."""

    unit: str | None = None
    threat: str | None = None
    rounds: int = DEFAULT_ROUNDS
    intercept: str | None = None
    """``--intercept SLOT[:BONUS]`` (LAMINIM, RULES D19); a system without it ignores it."""
    exact: bool = False
    """``--exact``: refuse a survival job beyond the exact budget instead of sampling it."""


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
    """``laminim cards`` options (and the TUI's print dialog)."""

    paper: str = "a4"
    lang: Lang = "en"
    card_size: str = "poker"


@dataclass(frozen=True)
class Printout:
    """One PDF to write: ``<team>-<kind>.pdf`` from a template and its plain-data context."""

    kind: str
    template: str
    context: dict[str, Any]


@dataclass(frozen=True)
class Command:
    """A sub-command a system adds to ``laminim`` (e.g. ``odds``, ``reach``, ``optimize``)."""

    name: str
    help: str
    configure: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace], int]


COMPARE_MIN, COMPARE_MAX = 2, 4
"""``laminim compare`` puts two to four units side by side (DESIGN.md)."""


@dataclass(frozen=True)
class CompareEntry:
    """One ``FILE[:UNIT]`` argument of ``laminim compare``: the file as read, the unit asked
    for (None: every unit of the file) and the file's name as typed (for messages)."""

    read: TeamRead
    unit: str | None
    label: str


@dataclass(frozen=True)
class CompareOptions:
    """``laminim compare`` options common to every system that compares."""

    threat: str | None = None
    rounds: int = DEFAULT_ROUNDS
    intercept: str | None = None
    exact: bool = False  # ``--exact``: refuse beyond the exact budget instead of sampling


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


YamlPath = tuple[str | int, ...]
"""Where a value sits in a file: mapping keys and list indexes from the top (``("map", 3)``)."""


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


ANALYZE_OPTIONS = ("unit", "threat", "rounds", "intercept")
"""The fields of :class:`AnalyzeOptions`, as ``--unit``, ``--threat`` … on the command line."""


class GameSystem(Protocol):
    """The protocol every game system implements (see the module docstring)."""

    id: str
    name: str
    name_ja: str
    analyze_options: tuple[str, ...]
    """Which of ``analyze``'s options this game uses, of ``ANALYZE_OPTIONS``; the CLI refuses
    the others (exit 2) rather than ignore them, and its ``--help`` names the games per option."""

    @property
    def card_sizes(self) -> Sequence[str]:
        """Card sizes ``cards --card-size`` accepts (the first is the default)."""
        ...

    def demo_file(self) -> Path:
        """The bundled example file the TUI opens when given none."""
        ...

    def load_catalog(self, directory: Path | None = None) -> Any: ...

    def read_team(self, source: Located) -> TeamRead: ...

    def check(self, read: TeamRead, catalog: Any) -> Report: ...

    def describe_catalog(self, catalog: Any) -> Output: ...

    def analyze(self, read: TeamRead, catalog: Any, options: AnalyzeOptions) -> Output: ...

    def printouts(self, team: Any, catalog: Any, options: PrintOptions) -> list[Printout]: ...

    def tui(self) -> SystemUI:
        """The screens, styles, help and labels the TUI shell shows for this system."""
        ...

    def commands(self) -> list[Command]: ...

    def dump_team(self, team: Any) -> dict[str, Any]:
        """The team as plain data in file order, for saving (comments are kept by the saver)."""
        ...
