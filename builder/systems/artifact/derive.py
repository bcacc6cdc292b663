"""Catalog entries (pydantic) as the rules core's plain stats, and lookups by id.

The rules core never sees catalog objects; this adapter is the one place that converts them.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from builder.core.input_files import exists_safely
from builder.core.messages import Message, Messages
from builder.core.names import Names, known, names_of
from builder.core.problems import InputError, Problem
from builder.core.source import read_yaml
from builder.core.validation import validate_located
from builder.systems.artifact.models import ArtifactCatalog, MobileSuit, Ship, Threat, Weapon

if TYPE_CHECKING:  # the rules core loads numpy: check and parts must not pay for it
    from builder.systems.artifact.rules import Threat as ThreatStats
    from builder.systems.artifact.rules import UnitStats, WeaponStats

Unit = MobileSuit | Ship

MESSAGES = Messages.load(__file__)


def weapon_stats(weapon: Weapon) -> WeaponStats:
    from builder.systems.artifact.rules import WeaponStats

    return WeaponStats(
        weapon.id, weapon.range, weapon.attacks, weapon.to_hit_ms, weapon.to_hit_ship, weapon.damage
    )


def unit_stats(unit: Unit) -> UnitStats:
    """An MS or a ship as the rules core's :class:`UnitStats`."""
    from builder.systems.artifact.rules import UnitStats

    weapons = tuple(weapon_stats(w) for w in unit.weapons)
    if isinstance(unit, MobileSuit):
        return UnitStats(unit.id, "ms", unit.move, unit.hp, weapons, propellant=unit.propellant)
    return UnitStats(unit.id, "ship", unit.move, unit.hp, weapons, capacity=unit.capacity)


class UnitsByName(Mapping[str, Unit]):
    """The catalog's MS and ships by id, looked up by id or name (:mod:`builder.core.names`):
    ``units["ナイチンゲール"]`` is the Nightingale. Iterating gives the ids, MS first."""

    def __init__(self, catalog: ArtifactCatalog) -> None:
        self.names: Names[Unit] = Names((*catalog.mobile_suits, *catalog.ships))

    def __getitem__(self, written: str) -> Unit:
        unit = self.names.get(written)
        if unit is None:
            raise KeyError(written)
        return unit

    def __iter__(self) -> Iterator[str]:
        return (u.id for u in self.names.entries)

    def __len__(self) -> int:
        return len(self.names.entries)


_UNITS: dict[int, tuple[ArtifactCatalog, UnitsByName]] = {}


def all_units(catalog: ArtifactCatalog) -> UnitsByName:
    """Every MS and ship of ``catalog`` by id, found by id or name (built once per catalog)."""
    held = _UNITS.get(id(catalog))
    if held is None or held[0] is not catalog:
        if len(_UNITS) > 64:
            _UNITS.clear()
        held = (catalog, UnitsByName(catalog))
        _UNITS[id(catalog)] = held
    return held[1]


def find_unit(catalog: ArtifactCatalog, unit_id: str) -> Unit | None:
    return all_units(catalog).get(unit_id)


def find_weapon(unit: Unit, weapon_id: str) -> Weapon | None:
    """The weapon of ``unit`` that ``weapon_id`` names: its id, or its English or Japanese name."""
    return names_of(unit.weapons).get(weapon_id)


def unknown_unit(written: str, catalog: ArtifactCatalog, **words: object) -> Message:
    """Why ``written`` names no MS or ship (unknown, or a name several carry)."""
    return all_units(catalog).names.refusal(
        written, partial(MESSAGES, "unknown-unit", unit=written, **words)
    )


def unknown_weapon(unit: Unit, written: str) -> Message:
    """Why ``written`` names none of ``unit``'s weapons, with the weapons it has."""
    ids = ", ".join(w.id for w in unit.weapons)
    unknown = partial(MESSAGES, "no-such-weapon", unit=unit.id, weapon=written, weapons=ids)
    return names_of(unit.weapons).refusal(written, unknown)


def threat_stats(threat: Threat, catalog: ArtifactCatalog) -> ThreatStats:
    """A catalog threat as the rules core's threat (its ids must resolve: checked on loading)."""
    from builder.systems.artifact.rules import AttackAction, ThreatAttack
    from builder.systems.artifact.rules import Threat as ThreatStats

    units = all_units(catalog)
    attacks = []
    for a in threat.attacks:
        weapon = find_weapon(units[a.unit], a.weapon)
        assert weapon is not None
        attacks.append(
            ThreatAttack(a.unit, AttackAction(weapon_stats(weapon), a.near, a.evade_near))
        )
    return ThreatStats(threat.id, tuple(attacks))


def threat_problems(threat: Threat, catalog: ArtifactCatalog) -> list[tuple[tuple, Message]]:
    """Each attack of ``threat`` naming an unknown unit or weapon, as (path, message)."""
    units = all_units(catalog)
    out: list[tuple[tuple, Message]] = []
    for j, a in enumerate(threat.attacks):
        unit = units.get(a.unit)
        if unit is None:
            out.append((("attacks", j, "unit"), unknown_unit(a.unit, catalog)))
        elif find_weapon(unit, a.weapon) is None:
            out.append((("attacks", j, "weapon"), unknown_weapon(unit, a.weapon)))
    return out


def with_ids(threat: Threat, catalog: ArtifactCatalog) -> Threat:
    """``threat`` with each attack's unit and weapon given by id (a file may name them)."""
    units = all_units(catalog)
    attacks = []
    for a in threat.attacks:
        unit = units.get(a.unit)
        weapon = find_weapon(unit, a.weapon) if unit is not None else None
        update = {"unit": unit.id if unit else a.unit, "weapon": weapon.id if weapon else a.weapon}
        attacks.append(a.model_copy(update=update))
    return threat.model_copy(update={"attacks": tuple(attacks)})


def find_threat(ref: str | None, catalog: ArtifactCatalog) -> Threat:
    """A threat by catalog id or from a YAML file holding one threat; the default when None.

    A threat file needs only ``attacks``; its id and names default to the file's stem.
    Raises InputError (exit 2) for an unknown id or a bad file.
    """
    ref = ref or catalog.info.default_threat
    found = names_of(catalog.threats).get(ref)
    if found is not None:
        return found
    path = Path(ref)
    if path.suffix.lower() in (".yaml", ".yml") or exists_safely(path):
        src = read_yaml(path)
        if isinstance(src.data, dict):
            stem = "".join(c if c.isalnum() else "-" for c in path.stem.lower()).strip("-")
            defaults = {
                "id": stem or "threat",
                "name": path.stem,
                "name_ja": path.stem,
                "description": f"threat from {path.name}",
            }
            src.data = {**defaults, **src.data}
        threat = validate_located(Threat, src)
        problems = [src.problem(loc, msg) for loc, msg in threat_problems(threat, catalog)]
        if problems:
            raise InputError(problems)
        return with_ids(threat, catalog)
    unknown = partial(MESSAGES, "unknown-threat", threat=ref, known=known(catalog.threats))
    message = names_of(catalog.threats).refusal(ref, unknown)
    raise InputError([Problem("--threat", None, None, "", message)])
