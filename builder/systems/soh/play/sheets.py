"""From crew files to the rules core's characters (docs/rules.md D23): each character's fixed
numbers for the fight (:class:`~builder.systems.soh.rules.play.Sheet`), derived from its crew
entry and the catalog as ``analyze`` derives them."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from builder.systems.battle import Side
from builder.systems.battle_names import name_ja_data
from builder.systems.soh.derive import derive
from builder.systems.soh.models import Catalog, Character, Crew
from builder.systems.soh.rules.play import Arm, Fighter, Sheet, Table, begin
from builder.systems.soh.rules.values import agility


def sheet(ch: Character, catalog: Catalog) -> Sheet:
    """The character's fixed numbers: AP before D15, agility (armour or vehicle modifier
    included), evasion value, durability against A and B, its weapons' hit values."""
    d = derive(ch, catalog)
    arms = tuple(
        Arm(
            w.weapon.id,
            w.hit,
            w.weapon.damage,
            w.weapon.type,
            w.weapon.ammo,
            w.weapon.rate,
            w.weapon.reload_ap,
        )
        for w in d.weapons
    )
    return Sheet(
        name=ch.name,
        ap=ch.ap,
        agility=agility(d.stats, d.protection),
        evasion=d.evasion,
        durability_a=d.durability_a,
        durability_b=d.durability_b,
        arms=arms,
        intellect=ch.intellect,
        name_ja=ch.name_ja,
        tactics=d.stats.skills.get("tactics"),
        leader=ch.leader,
    )


def fighters_of(crews: Sequence[Crew], catalog: Catalog) -> list[Fighter]:
    """Every character of the crews, numbered 1.. in file order, side 1 first."""
    out: list[Fighter] = []
    for side_no, crew in enumerate(crews, start=1):
        for ch in crew.characters:
            out.append(Fighter.whole(len(out) + 1, side_no, sheet(ch, catalog)))
    return out


def table_of(sides: Sequence[Side], catalog: Catalog) -> Table:
    crews: list[Crew] = []
    for s in sides:
        assert isinstance(s.team, Crew)
        crews.append(s.team)
    table = begin(
        fighters_of(crews, catalog), [c.name for c in crews], [c.side == "pc" for c in crews]
    )
    return replace(table, crews=tuple(crew_data(c) for c in crews))


def names_ja(table: Table) -> tuple[str | None, ...]:
    """Each side's Japanese name, as its crew (kept in the record) gives it."""
    return tuple(c.get("name_ja") if isinstance(c, dict) else None for c in table.crews)


def crew_data(crew: Crew) -> dict[str, Any]:
    """A crew as the record writes it (its characters as their file gives them)."""
    return {
        "name": crew.name,
        **name_ja_data(crew.name_ja),
        "side": crew.side,
        "characters": [
            {"name": c.name, **c.model_dump(mode="json", exclude_defaults=True, exclude={"name"})}
            for c in crew.characters
        ],
    }
