"""Reading a force file's data (already read with positions) into a :class:`ForceFile`.

Lenient per unit: a unit with a schema problem is reported (with its line) and left out, and the
others are still read, so one run of ``laminim check`` lists every mistake.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pydantic import ValidationError

from builder.core.problems import Problem
from builder.core.source import Located
from builder.core.validation import validate_at, validation_problems
from builder.systems.artifact.models import ForceFile, ForceShip, ForceUnit
from builder.systems.base import TeamRead

FORMAT = "expected a mapping with system, name, ship and units"


@dataclass
class ForceRead(TeamRead):
    """A force file as read, with each kept unit's row in the file (for positions)."""

    team: ForceFile | None
    unit_rows: list[int] = field(default_factory=list)
    """For each unit of ``team``, its index in the file's ``units`` list."""
    dropped_units: int = 0
    """Units left out because of a schema problem (already reported)."""


def _bare(raw: object) -> bool:
    """A unit written as just its type (``- nightingale``) rather than a name and a type."""
    return isinstance(raw, str | int | float) and not isinstance(raw, bool)


def _bare_message(raw: object, example: str) -> str:
    return f"a unit needs a name and a type: write {{name: {example}, type: {raw}}}"


def read_force(src: Located) -> ForceRead:
    """The force in ``src`` with every schema problem (never raises for bad content)."""
    data = src.data
    if not isinstance(data, dict):
        return ForceRead(None, src, [src.problem((), FORMAT)])
    problems: list[Problem] = []
    header = {k: v for k, v in data.items() if k not in ("ship", "units")}
    ok = True
    try:
        ForceFile.model_validate({**header, "ship": {"name": "x", "type": "x"}, "units": []})
    except ValidationError as exc:
        problems.extend(validation_problems(exc, src, (), header, ForceFile))
        ok = False

    ship: ForceShip | None = None
    if "ship" not in data:
        problems.append(src.problem((), "ship: required field is missing (one battleship)"))
    elif _bare(data["ship"]):
        problems.append(src.problem(("ship",), _bare_message(data["ship"], "Flag")))
    else:
        ship = validate_at(src, ("ship",), data["ship"], ForceShip, problems)

    units: list[ForceUnit] = []
    rows: list[int] = []
    dropped = 0
    raw_units = data.get("units")
    if "units" not in data:
        problems.append(src.problem((), "units: required field is missing (the MS of the force)"))
    elif not isinstance(raw_units, list):
        problems.append(src.problem(("units",), "expected a list of units"))
    else:
        for i, raw in enumerate(raw_units):
            if _bare(raw):
                problems.append(src.problem(("units", i), _bare_message(raw, f"MS {i + 1}")))
                dropped += 1
                continue
            unit = validate_at(src, ("units", i), raw, ForceUnit, problems)
            if unit is None:
                dropped += 1
            else:
                units.append(unit)
                rows.append(i)
    team = None
    if ok and ship is not None:
        team = ForceFile(system="artifact", name=data["name"], ship=ship, units=tuple(units))
    return ForceRead(team, src, problems, rows, dropped)
