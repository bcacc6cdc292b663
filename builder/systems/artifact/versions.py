"""What catalog versions need of artifact (:class:`builder.systems.TracksCatalog`): where a
force names catalog ids, and the numbers a player reads (survival, hit and kill odds)."""

from __future__ import annotations

from typing import Any

from builder.core.problems import InputError
from builder.systems.base import AnalyzeOptions, PartUse, TeamRead
from builder.systems.tracks import items

COLLECTIONS = ("mobile_suits", "ships", "threats")


def part_uses(data: Any) -> list[PartUse]:
    """The ship's type and each unit's type, where they sit in the file."""
    out: list[PartUse] = []
    if not isinstance(data, dict):
        return out
    ship = data.get("ship")
    if isinstance(ship, dict) and isinstance(ship.get("type"), str):
        out.append(PartUse("ships", ship["type"], ("ship", "type")))
    for i, unit in items(data, "units"):
        if isinstance(unit, dict) and isinstance(unit.get("type"), str):
            out.append(PartUse("mobile_suits", unit["type"], ("units", i, "type")))
    return out


def headlines(system: Any, read: TeamRead[Any], catalog: Any) -> dict[str, float]:
    """Per unit: survival after the last round against the default threat, and per weapon the
    hit and kill odds of one attack (no modifier) at the catalog's reference MS and ship."""
    from builder.systems.artifact.text import reference_targets, weapon_odds

    try:
        data = system.analyze(read, catalog, AnalyzeOptions()).json
        report = system.judge(read, system.team_of(read), catalog).report
    except InputError:
        return {}
    out: dict[str, float] = {}
    for unit in data.get("units", []):
        rounds = unit.get("rounds") or []
        if rounds:
            last = rounds[-1]
            label = f"{unit['name']}: survival vs {data['threat']} (round {last['round']})"
            out[label] = last["alive"]
    targets = reference_targets(catalog)
    for member in report.members:
        if member.unit is None:
            continue
        for weapon in member.unit.weapons:
            for target in targets:
                odds = weapon_odds(weapon, target)[0]
                out[f"{member.name}: {weapon.id} hit vs {target.id}"] = odds.p_hit
                out[f"{member.name}: {weapon.id} kill vs {target.id}"] = odds.p_kill
    return out
