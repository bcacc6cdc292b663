"""D23: the soh battle record's state and a round's set-up (:mod:`.play` applies the
actions): per character its sheet, wounds, AP this round, evasion and its roll, AP spent, ammo
and the attacks each weapon made; per round the side with the initiative (the leaders'
tactical ability), whose turn is under way, who acted and who waits. Plain frozen data: every
action gives a new table.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from .action_points import evasion_movement, normalise_ap

WOUND_TRACK = 20
"""Boxes on a character's wound track (its card prints them): the seed raises a wound level by
each hit's wounds and gives no end; D23 puts a character out of play when its wounds reach it."""

MAX_BONUS = 30
"""Largest situational hit bonus (or penalty) an attack takes."""
MAX_TARGETS = 1 << 10
"""Most packed targets an attack may name."""


@dataclass(frozen=True)
class Arm:
    """What the record needs of one of a character's weapons."""

    id: str
    hit: int
    """Hit value = ability − weapon size + skill (no bonuses)."""
    damage: int
    type: str
    """``A`` (physical) or ``B`` (beam/energy)."""
    ammo: int | None
    """Rounds per magazine; None: unlimited."""
    rate: int | None
    """Most attacks per round; None: no limit."""
    reload_ap: int = 1


@dataclass(frozen=True)
class Sheet:
    """A character's fixed numbers for the fight (derived from its crew file and the catalog)."""

    name: str
    ap: int
    """AP per round before D15."""
    agility: int
    """Acting order (armour and vehicle modifiers included)."""
    evasion: int
    """Evasion value."""
    durability_a: int
    durability_b: int
    arms: tuple[Arm, ...]
    intellect: int = 0
    name_ja: str | None = None
    """The Japanese name (None: the name serves both languages)."""
    tactics: int | None = None
    """The tactics skill (None: none), for the initiative when the character leads."""
    leader: bool = False

    def durability(self, weapon_type: str) -> int:
        return self.durability_b if weapon_type == "B" else self.durability_a


@dataclass(frozen=True)
class Fighter:
    """One character in the battle: its sheet and where it stands now."""

    id: int
    side: int
    sheet: Sheet
    wounds: int = 0
    ap: int = 0
    """AP this round (after D15)."""
    evasion: int | None = None
    """AP put into evasion this round (None: not declared yet)."""
    evasion_roll: int | None = None
    """The best evasion die this round (0 with no dice; None: not rolled yet)."""
    spent: int = 0
    """AP spent on actions this round."""
    moved: int = 0
    """Evasion movement used this round (AP worth)."""
    ammo: tuple[int | None, ...] = ()
    fired: tuple[int, ...] = ()
    """Attacks each weapon made this round."""

    @classmethod
    def whole(cls, id: int, side: int, sheet: Sheet) -> Fighter:
        return cls(
            id,
            side,
            sheet,
            ammo=tuple(a.ammo for a in sheet.arms),
            fired=tuple(0 for _ in sheet.arms),
        )

    @property
    def name(self) -> str:
        return self.sheet.name

    @property
    def name_ja(self) -> str | None:
        return self.sheet.name_ja

    def name_in(self, lang: str) -> str:
        """The name a player reading ``lang`` knows the character by."""
        return (self.sheet.name_ja or self.name) if lang == "ja" else self.name

    @property
    def in_play(self) -> bool:
        return self.wounds < WOUND_TRACK

    @property
    def ap_left(self) -> int:
        """AP still to spend on actions this round (evasion AP are not for acting)."""
        return max(0, self.ap - (self.evasion or 0) - self.spent)

    @property
    def free_move(self) -> int:
        """Movement (AP worth) its evasion AP give and it has not used yet."""
        return evasion_movement(self.evasion or 0) - self.moved

    @property
    def evasion_total(self) -> int | None:
        """Evasion value + the round's roll (None until rolled)."""
        return None if self.evasion_roll is None else self.sheet.evasion + self.evasion_roll

    def restarted(self) -> Fighter:
        return Fighter.whole(self.id, self.side, self.sheet)


@dataclass(frozen=True)
class Declared:
    """An attack declared before its dice (its odds are shown until it is rolled)."""

    by: int
    weapon: int
    """The weapon's place (0 …) in the attacker's arms."""
    target: int
    ap: int = 1
    bonus: int = 0
    targets: int = 1


@dataclass(frozen=True)
class Table:
    fighters: tuple[Fighter, ...]
    names: tuple[str, ...]
    pcs: tuple[bool, ...] = ()
    """Per side: whether it is the PCs' side (wins an initiative tie)."""
    round: int = 1
    first: int = 1
    """The side with the initiative this round."""
    active: int | None = None
    """The character whose turn is under way."""
    acted: tuple[int, ...] = ()
    """Characters whose turn this round is over, in order."""
    waiting: tuple[int, ...] = ()
    """Characters who waited (1 AP) and may act at any later point this round."""
    over: bool = False
    winner: int | None = None
    declared: Declared | None = None
    crews: tuple[object, ...] = ()
    """The sides as the record writes them (plain data the adapter keeps; the rules never read
    it): the record replays from them without the crew files."""

    def fighter(self, unit: int) -> Fighter | None:
        return next((f for f in self.fighters if f.id == unit), None)

    def with_fighter(self, fighter: Fighter) -> Table:
        return replace(
            self, fighters=tuple(fighter if f.id == fighter.id else f for f in self.fighters)
        )

    def in_play(self, side: int | None = None) -> list[Fighter]:
        return [f for f in self.fighters if f.in_play and (side is None or f.side == side)]

    def restarted(self) -> Table:
        table = begin([f.restarted() for f in self.fighters], self.names, self.pcs)
        return replace(table, crews=self.crews)

    # -- the round's order ---------------------------------------------------------------------

    def loser(self) -> int:
        return 2 if self.first == 1 else 1

    def to_declare(self) -> list[Fighter]:
        """Characters still to declare their evasion AP, in the order they declare: the side
        that lost the initiative first."""
        undeclared = [f for f in self.in_play() if f.evasion is None]
        return sorted(undeclared, key=lambda f: (f.side != self.loser(), f.id))

    def order(self) -> list[Fighter]:
        """The characters in play in acting order: agility, then the initiative side, then ID."""
        return sorted(self.in_play(), key=lambda f: (-f.sheet.agility, f.side != self.first, f.id))

    def next_to_act(self) -> Fighter | None:
        """Whose turn comes next (the one under way excluded): the first in acting order who has
        not acted, is not waiting and has AP left."""
        for f in self.order():
            if f.id == self.active or f.id in self.acted or f.id in self.waiting:
                continue
            if f.ap_left > 0:
                return f
        return None


def leader_of(table: Table, side: int) -> Fighter | None:
    """The side's leader while in play, else its first character in play."""
    mine = table.in_play(side)
    return next((f for f in mine if f.sheet.leader), mine[0] if mine else None)


def initiative_side(table: Table) -> int:
    """The side with the initiative: the greater tactical ability (intellect + tactics) of the
    leaders; a side without tactics loses; neither with tactics: intellect alone; a tie: the
    PCs' side (side 1 when both or neither are)."""
    a, b = leader_of(table, 1), leader_of(table, 2)
    if a is None or b is None:
        return 1 if a is not None or b is None else 2

    def ability(f: Fighter) -> tuple[int, int]:
        s = f.sheet
        return (0, s.intellect) if s.tactics is None else (1, s.intellect + s.tactics)

    x, y = ability(a), ability(b)
    if x[0] != y[0]:  # one side has no tactics: it loses outright
        return 1 if x[0] > y[0] else 2
    if x[1] != y[1]:
        return 1 if x[1] > y[1] else 2
    pcs = table.pcs or (True, True)
    return 2 if pcs[1] and not pcs[0] else 1


def new_round(table: Table, round_no: int) -> Table:
    """Every character in play receives its AP (D15 over those in play); evasion, rolls, spent
    AP and attacks made are cleared; the initiative is settled."""
    playing = [f for f in table.fighters if f.in_play]
    raised = dict(
        zip((f.id for f in playing), normalise_ap([f.sheet.ap for f in playing]), strict=True)
    )
    fighters = tuple(
        replace(
            f,
            ap=raised.get(f.id, 0),
            evasion=None,
            evasion_roll=None,
            spent=0,
            moved=0,
            fired=tuple(0 for _ in f.sheet.arms),
        )
        for f in table.fighters
    )
    table = replace(
        table,
        fighters=fighters,
        round=round_no,
        active=None,
        acted=(),
        waiting=(),
        declared=None,
    )
    return replace(table, first=initiative_side(table))


def begin(fighters: Sequence[Fighter], names: Sequence[str], pcs: Sequence[bool] = ()) -> Table:
    """The table before the first action: round 1 set up."""
    return new_round(Table(tuple(fighters), tuple(names), tuple(pcs)), 1)
