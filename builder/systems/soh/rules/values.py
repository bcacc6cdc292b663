"""Derived values of docs/rules.md §3 / D14: hit value, evasion value, durability.

Plain frozen dataclasses, not the catalog's pydantic models, so the rules core stays pure; the
system's adapter fills them from a crew file. A skill the character lacks counts 0.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

ProtectionKind = Literal["armour", "powered-suit", "giant-robot", "ship"]
WeaponCategory = Literal["gun", "energy-sword", "throwing", "melee", "unarmed"]
DamageType = Literal["A", "B"]

DEFAULT_EVASION_SKILL: dict[str, str] = {
    "none": "evasion",
    "armour": "evasion",
    "powered-suit": "powered-suit",
    "giant-robot": "piloting",
    "ship": "piloting",
}
"""The skill an evasion value uses: evasion on foot or in armour, the powered-suit skill in one,
piloting in a vehicle (the catalog may name another)."""

VEHICLES: frozenset[str] = frozenset({"giant-robot", "ship"})


@dataclass(frozen=True)
class CharacterStats:
    """A character's own abilities and skill levels (skill slug -> level)."""

    intellect: int
    agility: int
    dexterity: int
    strength: int
    size: int
    ap: int
    skills: Mapping[str, int] = field(default_factory=dict)

    def skill(self, name: str) -> int:
        return self.skills.get(name, 0)


@dataclass(frozen=True)
class Protection:
    """Armour, a powered suit or a vehicle: all follow the same rules in the seed.

    ``strength`` is the suit's or vehicle's own (None for plain armour: the wearer's counts);
    ``size`` is a vehicle's own (None for armour and powered suits: the wearer's counts).
    """

    kind: ProtectionKind
    b_armour: int
    a_armour: int
    dexterity_mod: int = 0
    agility_mod: int = 0
    strength: int | None = None
    size: int | None = None
    evasion_skill: str | None = None


@dataclass(frozen=True)
class WeaponStats:
    """What the rules need of a weapon: skill, category (picks the ability), size, type, damage."""

    skill: str
    category: WeaponCategory
    size: int
    type: DamageType
    damage: int
    ammo: int | None = None
    rate: int | None = None


def dexterity(ch: CharacterStats, prot: Protection | None = None) -> int:
    return ch.dexterity + (prot.dexterity_mod if prot else 0)


def agility(ch: CharacterStats, prot: Protection | None = None) -> int:
    return ch.agility + (prot.agility_mod if prot else 0)


def strength(ch: CharacterStats, prot: Protection | None = None) -> int:
    """The suit's or vehicle's own strength if it has one, else the wearer's."""
    return prot.strength if prot is not None and prot.strength is not None else ch.strength


def size(ch: CharacterStats, prot: Protection | None = None) -> int:
    """A vehicle's own size if it has one, else the character's (armour and suits: the wearer's)."""
    return prot.size if prot is not None and prot.size is not None else ch.size


def hit_ability(ch: CharacterStats, weapon: WeaponStats, prot: Protection | None = None) -> int:
    """Dexterity for guns, energy swords and throwing; strength for melee and unarmed, except in a
    giant robot (or ship), whose melee is a matter of the controls and uses dexterity."""
    if weapon.category in ("gun", "energy-sword", "throwing"):
        return dexterity(ch, prot)
    if prot is not None and prot.kind in VEHICLES:
        return dexterity(ch, prot)
    return strength(ch, prot)


def hit_value(
    ch: CharacterStats,
    weapon: WeaponStats,
    prot: Protection | None = None,
    size_penalty: int | None = None,
) -> int:
    """Hit value = ability - weapon size + skill. ``size_penalty`` overrides the weapon's size
    (sniping, :func:`.bonuses.sniping_size_penalty`)."""
    penalty = weapon.size if size_penalty is None else size_penalty
    return hit_ability(ch, weapon, prot) - penalty + ch.skill(weapon.skill)


def evasion_skill(prot: Protection | None) -> str:
    if prot is None:
        return DEFAULT_EVASION_SKILL["none"]
    return prot.evasion_skill or DEFAULT_EVASION_SKILL[prot.kind]


def evasion_value(ch: CharacterStats, prot: Protection | None = None) -> int:
    """Evasion value = agility - size + evasion skill (piloting in a vehicle, the powered-suit
    skill in a suit)."""
    return agility(ch, prot) - size(ch, prot) + ch.skill(evasion_skill(prot))


def durability(ch: CharacterStats, weapon_type: DamageType, prot: Protection | None = None) -> int:
    """D14: the armour matching the weapon's type (B against beam/energy, A against physical)
    plus strength (the suit's or vehicle's own if it has one), at least 1."""
    armour = 0
    if prot is not None:
        armour = prot.b_armour if weapon_type == "B" else prot.a_armour
    return max(1, armour + strength(ch, prot))
