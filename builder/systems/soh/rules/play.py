"""D23: the soh battle record's rules — the characters' state in a fight and what each action does.

The state (:class:`Table`) holds per character its wounds, its AP this round (D15), the AP it put
into evasion, its evasion roll this round (rolled at the first attack against it, good for the
whole round), the AP it spent, its ammo and the attacks each weapon made this round; per round
the side with the initiative, the character whose turn is under way, those whose turn is over
and those waiting. Every action returns a new table (nothing is changed in place) or raises
:class:`PlayRefusal` (a message key, where in the action it is about, what it names: the caller
words it).

The rules applied (docs/rules.md §3, D13–D15, D23):

* a round starts with the initiative (the leaders' intellect + tactics; a side without tactics
  loses it; a tie goes to the PCs' side, then to side 1) and every character in play receiving
  its AP, raised by D15 when any has 1 or less;
* the side that lost the initiative declares its evasion AP first, then the other side; no one
  acts before every character in play has declared (2 AP in evasion give 1 AP of movement);
* characters act in agility order (ties: the initiative side first; within a side the players
  choose), each with the AP it did not put into evasion; a character may wait (1 AP) and act
  later at any time;
* an attack spends its AP (one die each, the best exploding die kept, D13) and one round of
  ammo; the target's evasion roll (its evasion AP in dice, best exploding die; no dice: 0) is
  made at the first attack against it in the round and stands for the round; margin →
  multiplier → wounds (D14); a character whose wounds reach :data:`WOUND_TRACK` is out of play;
* a side with no character in play loses: the game is over.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from builder.core.play_rules import Faces as Faces
from builder.core.play_rules import PlayRefusal as PlayRefusal

from .action_points import evasion_movement, normalise_ap
from .bonuses import packed_targets_bonus
from .multiplier import multiplier_of, wounds_of

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


# -- checks -----------------------------------------------------------------------------------


def _unit(table: Table, unit: int, at: tuple[str | int, ...]) -> Fighter:
    found = table.fighter(unit)
    if found is None:
        raise PlayRefusal("unknown-unit", at, unit=unit)
    if not found.in_play:
        raise PlayRefusal("out-of-play", at, unit=found.name, wounds=found.wounds)
    return found


def _arm(fighter: Fighter, weapon: int, at: tuple[str | int, ...]) -> Arm:
    if not 0 <= weapon < len(fighter.sheet.arms):
        raise PlayRefusal("no-weapon-at", at, unit=fighter.name, got=weapon + 1)
    return fighter.sheet.arms[weapon]


def _closed(table: Table) -> Table:
    if table.active is None:
        return table
    return replace(table, active=None, acted=(*table.acted, table.active))


def _begin_turn(table: Table, fighter: Fighter, at: tuple[str | int, ...]) -> Table:
    """``fighter`` acts: its turn goes on, or starts (the turn under way ends); refused before
    every evasion is declared, for a character whose turn is over, or out of agility order."""
    undeclared = table.to_declare()
    if undeclared:
        raise PlayRefusal("evasion-first", at, units=tuple(f.id for f in undeclared))
    if table.active == fighter.id:
        return table
    if fighter.id in table.acted:
        raise PlayRefusal("already-acted", at, unit=fighter.name, round=table.round)
    table = _closed(table)
    if fighter.id in table.waiting:
        waiting = tuple(w for w in table.waiting if w != fighter.id)
        return replace(table, active=fighter.id, waiting=waiting)
    nxt = table.next_to_act()
    same_group = nxt is not None and (nxt.side, nxt.sheet.agility) == (
        fighter.side,
        fighter.sheet.agility,
    )  # the seed: a group's characters of equal agility settle their order among themselves
    if nxt is not None and nxt.id != fighter.id and not same_group:
        raise PlayRefusal(
            "not-your-turn",
            at,
            unit=fighter.name,
            next=f"{nxt.id} {nxt.name}",
            agility=nxt.sheet.agility,
        )
    return replace(table, active=fighter.id)


def _spend(table: Table, fighter: Fighter, ap: int, at: tuple[str | int, ...]) -> Fighter:
    if ap > fighter.ap_left:
        raise PlayRefusal(
            "not-enough-ap",
            at,
            unit=fighter.name,
            need=ap,
            left=fighter.ap_left,
            ap=fighter.ap,
            evasion=fighter.evasion or 0,
        )
    return replace(fighter, spent=fighter.spent + ap)


def _after(table: Table, unit: int) -> Table:
    """The turn ends once the character has no AP left."""
    f = table.fighter(unit)
    if f is not None and table.active == unit and f.ap_left == 0:
        table = _closed(table)
    return table


def _over(table: Table) -> Table:
    alive = [s for s in (1, 2) if table.in_play(s)]
    if len(alive) == 2:
        return table
    return replace(_closed(table), over=True, winner=alive[0] if alive else None)


# -- the actions ------------------------------------------------------------------------------


def evade(table: Table, unit: int, ap: int) -> Table:
    """``unit`` puts ``ap`` of this round's AP into evasion (declared once a round, the side
    that lost the initiative first)."""
    fighter = _unit(table, unit, ("unit",))
    if fighter.evasion is not None:
        raise PlayRefusal("evasion-twice", ("unit",), unit=fighter.name, ap=fighter.evasion)
    if ap > fighter.ap:
        raise PlayRefusal("evasion-too-many", ("ap",), unit=fighter.name, ap=fighter.ap, got=ap)
    first = table.to_declare()[0]
    if first.side != fighter.side:
        units = tuple(f.id for f in table.to_declare() if f.side == first.side)
        raise PlayRefusal("loser-declares-first", ("unit",), unit=fighter.name, units=units)
    return table.with_fighter(replace(fighter, evasion=ap))


def roll_best(dice: Faces, key: str, count: int) -> tuple[int, tuple[int, ...]]:
    """``count`` exploding dice (D13) under ``key``: (the best die's total, every die's total)."""
    totals = []
    for _ in range(count):
        face = dice.next(key)
        total = face
        while face == 6:
            face = dice.next(key)
            total += face
        totals.append(total)
    return max(totals, default=0), tuple(totals)


@dataclass(frozen=True)
class AttackReport:
    by: int
    weapon: str
    target: int
    ap: int
    hit: int
    """Hit value with the bonuses."""
    dice: tuple[int, ...]
    """Each attack die's total."""
    best: int
    evasion: int
    """The target's evasion value."""
    evasion_dice: tuple[int, ...]
    """The target's evasion dice rolled by this attack (empty: none, or rolled earlier)."""
    evasion_roll: int
    evasion_ap: int
    """The target's evasion AP this round (0: its evasion value alone)."""
    margin: int
    multiplier: int
    durability: int
    wounds: int
    """Wounds this attack dealt."""
    total_wounds: int
    out: bool
    ammo: int | None
    game_over: bool


def check_attack(
    table: Table, by: int, weapon: int, target: int, ap: int
) -> tuple[Fighter, Arm, Fighter]:
    """The attacker, its weapon and the target, or the first reason the attack cannot be made
    (the turn order aside)."""
    attacker = _unit(table, by, ("by",))
    arm = _arm(attacker, weapon, ("weapon",))
    victim = _unit(table, target, ("target",))
    if victim.side == attacker.side:
        raise PlayRefusal("own-side", ("target",), unit=victim.name)
    if ap < 1:
        raise PlayRefusal("ap-at-least-1", ("ap",))
    if ap > attacker.ap_left:
        raise PlayRefusal(
            "not-enough-ap",
            ("ap",),
            unit=attacker.name,
            need=ap,
            left=attacker.ap_left,
            ap=attacker.ap,
            evasion=attacker.evasion or 0,
        )
    ammo = attacker.ammo[weapon]
    if ammo is not None and ammo < 1:
        raise PlayRefusal("no-ammo", ("weapon",), unit=attacker.name, weapon=arm.id)
    if arm.rate is not None and attacker.fired[weapon] >= arm.rate:
        raise PlayRefusal("rate-reached", ("weapon",), weapon=arm.id, rate=arm.rate)
    return attacker, arm, victim


def attack(
    table: Table,
    by: int,
    weapon: int,
    target: int,
    dice: Faces,
    *,
    ap: int = 1,
    bonus: int = 0,
    targets: int = 1,
) -> tuple[Table, AttackReport]:
    """One attack (D13, D14, D23): ``ap`` dice under ``dice``, the target's evasion dice (its
    evasion AP, at the first attack against it this round) under ``evasion_dice``."""
    attacker, arm, victim = check_attack(table, by, weapon, target, ap)
    table = _begin_turn(table, attacker, ("by",))
    attacker = _spend(table, attacker, ap, ("ap",))
    ammo = attacker.ammo
    if ammo[weapon] is not None:
        ammo = tuple(a - 1 if i == weapon and a is not None else a for i, a in enumerate(ammo))
    fired = tuple(n + 1 if i == weapon else n for i, n in enumerate(attacker.fired))
    attacker = replace(attacker, ammo=ammo, fired=fired)
    table = table.with_fighter(attacker)
    best, totals = roll_best(dice, "dice", ap)
    victim = table.fighter(target) or victim
    evasion_dice: tuple[int, ...] = ()
    if victim.evasion_roll is None:
        roll, evasion_dice = roll_best(dice, "evasion_dice", victim.evasion or 0)
        victim = replace(victim, evasion_roll=roll)
    else:
        dice.take("evasion_dice", 0)  # faces given for a roll already made are left over
    roll_now = victim.evasion_roll
    assert roll_now is not None
    hit = arm.hit + bonus + packed_targets_bonus(targets)
    margin = hit + best - (victim.sheet.evasion + roll_now)
    multiplier = multiplier_of(margin)
    durability = victim.sheet.durability(arm.type)
    wounds = wounds_of(arm.damage, multiplier, durability)
    victim = replace(victim, wounds=victim.wounds + wounds)
    table = replace(table.with_fighter(victim), declared=None)
    if not victim.in_play:
        table = replace(
            table,
            acted=tuple(a for a in table.acted if a != victim.id),
            waiting=tuple(w for w in table.waiting if w != victim.id),
        )
    table = _over(_after(table, by))
    report = AttackReport(
        by=by,
        weapon=arm.id,
        target=target,
        ap=ap,
        hit=hit,
        dice=totals,
        best=best,
        evasion=victim.sheet.evasion,
        evasion_dice=evasion_dice,
        evasion_roll=roll_now,
        evasion_ap=victim.evasion or 0,
        margin=margin,
        multiplier=multiplier,
        durability=durability,
        wounds=wounds,
        total_wounds=victim.wounds,
        out=not victim.in_play,
        ammo=attacker.ammo[weapon],
        game_over=table.over,
    )
    return table, report


def declare(
    table: Table, by: int, weapon: int, target: int, ap: int, bonus: int, targets: int
) -> Table:
    """An attack declared before its dice: the record shows its odds against the target now."""
    check_attack(table, by, weapon, target, ap)
    attacker = table.fighter(by)
    assert attacker is not None
    if by in table.acted:
        raise PlayRefusal("already-acted", ("by",), unit=attacker.name, round=table.round)
    return replace(table, declared=Declared(by, weapon, target, ap, bonus, targets))


def move(table: Table, unit: int, ap: int) -> tuple[Table, int, int]:
    """``ap`` AP worth of movement: the evasion's free movement first, then AP. Returns the
    table, the free movement used and the AP spent."""
    fighter = _unit(table, unit, ("unit",))
    if ap < 1:
        raise PlayRefusal("ap-at-least-1", ("ap",))
    free = min(ap, fighter.free_move)
    paid = ap - free
    if paid > fighter.ap_left:
        raise PlayRefusal(
            "not-enough-ap",
            ("ap",),
            unit=fighter.name,
            need=paid,
            left=fighter.ap_left,
            ap=fighter.ap,
            evasion=fighter.evasion or 0,
        )
    table = _begin_turn(table, fighter, ("unit",))
    fighter = replace(fighter, spent=fighter.spent + paid, moved=fighter.moved + free)
    return _after(table.with_fighter(fighter), unit), free, paid


def reload(table: Table, unit: int, weapon: int) -> tuple[Table, int]:
    """A new magazine (the weapon's reload AP); returns the table and the AP spent."""
    fighter = _unit(table, unit, ("unit",))
    arm = _arm(fighter, weapon, ("weapon",))
    if arm.ammo is None:
        raise PlayRefusal("no-magazine", ("weapon",), weapon=arm.id)
    if fighter.ammo[weapon] == arm.ammo:
        raise PlayRefusal("magazine-full", ("weapon",), weapon=arm.id, ammo=arm.ammo)
    table = _begin_turn(table, fighter, ("unit",))
    fighter = _spend(table, fighter, arm.reload_ap, ("weapon",))
    ammo = tuple(arm.ammo if i == weapon else a for i, a in enumerate(fighter.ammo))
    return _after(table.with_fighter(replace(fighter, ammo=ammo)), unit), arm.reload_ap


def wait(table: Table, unit: int) -> Table:
    """``unit`` waits (様子見, 1 AP): its turn passes and it may act at any later point."""
    fighter = _unit(table, unit, ("unit",))
    if fighter.id in table.waiting:
        raise PlayRefusal("already-waiting", ("unit",), unit=fighter.name)
    if fighter.ap_left < 1:
        raise PlayRefusal(
            "not-enough-ap",
            ("unit",),
            unit=fighter.name,
            need=1,
            left=0,
            ap=fighter.ap,
            evasion=fighter.evasion or 0,
        )
    table = _begin_turn(table, fighter, ("unit",))
    fighter = replace(fighter, spent=fighter.spent + 1)
    table = table.with_fighter(fighter)
    return replace(table, active=None, waiting=(*table.waiting, unit))


def end_turn(table: Table, unit: int | None) -> tuple[Table, int]:
    """The turn under way ends (``unit``: it must be its turn; a character whose turn comes
    passes it). Returns the table and the character whose turn ended."""
    if unit is None:
        if table.active is None:
            raise PlayRefusal("no-turn", ())
        return _closed(table), table.active
    fighter = _unit(table, unit, ("unit",))
    table = _begin_turn(table, fighter, ("unit",))
    return _closed(table), unit


def end_round(table: Table) -> tuple[Table, tuple[int, ...]]:
    """The round ends (characters who did not act pass); the next starts: AP, evasion and the
    initiative anew. Returns the table and the characters who passed with AP left."""
    table = _closed(table)
    passed = tuple(f.id for f in table.in_play() if f.id not in table.acted and f.ap_left > 0)
    return new_round(table, table.round + 1), passed
