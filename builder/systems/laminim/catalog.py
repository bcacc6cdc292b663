"""Loading a LAMINIM catalog folder (``catalog.yaml``, ``frames.yaml``, ``weapons.yaml``,
``threats.yaml``): every problem is reported against the file and line it came from, including
the cross references (duplicate ids, a threat naming an unknown weapon, an unknown default
threat).
"""

from __future__ import annotations

from pathlib import Path

from builder.core.catalog_folder import catalog_key, read_catalog_folder
from builder.core.problems import InputError
from builder.core.resources import bundled_catalog_dir
from builder.systems.laminim.crossref import cross_check
from builder.systems.laminim.models import Catalog

CATALOG_FILES = ("catalog.yaml", "frames.yaml", "weapons.yaml", "threats.yaml")
_cache: dict[Path, Catalog] = {}


def load_catalog(directory: Path | str | None = None) -> Catalog:
    """Load and validate the catalog in ``directory`` (default: the bundled LAMINIM catalog).

    Raises InputError listing every problem of every file.
    """
    root = Path(directory) if directory is not None else bundled_catalog_dir("laminim")
    key = catalog_key(root)
    if key in _cache:
        return _cache[key]
    folder = read_catalog_folder(root, CATALOG_FILES, optional=("threats.yaml",))
    catalog = folder.validate(Catalog, context={"skip_cross_check": True})
    problems = [folder.problem(loc, msg) for loc, msg in cross_check(catalog)]
    if problems:
        raise InputError(problems)
    _cache[key] = catalog
    return catalog
