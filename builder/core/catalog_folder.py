"""Reading a catalog folder: several YAML files merged into one mapping, each key remembering
the file it came from, so a problem found after merging is still reported at its file and line.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from builder.core.input_files import CATALOG_FILE_CAP, check_folder
from builder.core.messages import Message
from builder.core.problems import CORE, InputError, Loc, Problem, ReadingProblems, Severity
from builder.core.source import Located, read_yaml
from builder.core.validation import validation_errors

M = TypeVar("M", bound=BaseModel)
C = TypeVar("C")

CATALOG_INFO = "catalog.yaml"
IDENTITY_KEYS = ("version", "renamed")
"""Keys of ``catalog.yaml`` that say which version a catalog is and which ids it renamed
(``builder.catalogs.identity`` reads them; a game's catalog model never sees them)."""


@dataclass
class CatalogFolder:
    """The merged top-level keys of a catalog folder's files and which file gave each."""

    root: Path
    data: dict[str, Any] = field(default_factory=dict)
    owner: dict[str, Located] = field(default_factory=dict)
    early: list[Problem] = field(default_factory=list)
    """Problems of single values found while reading the files (a bad tag, a key twice): the
    rest was read, and :meth:`validate` and :meth:`refuse` report them with what they find."""

    def problem(self, loc: Loc, message: Message, severity: Severity = "bad-input") -> Problem:
        """A problem at ``loc`` of the merged data, placed in the file that gave ``loc[0]``."""
        src = self.owner.get(str(loc[0])) if loc else None
        if src is None:
            src = self.owner.get("system") or next(iter(self.owner.values()))
        return src.problem(loc, message, severity)

    def validate(self, model: type[M], context: dict[str, Any] | None = None) -> M:
        """The merged data as ``model``; InputError with every problem at its file and line."""
        try:
            return model.model_validate(self.data, context=context)
        except ValidationError as exc:
            problems = [
                self.problem(loc, message)
                for loc, message in validation_errors(exc, self.data, model)
            ]
            raise InputError(self._with_early(problems)) from None

    def refuse(self, findings: Iterable[tuple[Loc, Message] | Problem]) -> None:
        """InputError with every ``(loc, message)`` of a cross check at its file and line (and
        what reading found), when there is one: a catalog is all good or refused with all its
        problems. A game calls it once its checks are done, with no findings if it has none."""
        problems = [f if isinstance(f, Problem) else self.problem(*f) for f in findings]
        if problems or self.early:
            raise InputError(self._with_early(problems))

    def _with_early(self, problems: list[Problem]) -> list[Problem]:
        if not self.early:
            return problems
        places = {(p.file, p.line, p.col) for p in self.early}
        rest = [p for p in problems if (p.file, p.line, p.col) not in places]
        return sorted([*self.early, *rest], key=lambda p: (p.file, p.line or 0, p.col or 0))


def catalog_key(root: Path) -> Path:
    """The folder's resolved path, a catalog cache's key; InputError when ``root`` is no
    folder we can reach (a symlink loop is reported, never followed)."""
    check_folder(root, what="catalog folder")
    return root.resolve()


def read_catalog_folder(
    root: Path, files: tuple[str, ...], optional: tuple[str, ...] = ()
) -> CatalogFolder:
    """Read ``files`` of ``root`` (those in ``optional`` may be missing) and merge them.

    A key given by two files, a missing file or a file that is not a mapping is a problem; all
    of them are raised at once as an InputError.
    """
    check_folder(root, what="catalog folder")
    folder = CatalogFolder(root)
    problems: list[Problem] = []
    for name in files:
        path = root / name
        if not os.path.lexists(path):  # a dangling or looping link is read, and says so
            if name not in optional:
                problems.append(Problem(str(path), None, None, "", CORE("catalog-file-missing")))
            continue
        try:
            src = read_yaml(path, cap=CATALOG_FILE_CAP)
        except ReadingProblems as exc:  # the rest of the file is read and checked too
            src = exc.partial
            folder.early.extend(exc.problems)
        except InputError as exc:
            problems.extend(exc.problems)
            continue
        if not isinstance(src.data, dict):
            problems.append(src.problem((), CORE("catalog-not-mapping")))
            continue
        if name == CATALOG_INFO:  # the catalog's identity (builder.catalogs reads it) is
            problems.extend(identity_problems(src))  # checked by every command all the same
        for key in src.data:
            if name == CATALOG_INFO and key in IDENTITY_KEYS:
                continue  # the catalog's identity, read by builder.catalogs, not by a game
            if key in folder.owner:
                problems.append(
                    src.problem((key,), CORE("catalog-key-twice", file=folder.owner[key].file))
                )
                continue
            folder.owner[key] = src
            folder.data[key] = src.data[key]
    if problems:
        raise InputError(folder._with_early(problems))
    return folder


def identity_problems(src: Located) -> list[Problem]:
    """The problems of ``catalog.yaml``'s ``version:`` and ``renamed:`` (see
    :func:`renamed_map`): a catalog with a bad one is bad input for every command, not only
    for those that compare versions."""
    problems: list[Problem] = []
    data = src.data if isinstance(src.data, dict) else {}
    if "version" in data and not is_version(data["version"]):
        problems.append(src.problem(("version",), CORE("version-bad")))
    renamed_map(src, data.get("renamed"), problems)
    return problems


def is_version(value: object) -> bool:
    """A catalog's ``version:``: a whole number or a short text."""
    if isinstance(value, bool):
        return False
    return isinstance(value, int) or (isinstance(value, str) and 0 < len(value) <= 40)


def renamed_map(src: Located, value: object, problems: list[Problem]) -> dict[str, str]:
    """``renamed: {old: new, ...}`` checked: ids are texts, no id renamed to itself, no chain
    (and so no cycle: ``a: b, b: a`` is two chains); the problems go to ``problems``."""
    if value is None:
        return {}
    if not isinstance(value, dict):
        problems.append(src.problem(("renamed",), CORE("renamed-not-mapping")))
        return {}
    out: dict[str, str] = {}
    for old, new in value.items():
        at = ("renamed", old)
        if not isinstance(old, str) or not isinstance(new, str) or not new:
            problems.append(src.problem(at, CORE("renamed-not-texts")))
        elif old == new:
            problems.append(src.problem(at, CORE("renamed-to-itself", old=old)))
        else:
            out[old] = new
    for old, new in out.items():
        if new not in out:
            continue
        way = [old, new]
        while way[-1] in out and way[-1] != old and len(way) <= len(out) + 1:
            way.append(out[way[-1]])
        if way[-1] == old:  # round and back: no id would be the last one
            message = CORE("renamed-cycle", old=old, way=" → ".join(way))
        else:
            message = CORE("renamed-chain", old=old, new=new)
        problems.append(src.problem(("renamed", old), message))
    return out
