"""What the players mark on a unit during a round (docs/rules.md D20, D21): a zuzzer token,
the distance to the table centre (the score, §1.7), and "this round's attacks on it are done"
(the odds then resolve only the damage recorded)."""

from __future__ import annotations

from dataclasses import replace

from .play_state import Fighter, PlayRefusal, Table, Zuzzer


def _alive(table: Table, unit: int) -> Fighter:
    found = table.fighter(unit)
    if found is None:
        raise PlayRefusal("unknown-unit", ("unit",), unit=unit)
    if found.destroyed:
        raise PlayRefusal("unit-destroyed", ("unit",), unit=found.name)
    return found


def mark_zuzzer(table: Table, unit: int, distance: float, direction: str = "") -> Table:
    """A dash or side step leaves a zuzzer token (a newer one replaces an older); distance 0
    takes it off. The slide itself (2-4b) removes every token at the end of the round."""
    if distance < 0:
        raise PlayRefusal("distance-negative", ("distance",), distance=distance)
    fighter = _alive(table, unit)
    mark = Zuzzer(distance, direction) if distance > 0 else None
    return table.with_fighter(replace(fighter, zuzzer=mark))


def mark_centre(table: Table, unit: int, distance: float) -> Table:
    """The unit's distance to the table centre, in base widths (floored for the score)."""
    if distance < 0:
        raise PlayRefusal("distance-negative", ("distance",), distance=distance)
    return table.with_fighter(replace(_alive(table, unit), centre=distance))


def mark_done(table: Table, unit: int, done: bool = True) -> Table:
    """This round's attacks on the unit are done (D21): its odds resolve only what is recorded."""
    return table.with_fighter(replace(_alive(table, unit), done=done))
