"""Team and unit legality with reasons (docs/rules.md §1.1, D1, D2).

Three kinds of finding: ``bad-input`` (an unknown id or a file problem: the team cannot be used),
``illegal`` (well-formed but breaks a rule: payload, slot count, team size, duplicate names) and
``warning`` (legal but worth a look, e.g. a unit that cannot attack).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from builder.core.i18n import Lang, part_name
from builder.core.messages import EMPTY, Message, Messages
from builder.core.problems import (
    Findings,
    Locator,
    Problem,
    errors_of,
    unplaced,
    warnings_of,
)
from builder.systems.laminim.models import Catalog, Frame, TeamFormat, Weapon
from builder.systems.laminim.read import UNREADABLE, LaminimRead
from builder.systems.laminim.team import SLOTS, Team, Unit

MESSAGES = Messages.load(__file__)


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
    """The frame's id (as written when it names no frame)."""
    weapons: list[str | None]
    """Each slot's weapon id (as written when it names no weapon)."""
    payload_used: int | None
    payload_limit: int | None
    problems: list[Problem] = field(default_factory=list)
    resolved: ResolvedUnit | None = None
    written: tuple[str, tuple[str | None, ...]] | None = None
    name_ja: str | None = None
    """The unit's Japanese name, when its file gives one (shown under ja)."""
    """The frame and weapons as the file writes them (ids or names)."""
    found: tuple[Frame | None, tuple[Weapon | None, ...]] = (None, ())
    """The catalog's frame and each slot's weapon, where the file names one."""

    def shown(self, lang: Lang) -> tuple[str, list[str | None]]:
        """The frame and weapons as the check table shows them: in Japanese by their Japanese
        names, in English as the file writes them (ids, or what the player wrote)."""
        frame, weapons = self.written or (self.frame, tuple(self.weapons))
        if lang != "ja":
            return frame, list(weapons)
        found_frame, found_weapons = self.found
        slots = [
            part_name(w, lang) if w is not None else written
            for w, written in zip(found_weapons, weapons, strict=False)
        ]
        return (part_name(found_frame, lang) if found_frame else frame), slots

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
            "errors": [p.text() for p in errors_of(self.problems)],
            "warnings": [p.text() for p in warnings_of(self.problems)],
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


def unknown_weapon(written: str, catalog: Catalog) -> Message:
    """Why ``written`` names no weapon of ``catalog`` (unknown, or a name several share)."""
    return catalog.weapon_names.refusal(
        written, lambda hint: MESSAGES("unknown-weapon", weapon=written, hint=hint)
    )


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
        said = catalog.frame_names.refusal(
            unit.frame, lambda hint: MESSAGES("unknown-frame", frame=unit.frame, hint=hint)
        )
        problems.append(locate(("frame",), said, "bad-input"))
    used = 0
    for i, wid in enumerate(unit.weapons):
        if wid is None:
            continue
        weapon = catalog.weapon(wid)
        if weapon is None:
            said = unknown_weapon(wid, catalog)
            problems.append(locate(("weapons", i), said, "bad-input"))
        else:
            used += weapon.weight

    if len(unit.weapons) > SLOTS:
        problems.append(
            locate(
                ("weapons",),
                MESSAGES("too-many-slots", count=len(unit.weapons), slots=SLOTS),
                "illegal",
            )
        )
    mounted = len(unit.mounted())
    if mounted > fmt.max_weapons and len(unit.weapons) <= SLOTS:
        problems.append(
            locate(
                ("weapons",),
                MESSAGES("too-many-weapons", count=mounted, limit=fmt.max_weapons),
                "illegal",
            )
        )
    if mounted < fmt.min_weapons:
        problems.append(
            locate(
                ("weapons",),
                MESSAGES("too-few-weapons", count=mounted, limit=fmt.min_weapons),
                "illegal",
            )
        )
    if frame is not None and used > frame.payload:
        problems.append(
            locate(
                ("weapons",),
                MESSAGES("over-payload", used=used, limit=frame.payload, over=used - frame.payload),
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
            problems.append(locate(("weapons",), MESSAGES("no-attack"), "warning"))
        elif kinds - {"special"} == {"melee"}:
            problems.append(
                locate(
                    ("weapons",),
                    MESSAGES("melee-only"),
                    "warning",
                )
            )
        guards = [w for w in resolved.slots if w is not None and w.abilities.guard]
        if len(guards) > 1:
            problems.append(
                locate(
                    ("weapons",),
                    MESSAGES("several-shields", count=len(guards)),
                    "warning",
                )
            )
    return UnitReport(
        name=unit.name,
        name_ja=unit.name_ja,
        frame=catalog.frame_names.id_of(unit.frame),
        weapons=[catalog.weapon_names.id_of(w) if w is not None else None for w in unit.weapons],
        written=(unit.frame, tuple(unit.weapons)),
        found=(frame, tuple(catalog.weapon(w) if w else None for w in unit.weapons)),
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
                MESSAGES("wrong-system", team=team.system, catalog=catalog.system),
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
    if read is not None and read.broken and read.source is not None:
        reports, problems = _with_broken(read, reports, problems, catalog, fmt)

    # team size counts the units in the file, including any left out for schema problems
    in_file = read.units_in_file if read is not None else None
    n_units = in_file if in_file is not None else len(team.units)
    if n_units != fmt.units and (read is None or in_file is not None):
        problems.append(
            team_problem(
                ("units",),
                MESSAGES(
                    "team-size" if n_units != 1 else "team-size-one", count=n_units, size=fmt.units
                ),
                "illegal",
            )
        )
    # names ignoring case (compare and --unit match them so), each as first written
    seen: dict[str, str] = {}
    named = [(unit_locator(i), unit) for i, unit in enumerate(team.units)]
    if read is not None and read.source is not None:
        named += [
            (read.source.locator(("units", b.row)), b.unit)
            for b in read.broken
            if b.unit.name != UNREADABLE
        ]
        named.sort(key=lambda pair: pair[0](("name",), EMPTY, "illegal").line or 0)
    for locate_name, unit in named:
        first = seen.get(unit.name.casefold())
        if first is not None:
            message = (
                MESSAGES("duplicate-name", name=unit.name)
                if first == unit.name
                else MESSAGES("duplicate-name-case", name=unit.name, first=first)
            )
            problems.append(locate_name(("name",), message, "illegal"))
        seen.setdefault(unit.name.casefold(), unit.name)
    problems.sort(key=lambda p: (p.file, p.line or 0, p.col or 0))
    return TeamReport(problems, reports)


_ID_WORDS = ("unknown-frame", "unknown-weapon")


def _with_broken(
    read: LaminimRead,
    reports: list[UnitReport],
    problems: list[Problem],
    catalog: Catalog,
    fmt: TeamFormat,
) -> tuple[list[UnitReport], list[Problem]]:
    """The reports with the units that broke the schema added in file order, each with its
    schema problems and the rule checks of what could be read of it (every problem in one
    run, every unit in the table).

    At a field that has a schema problem the schema's words stand, except that an id in the
    wrong form (``frame: Lancer``) gives way to the catalog's "unknown frame 'Lancer' (did you
    mean 'lancer'?)", which names the id to write. A check about a value that could not be
    read at all (``?``) says nothing the schema did not."""
    assert read.source is not None
    rows = {id(r): read.unit_rows[i] for i, r in enumerate(reports)}
    replaced: set[int] = set()
    added: list[Problem] = []
    for broken in read.broken:
        locate = read.source.locator(("units", broken.row))
        checked = check_unit(broken.unit, catalog, fmt, locate)
        own = [p for p in problems if p.field in broken.broken]
        kept: list[Problem] = []
        for found in checked.problems:
            schema = [p for p in own if p.field == found.field]
            if UNREADABLE in dict(found.said.params).values():
                continue
            if not schema:
                kept.append(found)
            elif (
                found.said.key in _ID_WORDS
                and dict(found.said.params).get("hint")
                and all(p.said.key == "not-an-id" for p in schema)
            ):
                replaced.update(id(p) for p in schema)
                kept.append(found)
        checked.problems = [p for p in own if id(p) not in replaced] + kept
        added += kept
        rows[id(checked)] = broken.row
        reports.append(checked)
    problems = [p for p in problems if id(p) not in replaced] + added
    return sorted(reports, key=lambda r: rows[id(r)]), problems
