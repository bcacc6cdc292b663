"""Pydantic models of a LAMINIM parts catalog (docs/rules.md §1.1, §1.6, §1.8).

These are the validated, immutable form of the YAML files in ``parts_catalog/laminim/``. Every
model forbids unknown keys, so a typo in a catalog is an error with a line number, not a silently
ignored field.
"""

from __future__ import annotations

import re
from functools import reduce
from typing import Annotated, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StringConstraints,
    ValidationInfo,
    field_validator,
    model_validator,
)

from builder.core.messages import Message, MessageError, Messages
from builder.core.names import Names, names_of

MESSAGES = Messages.load(__file__)

Slug = Annotated[
    str,
    StringConstraints(pattern=r"^[a-z0-9]+(?:-[a-z0-9]+)*$", max_length=40),
]
"""A catalog id: short lowercase words joined by hyphens (``quick-booster``)."""

SLUG_RE = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")

PartRef = Annotated[str, StringConstraints(min_length=1, max_length=100)]
"""A part as a player names it in a file: its id, or its English or Japanese name
(:mod:`builder.core.names`); what it names is looked up against the catalog."""

AttackType = Literal["normal", "melee", "missile", "special"]

# Upper bounds of the numbers the rules compute with (README "Catalog format"). The seed's parts
# use durabilities up to 40, powers up to 10, attacks up to 8 and ammo up to 12; these bounds
# leave homebrew catalogs two or three orders of magnitude of room, and stop absurd values
# (durability 10^9, ammo 10^9, attacks 10^6) at the catalog check, with a line number, before the
# exact survival chain is asked to hold them. A catalog within the bounds can still describe a
# job beyond the chain's budget (rules/budget.py); analyze, cards and optimize then refuse it.
MAX_POINTS = 10_000
"""Most durability, power, weight, payload or guard reduction a catalog part may have."""
MAX_AMMO = 1_000
"""Most ammo (and ammo per attack) a weapon may carry."""
MAX_ATTACKS = 100
"""Most dice per attack (or missiles per launch) a weapon may make."""
MAX_BONUS = 100
"""Largest hit bonus a threat's attack may take (6 or more already hits on every face)."""


class _Model(BaseModel):
    # defer_build: a model's validator is built when something is first validated, not when the
    # class is made: a command given a kept catalog (builder.core.catalog_cache) validates none.
    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)


class MovementMode(_Model):
    """One way a frame can move in the move step (docs/rules.md §1.6)."""

    id: Slug = Field(description="Short id of the mode, e.g. `dash`.")
    name: str = Field(min_length=1, description="English name shown on cards.")
    name_ja: str = Field(min_length=1, description="Japanese name shown on cards.")
    direction: Literal["any", "forward", "sideways", "none"] = Field(
        description="Where the move may go: anywhere, straight ahead, straight left or right, "
        "or nowhere (turn in place)."
    )
    distance: float = Field(ge=0, description="Distance in base widths (1 = 50 mm).")
    turn: int = Field(
        ge=0, le=180, description="Turn allowed after (or, in place, instead of) the move, degrees."
    )
    zuzzer: int = Field(default=0, ge=0, description="Zuzzer (skid) token value the mode gives.")
    heat: int | None = Field(
        default=None, ge=0, description="Heat the mode generates; null while heat is unused."
    )

    @model_validator(mode="after")
    def _in_place_has_no_distance(self) -> MovementMode:
        if self.direction == "none" and self.distance != 0:
            raise MessageError(MESSAGES("mode-in-place-moves"))
        return self


class Frame(_Model):
    """The body (本体) of a unit: what weapons are mounted on (docs/rules.md §1.1)."""

    id: Slug = Field(description="Catalog id used in team files.")
    name: str = Field(min_length=1, description="English display name.")
    name_ja: str = Field(min_length=1, description="Japanese display name.")
    archetype: Literal["standard", "shooter", "high-mobility", "heavy", "carrier", "melee"] = Field(
        description="The design role the frame is made for (seed: 標準/高機動/重装/積載特化)."
    )
    description: str = Field(min_length=1, description="One or two sentences for the TUI.")
    description_ja: str | None = Field(default=None, description="Japanese description.")
    durability: int = Field(gt=0, le=MAX_POINTS, description="Durability points (耐久度).")
    payload: int = Field(
        ge=0, le=MAX_POINTS, description="Payload limit (積載上限): total weapon weight allowed."
    )
    movement: tuple[MovementMode, ...] = Field(
        min_length=1, description="Movement modes the frame can use."
    )
    heat_capacity: int | None = Field(
        default=None, gt=0, description="Heat capacity (熱許容量); null while heat is unused."
    )
    cooling: int | None = Field(
        default=None, ge=0, description="Heat removed at the end of each round (排熱性能)."
    )
    stability: int | None = Field(
        default=None, ge=0, description="Stability (姿勢安定); unused by the rules so far."
    )

    @model_validator(mode="after")
    def _unique_modes(self) -> Frame:
        ids = [m.id for m in self.movement]
        dupes = sorted({i for i in ids if ids.count(i) > 1})
        if dupes:
            raise MessageError(MESSAGES("modes-repeated", ids=", ".join(dupes)))
        if self.cooling is not None and self.heat_capacity is None:
            raise MessageError(MESSAGES("cooling-without-heat"))
        return self


class Guard(_Model):
    """Shield guard (D4): location dice of these faces damage the shield instead of the frame."""

    faces: tuple[Annotated[int, Field(ge=1, le=3)], ...] = Field(
        min_length=1, description="Frame faces (1–3) the shield covers."
    )
    reduction: int = Field(
        ge=0, le=MAX_POINTS, description="Damage removed from every hit the shield takes."
    )


class QuickBoost(_Model):
    """Using the weapon immediately performs one of the frame's movement modes."""

    mode: Slug = Field(description="Id of the movement mode performed, e.g. `side-step`.")
    distance: float = Field(gt=0, description="Distance of the boost in base widths.")


class Thruster(_Model):
    """Extra thrust: adds distance to the frame's movement modes that move."""

    distance_bonus: float = Field(gt=0, description="Base widths added to every moving mode.")


class Abilities(_Model):
    """What a weapon does besides attacking."""

    guard: Guard | None = Field(default=None, description="Shield guard (D4).")
    homing: bool = Field(
        default=False, description="Missile tokens turn toward their target (missile only)."
    )
    quick_boost: QuickBoost | None = Field(default=None, description="Quick boost on use.")
    thruster: Thruster | None = Field(default=None, description="Extra thrust for movement.")


class Weapon(_Model):
    """A weapon or special part mounted in a slot (武装, docs/rules.md §1.1)."""

    id: Slug = Field(description="Catalog id used in team files.")
    name: str = Field(min_length=1, description="English display name.")
    name_ja: str = Field(min_length=1, description="Japanese display name.")
    description: str = Field(min_length=1, description="One or two sentences for the TUI.")
    description_ja: str | None = Field(default=None, description="Japanese description.")
    type: AttackType = Field(description="Attack type: normal, melee, missile or special.")
    durability: int = Field(gt=0, le=MAX_POINTS, description="Durability points of the part.")
    weight: int = Field(
        ge=0, le=MAX_POINTS, description="Weight counted against the frame's payload."
    )
    power: int = Field(
        default=0, ge=0, le=MAX_POINTS, description="Damage per hit (威力); 0 for special parts."
    )
    attacks: int = Field(
        default=0,
        ge=0,
        le=MAX_ATTACKS,
        description="Dice per attack, or missiles per launch (攻撃回数).",
    )
    ammo: int | None = Field(
        default=None, gt=0, le=MAX_AMMO, description="Ammo capacity (弾数); null = uses no ammo."
    )
    ammo_per_attack: int = Field(
        default=0,
        ge=0,
        le=MAX_AMMO,
        description="Ammo spent per attack (弾薬消費); 0 when it uses none.",
    )
    heat_per_attack: int | None = Field(
        default=None, ge=0, description="Heat added per attack; null while heat is unused."
    )
    abilities: Abilities = Field(default_factory=Abilities, description="Special abilities.")

    @field_validator("ammo", mode="before")
    @classmethod
    def _ammo_zero_is_no_ammo_written_wrong(cls, value: object) -> object:
        """``ammo: 0`` reads as "no ammo", which is written by leaving ``ammo`` out: say so,
        instead of only "must be greater than 0"."""
        if value == 0 and not isinstance(value, bool):
            raise MessageError(MESSAGES("ammo-zero"))
        return value

    @model_validator(mode="after")
    def _consistent(self) -> Weapon:
        if self.ammo is None and self.ammo_per_attack:
            raise MessageError(MESSAGES("ammo-per-attack-without-ammo"))
        if self.ammo is not None and self.ammo_per_attack == 0 and self.type != "special":
            raise MessageError(MESSAGES("ammo-unspent"))
        if self.ammo is not None and self.ammo_per_attack > self.ammo:
            raise MessageError(
                MESSAGES("ammo-per-attack-over", per=self.ammo_per_attack, ammo=self.ammo)
            )
        if self.type == "special":
            if self.power or self.attacks:
                raise MessageError(MESSAGES("special-attacks"))
        elif self.power == 0 or self.attacks == 0:
            raise MessageError(MESSAGES("weapon-needs-attack", kind=MESSAGES(f"kind-{self.type}")))
        if self.abilities.homing and self.type != "missile":
            raise MessageError(MESSAGES("homing-not-missile"))
        return self

    @property
    def launches(self) -> int | None:
        """How many attacks (launches) the full ammo allows; None for unlimited."""
        if self.ammo is None or self.ammo_per_attack == 0:
            return None
        return self.ammo // self.ammo_per_attack


class ThreatAttack(_Model):
    """One attack made against the analysed unit every round (D7)."""

    weapon: PartRef = Field(description="The attacking weapon: its id or its name.")
    bonus: int = Field(
        default=0,
        ge=0,
        le=MAX_BONUS,
        description="Total hit bonus B (RULES §1.2); ignored for missiles, which always contact.",
    )
    rounds: int | None = Field(
        default=None,
        ge=1,
        le=MAX_AMMO,
        description="Made only in the first N rounds (an enemy unit's ammo, RULES D21); "
        "null: every round.",
    )


class Threat(_Model):
    """A named set of attacks the unit faces every round, for expected survival (D7)."""

    id: Slug = Field(description="Id used with `--threat`.")
    name: str = Field(min_length=1, description="English display name.")
    name_ja: str = Field(min_length=1, description="Japanese display name.")
    description: str = Field(default="", description="What the threat stands for.")
    attacks: tuple[ThreatAttack, ...] = Field(min_length=1, description="Attacks made each round.")


class TeamFormat(_Model):
    """How many units a team has and how many weapons a unit may mount (D2)."""

    units: int = Field(gt=0, description="Units per team.")
    min_weapons: int = Field(ge=0, le=3, description="Fewest weapons a legal unit mounts.")
    max_weapons: int = Field(ge=1, le=3, description="Most weapons a legal unit mounts.")

    @model_validator(mode="after")
    def _ordered(self) -> TeamFormat:
        if self.min_weapons > self.max_weapons:
            raise MessageError(MESSAGES("weapons-min-over-max"))
        return self


class Catalog(_Model):
    """A whole game system's catalog: frames, weapons, threats and the team format."""

    system: Slug = Field(description="Game system id, e.g. `laminim`.")
    name: str = Field(description="Name of the catalog.")
    name_ja: str | None = Field(default=None, description="Japanese name of the catalog.")
    frames: tuple[Frame, ...] = Field(min_length=1, description="Frames.")
    weapons: tuple[Weapon, ...] = Field(min_length=1, description="Weapons and special parts.")
    threats: tuple[Threat, ...] = Field(default=(), description="Threats for expected survival.")
    default_threat: PartRef | None = Field(
        default=None, description="The default threat: its id or its name."
    )
    team_format: TeamFormat = Field(description="The default team format.")

    @property
    def frame_names(self) -> Names[Frame]:
        return names_of(self.frames)

    @property
    def weapon_names(self) -> Names[Weapon]:
        return names_of(self.weapons)

    @property
    def threat_names(self) -> Names[Threat]:
        return names_of(self.threats)

    def frame(self, written: str) -> Frame | None:
        """The frame ``written`` names: its id, or its English or Japanese name."""
        return self.frame_names.get(written)

    def weapon(self, written: str) -> Weapon | None:
        """The weapon ``written`` names: its id, or its English or Japanese name."""
        return self.weapon_names.get(written)

    def threat(self, written: str) -> Threat | None:
        """The threat ``written`` names: its id, or its English or Japanese name."""
        return self.threat_names.get(written)

    def with_ids(self) -> Catalog:
        """The catalog with each part its threats and default name given by its id (a
        catalog may name them by name; what it describes says ids)."""
        threats = tuple(with_weapon_ids(t, self) for t in self.threats)
        default = self.default_threat
        if default is not None and self.threat(default) is not None:
            default = self.threat_names.id_of(default)
        return self.model_copy(update={"threats": threats, "default_threat": default})

    @model_validator(mode="after")
    def _cross_check(self, info: ValidationInfo) -> Catalog:
        if info.context and info.context.get("skip_cross_check"):
            return self  # the file loader runs the same checks itself, with line numbers
        from builder.systems.laminim.crossref import cross_check

        problems = cross_check(self)
        if problems:
            said = [Message.untranslated(f"{'.'.join(map(str, loc))}: ") + m for loc, m in problems]
            raise MessageError(reduce(lambda one, more: one + "; " + more, said))
        return self


def with_weapon_ids(threat: Threat, catalog: Catalog) -> Threat:
    """``threat`` with each attack's weapon given by its id (it may be written by name)."""
    names = catalog.weapon_names
    attacks = tuple(a.model_copy(update={"weapon": names.id_of(a.weapon)}) for a in threat.attacks)
    return threat.model_copy(update={"attacks": attacks})
