"""Force legality (docs/rules.md D9) with every reason, placed at its file position.

Three kinds of finding: ``bad-input`` (an unknown id, a schema problem: the force cannot be
used), ``illegal`` (breaks D9: no battleship, fewer than 3 MS, a name used twice) and ``warning``
(more MS than the ship carries).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from builder.core.problems import (
    Findings,
    Locator,
    Problem,
    Severity,
    unplaced,
)
from builder.systems.artifact.derive import Unit, all_units, id_hint, unit_stats
from builder.systems.artifact.models import ArtifactCatalog, ForceFile
from builder.systems.artifact.read import ForceRead


@dataclass(frozen=True)
class Member:
    """One unit of the force (the ship or an MS) with its catalog entry (None when unknown)."""

    name: str
    type: str
    role: str  # "ship" | "ms"
    unit: Unit | None

    @property
    def kind(self) -> str | None:
        if self.unit is None:
            return None
        return "ms" if hasattr(self.unit, "propellant") else "ship"

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "type": self.type, "kind": self.kind}


@dataclass
class ForceReport(Findings):
    """Everything ``laminim check`` says about a force."""

    name: str
    problems: list[Problem]
    ship: Member | None
    units: list[Member] = field(default_factory=list)

    @property
    def members(self) -> list[Member]:
        return ([self.ship] if self.ship is not None else []) + self.units

    def to_json(self) -> dict[str, Any]:
        return {
            "legal": self.legal,
            "errors": [p.to_json() for p in self.errors],
            "warnings": [p.to_json() for p in self.warnings],
            "ship": self.ship.to_json() if self.ship is not None else None,
            "units": [u.to_json() for u in self.units],
        }


def _locator(read: ForceRead | None) -> Locator:
    if read is None or read.source is None:
        return unplaced("<force>")
    return read.source.locator()


def check(force: ForceFile, catalog: ArtifactCatalog, read: ForceRead | None = None) -> ForceReport:
    """Every problem of ``force``: the file's own (from ``read``), unknown ids, D9, warnings."""
    from builder.systems.artifact.rules import MIN_MS, check_force

    locate = _locator(read)
    rows = read.unit_rows if read is not None else list(range(len(force.units)))
    problems: list[Problem] = list(read.problems) if read is not None else []
    units = all_units(catalog)
    ship_ids = [s.id for s in catalog.ships]
    ms_ids = [m.id for m in catalog.mobile_suits]

    def resolve(type_id: str, loc: tuple, choices: list[str], what: str) -> Unit | None:
        unit = units.get(type_id)
        if unit is None:
            hint = id_hint(type_id, [units[c] for c in choices]) or id_hint(
                type_id, list(units.values())
            )
            problems.append(
                locate(
                    loc,
                    f"unknown {what} '{type_id}'{hint}; known: {', '.join(choices)}",
                    "bad-input",
                )
            )
        return unit

    ship = Member(
        force.ship.name,
        force.ship.type,
        "ship",
        resolve(force.ship.type, ("ship", "type"), ship_ids, "battleship"),
    )
    members = [
        Member(u.name, u.type, "ms", resolve(u.type, ("units", rows[i], "type"), ms_ids, "MS"))
        for i, u in enumerate(force.units)
    ]
    incomplete = (read is not None and read.dropped_units > 0) or any(
        m.unit is None for m in members
    )
    if ship.unit is not None:
        resolved = [(rows[i], m) for i, m in enumerate(members) if m.unit is not None]
        found = check_force(
            (ship.name, unit_stats(ship.unit)),
            [(m.name, unit_stats(m.unit)) for _, m in resolved if m.unit is not None],
        )
        for fp in found:
            path: tuple = fp.path
            if path and path[0] == "units" and len(path) > 1 and isinstance(path[1], int):
                path = ("units", resolved[path[1]][0], *path[2:])
                message = fp.message.replace("the ship", f"the ship ({ship.name})")
            else:
                message = fp.message
            if incomplete and fp.path == ("units",) and fp.severity == "error":
                continue  # the count would mislead while a unit is unreadable or unknown
            severity: Severity = "warning" if fp.severity == "warning" else "illegal"
            problems.append(locate(path, message, severity))
    elif not incomplete:
        n_ms = sum(1 for m in members if m.kind == "ms")
        if n_ms < MIN_MS:
            message = f"a force needs at least {MIN_MS} MS, this one has {n_ms}"
            problems.append(locate(("units",), message, "illegal"))
    problems.sort(key=lambda p: (p.line or 0, p.col or 0))
    return ForceReport(force.name, problems, ship, members)
