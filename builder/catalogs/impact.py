"""What a catalog change does to one file: legal before and after, the file's own parts that
changed, the numbers that moved, and the ids the new catalog renamed.

Generic: the game says (through :class:`builder.systems.TracksCatalog`) which catalog ids a
file names and where, and which numbers a player reads; this module compares.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from builder.catalogs.identity import CatalogIdentity, read_identity
from builder.catalogs.words import MESSAGES
from builder.core.i18n import Pair
from builder.core.input_files import read_input
from builder.core.messages import EMPTY
from builder.core.problems import InputError, Problem, errors_of
from builder.core.resources import bundled_catalog_dir
from builder.systems import AnySystem, PartUse, TeamModel, TeamRead, TracksCatalog

if TYPE_CHECKING:  # a check of a file whose catalog renamed nothing never compares catalogs
    from builder.catalogs.diff import CatalogDiff

EXIT_OK, EXIT_ILLEGAL, EXIT_BAD_INPUT = 0, 1, 2


@runtime_checkable
class _HasCatalogDir(Protocol):
    def catalog_dir(self) -> Path: ...


def catalog_folder(system: AnySystem, directory: Path | None) -> Path:
    """The folder of the catalog in use: ``--catalog DIR`` or the game's own (bundled) one."""
    if directory is not None:
        return Path(directory)
    if isinstance(system, _HasCatalogDir):  # the kit's Game says where its catalog is
        return system.catalog_dir()
    return bundled_catalog_dir(system.id)


def identity_of(system: AnySystem, folder: Path) -> CatalogIdentity:
    files = system.catalog_files() if isinstance(system, TracksCatalog) else None
    return read_identity(folder, files)


def collections_of(system: AnySystem) -> tuple[str, ...]:
    return system.catalog_collections() if isinstance(system, TracksCatalog) else ()


def uses_of(system: AnySystem, data: Any) -> list[PartUse]:
    return system.part_uses(data) if isinstance(system, TracksCatalog) else []


@dataclass(frozen=True)
class _Item:
    id: str
    name: str
    name_ja: str


def by_id(uses: list[PartUse], identity: CatalogIdentity) -> list[PartUse]:
    """``uses`` with each part the file names by its English or Japanese name given by the id
    that name has in the catalog ``identity`` (builder/core/names.py); ids stay as they are."""
    from dataclasses import replace

    from builder.catalogs.diff import items_by_id, merged
    from builder.core.names import Names

    catalog = merged(identity)
    indexes: dict[str, Names[_Item]] = {}
    out = []
    for use in uses:
        if use.collection not in indexes:
            items = items_by_id(catalog.get(use.collection, ("", None))[1]).values()
            indexes[use.collection] = Names(
                _Item(i["id"], str(i.get("name", "")), str(i.get("name_ja", ""))) for i in items
            )
        out.append(replace(use, id=indexes[use.collection].id_of(use.id)))
    return out


@dataclass(frozen=True)
class Moved:
    """A headline number of the file that an update moved (None: not computed on that side)."""

    label: str
    before: float | None
    after: float | None

    @property
    def delta(self) -> float:
        if self.before is None or self.after is None:
            return math.inf
        return self.after - self.before

    @property
    def relative(self) -> float:
        """The move as a share of the old value (how much it moved, whatever its unit)."""
        if self.before is None or self.after is None:
            return math.inf
        return abs(self.delta) / max(abs(self.before), 1e-9)

    def to_json(self) -> dict[str, Any]:
        delta = None if math.isinf(self.delta) else self.delta
        return {"label": self.label, "before": self.before, "after": self.after, "delta": delta}


def moved_numbers(before: dict[str, float], after: dict[str, float]) -> list[Moved]:
    """The headlines that differ, the largest relative move first (one missing on a side
    first of all): a survival odds falling from 0.5 to 0.2 outranks a damage of 38 → 40."""
    out = []
    for label in [*before, *(k for k in after if k not in before)]:
        a, b = before.get(label), after.get(label)
        if a is None or b is None or abs(a - b) > 1e-12 * max(1.0, abs(a), abs(b)):
            out.append(Moved(label, a, b))
    return sorted(out, key=lambda m: -m.relative)


def judge(system: AnySystem, read: TeamRead[TeamModel], catalog: Any) -> tuple[int, list[Problem]]:
    """The exit code of ``check`` and its errors (an unusable file: 2 and why)."""
    try:
        report = system.check(read, catalog)
    except InputError as exc:
        return EXIT_BAD_INPUT, exc.problems
    return report.exit_code, errors_of(report.problems)


def same_problem(a: Problem, b: Problem) -> bool:
    return (a.line, a.col, a.field, a.message) == (b.line, b.col, b.field, b.message)


def new_errors(before: list[Problem], after: list[Problem]) -> list[Problem]:
    """Errors of ``after`` that ``before`` did not have."""
    return [p for p in after if not any(same_problem(p, q) for q in before)]


def rename_notes(
    system: AnySystem, read: TeamRead[TeamModel], identity: CatalogIdentity
) -> list[Problem]:
    """For each id the file names that the catalog renamed (and no longer has): the error at
    its place, with the new id, the version that renamed it and the command that rewrites it
    (it stands for the game's "unknown id" there: see :func:`with_renames`)."""
    if not identity.renamed or read.source is None:
        return []
    from builder.catalogs.diff import items_by_id, merged

    catalog = merged(identity)
    out = []
    for use in uses_of(system, read.source.data):
        new = identity.renamed.get(use.id)
        if new is None or use.id in items_by_id(catalog.get(use.collection, ("", None))[1]):
            continue
        v = identity.version
        version = MESSAGES("in-version", version=v) if v is not None else EMPTY
        message = MESSAGES(
            "id-renamed", old=use.id, new=new, version=version, file=read.source.file
        )
        out.append(read.source.problem(use.path, message, "bad-input"))
    return out


def with_renames(problems: list[Problem], renames: list[Problem]) -> list[Problem]:
    """``problems`` with each error at the place of a renamed id (the game's "unknown
    weapon 'blade'") replaced by the rename's own error: one problem per mistake."""
    if not renames:
        return problems
    by_place = {_place(r): r for r in renames}
    out: list[Problem] = []
    for problem in problems:
        rename = by_place.pop(_place(problem), None) if problem.severity != "warning" else None
        out.append(rename if rename is not None else problem)
    return out + list(by_place.values())


def _place(problem: Problem) -> tuple[str, int | None, int | None]:
    return (problem.file, problem.line, problem.col)


@dataclass
class FileImpact:
    """One file across a catalog change (``catalog diff OLD NEW FILE``)."""

    file: str
    before: int
    after: int
    reasons: list[Problem] = field(default_factory=list)
    """Every error against the new catalog."""
    new_errors: list[Problem] = field(default_factory=list)
    renames: list[Problem] = field(default_factory=list)
    parts_changed: list[tuple[PartUse, Pair]] = field(default_factory=list)
    """Each changed part the file uses: its use and the change in English and Japanese."""
    moved: list[Moved] = field(default_factory=list)
    unreadable: bool = False
    """The file itself cannot be read (bad input whatever the catalog)."""
    after_migrate: int | None = None
    """``check``'s exit code once ``laminim migrate`` has rewritten its renamed ids (None: it
    names no renamed id); its numbers after are then those of the migrated file."""

    @property
    def broke(self) -> bool:
        return self.before == EXIT_OK and self.after != EXIT_OK

    def to_json(self) -> dict[str, Any]:
        return {
            "file": self.file,
            "legal_before": self.before == EXIT_OK,
            "legal_after": self.after == EXIT_OK,
            "exit_before": self.before,
            "exit_after": self.after,
            "reasons": [p.to_json() for p in self.reasons],
            "new_errors": [p.to_json() for p in self.new_errors],
            "renames": [p.to_json() for p in self.renames],
            "parts_changed": [
                {"collection": u.collection, "id": u.id, "change": line[0]}
                for u, line in self.parts_changed
            ],
            "moved": [m.to_json() for m in self.moved],
            "after_migrate": None if self.after_migrate is None else self.after_migrate == EXIT_OK,
        }


def own_changes(
    diff: CatalogDiff, uses: list[PartUse], renamed: Mapping[str, str] | None = None
) -> list[tuple[PartUse, Pair]]:
    """Each changed part the file uses, once (at its first use), in file order, with what
    changed in English and in Japanese; an id in ``renamed`` (the file's renamed ids, each
    told once by its own error) is left out."""
    out: list[tuple[PartUse, Pair]] = []
    seen: set[tuple[str, str]] = set()
    for use in uses:
        key = (use.collection, use.id)
        if key in seen or (renamed is not None and use.id in renamed):
            continue
        seen.add(key)
        line = diff.about(use.collection, use.id)
        if line is not None:
            out.append((use, (line, diff.about(use.collection, use.id, "ja") or line)))
    return out


def headlines(system: AnySystem, read: TeamRead[TeamModel], catalog: Any) -> dict[str, float]:
    if not isinstance(system, TracksCatalog):
        return {}
    try:
        return system.headlines(read, catalog)
    except InputError:
        return {}


def file_impact(
    system: AnySystem,
    path: Path,
    diff: CatalogDiff,
    old_catalog: Any,
    new_catalog: Any,
) -> FileImpact:
    """What the change from ``old_catalog`` to ``new_catalog`` does to the file at ``path``."""
    from builder.roster.team_file import read_team

    other = other_game(path, system)
    if other is not None:
        return FileImpact(str(path), EXIT_BAD_INPUT, EXIT_BAD_INPUT, [other], unreadable=True)
    found, read = read_team(path, expected=system.id)
    if found is None or read.team is None:
        problems = errors_of(read.problems)
        return FileImpact(str(path), EXIT_BAD_INPUT, EXIT_BAD_INPUT, problems, unreadable=True)
    before, errors_before = judge(system, read, old_catalog)
    after, errors_after = judge(system, read, new_catalog)
    uses = uses_of(system, read.source.data if read.source is not None else None)
    renames = rename_notes(system, read, diff.new)
    errors_after = with_renames(errors_after, renames)  # a renamed id: one reason, not two
    migrated = _migrated(system, path, uses, diff.new) if renames else None
    scored = migrated if migrated is not None else read
    return FileImpact(
        file=str(path),
        before=before,
        after=after,
        reasons=errors_after,
        new_errors=new_errors(errors_before, errors_after),
        renames=renames,
        parts_changed=own_changes(diff, by_id(uses, diff.old), renamed=diff.new.renamed),
        moved=moved_numbers(
            headlines(system, read, old_catalog), headlines(system, scored, new_catalog)
        ),
        after_migrate=judge(system, migrated, new_catalog)[0] if migrated is not None else None,
    )


def other_game(path: Path, system: AnySystem) -> Problem | None:
    """The problem of a file whose ``system:`` names another installed game than ``system``'s
    (read as this game, its every field would be "unknown"); None for any other file."""
    from builder import systems
    from builder.core.problems import ReadingProblems
    from builder.core.source import Located, read_yaml

    src: Located | None
    try:
        src = read_yaml(path)
    except ReadingProblems as exc:
        src = exc.partial
    except InputError:
        src = None
    data = src.data if src is not None else None
    sid = data.get("system") if isinstance(data, dict) else None
    if not isinstance(sid, str) or sid == system.id or sid not in systems.INSTALLED:
        return None
    assert src is not None
    found = systems.get(sid)
    message = MESSAGES(
        "other-game-file",
        found=(found.name, found.name_ja),
        system=(system.name, system.name_ja),
    )
    return src.problem(("system",), message)


def _migrated(
    system: AnySystem, path: Path, uses: list[PartUse], identity: CatalogIdentity
) -> TeamRead[TeamModel] | None:
    """The file as ``laminim migrate`` would leave it, read (None if that cannot be done):
    the numbers of a file whose ids were renamed are those of its migrated self."""
    from builder.catalogs.migrate import migrate_text
    from builder.catalogs.pin import without_pin
    from builder.core.source import parse_yaml

    try:
        text = migrate_text(read_input(path).decode("utf-8"), uses, identity).text
        read = system.read_team(without_pin(parse_yaml(text, str(path))))
    except (OSError, UnicodeDecodeError, ValueError, InputError):
        return None
    return read if read.team is not None else None
