"""The adapter from the catalog and crew models to the rules core's plain stats, and each
character's derived values (docs/rules.md §3, D14, D15): what ``analyze``, the cards and the TUI
show."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from builder.systems.soh.models import Armour, Catalog, Character, Vehicle, Weapon
from builder.systems.soh.rules import (
    CharacterStats,
    Protection,
    WeaponStats,
    durability,
    evasion_value,
    hit_value,
    normalise_ap,
)
from builder.systems.soh.rules.values import evasion_skill
from builder.systems.soh.skills import skill_levels


def stats(ch: Character) -> CharacterStats:
    return CharacterStats(
        ch.intellect,
        ch.agility,
        ch.dexterity,
        ch.strength,
        ch.size,
        ch.ap,
        skill_levels(ch.skills),
    )


def protection(part: Armour | Vehicle | None) -> Protection | None:
    """Armour, a powered suit or a vehicle as the rules core's :class:`Protection`."""
    if part is None:
        return None
    return Protection(
        kind=part.kind,
        b_armour=part.b_armour,
        a_armour=part.a_armour,
        dexterity_mod=part.dexterity_mod,
        agility_mod=part.agility_mod,
        strength=part.strength,
        size=part.size if isinstance(part, Vehicle) else None,
        evasion_skill=part.skill,
    )


def weapon_stats(w: Weapon) -> WeaponStats:
    return WeaponStats(w.skill, w.category, w.size, w.type, w.damage, w.ammo, w.rate)


def gear(ch: Character, catalog: Catalog) -> Armour | Vehicle | None:
    if ch.armour is not None:
        return catalog.armour_piece(ch.armour)
    if ch.vehicle is not None:
        return catalog.vehicle(ch.vehicle)
    return None


@dataclass(frozen=True)
class WeaponLine:
    weapon: Weapon
    hit: int
    """Hit value = ability - weapon size + skill (no bonuses)."""


@dataclass(frozen=True)
class Derived:
    """A character's derived values, ready to show or to feed the odds and the planner."""

    character: Character
    gear: Armour | Vehicle | None
    stats: CharacterStats
    protection: Protection | None
    evasion: int
    evasion_skill: str
    durability_a: int
    durability_b: int
    ap: int
    """AP after D15 over the characters it was derived with."""
    weapons: tuple[WeaponLine, ...]

    @property
    def name(self) -> str:
        return self.character.name

    def durability_against(self, weapon_type: str) -> int:
        return self.durability_b if weapon_type == "B" else self.durability_a


def derive(ch: Character, catalog: Catalog, ap: int | None = None) -> Derived:
    """Derived values of ``ch``; unknown part ids count as absent (``check`` reports them)."""
    part = gear(ch, catalog)
    prot = protection(part)
    st = stats(ch)
    lines = []
    for wid in ch.weapons:
        w = catalog.weapon(wid)
        if w is not None:
            lines.append(WeaponLine(w, hit_value(st, weapon_stats(w), prot)))
    return Derived(
        character=ch,
        gear=part,
        stats=st,
        protection=prot,
        evasion=evasion_value(st, prot),
        evasion_skill=evasion_skill(prot),
        durability_a=durability(st, "A", prot),
        durability_b=durability(st, "B", prot),
        ap=ch.ap if ap is None else ap,
        weapons=tuple(lines),
    )


def derive_all(characters: Sequence[Character], catalog: Catalog) -> list[Derived]:
    """Every character derived together, so D15 raises all their AP alike."""
    aps = normalise_ap([c.ap for c in characters])
    return [derive(c, catalog, ap) for c, ap in zip(characters, aps, strict=True)]
