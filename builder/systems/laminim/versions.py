"""What catalog versions need of LAMINIM (:class:`builder.systems.TracksCatalog`): where a team
file names catalog ids, and the numbers a player reads (survival and damage output)."""

from __future__ import annotations

from typing import Any

from builder.systems.base import PartUse, TeamRead
from builder.systems.tracks import analysis_json, items

COLLECTIONS = ("frames", "weapons", "threats")


def part_uses(data: Any) -> list[PartUse]:
    """Each unit's frame and weapons, where they sit in the file."""
    out: list[PartUse] = []
    for i, unit in items(data, "units"):
        if not isinstance(unit, dict):
            continue
        if isinstance(unit.get("frame"), str):
            out.append(PartUse("frames", unit["frame"], ("units", i, "frame")))
        for j, weapon in items(unit, "weapons"):
            if isinstance(weapon, str):
                out.append(PartUse("weapons", weapon, ("units", i, "weapons", j)))
    return out


def headlines(system: Any, read: TeamRead[Any], catalog: Any) -> dict[str, float]:
    """Per unit: survival after the last round against the catalog's default threat, and its
    expected damage output with every weapon (the numbers ``analyze`` leads with)."""
    data = analysis_json(system, read, catalog)
    out: dict[str, float] = {}
    threat = data.get("threat")
    for unit in data.get("units", []):
        rounds = unit.get("rounds") or []
        if rounds:
            last = rounds[-1]
            out[f"{unit['name']}: survival vs {threat} (round {last['round']})"] = last["alive"]
        out[f"{unit['name']}: damage output"] = unit["damage"]["all_weapons"]
    return out
