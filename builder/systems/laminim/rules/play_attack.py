"""Attacks at the table (docs/rules.md §1.2, §1.3, D4, D20): the players' dice, the rules applied.

An attack spends its ammo when declared, rolls the hit table its total bonus and the obstruction
overwrite give (``hit_table``), sends each die where its face says — the target, or the blocker
whose face it is (a unit takes a location check, a missile token loses one missile, an
obstacle takes the power) — and records every hit's damage at once. Nothing is destroyed here:
a part at 0 or below stays a valid face until the round's resolution (``play_round``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from .distributions import damage_taken
from .hit_table import FaceOutcome, Obstruction, hit_table
from .model import PART_NAMES, WeaponSpec
from .play_state import Faces, Fighter, PlayRefusal, Table, Token
from .silhouette import silhouette


@dataclass(frozen=True)
class Hit:
    """One location check: the face, the part it damaged (0 frame, 1-3 slot; None: an invalid
    face, no effect), the damage dealt, and whether a shield took it in another part's place."""

    unit: int
    face: int
    part: int | None
    dealt: int
    guarded: bool = False


@dataclass(frozen=True)
class Blocker:
    """Something touching the firing band, nearest first (§1.2): a unit (by ID), a missile
    token (by id) or an obstacle (by name); on the centre line it takes two faces."""

    kind: str  # 'unit' | 'token' | 'obstacle'
    ref: int | str
    centre: bool = False


@dataclass(frozen=True)
class Die:
    """Where one attack die went: ``outcome`` 'target', 'miss' or 'blocker' (index
    ``blocker``), and what it did there (a hit, a token's count after it, an obstacle's
    damage); all None: it reached a token already gone."""

    face: int
    outcome: str
    blocker: int | None = None
    hit: Hit | None = None
    token: tuple[str, int] | None = None
    obstacle: tuple[str, int] | None = None


@dataclass(frozen=True)
class AttackReport:
    by: int
    slot: int
    target: int | str  # a unit's ID or a token's id
    bonus: int
    proposed: int
    dice: tuple[Die, ...]
    ammo: int | None  # left after the attack


def locate(fighter: Fighter, face: int, power: int) -> tuple[Fighter, Hit]:
    """One location check on ``fighter`` (§1.3, D4): faces 1-3 the frame, 4-6 a slot while its
    weapon is mounted and not destroyed (a part at 0 still counts); an intact shield takes the
    faces it guards, every hit on it cut by its reduction."""
    info = silhouette(fighter.spec, fighter.broken).faces[face - 1]
    name = info.hit_part
    if name is None:
        return fighter, Hit(fighter.id, face, None, 0)
    part = PART_NAMES.index(name)
    dealt = damage_taken(fighter.spec, part, power)
    return damaged(fighter, part, dealt), Hit(
        fighter.id, face, part, dealt, info.guarded_by is not None
    )


def damaged(fighter: Fighter, part: int, dealt: int) -> Fighter:
    """``fighter`` with ``dealt`` more damage recorded on ``part`` (0 frame, 1-3 slot)."""
    if part == 0:
        return replace(fighter, frame=fighter.frame - dealt)
    parts = list(fighter.parts)
    parts[part - 1] -= dealt
    return replace(fighter, parts=(parts[0], parts[1], parts[2]))


def aim_bonus(table: Table, by: int, target: int | None) -> int:
    """D20's aim: +1 for each of attacker and target without a zuzzer token (a missile token
    has none)."""
    attacker = table.fighter(by)
    aimed = int(attacker is not None and attacker.zuzzer is None)
    victim = table.fighter(target) if target is not None else None
    return aimed + int(victim is None or victim.zuzzer is None)


def proposed_bonus(
    table: Table,
    by: int,
    slot: int,
    target: int | None,
    single: bool = False,
    rear: bool = False,
    downed: bool = False,
) -> int:
    """The total bonus the record proposes (D20): aim, +2 for a single weapon declared this
    round (or now), and the rear (+1) and downed (+1) bonuses the players call."""
    attacker = table.fighter(by)
    alone = single or (attacker is not None and attacker.single == slot)
    return aim_bonus(table, by, target) + 2 * int(alone) + int(rear) + int(downed)


def ready(
    table: Table, by: int, slot: int, kinds: tuple[str, ...], single: bool
) -> tuple[Fighter, WeaponSpec]:
    """The attacker and its weapon, refusing what the rules forbid (D20): a unit that left
    play, an empty or destroyed slot, a weapon of another kind, no ammo for an attack, a second
    weapon after a single one was declared (or a single one declared after another fired)."""
    attacker = table.fighter(by)
    if attacker is None:
        raise PlayRefusal("unknown-unit", ("by",), unit=by)
    if attacker.destroyed:
        raise PlayRefusal("unit-destroyed", ("by",), unit=attacker.name)
    if not 0 <= slot < 3 or attacker.spec.slots[slot] is None:
        raise PlayRefusal("empty-slot", ("weapon",), unit=attacker.name, slot=slot + 1)
    weapon = attacker.spec.slots[slot]
    assert weapon is not None
    if attacker.broken[slot]:
        raise PlayRefusal("weapon-destroyed", ("weapon",), unit=attacker.name, weapon=weapon.name)
    if weapon.kind not in kinds:
        key = {"missile": "weapon-launches", "special": "weapon-no-attack"}.get(
            weapon.kind, "weapon-not-missile"
        )
        raise PlayRefusal(key, ("weapon",), weapon=weapon.name, kind=weapon.kind)
    if attacker.single is not None and attacker.single != slot:
        raise PlayRefusal(
            "single-declared", ("weapon",), unit=attacker.name, slot=attacker.single + 1
        )
    if single and any(s != slot for s in attacker.fired):
        raise PlayRefusal("single-too-late", ("single",), unit=attacker.name)
    left = attacker.ammo[slot]
    if weapon.ammo is not None and (left or 0) < weapon.ammo_per_attack:
        raise PlayRefusal(
            "no-ammo", ("weapon",), weapon=weapon.name, left=left or 0, per=weapon.ammo_per_attack
        )
    return attacker, weapon


def spent(attacker: Fighter, slot: int, single: bool) -> Fighter:
    """The attacker after declaring an attack with ``slot``: ammo spent, the slot has fired."""
    weapon = attacker.spec.slots[slot]
    assert weapon is not None
    ammo = list(attacker.ammo)
    if weapon.ammo is not None:
        ammo[slot] = (ammo[slot] or 0) - weapon.ammo_per_attack
    return replace(
        attacker,
        ammo=(ammo[0], ammo[1], ammo[2]),
        fired=tuple(sorted({*attacker.fired, slot})),
        single=slot if single else attacker.single,
    )


def attack(
    table: Table,
    by: int,
    slot: int,
    faces: Faces,
    *,
    target: int | None = None,
    token: str | None = None,
    bonus: int | None = None,
    blockers: tuple[Blocker, ...] = (),
    distance: float | None = None,
    single: bool = False,
    rear: bool = False,
    downed: bool = False,
) -> tuple[Table, AttackReport]:
    """A normal or melee attack of unit ``by``'s weapon in ``slot`` (0-based) at a unit
    (``target``) or a missile token (``token``); ``bonus`` None takes the proposed one.

    Dice: ``hits`` (one face per attack die), then ``locations`` (a face for each die that
    reached a unit, target or blocker, in die order)."""
    attacker, weapon = ready(table, by, slot, ("normal", "melee"), single)
    if weapon.kind == "melee" and distance is not None and distance > 1:
        raise PlayRefusal("melee-too-far", ("distance",), weapon=weapon.name, distance=distance)
    if (target is None) == (token is None):
        raise PlayRefusal("attack-one-target", ())
    if target is not None:
        _check_target(table, target, attacker)
    elif table.token(str(token)) is None:
        raise PlayRefusal("unknown-token", ("token",), token=token, tokens=_ids(table))
    _check_blockers(table, blockers, attacker.id, target, token)
    proposed = proposed_bonus(table, by, slot, target, single, rear, downed)
    used = proposed if bonus is None else bonus
    table = table.with_fighter(spent(attacker, slot, single))
    faces_hit = faces.take("hits", weapon.attacks)
    obstructions = [Obstruction(str(b.ref), b.centre) for b in blockers]
    outcomes = hit_table(used, obstructions)
    reaching = sum(1 for f in faces_hit if _reaches_unit(outcomes[f - 1], blockers, target))
    locations = iter(faces.take("locations", reaching))
    power = weapon.power
    dice: list[Die] = []
    for face in faces_hit:
        outcome = outcomes[face - 1]
        if outcome.outcome == "miss":
            dice.append(Die(face, "miss"))
            continue
        index = outcome.obstruction
        if outcome.outcome == "target":
            kind, ref = ("unit", target) if target is not None else ("token", token)
        else:
            assert index is not None
            kind, ref = blockers[index].kind, blockers[index].ref
        label = "target" if index is None else "blocker"
        if kind == "unit":
            victim = table.fighter(int(ref))  # type: ignore[arg-type]
            assert victim is not None
            victim, hit = locate(victim, next(locations), power)
            table = table.with_fighter(victim)
            dice.append(Die(face, label, index, hit=hit))
        elif kind == "token":
            found = table.token(str(ref))
            if found is None:  # already shot down by an earlier die of this attack
                dice.append(Die(face, label, index))
                continue
            table = table.with_token(replace(found, count=found.count - 1))
            dice.append(Die(face, label, index, token=(found.id, found.count - 1)))
        else:
            table = _obstacle_hit(table, str(ref), power)
            dice.append(Die(face, label, index, obstacle=(str(ref), power)))
    after = table.fighter(by)
    assert after is not None
    report = AttackReport(
        by,
        slot,
        target if target is not None else str(token),
        used,
        proposed,
        tuple(dice),
        after.ammo[slot],
    )
    return table, report


def _reaches_unit(outcome: FaceOutcome, blockers: tuple[Blocker, ...], target: int | None) -> bool:
    if outcome.outcome == "target":
        return target is not None
    if outcome.outcome == "obstruction":
        return outcome.obstruction is not None and blockers[outcome.obstruction].kind == "unit"
    return False


def _obstacle_hit(table: Table, name: str, power: int) -> Table:
    taken = dict(table.obstacles)
    taken[name] = taken.get(name, 0) + power
    return replace(table, obstacles=tuple(taken.items()))


def _ids(table: Table) -> str:
    return ", ".join(t.id for t in table.tokens) or "—"


def _check_target(table: Table, target: int, attacker: Fighter) -> None:
    """Unit ``target`` can be attacked by ``attacker``: on the table, not destroyed, not itself."""
    victim = table.fighter(target)
    if victim is None:
        raise PlayRefusal("unknown-unit", ("target",), unit=target)
    if victim.destroyed:
        raise PlayRefusal("unit-destroyed", ("target",), unit=victim.name)
    if victim.id == attacker.id:
        raise PlayRefusal("attack-self", ("target",), unit=victim.name)


def _check_blockers(
    table: Table, blockers: tuple[Blocker, ...], by: int, target: int | None, token: str | None
) -> None:
    for i, b in enumerate(blockers):
        at = ("blockers", i)
        if b.kind == "unit":
            found = table.fighter(int(b.ref))
            if found is None:
                raise PlayRefusal("unknown-unit", (*at, "unit"), unit=b.ref)
            if found.destroyed:
                raise PlayRefusal("unit-destroyed", (*at, "unit"), unit=found.name)
            if found.id in (by, target):
                raise PlayRefusal("blocker-is-shooter", (*at, "unit"), unit=found.name)
        elif b.kind == "token":
            if table.token(str(b.ref)) is None:
                raise PlayRefusal("unknown-token", (*at, "token"), token=b.ref, tokens=_ids(table))
            if b.ref == token:
                raise PlayRefusal("blocker-is-target", (*at, "token"), token=b.ref)


def launch(
    table: Table, by: int, slot: int, target: int, single: bool = False
) -> tuple[Table, Token]:
    """A missile weapon's attack (§1.4): a token ``T<n>`` of ``attacks`` missiles aimed at unit
    ``target``, its ammo spent; no hit roll."""
    attacker, weapon = ready(table, by, slot, ("missile",), single)
    _check_target(table, target, attacker)
    token = Token(
        f"T{table.launched + 1}",
        attacker.id,
        slot,
        target,
        weapon.attacks,
        weapon.power,
    )
    table = table.with_fighter(spent(attacker, slot, single))
    return replace(table, tokens=(*table.tokens, token), launched=table.launched + 1), token
