"""The end of a round at the table (docs/rules.md §1.5, D5, D8, D20): 2-4a the missile tokens
move (the players move them; they stay in flight), 2-4b every zuzzer token slides and is
removed, 2-4c every part at 0 or below is destroyed at once and cook-off runs in waves.

Dice, one stream (``dice``), consumed in rule order: units by ID; for each, its waves in order;
in a wave, the weapons it destroyed by slot; for each weapon, one cook-off die per ammo left
(D5), then a location face for each 1 (a hit of the weapon's power on its own unit: parts
destroyed so far are invalid faces, parts this wave brought to 0 still valid; a shield cuts
it, D4). The parts the wave brought to 0 or below form the next wave. D8: a weapon destroyed
in the wave that destroys the frame still rolls its cook-off dice (a player sees the
explosion: it counts as a cook-off), but they take no location face, since nothing they could
hit changes the outcome; the unit is destroyed and leaves play.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from .play_attack import Hit, locate
from .play_state import Faces, Fighter, Table

COOK_OFF_FACE = 1


@dataclass(frozen=True)
class CookOff:
    """One weapon's cook-off dice: their faces and the hits its 1s made."""

    unit: int
    slot: int
    faces: tuple[int, ...]
    hits: tuple[Hit, ...]


@dataclass(frozen=True)
class Wave:
    """Parts destroyed at once (0 frame, 1-3 slot) and the cook-off they set off."""

    unit: int
    parts: tuple[int, ...]
    cook_offs: tuple[CookOff, ...]


@dataclass(frozen=True)
class RoundReport:
    round: int  # the round resolved
    waves: tuple[Wave, ...]
    destroyed: tuple[int, ...]  # units that left play
    over: bool


def _at_zero(fighter: Fighter) -> tuple[int, ...]:
    parts = [0] if fighter.frame <= 0 else []
    parts += [i + 1 for i in range(3) if fighter.intact(i) and fighter.parts[i] <= 0]
    return tuple(parts)


def _resolve(fighter: Fighter, faces: Faces) -> tuple[Fighter, list[Wave]]:
    waves: list[Wave] = []
    wave = _at_zero(fighter)
    while wave:
        broken = list(fighter.broken)
        for part in wave:
            if part:
                broken[part - 1] = True
        frame_gone = 0 in wave
        fighter = replace(fighter, broken=(broken[0], broken[1], broken[2]), destroyed=frame_gone)
        cook_offs = []
        for part in wave:
            if part == 0:
                continue
            slot = part - 1
            weapon = fighter.spec.slots[slot]
            assert weapon is not None
            dice = fighter.ammo[slot] or 0 if weapon.ammo is not None else 0
            if not dice:
                continue
            rolled = tuple(faces.take("dice", dice))
            hits = []
            if not frame_gone:
                for _ in range(sum(1 for f in rolled if f == COOK_OFF_FACE)):
                    fighter, hit = locate(fighter, faces.next("dice"), weapon.power)
                    hits.append(hit)
            cook_offs.append(CookOff(fighter.id, slot, rolled, tuple(hits)))
        waves.append(Wave(fighter.id, wave, tuple(cook_offs)))
        if frame_gone:
            break
        wave = _at_zero(fighter)
    return fighter, waves


def end_round(table: Table, faces: Faces) -> tuple[Table, RoundReport]:
    """Resolve the round (2-4a..c) and start the next one, or end the game: after the last
    round's resolution, or when a side has no unit left."""
    waves: list[Wave] = []
    destroyed: list[int] = []
    fighters = []
    for fighter in sorted(table.fighters, key=lambda f: f.id):
        if fighter.alive:
            fighter, found = _resolve(fighter, faces)
            waves += found
            if fighter.destroyed:
                destroyed.append(fighter.id)
        fighters.append(replace(fighter, zuzzer=None, fired=(), single=None, done=False))
    order = {f.id: i for i, f in enumerate(table.fighters)}
    fighters.sort(key=lambda f: order[f.id])
    after = replace(table, fighters=tuple(fighters))
    over = table.round >= table.last_round or any(not after.side_alive(s) for s in after.sides())
    after = replace(after, round=table.round if over else table.round + 1, over=over)
    return after, RoundReport(table.round, tuple(waves), tuple(destroyed), over)
