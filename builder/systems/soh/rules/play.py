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

from dataclasses import dataclass, replace
from typing import Protocol

from .bonuses import packed_targets_bonus
from .multiplier import multiplier_of, wounds_of
from .play_state import MAX_BONUS as MAX_BONUS
from .play_state import MAX_TARGETS as MAX_TARGETS
from .play_state import WOUND_TRACK as WOUND_TRACK
from .play_state import Arm as Arm
from .play_state import Declared as Declared
from .play_state import Fighter as Fighter
from .play_state import Sheet as Sheet
from .play_state import Table as Table
from .play_state import begin as begin
from .play_state import initiative_side as initiative_side
from .play_state import leader_of as leader_of
from .play_state import new_round as new_round


class PlayRefusal(ValueError):
    """An action the rules refuse, as data: the message key, where in the action it is about,
    and what the message names (the rules core prints nothing)."""

    def __init__(self, key: str, at: tuple[str | int, ...] = (), **params: object) -> None:
        super().__init__(f"{key} at {'.'.join(map(str, at))}: {params}")
        self.key = key
        self.at = at
        self.params = params


class Faces(Protocol):
    """The dice of one action (the players' faces, or rolled ones), by the action's key."""

    def take(self, key: str, count: int, sides: int = 6) -> list[int]: ...

    def next(self, key: str, sides: int = 6) -> int: ...


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


def _check_ap(fighter: Fighter, ap: int, at: tuple[str | int, ...]) -> None:
    """Refused (at ``at``) unless ``fighter`` has ``ap`` AP left to act with this round."""
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


def _spend(table: Table, fighter: Fighter, ap: int, at: tuple[str | int, ...]) -> Fighter:
    _check_ap(fighter, ap, at)
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
    _check_ap(attacker, ap, ("ap",))
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
    _check_ap(fighter, paid, ("ap",))
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
    _check_ap(fighter, 1, ("unit",))
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
