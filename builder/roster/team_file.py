"""Reading and saving team files.

Reading is lenient per unit: a unit with a schema problem is reported (with its line) and left
out, and the other units are still read, so one run of ``laminim check`` lists every mistake.
Saving is atomic (temp file + rename) and round-trips the user's comments and key order by
editing the original YAML document with ruamel.yaml instead of writing a fresh one.
"""

from __future__ import annotations

import io
import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from pydantic import ValidationError

from builder.catalog.problems import InputError, Problem
from builder.catalog.source import Located, read_yaml, validation_problems
from builder.roster.team import Team, Unit


@dataclass
class TeamRead:
    """A team file as read: the team (units with schema problems left out) and the problems."""

    team: Team | None
    source: Located | None
    problems: list[Problem] = field(default_factory=list)
    unit_rows: list[int] = field(default_factory=list)
    """For each unit of ``team``, its index in the file's ``units`` list (for positions)."""

    def unit_problem(self, unit_index: int, loc: tuple, message: str, severity: str) -> Problem:
        """A problem located at ``units[i].<loc>`` of the file (i = the unit's row in the file)."""
        row = self.unit_rows[unit_index] if unit_index < len(self.unit_rows) else unit_index
        if self.source is None:
            path = ("units", row, *loc)
            from builder.catalog.problems import field_path

            return Problem("<team>", None, None, field_path(path), message, severity)  # type: ignore[arg-type]
        return self.source.problem(("units", row, *loc), message, severity)


def read_team(path: Path | str) -> TeamRead:
    """Read a team file, collecting every schema problem (never raises for bad content)."""
    try:
        src = read_yaml(path)
    except InputError as exc:
        return TeamRead(None, None, exc.problems)
    data = src.data
    if not isinstance(data, dict):
        return TeamRead(
            None, src, [src.problem((), "expected a mapping with system, name and units")]
        )

    problems: list[Problem] = []
    header = {k: v for k, v in data.items() if k != "units"}
    try:
        head = Team.model_validate({**header, "units": []})
    except ValidationError as exc:
        problems.extend(validation_problems(exc, src, (), {**data}, Team))
        head = None

    units: list[Unit] = []
    rows: list[int] = []
    raw_units = data.get("units")
    if "units" not in data:
        problems.append(src.problem(("units",), "required field is missing"))
    elif not isinstance(raw_units, list):
        problems.append(src.problem(("units",), "expected a list of units"))
    else:
        for i, raw in enumerate(raw_units):
            try:
                units.append(Unit.model_validate(raw))
                rows.append(i)
            except ValidationError as exc:
                problems.extend(validation_problems(exc, src, ("units", i), raw, Unit))
    team = head.model_copy(update={"units": units}) if head is not None else None
    return TeamRead(team, src, problems, rows)


def load_team(path: Path | str) -> Team:
    """Read a team file that must be well-formed; raises InputError listing every problem."""
    result = read_team(path)
    if result.problems or result.team is None:
        raise InputError(result.problems)
    return result.team


def dump_team(team: Team, original: str | None = None) -> str:
    """The YAML text of a team, editing ``original`` in place when given (keeps comments)."""
    from ruamel.yaml import YAML
    from ruamel.yaml.comments import CommentedMap, CommentedSeq

    yaml = YAML()
    yaml.preserve_quotes = True
    yaml.indent(mapping=2, sequence=4, offset=2)
    yaml.width = 100
    yaml.representer.add_representer(
        type(None), lambda r, _: r.represent_scalar("tag:yaml.org,2002:null", "null")
    )

    doc = None
    if original:
        try:
            doc = yaml.load(original)
        except Exception:  # the original is broken: write a fresh document instead
            doc = None
    if not isinstance(doc, CommentedMap):
        doc = CommentedMap()

    doc["system"] = team.system
    doc["name"] = team.name
    old_units = doc.get("units")
    if not isinstance(old_units, CommentedSeq):
        old_units = CommentedSeq()
    new_units: list = []
    names = {u.name for u in team.units}
    by_name = {u.get("name"): u for u in old_units if isinstance(u, CommentedMap)}
    for i, unit in enumerate(team.units):
        entry = by_name.get(unit.name)
        # a renamed unit: reuse the entry at the same position unless another unit owns it
        if (
            entry is None
            and i < len(old_units)
            and isinstance(old_units[i], CommentedMap)
            and old_units[i].get("name") not in names
        ):
            entry = old_units[i]
        if entry is None:
            entry = CommentedMap()
        entry["name"] = unit.name
        entry["frame"] = unit.frame
        weapons = entry.get("weapons")
        if isinstance(weapons, CommentedSeq):
            weapons[:] = list(unit.weapons)
        else:
            weapons = CommentedSeq(unit.weapons)
            weapons.fa.set_flow_style()
        entry["weapons"] = weapons
        new_units.append(entry)
    old_units[:] = new_units  # in place, so comments attached to the list itself stay
    doc["units"] = old_units
    out = io.StringIO()
    yaml.dump(doc, out)
    return out.getvalue()


def save_team(team: Team, path: Path | str, original: str | None = None) -> Path:
    """Write ``team`` to ``path`` atomically: a temp file in the same folder, then a rename.

    ``original`` is the text the team was loaded from (to keep comments); by default the
    current content of ``path``, if it exists.
    """
    path = Path(path)
    if original is None and path.exists():
        try:
            original = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            original = None
    text = dump_team(team, original)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        if path.exists():
            os.chmod(tmp, path.stat().st_mode & 0o777)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return path
