"""What catalog versions need of LAMINIM (:class:`builder.systems.TracksCatalog`): where a team
file names catalog ids, and the numbers a player reads (survival and damage output)."""

from __future__ import annotations

from typing import Any

from builder.core.problems import InputError
from builder.systems.base import AnalyzeOptions, PartUse, TeamRead

COLLECTIONS = ("frames", "weapons", "threats")


def part_uses(data: Any) -> list[PartUse]:
    """Each unit's frame and weapons, where they sit in the file."""
    out: list[PartUse] = []
    units = data.get("units") if isinstance(data, dict) else None
    for i, unit in enumerate(units if isinstance(units, list) else []):
        if not isinstance(unit, dict):
            continue
        if isinstance(unit.get("frame"), str):
            out.append(PartUse("frames", unit["frame"], ("units", i, "frame")))
        weapons = unit.get("weapons")
        for j, weapon in enumerate(weapons if isinstance(weapons, list) else []):
            if isinstance(weapon, str):
                out.append(PartUse("weapons", weapon, ("units", i, "weapons", j)))
    return out


def headlines(system: Any, read: TeamRead[Any], catalog: Any) -> dict[str, float]:
    """Per unit: survival after the last round against the catalog's default threat, and its
    expected damage output with every weapon (the numbers ``analyze`` leads with)."""
    try:
        data = system.analyze(read, catalog, AnalyzeOptions()).json
    except InputError:
        return {}
    out: dict[str, float] = {}
    threat = data.get("threat")
    for unit in data.get("units", []):
        rounds = unit.get("rounds") or []
        if rounds:
            last = rounds[-1]
            out[f"{unit['name']}: survival vs {threat} (round {last['round']})"] = last["alive"]
        out[f"{unit['name']}: damage output"] = unit["damage"]["all_weapons"]
    return out
