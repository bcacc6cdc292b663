"""A catalog's identity: its name, the designer's ``version:`` and a digest of its content.

Core, not ``builder.catalogs``: a game's printouts name the catalog they were made with (the
roster sheet's catalog line), and the kit that builds them sits below the catalog commands.

Why a digest beside the version: homebrew catalogs change between versions too (a weight tuned,
a typo fixed), and a player must learn that the numbers under a saved team moved. The digest is
taken over the *parsed* YAML of every catalog file, normalised (mapping keys sorted, integral
floats as integers), so comments, key order, quoting and layout do not change it and any value,
id or name does.
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

import yaml

from builder.core.catalog_cache import cached_read
from builder.core.catalog_folder import CATALOG_INFO, is_version, renamed_map
from builder.core.i18n import Labels, Pair
from builder.core.input_files import CATALOG_FILE_CAP, read_input
from builder.core.problems import CORE, InputError, Problem
from builder.core.source import Located, read_yaml

DIGEST_CHARS = 12
"""Hex digits of SHA-256 kept: short enough to read aloud, far from colliding in practice."""

INFO_FILE = CATALOG_INFO

Version = int | str | None

LABELS = Labels.load(__file__, "catalog_identity_labels.yaml")


def identity_label(name: str | Pair, version: Version, digest: str) -> Pair:
    """``Name, version 2 (digest 1a2b…)``: a catalog as ``catalog diff`` and ``migrate`` name it."""
    said = _both("comma-version", version=version) if version is not None else ("", "")
    return _both("catalog-label", name=name, version=said, digest=digest)


def _both(key: str, **params: object) -> Pair:
    return (LABELS.t(key, "en", **params), LABELS.t(key, "ja", **params))


@dataclass(frozen=True)
class CatalogIdentity:
    """Who a catalog folder is: ``catalog.yaml``'s name, version and renames, and its digest."""

    folder: Path
    system: str | None
    name: str
    version: Version
    digest: str
    files: tuple[str, ...]
    """The catalog files found (those the digest covers), in the game's order."""
    renamed: Mapping[str, str] = field(default_factory=dict)
    """Old id -> new id (``renamed:`` of ``catalog.yaml``)."""
    docs: Mapping[str, Any] = field(default_factory=dict, compare=False, repr=False)
    """Each file's parsed data, by file name."""
    name_ja: str | None = None
    """``catalog.yaml``'s ``name_ja:``, the name Japanese prints and messages give."""

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "version": self.version, "digest": self.digest}

    def label(self) -> str:
        """``Test catalog, version 3 (digest 1a2b…)`` for messages, in English."""
        return self.said()[0]

    @property
    def names(self) -> tuple[str, str]:
        """The name in English and in Japanese (the English one when it has no ``name_ja``)."""
        return (self.name, self.name_ja or self.name)

    def said(self) -> tuple[str, str]:
        """The label in English and in Japanese (a message parameter)."""
        return identity_label(self.names, self.version, self.digest)


def canonical(data: Any) -> Any:
    """``data`` in a form whose JSON text is the same for equal catalogs (see module docstring).

    Mappings become sorted ``[key, value]`` pairs (YAML keys need not be strings), integral
    floats become integers (``3.0`` is the number ``3``), other floats keep their repr.
    """
    if isinstance(data, dict):
        pairs = [[canonical(k), canonical(v)] for k, v in data.items()]
        return {"map": sorted(pairs, key=lambda p: json.dumps(p[0], sort_keys=True))}
    if isinstance(data, list | tuple):
        return [canonical(x) for x in data]
    if isinstance(data, bool) or data is None or isinstance(data, str):
        return data
    if isinstance(data, int):
        return data
    if isinstance(data, float):
        if math.isfinite(data) and data.is_integer():
            return int(data)
        return {"float": repr(data)}
    return {"other": str(data)}


def digest_of(docs: Mapping[str, Any]) -> str:
    """The short content digest of a catalog's files (file name -> parsed data)."""
    text = json.dumps(canonical(dict(docs)), ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:DIGEST_CHARS]


def catalog_files(folder: Path, declared: Sequence[str] | None) -> tuple[str, ...]:
    """The files of ``folder`` that make the catalog: the game's list (those present), else
    every YAML file in it."""
    if declared is not None:
        return tuple(name for name in declared if (folder / name).is_file())
    return tuple(sorted(p.name for p in folder.iterdir() if p.suffix in (".yaml", ".yml")))


def read_identity(folder: Path, declared: Sequence[str] | None = None) -> CatalogIdentity:
    """The identity of the catalog in ``folder``; InputError for an unreadable file or a bad
    ``version:`` / ``renamed:`` (each problem at its line)."""
    folder = Path(folder)
    if not folder.is_dir():
        missing = CORE("file-not-found", what=CORE("what-catalog-folder"))
        raise InputError([Problem(str(folder), None, None, "", missing)])
    files = catalog_files(folder, declared)
    return cached_read(folder, files, READ_BY, CatalogIdentity, partial(_read, files=files))


READ_BY = (
    __name__,
    "builder.core.catalog_folder",
    "builder.core.source",
    "builder.core.input_files",
)
"""The modules whose code decides a folder's identity: a kept one
(:mod:`builder.core.catalog_cache`, ``check`` reads the identity every run) is read again when
one of them changes."""


def _read(folder: Path, files: tuple[str, ...]) -> CatalogIdentity:
    problems: list[Problem] = []
    docs: dict[str, Any] = {}
    info: Located | None = None
    for name in files:
        if name != INFO_FILE:
            fast = _fast_load(folder / name)
            if fast is not _FAILED:
                docs[name] = fast
                continue
        try:  # catalog.yaml, or a file the fast reader refused: read with positions
            src = read_yaml(folder / name)
        except InputError as exc:
            problems.extend(exc.problems)
            continue
        docs[name] = src.data
        if name == INFO_FILE:
            info = src
    if problems:
        raise InputError(problems)
    data = info.data if info is not None and isinstance(info.data, dict) else {}
    version = data.get("version")
    if info is not None and "version" in data and not is_version(version):
        problems.append(info.problem(("version",), CORE("version-bad")))
        version = None
    renamed = renamed_map(info, data.get("renamed"), problems) if info is not None else {}
    if problems:
        raise InputError(problems)
    title = data.get("name")
    title_ja = data.get("name_ja")
    system = data.get("system")
    return CatalogIdentity(
        folder=folder,
        system=system if isinstance(system, str) else None,
        name=title if isinstance(title, str) else folder.name,
        version=version if is_version(version) else None,
        digest=digest_of(docs),
        files=files,
        renamed=renamed,
        name_ja=title_ja if isinstance(title_ja, str) and title_ja.strip() else None,
        docs=docs,
    )


_FAILED = object()
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def _fast_load(path: Path) -> Any:
    """A catalog file's data by the C safe loader (``check`` reads the identity every time,
    and the positions of the big files are never needed: the game's loader has already
    reported their problems); ``_FAILED`` when it cannot, so the caller reads it the slow way
    and reports the problem at its line. Only the standard tags give the same data as the
    team reader; anything else is left to it."""
    try:
        text = read_input(path, cap=CATALOG_FILE_CAP).decode("utf-8")
        data = yaml.load(text, Loader=_LOADER)
    except (InputError, UnicodeDecodeError, yaml.YAMLError):
        return _FAILED
    return data if _plain(data) else _FAILED


def _plain(data: Any) -> bool:
    if isinstance(data, dict):
        return all(isinstance(k, str) and _plain(v) for k, v in data.items())
    if isinstance(data, list):
        return all(_plain(x) for x in data)
    return data is None or isinstance(data, str | int | float | bool)
