"""Reading a LAMINIM team file's data (already read with positions) into a :class:`Team`.

Lenient per unit: a unit with a schema problem is reported (with its line) and left out of the
team, and the other units are still read, so one run of ``laminim check`` lists every mistake.
What can be read of such a unit is kept beside the team (:attr:`LaminimRead.broken`, unreadable
values as ``?``): ``check`` still lists it in its table and still runs its rule checks.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pydantic import ValidationError

from builder.core.messages import Messages
from builder.core.problems import CORE, Locator, Problem
from builder.core.source import Located, locator_of
from builder.core.validation import list_at, validate_at, validation_problems
from builder.systems.base import TeamRead
from builder.systems.laminim.team import Team, Unit

MESSAGES = Messages.load(__file__)

UNREADABLE = "?"
"""What stands for a value of a broken unit that cannot be read (in its name, frame or slot)."""


@dataclass(frozen=True)
class BrokenUnit:
    """A unit of the file with a schema problem: what could be read of it, and where it broke."""

    row: int
    """Its index in the file's ``units`` list."""
    unit: Unit
    """Its readable values; ``?`` for the others (never saved: the team does not hold it)."""
    broken: frozenset[str]
    """The field paths of its schema problems (``units[2].frame``)."""


@dataclass
class LaminimRead(TeamRead):
    """A team file as read, with each kept unit's row in the file (for positions)."""

    team: Team | None
    unit_rows: list[int] = field(default_factory=list)
    """For each unit of ``team``, its index in the file's ``units`` list."""
    broken: list[BrokenUnit] = field(default_factory=list)
    """The units left out of ``team`` for a schema problem, as far as they can be read."""

    def unit_locator(self, unit_index: int) -> Locator:
        """Locates problems at ``units[i].<loc>`` of the file (i = the unit's row there)."""
        row = self.unit_rows[unit_index] if unit_index < len(self.unit_rows) else unit_index
        return locator_of(self.source, "<team>", ("units", row))

    @property
    def units_in_file(self) -> int | None:
        """How many units the file lists (kept or not), None if it has no units list."""
        data = self.source.data if self.source is not None else None
        if isinstance(data, dict) and isinstance(data.get("units"), list):
            return len(data["units"])
        return None


MAX_UNITS = 12
"""Most units a LAMINIM team file may list (the rules field 3; past 12 the file is refused as bad
input before any unit is read, so a thousand-unit file costs nothing; 12 units print in ~10 s)."""


def read_team(src: Located) -> LaminimRead:
    """The team in ``src`` with every schema problem (never raises for bad content)."""
    data = src.data
    if not isinstance(data, dict):
        return LaminimRead(None, src, [src.problem((), MESSAGES("not-a-team"))])
    problems: list[Problem] = []
    header = {k: v for k, v in data.items() if k != "units"}
    head: Team | None
    try:
        head = Team.model_validate({**header, "units": []})
    except ValidationError as exc:
        problems.extend(validation_problems(exc, src, (), {**data}, Team))
        head = None

    units: list[Unit] = []
    rows: list[int] = []
    broken: list[BrokenUnit] = []
    raw_units = list_at(src, "units", CORE("field-missing"), MESSAGES("units-not-list"), problems)
    if raw_units is not None and len(raw_units) > MAX_UNITS:
        message = MESSAGES("too-many-units", count=len(raw_units), limit=MAX_UNITS)
        return LaminimRead(None, src, [*problems, src.problem(("units",), message)])
    for i, raw in enumerate(raw_units or []):
        before = len(problems)
        unit = validate_at(src, ("units", i), raw, Unit, problems)
        if unit is not None:
            units.append(unit)
            rows.append(i)
        else:
            fields = frozenset(p.field for p in problems[before:])
            broken.append(BrokenUnit(i, salvage(raw), fields))
    team = head.model_copy(update={"units": units}) if head is not None else None
    return LaminimRead(team, src, problems, rows, broken)


def _text(value: object) -> str:
    return value if isinstance(value, str) and value.strip() else UNREADABLE


def salvage(raw: object) -> Unit:
    """What can be read of a unit that breaks the schema: text where text is written (an id
    in the wrong case is kept, so the rule checks can say which id was meant), ``?`` else."""
    data = raw if isinstance(raw, dict) else {}
    weapons = data.get("weapons")
    slots = [None if w is None else _text(w) for w in weapons] if isinstance(weapons, list) else []
    return Unit.model_construct(
        name=_text(data.get("name")), frame=_text(data.get("frame")), weapons=slots
    )
