"""Loading a LAMINIM catalog folder (``catalog.yaml``, ``frames.yaml``, ``weapons.yaml``,
``threats.yaml``): every problem is reported against the file and line it came from, including
the cross references (duplicate ids, a threat naming an unknown weapon, an unknown default
threat).
"""

from __future__ import annotations

from pathlib import Path

from builder.core.catalog_folder import cached_catalog, read_catalog_folder
from builder.systems.laminim.crossref import cross_check
from builder.systems.laminim.models import Catalog

CATALOG_FILES = ("catalog.yaml", "frames.yaml", "weapons.yaml", "threats.yaml")
_cache: dict[Path, Catalog] = {}


def load_catalog(directory: Path | str | None = None) -> Catalog:
    """Load and validate the catalog in ``directory`` (default: the bundled LAMINIM catalog).

    Raises InputError listing every problem of every file.
    """
    return cached_catalog(_cache, directory, "laminim", _read)


def _read(root: Path) -> Catalog:
    folder = read_catalog_folder(root, CATALOG_FILES, optional=("threats.yaml",))
    catalog = folder.validate(Catalog, context={"skip_cross_check": True})
    folder.refuse(cross_check(catalog))
    return catalog.with_ids()
