"""Loading a LAMINIM catalog folder (``catalog.yaml``, ``frames.yaml``, ``weapons.yaml``,
``threats.yaml``): every problem is reported against the file and line it came from, including
the cross references (duplicate ids, a threat naming an unknown weapon, an unknown default
threat).
"""

from __future__ import annotations

from pathlib import Path

from builder.core.catalog_cache import cached_read
from builder.core.catalog_folder import read_catalog_folder
from builder.systems.laminim.crossref import cross_check
from builder.systems.laminim.models import Catalog

CATALOG_FILES = ("catalog.yaml", "frames.yaml", "weapons.yaml", "threats.yaml")

READ_BY = (
    __name__,
    "builder.systems.laminim.models",
    "builder.systems.laminim.crossref",
    "builder.core.catalog_folder",
    "builder.core.source",
    "builder.core.yaml_scalars",
    "builder.core.yaml_slips",
    "builder.core.names",
    "builder.core.validation",
    "builder.core.input_files",
)
"""The modules whose code decides what a catalog folder reads as: a kept catalog
(:mod:`builder.core.catalog_cache`) is read again when one of them changes."""


def load_catalog(directory: Path | str | None = None) -> Catalog:
    """The catalog in ``directory`` (default: the bundled one), read once per folder: the
    game's one cache (:meth:`builder.systems.game.Game.load_catalog`). InputError listing every
    problem of every file."""
    from builder.systems.laminim.system import SYSTEM

    return SYSTEM.load_catalog(Path(directory) if directory is not None else None)


def read_catalog(root: Path) -> Catalog:
    """The catalog in ``root``, read, validated and cross-checked, or kept from an earlier run
    that read the same files with the same code (5-10 ms of every command that reads one)."""
    return cached_read(root, CATALOG_FILES, READ_BY, Catalog, _read_catalog)


def _read_catalog(root: Path) -> Catalog:
    folder = read_catalog_folder(root, CATALOG_FILES, optional=("threats.yaml",))
    catalog = folder.validate(Catalog, context={"skip_cross_check": True})
    folder.refuse(cross_check(catalog))
    return catalog.with_ids()
