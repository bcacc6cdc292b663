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
from builder.core.problems import CORE, InputError, Loc, Problem, Severity
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
            raise InputError(problems) from None

    def refuse(self, findings: Iterable[tuple[Loc, Message]]) -> None:
        """InputError with every ``(loc, message)`` of a cross check at its file and line, when
        there is one (a catalog is all good or refused with all its problems)."""
        problems = [self.problem(loc, message) for loc, message in findings]
        if problems:
            raise InputError(problems)


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
        except InputError as exc:
            problems.extend(exc.problems)
            continue
        if not isinstance(src.data, dict):
            problems.append(src.problem((), CORE("catalog-not-mapping")))
            continue
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
        raise InputError(problems)
    return folder
