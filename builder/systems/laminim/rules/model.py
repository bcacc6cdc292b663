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
    """A weapon as the rules core sees it: a part (durability, guard) that attacks."""

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
    def attacks_roll(self) -> bool:
        """True for weapons whose dice use the hit table (normal, melee)."""
        return self.kind in ("normal", "melee")

    @property
    def makes_attacks(self) -> bool:
        return self.kind != "special" and self.attacks > 0

    @property
    def cook_off_dice(self) -> int:
        """D5: one die per remaining ammo unit; the target never spends ammo, so full ammo."""
        return self.ammo or 0


@dataclass(frozen=True)
class UnitSpec:
    """A unit: its frame's durability and the weapons in slots 1-3 (None: an empty slot)."""

    name: str
    frame_durability: int
    slots: tuple[WeaponSpec | None, WeaponSpec | None, WeaponSpec | None]


@dataclass(frozen=True)
class ThreatAttack:
    """One weapon of a threat: all its dice each round it fires, at total hit bonus ``bonus``."""

    weapon: WeaponSpec
    bonus: int = 0  # ignored for missiles (every missile contacts)
    # D21: the attack is made in the first ``rounds`` rounds in which the threat attacks (an
    # enemy unit firing while its ammo lasts); None = every round, as every catalog threat (D7)
    rounds: int | None = None


@dataclass(frozen=True)
class ThreatSpec:
    """What a unit faces each round (docs/rules.md §1.8): its attacks, in threat order."""

    id: str
    attacks: tuple[ThreatAttack, ...]


@dataclass(frozen=True)
class UnitState:
    """A unit where it stands in a battle (docs/rules.md D20, D21), beside its ``UnitSpec``.

    ``frame`` and ``slots`` are each part's current durability: damage recorded this round is
    in, so a part may be at 0 or below until the round's resolution destroys it (2-4c). A
    slot's value is ignored when the slot is empty. ``destroyed``: the mounted weapons already
    destroyed by an earlier resolution (the frame's own destruction is the unit's: such a unit
    is not in play). ``ammo``: ammo left per slot (None for a weapon that uses none), which
    sets its cook-off dice (D5); None there means a full magazine (or a weapon without ammo).
    """

    frame: int
    slots: tuple[int, int, int]
    destroyed: tuple[bool, bool, bool] = (False, False, False)
    ammo: tuple[int | None, int | None, int | None] = (None, None, None)
    frame_destroyed: bool = False

    @classmethod
    def full(cls, unit: UnitSpec) -> UnitState:
        """The unit before its first round: every part whole, every magazine full."""
        return cls(
            unit.frame_durability,
            tuple(w.durability if w is not None else 0 for w in unit.slots),  # type: ignore[arg-type]
            (False, False, False),
            tuple(w.ammo if w is not None else None for w in unit.slots),  # type: ignore[arg-type]
        )
