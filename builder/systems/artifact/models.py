"""Pydantic models of the artifact catalog (docs/rules.md §2): mobile suits, battleships, weapons,
threats.

Schema only, no file reading: the YAML files in ``parts_catalog/artifact/`` validate against
these. Every model forbids unknown keys, so a typo is an error with a line number rather than a
silently ignored field. Bounds are generous sanity limits, not game balance.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StringConstraints,
    model_validator,
)

from builder.core.file_models import SavedWithoutAbsentNameJa
from builder.core.messages import Message, MessageError, Messages
from builder.systems.editing import Ref

MESSAGES = Messages.load(__file__)

Slug = Annotated[
    str,
    StringConstraints(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$", max_length=40),
]
"""A catalog id: short lowercase words joined by hyphens (``hi-nu-gundam``)."""

Name = Annotated[str, StringConstraints(min_length=1, max_length=60, strip_whitespace=True)]
Text = Annotated[str, StringConstraints(min_length=1, max_length=400)]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


def _duplicates(ids: list[str]) -> list[str]:
    return sorted({i for i in ids if ids.count(i) > 1})


class Weapon(_Model):
    """One ARMS line (武装): range, attacks (回), A.MS n+, A.S n+, D."""

    id: Slug = Field(description="Id, unique within its unit (`beam-saber`).")
    name: Name = Field(description="English display name.")
    name_ja: Name = Field(description="Japanese display name (the seed's).")
    range: int = Field(ge=1, le=200, description="Range in cm (射程): targets within it.")
    attacks: int = Field(ge=1, le=20, description="Dice rolled per attack (回).")
    to_hit_ms: int = Field(ge=1, le=6, description="A.MS: the n of 'n+' against an MS.")
    to_hit_ship: int = Field(ge=1, le=6, description="A.S: the n of 'n+' against a battleship.")
    damage: int = Field(ge=1, le=50, description="D: damage per hit.")


class _Unit(_Model):
    id: Slug = Field(description="Catalog id used in force files (`type:`).")
    name: Name = Field(description="English display name.")
    name_ja: Name = Field(description="Japanese display name (the seed's).")
    description: Text = Field(description="One or two sentences for the TUI.")
    description_ja: Text | None = Field(default=None, description="Japanese description.")
    move: int = Field(ge=0, le=100, description="M: maximum move in cm.")
    hp: int = Field(ge=1, le=200, description="HP: destroyed at 0.")
    weapons: tuple[Weapon, ...] = Field(min_length=1, max_length=10, description="ARMS.")

    @model_validator(mode="after")
    def _weapon_ids_unique(self) -> _Unit:
        dupes = _duplicates([w.id for w in self.weapons])
        if dupes:
            raise MessageError(MESSAGES("weapon-ids-twice", ids=", ".join(dupes)))
        return self


class MobileSuit(_Unit):
    """An MS miniature (MSミニチュア)."""

    propellant: int = Field(ge=0, le=50, description="P: each action costs 1; evading costs 1.")


class Ship(_Unit):
    """A battleship marker (戦艦マーカー)."""

    capacity: int = Field(ge=0, le=50, description="搭載: how many MS it can carry.")


class ThreatAttack(_Model):
    """One attack of a threat: a catalog unit's weapon and the D10 modifiers (docs/rules.md D12)."""

    unit: Name = Field(description="The attacking MS or ship: its id or its name.")
    weapon: Name = Field(description="One of that unit's weapons: its id or its name.")
    near: int = Field(default=0, ge=0, le=10, description="D10 attack modifier.")
    evade_near: int = Field(default=0, ge=0, le=10, description="D10 evasion modifier.")


class Threat(_Model):
    """Attacks made against the analysed unit every round, in order (docs/rules.md D12)."""

    id: Slug
    name: Name
    name_ja: Name
    description: Text
    attacks: tuple[ThreatAttack, ...] = Field(min_length=1, max_length=20)


class CatalogInfo(_Model):
    """``catalog.yaml``: which system, its name, the threat used when none is given."""

    system: Literal["artifact"]
    version: int | str | None = None
    """The designer's version (builder/catalogs/identity.py reads it; here so the file validates
    on its own too)."""
    name: Name
    name_ja: Name | None = None
    default_threat: Slug
    description: Text | None = None
    description_ja: Text | None = None


class MobileSuitsFile(_Model):
    mobile_suits: tuple[MobileSuit, ...] = Field(min_length=1)


class ShipsFile(_Model):
    ships: tuple[Ship, ...] = Field(min_length=1)


class ThreatsFile(_Model):
    threats: tuple[Threat, ...] = Field(min_length=1)


class ArtifactCatalog(_Model):
    """The four files together, with the cross-references checked."""

    info: CatalogInfo
    mobile_suits: tuple[MobileSuit, ...]
    ships: tuple[Ship, ...]
    threats: tuple[Threat, ...]

    @model_validator(mode="after")
    def _references_resolve(self) -> ArtifactCatalog:
        units: dict[str, _Unit] = {u.id: u for u in (*self.mobile_suits, *self.ships)}
        problems: list[Message] = []
        dupes = _duplicates([u.id for u in (*self.mobile_suits, *self.ships)])
        if dupes:
            problems.append(MESSAGES("unit-ids-twice", ids=", ".join(dupes)))
        dupes = _duplicates([t.id for t in self.threats])
        if dupes:
            problems.append(MESSAGES("threat-ids-twice", ids=", ".join(dupes)))
        for t in self.threats:
            for i, a in enumerate(t.attacks):
                unit = units.get(a.unit)
                if unit is None:
                    problems.append(MESSAGES("threat-no-unit", threat=t.id, n=i + 1, unit=a.unit))
                elif a.weapon not in {w.id for w in unit.weapons}:
                    message = MESSAGES(
                        "threat-no-weapon", threat=t.id, n=i + 1, unit=a.unit, weapon=a.weapon
                    )
                    problems.append(message)
        if self.info.default_threat not in {t.id for t in self.threats}:
            problems.append(MESSAGES("default-threat-unknown", threat=self.info.default_threat))
        if problems:
            said = problems[0]
            for more in problems[1:]:
                said = said + "; " + more
            raise MessageError(said)
        return self


class _Member(_Model, SavedWithoutAbsentNameJa):
    """The ship or an MS of a force: its name, its Japanese name and (in each kind) its type."""

    name: Name
    name_ja: Name | None = None
    """The Japanese name shown under ja (none: ``name``)."""


class ForceShip(_Member):
    type: Annotated[Name, Ref("ships")]
    """A catalog id; checked against the catalog with a did-you-mean (legality.py)."""


class ForceUnit(_Member):
    type: Annotated[Name, Ref("mobile_suits")]


class ForceFile(_Model, SavedWithoutAbsentNameJa):
    """A force file (docs/design.md "Files a user writes"): one battleship and its MS; legality (D9)
    is checked elsewhere."""

    system: Literal["artifact"]
    name: Name
    name_ja: Name | None = None
    """The Japanese name shown under ja (none: ``name``)."""

    ship: ForceShip
    units: tuple[ForceUnit, ...]
