"""D22: the artifact battle record's rules — the table's state and what each action does to it.

The state (:class:`Table`) holds per unit its HP, its P (an MS) and whether it is aboard its
battleship; per round the side with the initiative, the unit whose activation is under way and
how many of its two actions it used, and the units whose activation is over. Every action
returns a new table (nothing is changed in place) or raises :class:`PlayRefusal` (a message key,
where in the action it is about, and what the message names: the caller words it).

The rules applied (docs/rules.md §2, D10, D11, D22):

* each round starts with the initiative dice (highest first, a tie is rolled again); the sides
  then alternate activations (a side with no unit left to activate passes); a unit that acts
  starts its activation, which ends after two actions, on landing, or when told;
* every action costs an MS 1 P; at P 0 an MS may only move (half M, rounded down) and land;
* an attack rolls the weapon's ``attacks`` dice, each a hit when ``die − near ≥ A.MS`` (A.S at a
  ship); the target may evade an attack that scored a hit (1 P, one die per hit, each cancelled
  on ``die − evade_near ≥ 4``); damage is hits × D, HP 0 destroys at once (overkill ignored);
* landing (an MS within 3 cm of its ship, while the ship has room) refills P and ends the
  activation; launching puts an MS aboard back on the table within 3 cm;
* a destroyed battleship ends the game at once: its side loses.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Protocol

from .evasion import EVADE_TARGET
from .model import UnitStats, WeaponStats


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


ACTIONS_PER_ACTIVATION = 2
SHIP_REACH_CM = 3
"""Landing and launching: within 3 cm of the ship (seed ②『着艦』『発艦』)."""
MAX_NEAR = 10


@dataclass(frozen=True)
class Fighter:
    """One unit in the battle: its catalog stats and where it stands now."""

    id: int
    side: int
    name: str
    stats: UnitStats
    hp: int
    propellant: int | None
    aboard: bool = False
    name_ja: str | None = None
    """Its Japanese name (None: its force file gives none)."""

    @classmethod
    def whole(
        cls, id: int, side: int, name: str, stats: UnitStats, name_ja: str | None = None
    ) -> Fighter:
        return cls(id, side, name, stats, stats.hp, stats.propellant, False, name_ja)

    @property
    def alive(self) -> bool:
        return self.hp > 0

    @property
    def is_ship(self) -> bool:
        return self.stats.kind == "ship"

    def restarted(self) -> Fighter:
        return Fighter.whole(self.id, self.side, self.name, self.stats, self.name_ja)


@dataclass(frozen=True)
class Declared:
    """An attack declared before its dice (its odds are shown until it is rolled)."""

    by: int
    weapon: str
    target: int
    near: int = 0
    evade_near: int = 0


@dataclass(frozen=True)
class Table:
    fighters: tuple[Fighter, ...]
    names: tuple[str, ...]
    round: int = 1
    first: int | None = None
    """The side with the initiative this round (None: not rolled yet)."""
    active: int | None = None
    """The unit whose activation is under way."""
    used: int = 0
    """Actions the active unit has made in this activation."""
    acted: tuple[int, ...] = ()
    """Units whose activation this round is over, in order."""
    over: bool = False
    winner: int | None = None
    declared: Declared | None = None
    names_ja: tuple[str | None, ...] = ()
    """Each side's Japanese name (None: none; (): no side has one)."""

    @classmethod
    def begin(
        cls, fighters: list[Fighter], names: list[str], names_ja: Sequence[str | None] = ()
    ) -> Table:
        return cls(tuple(fighters), tuple(names), names_ja=tuple(names_ja))

    def restarted(self) -> Table:
        return Table(
            tuple(f.restarted() for f in self.fighters), self.names, names_ja=self.names_ja
        )

    def fighter(self, unit: int) -> Fighter | None:
        return next((f for f in self.fighters if f.id == unit), None)

    def ship(self, side: int) -> Fighter | None:
        return next((f for f in self.fighters if f.side == side and f.is_ship), None)

    def with_fighter(self, fighter: Fighter) -> Table:
        fighters = tuple(fighter if f.id == fighter.id else f for f in self.fighters)
        return replace(self, fighters=fighters)

    def to_activate(self, side: int) -> list[Fighter]:
        """The side's units that may still activate this round."""
        return [
            f
            for f in self.fighters
            if f.side == side and f.alive and f.id not in self.acted and f.id != self.active
        ]

    def to_move(self) -> int | None:
        """The side whose turn it is to activate a unit (None before the initiative, or when
        every unit has activated)."""
        if self.first is None:
            return None
        if self.active is not None:
            active = self.fighter(self.active)
            assert active is not None
            return active.side
        able = [s for s in (1, 2) if self.to_activate(s)]
        if not able:
            return None
        if not self.acted:
            return self.first if self.first in able else able[0]
        last = self.fighter(self.acted[-1])
        assert last is not None
        other = 3 - last.side
        return other if other in able else last.side


def _unit(table: Table, unit: int, at: tuple[str | int, ...]) -> Fighter:
    found = table.fighter(unit)
    if found is None:
        raise PlayRefusal("unknown-unit", at, unit=unit)
    if not found.alive:
        raise PlayRefusal("unit-destroyed", at, unit=found.name)
    return found


def _closed(table: Table) -> Table:
    """The activation under way, ended."""
    if table.active is None:
        return table
    return replace(table, active=None, used=0, acted=(*table.acted, table.active))


def _begin_action(table: Table, unit: Fighter, at: tuple[str | int, ...]) -> Table:
    """``unit`` makes an action: its activation goes on, or a new one starts (the previous one
    ends); refused before the initiative, for a unit that has activated, or out of turn."""
    if table.first is None:
        raise PlayRefusal("initiative-first", at, round=table.round)
    if table.active == unit.id:
        return table
    if unit.id in table.acted:
        raise PlayRefusal("already-acted", at, unit=unit.name, round=table.round)
    table = _closed(table)
    side = table.to_move()
    if side is not None and unit.side != side:
        name = table.names[side - 1] if len(table.names) >= side else ""
        raise PlayRefusal("not-your-turn", at, unit=unit.name, side=side, name=name)
    return replace(table, active=unit.id, used=0)


def _after_action(table: Table, unit: int, *, ends: bool = False) -> Table:
    used = table.used + 1
    table = replace(table, used=used)
    if ends or used >= ACTIONS_PER_ACTIVATION:
        table = _closed(table)
    return table


def _spend(fighter: Fighter) -> Fighter:
    if fighter.propellant is None:
        return fighter
    return replace(fighter, propellant=max(0, fighter.propellant - 1))


def _needs_propellant(fighter: Fighter, action: str, at: tuple[str | int, ...]) -> None:
    if fighter.propellant == 0:
        raise PlayRefusal("no-propellant", at, unit=fighter.name, action=action)


def initiative(table: Table, dice: Faces) -> tuple[Table, list[tuple[int, int]]]:
    """Both sides roll a die (side 1's face first); the highest goes first, a tie rolls again.
    Returns the table and every pair rolled."""
    if table.first is not None:
        raise PlayRefusal("initiative-twice", (), round=table.round, side=table.first)
    pairs: list[tuple[int, int]] = []
    while True:
        a, b = dice.next("dice"), dice.next("dice")
        pairs.append((a, b))
        if a != b:
            break
    return replace(table, first=1 if a > b else 2), pairs


def move(table: Table, unit: int, distance: float | None) -> Table:
    """A move of up to M cm (an MS at P 0: half M, rounded down); 1 P an MS with P left."""
    fighter = _unit(table, unit, ("unit",))
    if fighter.aboard:
        raise PlayRefusal("aboard-move", ("unit",), unit=fighter.name)
    reach = fighter.stats.move // 2 if fighter.propellant == 0 else fighter.stats.move
    if distance is not None and distance > reach:
        key = "move-too-far-p0" if fighter.propellant == 0 else "move-too-far"
        raise PlayRefusal(key, ("distance",), unit=fighter.name, distance=distance, reach=reach)
    table = _begin_action(table, fighter, ("unit",))
    table = table.with_fighter(_spend(fighter))
    return _after_action(table, unit)


@dataclass(frozen=True)
class AttackReport:
    by: int
    weapon: str
    target: int
    near: int
    needed: int
    """The lowest face that hits (A.MS or A.S plus the modifier; above 6: none)."""
    faces: tuple[int, ...]
    hits: int
    evaded: bool
    evade_needed: int
    evasion: tuple[int, ...]
    cancelled: int
    damage: int
    hp: int
    destroyed: bool
    game_over: bool


def check_attack(
    table: Table,
    by: int,
    weapon: WeaponStats,
    target: int,
    *,
    distance: float | None = None,
    evade: bool = False,
) -> tuple[Fighter, Fighter]:
    """The attacker and the target, or the first reason the attack cannot be made."""
    attacker = _unit(table, by, ("by",))
    victim = _unit(table, target, ("target",))
    if attacker.aboard:
        raise PlayRefusal("aboard-attack", ("by",), unit=attacker.name)
    _needs_propellant(attacker, "attack", ("by",))
    if victim.side == attacker.side:
        raise PlayRefusal("own-side", ("target",), unit=victim.name)
    if victim.aboard:
        raise PlayRefusal("target-aboard", ("target",), unit=victim.name)
    if distance is not None and distance > weapon.range:
        raise PlayRefusal(
            "out-of-range", ("distance",), weapon=weapon.id, distance=distance, range=weapon.range
        )
    if evade and victim.is_ship:
        raise PlayRefusal("ship-never-evades", ("evade",), unit=victim.name)
    if evade and victim.propellant == 0:
        raise PlayRefusal("evade-p0", ("evade",), unit=victim.name)
    return attacker, victim


def attack(
    table: Table,
    by: int,
    weapon: WeaponStats,
    target: int,
    dice: Faces,
    *,
    near: int = 0,
    evade: bool = False,
    evade_near: int = 0,
    distance: float | None = None,
) -> tuple[Table, AttackReport]:
    """One attack action (§2, D10, D11); the target evades when ``evade`` and a die hit, its
    evasion faces taken under the action's ``evade`` key (one a hit)."""
    attacker, victim = check_attack(table, by, weapon, target, distance=distance, evade=evade)
    table = _begin_action(table, attacker, ("by",))
    table = table.with_fighter(_spend(attacker))
    to_hit = weapon.to_hit(victim.stats.kind)
    faces = tuple(dice.take("hits", weapon.attacks))
    hits = sum(1 for f in faces if f - near >= to_hit)
    evading = evade and hits > 0
    evasion = tuple(dice.take("evade", hits if evading else 0))
    cancelled = sum(1 for f in evasion if f - evade_near >= EVADE_TARGET)
    victim = table.fighter(target) or victim
    if evading:
        victim = _spend(victim)
    damage = (hits - cancelled) * weapon.damage
    hp = max(0, victim.hp - damage)
    victim = replace(victim, hp=hp)
    table = table.with_fighter(victim)
    over = hp == 0 and victim.is_ship
    if over:
        table = replace(_closed(table), over=True, winner=3 - victim.side)
    else:
        table = _after_action(table, by)
    table = replace(table, declared=None)
    report = AttackReport(
        by=by,
        weapon=weapon.id,
        target=target,
        near=near,
        needed=to_hit + near,
        faces=faces,
        hits=hits,
        evaded=evading,
        evade_needed=EVADE_TARGET + evade_near,
        evasion=evasion,
        cancelled=cancelled,
        damage=damage,
        hp=hp,
        destroyed=hp == 0,
        game_over=over,
    )
    return table, report


def declare(
    table: Table, by: int, weapon: WeaponStats, target: int, near: int, evade_near: int
) -> Table:
    """An attack declared before its dice: the record shows its odds (its target's HP now)."""
    check_attack(table, by, weapon, target)
    attacker = table.fighter(by)
    assert attacker is not None
    if table.first is None:
        raise PlayRefusal("initiative-first", ("by",), round=table.round)
    if by in table.acted:
        raise PlayRefusal("already-acted", ("by",), unit=attacker.name, round=table.round)
    return replace(table, declared=Declared(by, weapon.id, target, near, evade_near))


def land(table: Table, unit: int, distance: float | None) -> Table:
    """An MS within 3 cm of its ship goes aboard (the ship has room): P refilled, the
    activation over."""
    fighter = _unit(table, unit, ("unit",))
    if fighter.is_ship:
        raise PlayRefusal("ship-lands", ("unit",), unit=fighter.name)
    if fighter.aboard:
        raise PlayRefusal("already-aboard", ("unit",), unit=fighter.name)
    if distance is not None and distance > SHIP_REACH_CM:
        raise PlayRefusal("land-too-far", ("distance",), distance=distance, reach=SHIP_REACH_CM)
    ship = table.ship(fighter.side)
    if ship is None or not ship.alive:
        raise PlayRefusal("no-ship", ("unit",), unit=fighter.name)
    aboard = sum(1 for f in table.fighters if f.side == fighter.side and f.alive and f.aboard)
    capacity = ship.stats.capacity or 0
    if aboard >= capacity:
        raise PlayRefusal("ship-full", ("unit",), ship=ship.name, capacity=capacity)
    table = _begin_action(table, fighter, ("unit",))
    full = fighter.stats.propellant
    table = table.with_fighter(replace(fighter, aboard=True, propellant=full))
    return _after_action(table, unit, ends=True)


def launch(table: Table, unit: int, distance: float | None) -> Table:
    """An MS aboard is placed within 3 cm of its ship (1 P)."""
    fighter = _unit(table, unit, ("unit",))
    if fighter.is_ship:
        raise PlayRefusal("ship-launches", ("unit",), unit=fighter.name)
    if not fighter.aboard:
        raise PlayRefusal("not-aboard", ("unit",), unit=fighter.name)
    if distance is not None and distance > SHIP_REACH_CM:
        raise PlayRefusal("launch-too-far", ("distance",), distance=distance, reach=SHIP_REACH_CM)
    _needs_propellant(fighter, "launch", ("unit",))
    table = _begin_action(table, fighter, ("unit",))
    table = table.with_fighter(_spend(replace(fighter, aboard=False)))
    return _after_action(table, unit)


def end_activation(table: Table, unit: int | None) -> tuple[Table, int]:
    """The activation under way ends (``unit``: it must be the active one; a unit not yet
    activated passes its activation). Returns the table and the unit whose activation ended."""
    if unit is None:
        if table.active is None:
            raise PlayRefusal("no-activation", ())
        return _closed(table), table.active
    fighter = _unit(table, unit, ("unit",))
    table = _begin_action(table, fighter, ("unit",))
    return _closed(table), unit


def end_round(table: Table) -> tuple[Table, tuple[int, ...]]:
    """The round ends (units that did not activate passed); the next one starts without
    initiative. Returns the table and the units that passed."""
    if table.first is None:
        raise PlayRefusal("initiative-first", (), round=table.round)
    table = _closed(table)
    passed = tuple(f.id for f in table.fighters if f.alive and f.id not in table.acted)
    return (
        replace(table, round=table.round + 1, first=None, acted=(), declared=None),
        passed,
    )
