"""The score of a battle (docs/rules.md §1.7, D6): per surviving unit its remaining durability
minus its distance to the centre (floored, never below 0), per side the total; the higher total
wins, a tie goes to the side with the unit nearest the centre. A unit whose distance was never
recorded counts as at the centre (the record shows it unset)."""

from __future__ import annotations

from dataclasses import dataclass

from .play_state import Fighter, Table
from .scoring import Survivor, team_score, unit_score, winner


@dataclass(frozen=True)
class SideScore:
    side: int
    score: int
    units: tuple[tuple[int, int], ...]  # (unit ID, its score) of every unit of the side


@dataclass(frozen=True)
class Score:
    sides: tuple[SideScore, ...]
    winner: int | None  # the winning side; None: still even after the tie-break


def survivor(fighter: Fighter) -> Survivor:
    slots = tuple(fighter.parts[i] if fighter.intact(i) else None for i in range(3))
    return Survivor(fighter.frame, slots, fighter.centre or 0.0)


def fighter_score(fighter: Fighter) -> int:
    """A unit's score now: 0 once destroyed."""
    return 0 if fighter.destroyed else unit_score(survivor(fighter))


def score(table: Table) -> Score:
    """Each side's score as the table stands (the result once the game is over)."""
    sides = []
    survivors: dict[int, list[Survivor]] = {}
    for side in table.sides():
        units = [f for f in table.fighters if f.side == side]
        alive = [survivor(f) for f in units if f.alive]
        survivors[side] = alive
        per = tuple((f.id, fighter_score(f)) for f in units)
        sides.append(SideScore(side, team_score(alive), per))
    best: int | None = None
    ids = list(survivors)
    if len(ids) == 2:
        won = winner(survivors[ids[0]], survivors[ids[1]])
        best = None if won is None else ids[0] if won == "a" else ids[1]
    return Score(tuple(sides), best)
