"""Plain frozen inputs of the artifact rules core.

The core never sees catalog or pydantic objects: an adapter converts catalog entries to these, so
the rules stay importable with nothing but the standard library and numpy. Constructors check the
ranges the maths relies on and raise ``ValueError`` with a readable message otherwise.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

UnitKind = Literal["ms", "ship"]
KINDS: tuple[UnitKind, ...] = ("ms", "ship")


def _check_int(what: str, value: int, lo: int, hi: int | None = None) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{what} must be an integer, got {value!r}")
    if value < lo or (hi is not None and value > hi):
        bound = f"between {lo} and {hi}" if hi is not None else f"at least {lo}"
        raise ValueError(f"{what} must be {bound}, got {value}")


@dataclass(frozen=True)
class WeaponStats:
    """One ARMS line: range (cm), attacks (回), A.MS n+, A.S n+, D."""

    id: str
    range: int
    attacks: int
    to_hit_ms: int
    to_hit_ship: int
    damage: int

    def __post_init__(self) -> None:
        _check_int(f"weapon {self.id!r} range", self.range, 0)
        _check_int(f"weapon {self.id!r} attacks", self.attacks, 1)
        _check_int(f"weapon {self.id!r} to_hit_ms", self.to_hit_ms, 1, 6)
        _check_int(f"weapon {self.id!r} to_hit_ship", self.to_hit_ship, 1, 6)
        _check_int(f"weapon {self.id!r} damage", self.damage, 0)

    def to_hit(self, target_kind: UnitKind) -> int:
        """The n of "n+" against this kind of target (A.MS for an MS, A.S for a ship)."""
        return self.to_hit_ms if target_kind == "ms" else self.to_hit_ship


@dataclass(frozen=True)
class UnitStats:
    """An MS (``propellant`` set, no ``capacity``) or a battleship marker (the other way round)."""

    id: str
    kind: UnitKind
    move: int
    hp: int
    weapons: tuple[WeaponStats, ...]
    propellant: int | None = None
    capacity: int | None = None

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"unit {self.id!r} kind must be 'ms' or 'ship', got {self.kind!r}")
        _check_int(f"unit {self.id!r} move", self.move, 0)
        _check_int(f"unit {self.id!r} hp", self.hp, 1)
        if self.kind == "ms":
            if self.propellant is None:
                raise ValueError(f"MS {self.id!r} needs a propellant value")
            _check_int(f"MS {self.id!r} propellant", self.propellant, 0)
            if self.capacity is not None:
                raise ValueError(f"MS {self.id!r} has no capacity (only a ship carries MS)")
        else:
            if self.capacity is None:
                raise ValueError(f"ship {self.id!r} needs a capacity value")
            _check_int(f"ship {self.id!r} capacity", self.capacity, 0)
            if self.propellant is not None:
                raise ValueError(f"ship {self.id!r} has no propellant (a ship never spends P)")
        ids = [w.id for w in self.weapons]
        dupes = sorted({i for i in ids if ids.count(i) > 1})
        if dupes:
            raise ValueError(f"unit {self.id!r} has duplicate weapon ids: {', '.join(dupes)}")

    def weapon(self, weapon_id: str) -> WeaponStats:
        """The weapon with this id; ``KeyError`` naming the choices if there is none."""
        for w in self.weapons:
            if w.id == weapon_id:
                return w
        choices = ", ".join(w.id for w in self.weapons)
        raise KeyError(f"unit {self.id!r} has no weapon {weapon_id!r} (it has: {choices})")


@dataclass(frozen=True)
class AttackAction:
    """One attack action against one target: a weapon and the D10 modifiers of the moment.

    ``near`` is the attack modifier (enemy MS within 10 cm of the attacker, target excluded);
    ``evade_near`` the evasion modifier (enemy MS within 10 cm of the evader, attacker excluded).
    """

    weapon: WeaponStats
    near: int = 0
    evade_near: int = 0

    def __post_init__(self) -> None:
        _check_int("attack modifier (near)", self.near, 0)
        _check_int("evasion modifier (evade_near)", self.evade_near, 0)


@dataclass(frozen=True)
class ThreatAttack:
    """One attack of a threat (docs/rules.md D12): who fires which weapon, with which modifiers."""

    unit: str
    action: AttackAction


@dataclass(frozen=True)
class Threat:
    """A named list of attacks made against the analysed unit every round, in order."""

    id: str
    attacks: tuple[ThreatAttack, ...]

    def __post_init__(self) -> None:
        if not self.attacks:
            raise ValueError(f"threat {self.id!r} has no attacks")
