"""Loading the artifact catalog folder (``catalog.yaml``, ``mobile_suits.yaml``, ``ships.yaml``,
``threats.yaml``): every problem at its file, line and column, the cross references included
(duplicate ids, a threat naming an unknown unit or weapon, an unknown default threat).
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from builder.core.catalog_folder import read_catalog_folder
from builder.core.messages import Message
from builder.core.problems import suggest
from builder.systems.artifact.derive import MESSAGES, threat_problems, with_ids
from builder.systems.artifact.models import (
    ArtifactCatalog,
    CatalogInfo,
    MobileSuit,
    Name,
    Ship,
    Slug,
    Text,
    Threat,
)

CATALOG_FILES = ("catalog.yaml", "mobile_suits.yaml", "ships.yaml", "threats.yaml")


class CatalogData(BaseModel):
    """The four files merged (their top-level keys), before the cross references are checked."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    system: Literal["artifact"]
    name: Name
    name_ja: Name | None = None
    default_threat: Slug
    description: Text | None = None
    description_ja: Text | None = None
    mobile_suits: tuple[MobileSuit, ...] = Field(min_length=1)
    ships: tuple[Ship, ...] = Field(min_length=1)
    threats: tuple[Threat, ...] = Field(min_length=1)


def cross_check(data: CatalogData) -> list[tuple[tuple, Message]]:
    """Every broken cross reference as (path into the merged data, message)."""
    out: list[tuple[tuple, Message]] = []
    seen: dict[str, str] = {}
    for key, units in (("mobile_suits", data.mobile_suits), ("ships", data.ships)):
        for i, u in enumerate(units):
            if u.id in seen:
                out.append(((key, i, "id"), MESSAGES("id-used-by", id=u.id, by=seen[u.id])))
            else:
                seen[u.id] = f"{key}[{i}]"
    threat_ids: dict[str, int] = {}
    catalog = ArtifactCatalog.model_construct(
        info=None, mobile_suits=data.mobile_suits, ships=data.ships, threats=data.threats
    )
    for i, t in enumerate(data.threats):
        if t.id in threat_ids:
            by = f"threats[{threat_ids[t.id]}]"
            out.append((("threats", i, "id"), MESSAGES("id-used-by", id=t.id, by=by)))
        threat_ids.setdefault(t.id, i)
        out += [(("threats", i, *loc), msg) for loc, msg in threat_problems(t, catalog)]
    if data.default_threat not in threat_ids:
        hint = suggest(data.default_threat, list(threat_ids))
        message = MESSAGES("no-default-threat", threat=data.default_threat, hint=hint)
        out.append((("default_threat",), message))
    return out


def load_catalog(directory: Path | str | None = None) -> ArtifactCatalog:
    """The catalog in ``directory`` (default: the bundled one), read once per folder: the
    game's one cache (:meth:`builder.systems.game.Game.load_catalog`). InputError listing every
    problem of every file."""
    from builder.systems.artifact.system import SYSTEM

    return SYSTEM.load_catalog(Path(directory) if directory is not None else None)


def read_catalog(root: Path) -> ArtifactCatalog:
    folder = read_catalog_folder(root, CATALOG_FILES)
    data = folder.validate(CatalogData)
    folder.refuse(cross_check(data))
    named = ArtifactCatalog.model_construct(
        info=None, mobile_suits=data.mobile_suits, ships=data.ships, threats=data.threats
    )
    threats = tuple(with_ids(t, named) for t in data.threats)  # a threat may name its parts
    return ArtifactCatalog(
        info=CatalogInfo.model_validate(data, from_attributes=True),  # catalog.yaml's fields
        mobile_suits=data.mobile_suits,
        ships=data.ships,
        threats=threats,
    )
