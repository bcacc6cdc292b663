"""Loading the soh catalog folder (``catalog.yaml``, ``weapons.yaml``, ``armour.yaml``,
``vehicles.yaml`` and the optional ``opponents.yaml``): every problem at its file, line and column,
including the cross references (an id used twice, a stock opponent naming an unknown part).
"""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import Any

from builder.core.catalog_folder import CatalogFolder, read_catalog_folder
from builder.core.messages import Message
from builder.core.names import Names
from builder.core.problems import Problem
from builder.systems.soh.models import MESSAGES, Catalog, CatalogData, CatalogInfo

CATALOG_FILES = ("catalog.yaml", "weapons.yaml", "armour.yaml", "vehicles.yaml", "opponents.yaml")


def load_catalog(directory: Path | str | None = None) -> Catalog:
    """The catalog in ``directory`` (default: the bundled one), read once per folder: the
    game's one cache (:meth:`builder.systems.game.Game.load_catalog`). InputError listing every
    problem of every file."""
    from builder.systems.soh.system import SYSTEM

    return SYSTEM.load_catalog(Path(directory) if directory is not None else None)


def read_catalog(root: Path) -> Catalog:
    folder = read_catalog_folder(root, CATALOG_FILES, optional=("opponents.yaml",))
    data = folder.validate(CatalogData)
    folder.refuse(_cross_check(data, folder))  # with what reading the files found
    return Catalog(
        info=CatalogInfo.model_validate(data, from_attributes=True),  # catalog.yaml's fields
        weapons=data.weapons,
        armour=data.armour,
        vehicles=data.vehicles,
        opponents=data.opponents,
    )


def _cross_check(data: CatalogData, folder: CatalogFolder) -> list[Problem]:
    problems: list[Problem] = []
    seen: dict[str, str] = {}
    for key, parts in (("weapons", data.weapons), ("armour", data.armour),
                       ("vehicles", data.vehicles)):  # fmt: skip
        for i, part in enumerate(parts):
            if part.id in seen:
                message = MESSAGES("id-used-in", id=part.id, where=seen[part.id])
                problems.append(folder.problem((key, i, "id"), message))
            seen.setdefault(part.id, key)
    weapons, armour, vehicles = Names(data.weapons), Names(data.armour), Names(data.vehicles)
    opponent_ids: set[str] = set()
    for i, opp in enumerate(data.opponents):
        at = ("opponents", i)
        if opp.id in opponent_ids:
            problems.append(folder.problem((*at, "id"), MESSAGES("id-used", id=opp.id)))
        opponent_ids.add(opp.id)
        for j, w in enumerate(opp.weapons):
            if weapons.get(w) is None:
                problems.append(folder.problem((*at, "weapons", j), _unknown("weapon", w, weapons)))
        if opp.armour is not None and armour.get(opp.armour) is None:
            message = _unknown("armour", opp.armour, armour)
            problems.append(folder.problem((*at, "armour"), message))
        if opp.vehicle is not None and vehicles.get(opp.vehicle) is None:
            message = _unknown("vehicle", opp.vehicle, vehicles)
            problems.append(folder.problem((*at, "vehicle"), message))
    return problems


def _unknown(kind: str, written: str, known: Names[Any]) -> Message:
    """'unknown weapon 'x'' with a did-you-mean among the parts ``known`` (by id or name)."""
    unknown = partial(MESSAGES, "unknown-kind", kind=MESSAGES(f"kind-{kind}"), id=written)
    return known.refusal(written, unknown)
