"""Reading a force file's data (already read with positions) into a :class:`ForceFile`.

Lenient everywhere: a unit with a schema problem is reported (with its line) and still listed
(with what of it can be read), a missing or broken ship or name is reported and the rest is still
read, so one run of ``laminim check`` lists every mistake and shows every unit. Only a file that
is not a mapping at all has no force.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pydantic import ValidationError

from builder.core.messages import Message, Messages
from builder.core.problems import Problem
from builder.core.source import Located
from builder.core.validation import list_at, validate_at, validation_problems
from builder.systems.artifact.models import ForceFile, ForceShip, ForceUnit
from builder.systems.base import TeamRead

MESSAGES = Messages.load(__file__)

UNREAD = "?"
"""What stands for a name or type the file does not give (or gives in a form we cannot read)."""


@dataclass(frozen=True)
class Entry:
    """One unit as written (the ship or an MS), whether or not it passed the schema: its name
    and type when they are text (None otherwise), and its path in the file."""

    path: tuple[str | int, ...]
    name: str | None
    type: str | None


@dataclass
class ForceRead(TeamRead):
    """A force file as read: the force (its ship and name stand-ins when the file lacks them)
    and every unit as written, readable or not (for the table and the rule checks)."""

    team: ForceFile | None
    unit_rows: list[int] = field(default_factory=list)
    """For each unit of ``team``, its index in the file's ``units`` list."""
    ship_entry: Entry | None = None
    """The ship as written; None when the file has no ship."""
    entries: list[Entry] = field(default_factory=list)
    """Every item of the file's ``units`` list, in order."""

    @property
    def incomplete(self) -> bool:
        """Some unit could not be read whole (already reported)."""
        return len(self.entries) != len(self.unit_rows)


def _bare(raw: object) -> bool:
    """A unit written as just its type (``- nightingale``) rather than a name and a type."""
    return isinstance(raw, str | int | float) and not isinstance(raw, bool)


def _bare_message(raw: object, example: str) -> Message:
    return MESSAGES("bare-unit", form=f"{{name: {example}, type: {raw}}}")


def _text(raw: object, key: str) -> str | None:
    value = raw.get(key) if isinstance(raw, dict) else None
    return value.strip() if isinstance(value, str) and value.strip() else None


def read_force(src: Located) -> ForceRead:
    """The force in ``src`` with every schema problem (never raises for bad content)."""
    data = src.data
    if not isinstance(data, dict):
        return ForceRead(None, src, [src.problem((), MESSAGES("force-format"))])
    problems: list[Problem] = []
    header = {k: v for k, v in data.items() if k not in ("ship", "units")}
    try:
        ForceFile.model_validate({**header, "ship": {"name": "x", "type": "x"}, "units": []})
    except ValidationError as exc:
        problems.extend(validation_problems(exc, src, (), header, ForceFile))

    ship: ForceShip | None = None
    ship_entry: Entry | None = None
    if "ship" not in data:
        problems.append(src.problem(("ship",), MESSAGES("ship-missing")))
    else:
        raw_ship = data["ship"]
        ship_entry = Entry(("ship",), _text(raw_ship, "name"), _text(raw_ship, "type"))
        if _bare(raw_ship):
            ship_entry = Entry(("ship",), None, str(raw_ship))
            problems.append(src.problem(("ship",), _bare_message(raw_ship, "Flag")))
        else:
            ship = validate_at(src, ("ship",), raw_ship, ForceShip, problems)

    units: list[ForceUnit] = []
    rows: list[int] = []
    entries: list[Entry] = []
    missing, not_list = MESSAGES("units-missing"), MESSAGES("units-not-list")
    for i, raw in enumerate(list_at(src, "units", missing, not_list, problems) or []):
        path = ("units", i)
        if _bare(raw):
            problems.append(src.problem(path, _bare_message(raw, f"MS {i + 1}")))
            entries.append(Entry(path, None, str(raw)))
            continue
        entries.append(Entry(path, _text(raw, "name"), _text(raw, "type")))
        unit = validate_at(src, path, raw, ForceUnit, problems)
        if unit is not None:
            units.append(unit)
            rows.append(i)
    name, name_ja = data.get("name"), data.get("name_ja")
    team = ForceFile.model_construct(
        system="artifact",
        name=name.strip() if isinstance(name, str) and name.strip() else UNREAD,
        name_ja=name_ja.strip() if isinstance(name_ja, str) and name_ja.strip() else None,
        ship=ship or ForceShip.model_construct(name=UNREAD, type=UNREAD, name_ja=None),
        units=tuple(units),
    )
    return ForceRead(team, src, problems, rows, ship_entry, entries)
