"""What catalog versions need of soh (:class:`builder.systems.TracksCatalog`): where a crew
file names catalog ids, and the numbers a player reads (wound odds both ways)."""

from __future__ import annotations

from typing import Any

from builder.systems.base import PartUse, TeamRead
from builder.systems.tracks import analysis_json, items

COLLECTIONS = ("weapons", "armour", "vehicles", "opponents")


def part_uses(data: Any) -> list[PartUse]:
    """Each character's armour, vehicle and weapons, where they sit in the file."""
    out: list[PartUse] = []
    for i, ch in items(data, "characters"):
        if not isinstance(ch, dict):
            continue
        for key, collection in (("armour", "armour"), ("vehicle", "vehicles")):
            if isinstance(ch.get(key), str):
                out.append(PartUse(collection, ch[key], ("characters", i, key)))
        for j, weapon in items(ch, "weapons"):
            if isinstance(weapon, str):
                out.append(PartUse("weapons", weapon, ("characters", i, "weapons", j)))
    return out


def headlines(system: Any, read: TeamRead[Any], catalog: Any) -> dict[str, float]:
    """Per character against the catalog's first opponent: the expected wounds and hit odds
    of each of its attacks, and the expected wounds it takes."""
    data = analysis_json(system, read, catalog)
    out: dict[str, float] = {}
    opponent = data.get("opponent", {}).get("name", "?")
    for ch in data.get("characters", []):
        for attack in ch.get("attacks", []):
            odds = attack["odds"]
            out[f"{ch['name']}: {attack['weapon']} wounds vs {opponent}"] = odds["expected_wounds"]
            out[f"{ch['name']}: {attack['weapon']} hit vs {opponent}"] = odds["p_hit"]
        incoming = ch.get("incoming")
        if isinstance(incoming, dict):
            label = f"{ch['name']}: wounds taken ({incoming['weapon']})"
            out[label] = incoming["odds"]["expected_wounds"]
    return out
