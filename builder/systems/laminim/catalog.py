"""Loading a LAMINIM catalog folder (``catalog.yaml``, ``frames.yaml``, ``weapons.yaml``,
``threats.yaml``): every problem is reported against the file and line it came from, including
the cross references (duplicate ids, a threat naming an unknown weapon, an unknown default
threat).
"""

from __future__ import annotations

from pathlib import Path

from builder.core.catalog_folder import read_catalog_folder
from builder.systems.laminim.crossref import cross_check
from builder.systems.laminim.models import Catalog

CATALOG_FILES = ("catalog.yaml", "frames.yaml", "weapons.yaml", "threats.yaml")


def load_catalog(directory: Path | str | None = None) -> Catalog:
    """The catalog in ``directory`` (default: the bundled one), read once per folder: the
    game's one cache (:meth:`builder.systems.game.Game.load_catalog`). InputError listing every
    problem of every file."""
    from builder.systems.laminim.system import SYSTEM

    return SYSTEM.load_catalog(Path(directory) if directory is not None else None)


def read_catalog(root: Path) -> Catalog:
    folder = read_catalog_folder(root, CATALOG_FILES, optional=("threats.yaml",))
    catalog = folder.validate(Catalog, context={"skip_cross_check": True})
    folder.refuse(cross_check(catalog))
    return catalog.with_ids()
