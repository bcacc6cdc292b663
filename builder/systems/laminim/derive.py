"""Turning catalog parts into the rules core's plain specs (the one place the two layers meet)."""

from __future__ import annotations

from pathlib import Path

from builder.core.input_files import exists_safely
from builder.core.messages import Messages
from builder.core.problems import InputError, Problem
from builder.core.source import read_yaml
from builder.core.validation import validate_located
from builder.systems.laminim.crossref import raw_threat_problems, threat_problems
from builder.systems.laminim.legality import ResolvedUnit
from builder.systems.laminim.models import Catalog, Threat, Weapon, with_weapon_ids
from builder.systems.laminim.rules.model import (
    Guard,
    ThreatAttack,
    ThreatSpec,
    UnitSpec,
    WeaponSpec,
)
from builder.systems.laminim.team import SLOTS

MESSAGES = Messages.load(__file__)


def weapon_spec(weapon: Weapon) -> WeaponSpec:
    guard = weapon.abilities.guard
    return WeaponSpec(
        name=weapon.id,
        kind=weapon.type,
        durability=weapon.durability,
        power=weapon.power,
        attacks=weapon.attacks,
        ammo=weapon.ammo,
        ammo_per_attack=weapon.ammo_per_attack,
        guard=Guard(tuple(guard.faces), guard.reduction) if guard else None,
        homing=weapon.abilities.homing,
    )


def unit_spec(unit: ResolvedUnit) -> UnitSpec:
    """The rules core's view of a unit: frame durability and the three slots."""
    slots = tuple(weapon_spec(w) if w is not None else None for w in unit.slots[:SLOTS])
    return UnitSpec(name=unit.name, frame_durability=unit.frame.durability, slots=slots)  # type: ignore[arg-type]


def threat_spec(threat: Threat, catalog: Catalog) -> ThreatSpec:
    attacks = []
    for attack in threat.attacks:
        weapon = catalog.weapon(attack.weapon)
        if weapon is None:  # checked when the threat was loaded
            raise KeyError(attack.weapon)
        attacks.append(ThreatAttack(weapon_spec(weapon), attack.bonus, attack.rounds))
    return ThreatSpec(id=threat.id, attacks=tuple(attacks))


def find_threat(ref: str | None, catalog: Catalog, bonus: int | None = None) -> Threat:
    """A threat by catalog id, from a YAML file holding one threat, or an enemy unit of a team
    file (``FILE:UNIT``, docs/rules.md D21, its attacks at ``bonus``, default +2); the catalog's
    default when None.

    Raises InputError (exit 2) for an unknown id or a bad file, and for a ``bonus`` given with
    a threat that is not an enemy unit (it would change nothing).
    """
    if ref is None:
        if catalog.default_threat is None:
            raise InputError([Problem("--threat", None, None, "", MESSAGES("no-default-threat"))])
        ref = catalog.default_threat
    else:  # only a threat given names a file's unit (enemy.py: not loaded for the default)
        from builder.systems.laminim.enemy import file_enemy_threat, is_unit_ref

        if is_unit_ref(ref) and catalog.threat(ref) is None:
            return file_enemy_threat(ref, catalog, *(() if bonus is None else (bonus,)))
    if bonus is not None:
        refused = MESSAGES("bonus-without-unit", threat=ref)
        raise InputError([Problem("--bonus", None, None, "", refused)])
    threat = catalog.threat(ref)
    if threat is not None:
        return threat
    path = Path(ref)
    if path.suffix.lower() in (".yaml", ".yml") or exists_safely(path):
        src = read_yaml(path)
        try:
            threat = validate_located(Threat, src)
        except InputError as exc:
            # the schema's problems and the catalog's together: every problem in one run
            found = [src.problem(loc, msg) for loc, msg in raw_threat_problems(src.data, catalog)]
            known = {(p.line, p.col, p.field, p.message) for p in exc.problems}
            extra = [p for p in found if (p.line, p.col, p.field, p.message) not in known]
            problems = [*exc.problems, *extra]
            problems.sort(key=lambda p: (p.line or 0, p.col or 0))
            raise InputError(problems) from None
        problems = [src.problem(loc, msg) for loc, msg in threat_problems(threat, catalog)]
        if problems:
            raise InputError(problems)
        return with_weapon_ids(threat, catalog)
    ids = ", ".join(t.id for t in catalog.threats)
    said = catalog.threat_names.refusal(
        ref, lambda hint: MESSAGES("unknown-threat-known", threat=ref, hint=hint, known=ids)
    )
    raise InputError([Problem("--threat", None, None, "", said)])
