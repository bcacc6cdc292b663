"""Force legality (docs/rules.md D9) with every reason, placed at its file position.

Three kinds of finding: ``bad-input`` (an unknown id, a schema problem: the force cannot be
used), ``illegal`` (breaks D9: no battleship, fewer than 3 MS, a name used twice) and ``warning``
(more MS than the ship carries).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING, Any

from builder.core.i18n import Lang
from builder.core.messages import EMPTY, Message, Param
from builder.core.names import Names, known
from builder.core.problems import (
    Findings,
    Locator,
    Problem,
    Severity,
)
from builder.core.source import locator_of
from builder.systems.artifact.derive import Unit, all_units, unit_stats
from builder.systems.artifact.models import ArtifactCatalog, ForceFile
from builder.systems.artifact.read import MESSAGES, UNREAD, Entry, ForceRead

if TYPE_CHECKING:
    from builder.systems.artifact.rules import UnitStats
    from builder.systems.artifact.rules.force import ForceProblem


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
    name_ja: str | None = None
    """The force's Japanese name, when its file gives one."""
    names_ja: dict[str, str] = field(default_factory=dict)
    """Each unit's Japanese name by its name, where the file gives one."""

    def shown(self, name: str, lang: Lang) -> str:
        """A unit's name as a player reads it in ``lang``."""
        return self.names_ja.get(name, name) if lang == "ja" else name

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
    return locator_of(read.source if read is not None else None, "<force>")


def _entries(force: ForceFile, read: ForceRead | None) -> tuple[Entry | None, list[Entry]]:
    """The ship and units as written: the file's own (broken ones too), else the force's."""
    if read is not None and read.source is not None:
        return read.ship_entry, list(read.entries)
    ship = Entry(("ship",), force.ship.name, force.ship.type)
    return ship, [Entry(("units", i), u.name, u.type) for i, u in enumerate(force.units)]


def _rule_message(fp: ForceProblem, ship_name: str | None, units: Mapping[str, Unit]) -> Message:
    """A rule's finding in words; a catalog type it names is its id in English and its Japanese
    name with the id beside it in Japanese (the file writes the id)."""
    params: dict[str, Param] = dict(fp.params)
    if fp.code == "name-taken" and params.get("by") == "the ship":
        params["by"] = MESSAGES("the-ship", name=ship_name or UNREAD)
    for key in ("type", "ship"):
        unit = units.get(str(params.get(key)))
        if unit is not None:
            params[key] = (unit.id, f"{unit.name_ja}（{unit.id}）")
    return MESSAGES(fp.code, **params)


def check(force: ForceFile, catalog: ArtifactCatalog, read: ForceRead | None = None) -> ForceReport:
    """Every problem of ``force``: the file's own (from ``read``), unknown ids, D9, warnings.

    Every unit written is checked and listed, whatever else is wrong with it or the file: an
    unknown type is reported and shown as ``?``, and the names and the rules of the others are
    still checked (docs/rules.md D9)."""
    from builder.systems.artifact.rules import check_force

    locate = _locator(read)
    problems: list[Problem] = list(read.problems) if read is not None else []
    units = all_units(catalog)
    ship_ids = [s.id for s in catalog.ships]
    ms_ids = [m.id for m in catalog.mobile_suits]

    def resolve(entry: Entry, choices: list[str], what: str) -> Unit | None:
        if entry.type is None:
            return None  # unreadable: the schema problem is already reported
        unit = units.get(entry.type)
        if unit is None:
            kind = Names(units[c] for c in choices)  # a hint of the kind asked for first
            hint = kind.hint(entry.type)
            if hint is EMPTY:
                hint = units.names.hint(entry.type)
            unknown = partial(
                MESSAGES,
                "unknown-type",
                what=MESSAGES(what),
                type=entry.type,
                known=known(units[c] for c in choices),
            )
            message = units.names.refusal(entry.type, lambda hint=hint, **_: unknown(hint=hint))
            problems.append(locate((*entry.path, "type"), message, "bad-input"))
        return unit

    ship_entry, entries = _entries(force, read)
    ship: Member | None = None
    if ship_entry is not None:
        typed = resolve(ship_entry, ship_ids, "what-ship")
        ship = Member(ship_entry.name or UNREAD, _type(ship_entry, typed), "ship", typed)
    members = []
    for e in entries:
        typed = resolve(e, ms_ids, "what-ms")
        members.append(Member(e.name or UNREAD, _type(e, typed), "ms", typed))
    found = check_force(
        (ship_entry.name or UNREAD, _stats(ship.unit)) if ship_entry and ship else None,
        [(e.name, _stats(m.unit)) for e, m in zip(entries, members, strict=True)],
    )
    for fp in found:
        path: tuple = fp.path
        if path[:1] == ("units",) and len(path) > 1 and isinstance(path[1], int):
            path = (*entries[path[1]].path, *path[2:])
        severity: Severity = "warning" if fp.severity == "warning" else "illegal"
        ship_name = ship_entry.name if ship_entry is not None else None
        problems.append(locate(path, _rule_message(fp, ship_name, units), severity))
    problems.sort(key=lambda p: (p.line or 0, p.col or 0))
    names_ja = {u.name: u.name_ja for u in force.units if u.name_ja is not None}
    if force.ship.name_ja is not None:
        names_ja[force.ship.name] = force.ship.name_ja
    return ForceReport(force.name, problems, ship, members, force.name_ja, names_ja)


def _type(entry: Entry, unit: Unit | None) -> str:
    """A unit's type as reports give it: the catalog id of what the file names, else what the
    file writes (``?`` when nothing readable)."""
    return unit.id if unit is not None else (entry.type or UNREAD)


def _stats(unit: Unit | None) -> UnitStats | None:
    return unit_stats(unit) if unit is not None else None
