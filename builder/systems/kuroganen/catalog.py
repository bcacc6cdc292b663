"""The kuroganen "catalog": no parts, only who the system is (``catalog.yaml``'s name fields).

Kuroganen Gauge's elevation rules need no parts list: a map file is the whole input. The
catalog folder still exists so ``--catalog DIR`` and ``laminim parts`` behave as for any game.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from builder.core.source import read_yaml
from builder.core.validation import validate_located


class KuroganenCatalog(BaseModel):
    """``catalog.yaml``: the system's names (there are no parts)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    system: Literal["kuroganen"]
    name: str = Field(min_length=1)
    name_ja: str = Field(min_length=1)
    version: int | str | None = Field(default=None, union_mode="left_to_right")
    """The designer's version of the catalog (read by ``builder.catalogs``; kept here so a
    ``version:`` line is not an unknown field)."""


def read_catalog(folder: Path) -> KuroganenCatalog:
    """``folder/catalog.yaml``; InputError with positions if bad."""
    return validate_located(KuroganenCatalog, read_yaml(Path(folder) / "catalog.yaml"))


def load_catalog(directory: Path | None = None) -> KuroganenCatalog:
    """The bundled catalog, or ``DIR/catalog.yaml``, from the game's one cache."""
    from .system import SYSTEM

    return SYSTEM.load_catalog(directory)
