"""Loading a catalog folder (``catalog.yaml``, ``frames.yaml``, ``weapons.yaml``, ``threats.yaml``).

Each file is read with positions; the merged data is validated as one :class:`Catalog`, and every
problem is reported against the file and line it came from. Cross references (duplicate ids, a
threat naming an unknown weapon, an unknown default threat) are checked here too, with positions.
"""

from __future__ import annotations

from pathlib import Path

from pydantic import ValidationError

from builder.catalog.crossref import cross_check
from builder.catalog.models import Catalog
from builder.catalog.paths import bundled_catalog_dir
from builder.catalog.problems import InputError, Problem
from builder.catalog.source import Located, read_yaml, validation_problems

CATALOG_FILES = ("catalog.yaml", "frames.yaml", "weapons.yaml", "threats.yaml")
_cache: dict[Path, Catalog] = {}


def load_catalog(directory: Path | str | None = None) -> Catalog:
    """Load and validate the catalog in ``directory`` (default: the bundled LAMINIM catalog).

    Raises InputError listing every problem of every file.
    """
    root = Path(directory) if directory is not None else bundled_catalog_dir("laminim")
    key = root.resolve()
    if key in _cache:
        return _cache[key]
    if not root.is_dir():
        raise InputError([Problem(str(root), None, None, "", "catalog folder not found")])

    problems: list[Problem] = []
    merged: dict = {}
    owner: dict[str, Located] = {}  # top-level key -> file that provided it
    for name in CATALOG_FILES:
        path = root / name
        if not path.exists():
            if name == "threats.yaml":
                continue
            problems.append(Problem(str(path), None, None, "", "catalog file missing"))
            continue
        try:
            src = read_yaml(path)
        except InputError as exc:
            problems.extend(exc.problems)
            continue
        if not isinstance(src.data, dict):
            problems.append(src.problem((), "expected a mapping of fields at the top level"))
            continue
        for key in src.data:
            if key in owner:
                problems.append(src.problem((key,), f"already given in {owner[key].file}"))
                continue
            owner[key] = src
            merged[key] = src.data[key]
    if problems:
        raise InputError(problems)

    def locate(loc: tuple, message: str) -> Problem:
        src = owner.get(loc[0]) if loc else None
        if src is None:
            src = owner.get("system") or next(iter(owner.values()))
        return src.problem(loc, message)

    try:
        catalog = Catalog.model_validate(merged, context={"skip_cross_check": True})
    except ValidationError as exc:
        for err in validation_problems(exc, Located("", merged, {}), model=Catalog):
            loc = _loc_from_field(err.field, merged)
            problems.append(locate(loc, err.message))
        raise InputError(problems) from None

    problems.extend(locate(loc, msg) for loc, msg in cross_check(catalog))
    if problems:
        raise InputError(problems)
    _cache[key] = catalog
    return catalog


def _loc_from_field(field: str, data: dict) -> tuple:
    """Turn ``frames[2].durability`` back into ``('frames', 2, 'durability')``."""
    import re

    loc: list = []
    for name, index in re.findall(r"([^.\[\]]+)|\[(\d+)\]", field):
        loc.append(int(index) if index else name)
    return tuple(loc)
