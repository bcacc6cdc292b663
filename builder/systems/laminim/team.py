"""Units and teams as a player writes them (docs/rules.md §1.1).

These models hold what the team file says, legal or not: an unknown id or a fifth weapon is kept
so that ``laminim check`` can report it and the TUI can show it for fixing. A part is kept as
written (an id, or a name in either language: :mod:`builder.core.names`), so a save writes back
what the player wrote; the catalog's lookups take either. Legality lives in
:mod:`builder.systems.laminim.legality`.
"""

from __future__ import annotations

from typing import Any

from pydantic import ConfigDict, Field

from builder.core.file_models import SavedWithoutAbsentNameJa
from builder.systems.laminim.models import PartRef, Slug

SLOTS = 3
"""Weapon slots of every unit: location faces 4, 5 and 6 (docs/rules.md §1.3)."""


def _empty() -> list[Any]:
    """A new empty list, the default of a list field. Not the builtin ``list``: pydantic reads
    a default factory's signature when it builds the model, and a builtin's is parsed from its
    text by the tokenizer, whose first use compiles its patterns (~5 ms of every start-up)."""
    return []


class Unit(SavedWithoutAbsentNameJa):
    """One unit of a team: a frame and the weapons in slots 1–3 (``null`` = empty slot)."""

    model_config = ConfigDict(extra="forbid", validate_assignment=True)

    name: str = Field(min_length=1, description="The unit's name, unique within the team.")
    name_ja: str | None = Field(
        default=None, min_length=1, description="The unit's Japanese name (shown under ja)."
    )
    frame: PartRef = Field(description="The frame: its catalog id or its name.")
    weapons: list[PartRef | None] = Field(
        default_factory=_empty,
        description="Weapons (ids or names) in slot order; null leaves a slot empty. Slot order "
        "matters.",
    )

    def slot(self, index: int) -> str | None:
        """The weapon id in slot ``index`` (0-based), None when empty."""
        return self.weapons[index] if index < len(self.weapons) else None

    def mounted(self) -> list[str]:
        """Ids of the weapons actually mounted, in slot order."""
        return [w for w in self.weapons if w is not None]

    def with_slot(self, index: int, weapon: str | None) -> Unit:
        """A copy with slot ``index`` set; the list grows to reach the slot."""
        weapons = list(self.weapons) + [None] * max(0, index + 1 - len(self.weapons))
        weapons[index] = weapon
        return self.model_copy(update={"weapons": weapons})


class Team(SavedWithoutAbsentNameJa):
    """A team of units for one game system."""

    model_config = ConfigDict(extra="forbid", validate_assignment=True)

    system: Slug = Field(default="laminim", description="Game system id; must match the catalog.")
    name: str = Field(min_length=1, description="The team's name.")
    name_ja: str | None = Field(
        default=None, min_length=1, description="The team's Japanese name (shown under ja)."
    )
    units: list[Unit] = Field(default_factory=_empty, description="The units, in order.")

    def unit(self, name: str) -> Unit | None:
        return next((u for u in self.units if u.name == name), None)

    def free_name(self, base: str) -> str:
        """``base`` if no unit has that name, else ``base 2``, ``base 3`` …"""
        names = {u.name for u in self.units}
        if base not in names:
            return base
        n = 2
        while f"{base} {n}" in names:
            n += 1
        return f"{base} {n}"
