"""The open document: the file, its game, its catalog, its team, its problems, its undo history.

The app owns one :class:`Document` and is the only place that changes it: an edit a screen asks
for (:class:`builder.tui.messages.Edit`) becomes a new team here, recorded for undo; the unsaved
marker is "the team differs from the one last saved", so undoing back to it clears the marker.
Screens never see the document itself, only a frozen :class:`DocView` of it that the app hands
down as an attribute after every change.

No Textual here (the screens' kit is :mod:`builder.tui.screen`): the document is plain Python,
tested and benchmarked without a terminal.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from builder.core.i18n import Lang, Pair
from builder.core.input_files import read_input
from builder.core.problems import InputError, Problem, errors_of, warnings_of
from builder.core.source import decode_utf8

if TYPE_CHECKING:
    from builder.systems import AnySystem

T = TypeVar("T")
TeamT = TypeVar("TeamT")
CatalogT = TypeVar("CatalogT")


@dataclass(frozen=True)
class Step(Generic[T]):
    """One state of the history: the value, what made it (for "Undone: …") and its serial."""

    value: T
    label: Pair
    serial: int


class History(Generic[T]):
    """Undo and redo of whole values, as deep as the session.

    Values are immutable snapshots (a team is never changed in place), so a step is just the
    value after it; every state has a serial number, which is how the document knows whether
    it is back at the state it last saved."""

    def __init__(self, value: T) -> None:
        self._past: list[Step[T]] = []
        self._future: list[Step[T]] = []
        self._present = Step(value, ("", ""), 0)
        self._serials = 0

    @property
    def present(self) -> T:
        return self._present.value

    @property
    def serial(self) -> int:
        return self._present.serial

    @property
    def can_undo(self) -> bool:
        return bool(self._past)

    @property
    def can_redo(self) -> bool:
        return bool(self._future)

    def record(self, value: T, label: Pair) -> None:
        """``value`` becomes the present; what was undone before can no longer be redone."""
        self._serials += 1
        self._past.append(self._present)
        self._present = Step(value, label, self._serials)
        self._future.clear()

    def undo(self) -> Pair | None:
        """Back one step; the label of the step undone (None when there is none)."""
        if not self._past:
            return None
        undone = self._present
        self._future.append(undone)
        self._present = self._past.pop()
        return undone.label

    def redo(self) -> Pair | None:
        """Forward one step; the label of the step redone (None when there is none)."""
        if not self._future:
            return None
        self._past.append(self._present)
        self._present = self._future.pop()
        return self._present.label


@dataclass(frozen=True)
class DocView(Generic[TeamT, CatalogT]):
    """What a screen shows of the document: handed down by the app after every change.

    ``revision`` grows with every change (an edit, an undo, a redo, a new check), ``generation``
    with every file opened or reloaded: a screen that keeps marks or a cursor by item name
    drops them when the generation changes."""

    team: TeamT
    catalog: CatalogT
    problems: tuple[Problem, ...]
    lang: Lang
    path: Path | None
    dirty: bool = False
    locked: bool = False
    """Edits are refused: saving would lose what the editor could not read (see
    :func:`lost_paths`); the problems screen says what to fix in a text editor."""
    checking: bool = False
    """The problems are being worked out again after a change (they are the last ones)."""
    revision: int = 0
    generation: int = 0

    def problems_at(self, prefix: str) -> list[Problem]:
        """The problems of the field ``prefix`` and inside it (``units[1]`` holds
        ``units[1].weapons[0]``), in order."""
        return [p for p in self.problems if within(p.field, prefix)]


def within(field_name: str, prefix: str) -> bool:
    """Whether the problem field ``field_name`` is ``prefix`` or inside it."""
    return field_name == prefix or field_name.startswith((prefix + ".", prefix + "["))


def in_check_order(problems: Sequence[Problem]) -> tuple[Problem, ...]:
    """Problems as ``laminim check --json`` lists them: the errors in the report's (file)
    order, then the warnings."""
    return (*errors_of(problems), *warnings_of(problems))


class Document(Generic[TeamT, CatalogT]):
    """An open file of a game: where it lives, what it held, the team and its history.

    ``original`` is the file's text as opened or last saved: the saver edits it to keep the
    player's comments, and the problems of a changed team are those of the text a save would
    write (so each has the line and column it will have in the file).
    """

    def __init__(
        self,
        system: AnySystem,
        catalog: CatalogT,
        team: TeamT,
        *,
        path: Path | None,
        original: str | None,
        catalog_dir: Path | None = None,
        problems: Sequence[Problem] = (),
        locked: bool = False,
        generation: int = 0,
    ) -> None:
        self.system = system
        self.catalog = catalog
        self.catalog_dir = catalog_dir
        """The ``--catalog`` folder (None: the game's bundled one); a save pins the file to it."""
        self.path = path
        """Where Save writes; None for the bundled demo file (Save asks for a path then)."""
        self.original = original
        self.history: History[TeamT] = History(team)
        self.problems = in_check_order(problems)
        self.problems_serial = 0
        """The history serial the problems were worked out for."""
        self.locked = locked
        self.generation = generation
        self.revision = 0
        self._saved_serial = 0
        self._saved_data = _dump(system, team)

    @property
    def team(self) -> TeamT:
        return self.history.present

    @property
    def checking(self) -> bool:
        return self.problems_serial != self.history.serial

    @property
    def dirty(self) -> bool:
        """The team differs from the one last saved (or opened)."""
        if self.history.serial == self._saved_serial:
            return False
        return _dump(self.system, self.team) != self._saved_data

    def apply(self, team: TeamT, label: Pair) -> bool:
        """Record ``team`` as the next state (False, and nothing recorded, when it is the same
        team: an edit that changed nothing is not a step to undo)."""
        if team is self.team or _dump(self.system, team) == _dump(self.system, self.team):
            return False
        self.history.record(team, label)
        self.revision += 1
        return True

    def undo(self) -> Pair | None:
        label = self.history.undo()
        if label is not None:
            self.revision += 1
        return label

    def redo(self) -> Pair | None:
        label = self.history.redo()
        if label is not None:
            self.revision += 1
        return label

    def mark_saved(self, path: Path, original: str) -> None:
        """The team was written to ``path`` as ``original``: that is now the saved state."""
        self.path = path
        self.original = original
        self._saved_serial = self.history.serial
        self._saved_data = _dump(self.system, self.team)
        self.revision += 1

    def set_problems(self, serial: int, problems: Sequence[Problem]) -> bool:
        """The problems worked out for the state ``serial`` (False when the team has changed
        since: a newer check is on its way)."""
        if serial != self.history.serial:
            return False
        self.problems = in_check_order(problems)
        self.problems_serial = serial
        self.revision += 1
        return True

    def view(self, lang: Lang) -> DocView[TeamT, CatalogT]:
        return DocView(
            self.team,
            self.catalog,
            self.problems,
            lang,
            self.path,
            dirty=self.dirty,
            locked=self.locked,
            checking=self.checking,
            revision=self.revision,
            generation=self.generation,
        )

    def save_text(self, team: TeamT | None = None) -> str:
        """The text a save of ``team`` (default: the present one) writes, comments kept."""
        from builder.roster.team_file import team_text

        chosen: Any = team if team is not None else self.team
        return team_text(self.system, chosen, self.original)


def _dump(system: AnySystem, team: Any) -> Any:
    return system.dump_team(team)


# --- opening a file --------------------------------------------------------------------------


@dataclass
class Unreadable:
    """A file the editor cannot show at all (a YAML syntax error, no known game, a value of
    the wrong type where the whole file depends on it): its problems, to fix in a text editor."""

    path: Path
    system: AnySystem
    """The game it was opened as (the file's own when it names one, else the current one)."""
    problems: tuple[Problem, ...]
    generation: int = 0


@dataclass
class Opened:
    """What :func:`open_file` found: a document, or the file's problems."""

    document: Document[Any, Any] | None = None
    unreadable: Unreadable | None = None
    lost: list[str] = field(default_factory=list)
    """Where saving would drop what the editor could not read (the document is then locked)."""


def open_file(
    path: Path,
    *,
    fallback: AnySystem,
    expected: str | None = None,
    catalog_dir: Path | None = None,
    generation: int = 0,
    load_catalog: Callable[[AnySystem, Path | None], Any] | None = None,
) -> Opened:
    """Read ``path`` as a document of its game (``expected`` when given) with every problem
    ``laminim check`` reports, never raising for what the file holds.

    ``fallback`` is the game named by an :class:`Unreadable` when the file names none.
    ``load_catalog`` loads a game's catalog (default: the game's cached ``load_catalog``).
    """
    from builder.roster.team_file import read_team

    system, read = read_team(path, expected)
    if system is None or read.team is None:
        return Opened(
            unreadable=Unreadable(path, system or fallback, tuple(read.problems), generation)
        )
    try:
        catalog = (load_catalog or _load)(system, catalog_dir)
    except InputError as exc:
        return Opened(unreadable=Unreadable(path, system, tuple(exc.problems), generation))
    try:
        original = decode_utf8(read_input(path), str(path))
    except InputError as exc:  # gone or changed into something else since it was read
        return Opened(unreadable=Unreadable(path, system, tuple(exc.problems), generation))
    problems = list(system.check(read, catalog).problems)
    if read.source is not None and read.source.mended:  # read only with its slips mended:
        return Opened(unreadable=Unreadable(path, system, tuple(problems), generation))  # told
    # a file read without a problem of its own had nothing left out: no save to try here (it
    # would load the comment-keeping saver before the first screen)
    lost = unsaved_parts(system, read.team, original) if read.problems else []
    document: Document[Any, Any] = Document(
        system,
        catalog,
        read.team,
        path=path,
        original=original,
        catalog_dir=catalog_dir,
        problems=problems,
        locked=bool(lost),
        generation=generation,
    )
    document.problems_serial = document.history.serial
    return Opened(document=document, lost=lost)


def _load(system: AnySystem, folder: Path | None) -> Any:
    return system.load_catalog(folder)


def unsaved_parts(system: AnySystem, team: Any, original: str) -> list[str]:
    """Where a save of ``team`` over ``original`` would change what the file says although the
    player changed nothing: the parts the game's reader left out (an item with a broken
    field) or could not hold. Empty for a file the editor can take whole."""
    import yaml

    from builder.core.problems import field_path

    try:
        before = yaml.safe_load(original)
        after = yaml.safe_load(system_text(system, team, original))
    except Exception:  # the saver cannot write it back at all: everything is at stake
        return [""]
    return [field_path(p) for p in lost_paths(before, after)]


def system_text(system: AnySystem, team: Any, original: str | None) -> str:
    from builder.roster.team_file import team_text

    return team_text(system, team, original)


def lost_paths(
    before: Any, after: Any, at: tuple[str | int, ...] = ()
) -> list[tuple[str | int, ...]]:
    """The paths of ``before`` (a file's plain data) whose value ``after`` (the data a save
    would write) does not keep. A key ``after`` leaves out is kept by the saver, so it is not
    lost; a list of another length, a value of another type or another value is."""
    if isinstance(before, dict):
        if not isinstance(after, dict):
            return [at]
        out: list[tuple[str | int, ...]] = []
        for key, value in before.items():
            if key in after:
                out += lost_paths(value, after[key], (*at, key))
        return out
    if isinstance(before, list):
        if not isinstance(after, list):
            return [at]
        if len(before) == len(after):
            found: list[tuple[str | int, ...]] = []
            for i, (old, new) in enumerate(zip(before, after, strict=True)):
                found += lost_paths(old, new, (*at, i))
            return found
        return _lost_items(before, after, at)
    if isinstance(before, bool) or isinstance(after, bool):
        return [] if before is after else [at]
    if isinstance(before, int | float) and isinstance(after, int | float):
        return [] if before == after else [at]
    return [] if before == after else [at]


def _lost_items(
    before: list[Any], after: list[Any], at: tuple[str | int, ...]
) -> list[tuple[str | int, ...]]:
    """A list the save writes shorter or longer: each item of ``before`` found again in
    ``after`` by its ``name`` (in order) is compared with it; the others are lost, each at its
    own index (the reader left out an item with a broken field). A list without names is lost
    whole."""
    if not all(isinstance(x, dict) for x in (*before, *after)):
        return [at]
    found: list[tuple[str | int, ...]] = []
    rest = list(enumerate(after))
    for i, old in enumerate(before):
        match = next(
            (k for k, (_, new) in enumerate(rest) if new.get("name") == old.get("name")), None
        )
        if match is None or "name" not in old:
            found.append((*at, i))
            continue
        _, new = rest.pop(match)
        found += lost_paths(old, new, (*at, i))
    return found


def check_text(system: AnySystem, catalog: Any, text: str, name: str) -> list[Problem]:
    """The problems ``laminim check`` would report for a file holding ``text`` (named
    ``name`` in each problem's ``file:line:col``)."""
    from builder.roster.team_file import read_text

    found, read = read_text(text, name, expected=system.id)
    if found is None or read.team is None:
        return list(read.problems)
    return list(found.check(read, catalog).problems)
