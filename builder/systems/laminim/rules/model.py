"""Plain frozen inputs of the LAMINIM rules core.

The core never sees catalog or pydantic objects: the roster layer converts to these, so the rules
stay importable with nothing but the standard library and numpy.

Slot indices (``Guard`` owners, ``guarded_by``, ``best_slot``) are 0-based indices into
``UnitSpec.slots``; part *names* are 1-based like the card (``'slot1'`` .. ``'slot3'``).
"""

from __future__ import annotations

from dataclasses import dataclass

KINDS = ("normal", "melee", "missile", "special")
PART_NAMES = ("frame", "slot1", "slot2", "slot3")


@dataclass(frozen=True)
class Guard:
    """D4: location dice on ``faces`` hit the shield; every hit on it is cut by ``reduction``."""

    faces: tuple[int, ...]
    reduction: int


@dataclass(frozen=True)
class WeaponSpec:
    name: str
    kind: str  # 'normal' | 'melee' | 'missile' | 'special'
    durability: int
    power: int
    attacks: int
    ammo: int | None  # None = uses no ammo (never cooks off)
    ammo_per_attack: int
    guard: Guard | None = None
    homing: bool = False

    @property
    def makes_attacks(self) -> bool:
        return self.kind != "special" and self.attacks > 0

    @property
    def cook_off_dice(self) -> int:
        """D5: one die per remaining ammo unit; the target never spends ammo, so full ammo."""
        return self.ammo or 0


@dataclass(frozen=True)
class UnitSpec:
    name: str
    frame_durability: int
    slots: tuple[WeaponSpec | None, WeaponSpec | None, WeaponSpec | None]


@dataclass(frozen=True)
class ThreatAttack:
    weapon: WeaponSpec
    bonus: int = 0  # ignored for missiles (every missile contacts)


@dataclass(frozen=True)
class ThreatSpec:
    id: str
    attacks: tuple[ThreatAttack, ...]
