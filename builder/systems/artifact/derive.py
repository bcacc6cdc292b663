"""Catalog entries (pydantic) as the rules core's plain stats, and lookups by id.

The rules core never sees catalog objects; this adapter is the one place that converts them.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from builder.core.input_files import exists_safely
from builder.core.messages import EMPTY, Message, Messages
from builder.core.problems import CORE, InputError, Problem, suggest
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


def all_units(catalog: ArtifactCatalog) -> dict[str, Unit]:
    units: dict[str, Unit] = {m.id: m for m in catalog.mobile_suits}
    units.update({s.id: s for s in catalog.ships})
    return units


def _fold(text: str) -> str:
    """``text`` as a player might mean it: case, spaces, underscores and ν (nu) do not matter."""
    folded = text.strip().casefold().replace("ν", "nu")
    return re.sub(r"[\s_・]+", "-", folded)


def id_hint(wanted: str, entries: Sequence[MobileSuit | Ship | Weapon]) -> Message:
    """A " (did you mean 'X'?)" hint (both languages) naming the id of the entry ``wanted``
    most likely means, or no words (:data:`EMPTY`).

    Matches the id or the English or Japanese name whatever the case or spacing
    (``Nightingale``, ``ナイチンゲール``, ``rick_dias``), then an id that starts with it
    (``hi-nu`` for ``hi-nu-gundam``), then the closest spelling.
    """
    key = _fold(wanted)
    for e in entries:
        if key in (_fold(e.id), _fold(e.name), _fold(e.name_ja)):
            return CORE("did-you-mean", word=e.id)
    starts = [e.id for e in entries if key and _fold(e.id).startswith(key)]
    if len(starts) == 1:
        return CORE("did-you-mean", word=starts[0])
    folded = {_fold(e.id): e.id for e in entries}
    close = difflib.get_close_matches(key, list(folded), n=1, cutoff=0.6)
    return CORE("did-you-mean", word=folded[close[0]]) if close else EMPTY


def find_unit(catalog: ArtifactCatalog, unit_id: str) -> Unit | None:
    return all_units(catalog).get(unit_id)


def find_weapon(unit: Unit, weapon_id: str) -> Weapon | None:
    return next((w for w in unit.weapons if w.id == weapon_id), None)


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
            hint = id_hint(a.unit, list(units.values()))
            out.append((("attacks", j, "unit"), MESSAGES("unknown-unit", unit=a.unit, hint=hint)))
        elif find_weapon(unit, a.weapon) is None:
            ids = ", ".join(w.id for w in unit.weapons)
            hint = id_hint(a.weapon, unit.weapons)
            message = MESSAGES(
                "no-such-weapon", unit=a.unit, weapon=a.weapon, hint=hint, weapons=ids
            )
            out.append((("attacks", j, "weapon"), message))
    return out


def find_threat(ref: str | None, catalog: ArtifactCatalog) -> Threat:
    """A threat by catalog id or from a YAML file holding one threat; the default when None.

    A threat file needs only ``attacks``; its id and names default to the file's stem.
    Raises InputError (exit 2) for an unknown id or a bad file.
    """
    ref = ref or catalog.info.default_threat
    for threat in catalog.threats:
        if threat.id == ref:
            return threat
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
        return threat
    ids = [t.id for t in catalog.threats]
    message = MESSAGES("unknown-threat", threat=ref, hint=suggest(ref, ids), known=", ".join(ids))
    raise InputError([Problem("--threat", None, None, "", message)])
