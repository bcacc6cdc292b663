"""Team and unit legality with reasons (docs/rules.md §1.1, D1, D2).

Three kinds of finding: ``bad-input`` (an unknown id or a file problem: the team cannot be used),
``illegal`` (well-formed but breaks a rule: payload, slot count, team size, duplicate names) and
``warning`` (legal but worth a look, e.g. a unit that cannot attack).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from builder.core.problems import (
    Findings,
    Locator,
    Problem,
    did_you_mean,
    errors_of,
    unplaced,
    warnings_of,
)
from builder.systems.laminim.models import Catalog, Frame, TeamFormat, Weapon
from builder.systems.laminim.read import LaminimRead
from builder.systems.laminim.team import SLOTS, Team, Unit


@dataclass(frozen=True)
class ResolvedUnit:
    """A unit whose ids were all found in the catalog."""

    name: str
    frame: Frame
    slots: tuple[Weapon | None, ...]
    """One entry per slot in the file (normally 3; more when the file lists too many)."""

    @property
    def payload_used(self) -> int:
        return sum(w.weight for w in self.slots if w is not None)


@dataclass
class UnitReport:
    """Legality of one unit: payload and its findings."""

    name: str
    frame: str
    weapons: list[str | None]
    payload_used: int | None
    payload_limit: int | None
    problems: list[Problem] = field(default_factory=list)
    resolved: ResolvedUnit | None = None

    @property
    def legal(self) -> bool:
        return not errors_of(self.problems)

    def to_json(self) -> dict:
        return {
            "name": self.name,
            "frame": self.frame,
            "weapons": self.weapons,
            "legal": self.legal,
            "payload": {"used": self.payload_used, "limit": self.payload_limit},
            "errors": [p.message for p in errors_of(self.problems)],
            "warnings": [p.message for p in warnings_of(self.problems)],
        }


@dataclass
class TeamReport(Findings):
    """Everything ``laminim check`` says about a team."""

    problems: list[Problem]
    units: list[UnitReport]

    def to_json(self) -> dict:
        return {
            "legal": self.legal,
            "errors": [p.to_json() for p in self.errors],
            "warnings": [p.to_json() for p in self.warnings],
            "units": [u.to_json() for u in self.units],
        }


def resolve_unit(unit: Unit, catalog: Catalog) -> ResolvedUnit | None:
    """The unit with its parts looked up, or None if an id is unknown."""
    frame = catalog.frame(unit.frame)
    if frame is None:
        return None
    slots: list[Weapon | None] = []
    for wid in unit.weapons:
        weapon = catalog.weapon(wid) if wid is not None else None
        if wid is not None and weapon is None:
            return None
        slots.append(weapon)
    slots += [None] * (SLOTS - len(slots))
    return ResolvedUnit(unit.name, frame, tuple(slots))


def check_unit(
    unit: Unit,
    catalog: Catalog,
    fmt: TeamFormat | None = None,
    locate: Locator | None = None,
) -> UnitReport:
    """Legality of one unit; ``locate`` places its problems (default: named after the unit)."""
    fmt = fmt or catalog.team_format
    if locate is None:
        locate = unplaced(unit.name)

    problems: list[Problem] = []
    frame = catalog.frame(unit.frame)
    if frame is None:
        problems.append(
            locate(
                ("frame",),
                f"unknown frame '{unit.frame}'"
                + did_you_mean(unit.frame, [f.id for f in catalog.frames]),
                "bad-input",
            )
        )
    weapon_ids = [w.id for w in catalog.weapons]
    used = 0
    for i, wid in enumerate(unit.weapons):
        if wid is None:
            continue
        weapon = catalog.weapon(wid)
        if weapon is None:
            problems.append(
                locate(
                    ("weapons", i),
                    f"unknown weapon '{wid}'" + did_you_mean(wid, weapon_ids),
                    "bad-input",
                )
            )
        else:
            used += weapon.weight

    if len(unit.weapons) > SLOTS:
        problems.append(
            locate(
                ("weapons",),
                f"{len(unit.weapons)} slots listed; a unit has {SLOTS} weapon slots (faces 4–6)",
                "illegal",
            )
        )
    mounted = len(unit.mounted())
    if mounted > fmt.max_weapons and len(unit.weapons) <= SLOTS:
        problems.append(
            locate(
                ("weapons",),
                f"{mounted} weapons; the team format allows at most {fmt.max_weapons}",
                "illegal",
            )
        )
    if mounted < fmt.min_weapons:
        problems.append(
            locate(
                ("weapons",),
                f"{mounted} weapons mounted; a unit needs at least {fmt.min_weapons}",
                "illegal",
            )
        )
    if frame is not None and used > frame.payload:
        problems.append(
            locate(
                ("weapons",),
                f"payload {used}/{frame.payload}: over the limit by {used - frame.payload}",
                "illegal",
            )
        )

    resolved = (
        resolve_unit(unit, catalog)
        if not any(p.severity == "bad-input" for p in problems)
        else None
    )
    if resolved is not None and mounted:
        kinds = {w.type for w in resolved.slots if w is not None}
        if kinds <= {"special"}:
            problems.append(
                locate(("weapons",), "no attacking weapon: this unit cannot deal damage", "warning")
            )
        elif kinds - {"special"} == {"melee"}:
            problems.append(
                locate(
                    ("weapons",),
                    "melee weapons only: this unit can attack only within distance 1",
                    "warning",
                )
            )
        guards = [w for w in resolved.slots if w is not None and w.abilities.guard]
        if len(guards) > 1:
            problems.append(
                locate(
                    ("weapons",),
                    f"{len(guards)} shields: only the first intact one guards a face",
                    "warning",
                )
            )
    return UnitReport(
        name=unit.name,
        frame=unit.frame,
        weapons=list(unit.weapons),
        payload_used=used,
        payload_limit=frame.payload if frame is not None else None,
        problems=problems,
        resolved=resolved,
    )


def check_team(team: Team, catalog: Catalog, read: LaminimRead | None = None) -> TeamReport:
    """Legality of a whole team; ``read`` (from read_team) adds file problems and positions."""
    fmt = catalog.team_format
    problems: list[Problem] = list(read.problems) if read is not None else []
    team_problem: Locator = (
        read.source.locator()
        if read is not None and read.source is not None
        else unplaced(team.name)
    )

    if team.system != catalog.system:
        problems.append(
            team_problem(
                ("system",),
                f"team is for '{team.system}' but the catalog is '{catalog.system}'",
                "bad-input",
            )
        )

    def unit_locator(i: int) -> Locator:
        if read is not None:
            return read.unit_locator(i)
        # no file: name the unit rather than a position in a file that does not exist
        return unplaced(team.units[i].name)

    reports: list[UnitReport] = []
    for i, unit in enumerate(team.units):
        report = check_unit(unit, catalog, fmt, unit_locator(i))
        reports.append(report)
        problems.extend(report.problems)

    # team size counts the units in the file, including any left out for schema problems
    in_file = read.units_in_file if read is not None else None
    n_units = in_file if in_file is not None else len(team.units)
    if n_units != fmt.units and (read is None or in_file is not None):
        problems.append(
            team_problem(
                ("units",),
                f"the team has {n_units} unit{'s' * (n_units != 1)}; a team has {fmt.units}",
                "illegal",
            )
        )
    seen: set[str] = set()
    for i, unit in enumerate(team.units):
        if unit.name in seen:
            message = f"duplicate unit name '{unit.name}' (unit names must be unique)"
            problems.append(unit_locator(i)(("name",), message, "illegal"))
        seen.add(unit.name)
    problems.sort(key=lambda p: (p.file, p.line or 0, p.col or 0))
    return TeamReport(problems, reports)
