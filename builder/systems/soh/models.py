"""Pydantic models of the Space Opera Heroes catalog and crew files (docs/rules.md §3).

Schema only: no file reading (the system's loader maps errors to ``file:line:col``). Every model
forbids unknown keys. The seed's weapon and vehicle tables are missing, so the bounds here are
generous sanity limits, not game balance.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, model_validator

from builder.core.messages import MessageError, Messages
from builder.core.names import names_of
from builder.systems.editing import Ref

MESSAGES = Messages.load(__file__)

Slug = Annotated[
    str,
    StringConstraints(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$", max_length=40),
]
"""A catalog id or skill name: short lowercase words joined by hyphens (``powered-suit``)."""

Name = Annotated[str, StringConstraints(min_length=1, max_length=60)]
Ability = Annotated[int, Field(ge=-5, le=30)]
Modifier = Annotated[int, Field(ge=-10, le=10)]
ArmourValue = Annotated[int, Field(ge=0, le=500)]
SkillLevel = Annotated[int, Field(ge=0, le=20)]

WeaponCategory = Literal["gun", "energy-sword", "throwing", "melee", "unarmed"]
"""Picks the hit ability: dexterity for gun/energy-sword/throwing, strength for melee/unarmed."""


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class _Named(_Model):
    id: Slug = Field(description="Catalog id used in crew files.")
    name: Name = Field(description="English display name.")
    name_ja: Name = Field(description="Japanese display name.")
    description: str | None = Field(default=None, max_length=300, description="One line.")


class Weapon(_Named):
    """A weapon row of the seed's (missing) table: skill, size, type, damage, ammo, rate."""

    skill: Slug = Field(description="Skill used to hit, e.g. `guns`, `melee`, `gunnery`.")
    category: WeaponCategory = Field(description="What kind of weapon: picks the hit ability.")
    size: int = Field(ge=-10, le=30, description="Size (サイズ): penalty to the hit value.")
    type: Literal["A", "B"] = Field(
        description="B: beam/energy (against B armour); A: physical damage (against A armour)."
    )
    damage: int = Field(ge=0, le=1000, description="Damage value (ダメージ値).")
    ammo: int | None = Field(
        default=None, ge=1, le=1000, description="Rounds per magazine (弾数); null: unlimited."
    )
    rate: int | None = Field(
        default=None, ge=1, le=20, description="Most attacks per round (レート); null: no limit."
    )
    reload_ap: int = Field(
        default=1, ge=1, le=10, description="AP to reload (1; a revolver-like weapon 3)."
    )


class Armour(_Named):
    """Armour or a powered suit: armour values and ability modifiers; a suit has its own
    strength, plain armour uses the wearer's. Both take the wearer's size."""

    kind: Literal["armour", "powered-suit"] = Field(description="Plain armour or a powered suit.")
    b_armour: ArmourValue = Field(description="B armour (B装), against beam weapons.")
    a_armour: ArmourValue = Field(description="A armour (A装), against physical weapons.")
    dexterity_mod: Modifier = Field(default=0, description="Modifier to dexterity (器用修).")
    agility_mod: Modifier = Field(default=0, description="Modifier to agility (敏捷修).")
    strength: int | None = Field(
        default=None, ge=0, le=200, description="A powered suit's own strength; null for armour."
    )
    skill: Slug | None = Field(
        default=None,
        description="Evasion skill; null: `evasion` for armour, `powered-suit` for a suit.",
    )

    @model_validator(mode="after")
    def _strength_matches_kind(self) -> Armour:
        if self.kind == "powered-suit" and self.strength is None:
            raise MessageError(MESSAGES("powered-suit-strength"))
        if self.kind == "armour" and self.strength is not None:
            raise MessageError(MESSAGES("armour-no-strength"))
        return self


class Vehicle(_Named):
    """A giant robot or a ship: armour, modifiers, and its own strength and size."""

    kind: Literal["giant-robot", "ship"] = Field(description="Giant robot or ship.")
    b_armour: ArmourValue = Field(description="B armour (B装), against beam weapons.")
    a_armour: ArmourValue = Field(description="A armour (A装), against physical weapons.")
    dexterity_mod: Modifier = Field(default=0, description="Modifier to the gunner's dexterity.")
    agility_mod: Modifier = Field(default=0, description="Modifier to the pilot's agility.")
    strength: int = Field(ge=0, le=500, description="The machine's power and toughness (体力).")
    size: int = Field(ge=-5, le=60, description="The vehicle's size (サイズ).")
    skill: Slug = Field(default="piloting", description="Evasion skill (操縦).")
    hull: Literal["non-streamlined", "streamlined", "aircraft"] | None = Field(
        default=None, description="A ship's hull form; null for a giant robot."
    )

    @model_validator(mode="after")
    def _hull_only_for_ships(self) -> Vehicle:
        if self.kind == "giant-robot" and self.hull is not None:
            raise MessageError(MESSAGES("hull-only-ships"))
        if self.kind == "ship" and self.hull is None:
            raise MessageError(MESSAGES("ship-needs-hull"))
        return self


class CatalogInfo(_Model):
    """``catalog.yaml``: what the catalog is and why its numbers are provisional."""

    system: Literal["soh"] = Field(description="Game system id.")
    name: Name = Field(description="Name of the catalog.")
    name_ja: Name | None = Field(default=None, description="Japanese name.")
    note: str = Field(min_length=1, description="Where the numbers come from.")
    note_ja: str | None = Field(default=None, description="The note in Japanese.")


class WeaponsFile(_Model):
    weapons: tuple[Weapon, ...] = Field(min_length=1)


class ArmourFile(_Model):
    armour: tuple[Armour, ...] = Field(min_length=1)


class VehiclesFile(_Model):
    vehicles: tuple[Vehicle, ...] = Field(min_length=1)


class Catalog(_Model):
    """The whole catalog once the loader has read the files; ids unique across all parts."""

    info: CatalogInfo
    weapons: tuple[Weapon, ...]
    armour: tuple[Armour, ...]
    vehicles: tuple[Vehicle, ...]
    opponents: tuple[Opponent, ...] = ()

    @model_validator(mode="after")
    def _unique_ids(self) -> Catalog:
        seen: set[str] = set()
        for part in (*self.weapons, *self.armour, *self.vehicles):
            if part.id in seen:
                raise MessageError(MESSAGES("id-twice", id=part.id))
            seen.add(part.id)
        return self

    def weapon(self, written: str) -> Weapon | None:
        """The weapon ``written`` names: its id, or its English or Japanese name."""
        return names_of(self.weapons).get(written)

    def armour_piece(self, written: str) -> Armour | None:
        """The armour ``written`` names: its id, or its English or Japanese name."""
        return names_of(self.armour).get(written)

    def vehicle(self, written: str) -> Vehicle | None:
        """The vehicle ``written`` names: its id, or its English or Japanese name."""
        return names_of(self.vehicles).get(written)

    def opponent(self, written: str) -> Opponent | None:
        """The stock opponent ``written`` names: its id, or its English or Japanese name."""
        return names_of(self.opponents).get(written)


class Character(_Model):
    """One crew member: abilities, AP, skills and gear (armour or a vehicle, not both)."""

    name: Name = Field(description="The character's name.")
    name_ja: Name | None = Field(default=None, description="Japanese name.")
    intellect: Ability = Field(description="Intellect (知性): initiative with tactics.")
    agility: Ability = Field(description="Agility (敏捷): evasion and acting order.")
    dexterity: Ability = Field(description="Dexterity (器用): guns, energy swords, throwing.")
    strength: Ability = Field(description="Strength (体力): melee, unarmed and durability.")
    size: int = Field(ge=-5, le=20, description="Size (サイズ); a vehicle's replaces it.")
    ap: int = Field(ge=-5, le=10, description="Action points per round before D15.")
    skills: dict[Name, SkillLevel] = Field(
        default_factory=dict, description="Skill levels, each skill by its id or its name."
    )
    armour: Annotated[Name | None, Ref("armour", clears=("vehicle",))] = Field(
        default=None, description="Armour or powered suit: id or name."
    )
    vehicle: Annotated[Name | None, Ref("vehicles", clears=("armour",))] = Field(
        default=None, description="Giant robot or ship: id or name."
    )
    weapons: Annotated[tuple[Name, ...], Ref("weapons")] = Field(
        default=(), max_length=8, description="Weapons, each by its id or its name."
    )
    leader: bool = Field(default=False, description="The side's leader (initiative).")

    @model_validator(mode="after")
    def _armour_or_vehicle(self) -> Character:
        if self.armour is not None and self.vehicle is not None:
            raise MessageError(MESSAGES("armour-or-vehicle"))
        return self


class Crew(_Model):
    """A crew file: ``system: soh``, a name, the characters; at most one leader."""

    system: Literal["soh"] = Field(description="Game system id; must be `soh`.")
    name: Name = Field(description="Name of the crew.")
    name_ja: Name | None = Field(default=None, description="The crew's Japanese name.")
    side: Literal["pc", "enemy"] = Field(default="pc", description="PCs win initiative ties.")
    characters: tuple[Character, ...] = Field(min_length=1, max_length=20)

    @model_validator(mode="after")
    def _one_leader(self) -> Crew:
        if sum(c.leader for c in self.characters) > 1:
            raise MessageError(MESSAGES("one-leader"))
        names = [c.name for c in self.characters]
        if len(set(names)) != len(names):
            raise MessageError(MESSAGES("names-unique"))
        return self


class Opponent(Character):
    """A stock opponent of the catalog (``opponents.yaml``): a character with an id, so
    ``analyze --threat ID`` and ``plan --threat ID`` can name it."""

    id: Slug = Field(description="Catalog id used by --threat.")


class CatalogData(_Model):
    """The merged top-level keys of the catalog folder's files, as written (file:line:col)."""

    system: Literal["soh"] = Field(description="Game system id.")
    name: Name
    name_ja: Name | None = None
    note: str = Field(min_length=1)
    note_ja: str | None = None
    weapons: tuple[Weapon, ...] = Field(min_length=1)
    armour: tuple[Armour, ...] = Field(min_length=1)
    vehicles: tuple[Vehicle, ...] = Field(min_length=1)
    opponents: tuple[Opponent, ...] = Field(default=())


class CrewHeader(_Model):
    """A crew file without its characters (read first, so each character is read on its own)."""

    system: Literal["soh"] = Field(description="Game system id; must be `soh`.")
    name: Name = Field(description="Name of the crew.")
    name_ja: Name | None = Field(default=None, description="The crew's Japanese name.")
    side: Literal["pc", "enemy"] = Field(default="pc", description="PCs win initiative ties.")


Catalog.model_rebuild()
