"""Reading a map file with every mistake placed at its row and cell (``file:line:col``).

The checks are plain functions over the file's data that return ``(path, message)`` pairs: the
pydantic model (``models.py``) runs them too, so a map built in code is held to the same rules,
and :func:`read_map` places each pair with :meth:`Located.problem` at the offending row, cell or
units entry. Pydantic still checks the rest (``system``, ``name``, unknown keys, types).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError

from builder.core.messages import Message, Messages
from builder.core.problems import Loc, Problem
from builder.core.source import Located
from builder.core.validation import validation_problems
from builder.systems.base import TeamRead

from .rules import HeightMap, ReachTooLarge, check_budget

if TYPE_CHECKING:
    from .models import KuroganenMap

Found = list[tuple[Loc, Message]]

MESSAGES = Messages.load(__file__)

PLAN_KEYS = ("from", "move", "risk")
"""The keys of a map file's ``plan:`` (``from`` is the model's ``start``)."""


def _max_side() -> int:
    from .models import MAX_SIDE

    return MAX_SIDE


def map_shape_problems(rows: object) -> Found:
    """Rows, cells and levels: non-empty, at most MAX_SIDE a side, numbers in halves, no ragged
    rows. Each problem points at the row or cell concerned."""
    side = _max_side()
    if not isinstance(rows, list | tuple) or not rows:
        return [(("map",), MESSAGES("map-empty"))]
    if not any(isinstance(row, list | tuple) for row in rows):
        return [(("map",), MESSAGES("map-not-rows"))]
    found: Found = []
    if len(rows) > side:
        found.append((("map", side), MESSAGES("too-many-rows", count=len(rows), most=side)))
        return found
    width = len(rows[0]) if isinstance(rows[0], list | tuple) else None
    for y, row in enumerate(rows):
        if not isinstance(row, list | tuple) or not row:
            found.append((("map", y), MESSAGES("row-empty", y=y)))
            continue
        if len(row) > side:
            found.append(
                (("map", y, side), MESSAGES("too-many-cells", y=y, count=len(row), most=side))
            )
            continue
        for x, level in enumerate(row):
            problem = level_problem(level)
            if problem is not None:
                found.append((("map", y, x), MESSAGES("bad-cell", y=y, x=x, problem=problem)))
        if width and len(row) != width:
            at: Loc = ("map", y, width) if len(row) > width else ("map", y)
            found.append((at, MESSAGES("ragged", y=y, count=len(row), width=width)))
    return found


def level_problem(level: object) -> Message | None:
    """Why ``level`` is not a floor level (a multiple of 0.5) or ``~``; None when it is."""
    if level is None:
        return None
    if isinstance(level, bool) or not isinstance(level, int | float):
        shown = str(level).lower() if isinstance(level, bool) else repr(level)
        return MESSAGES("not-a-level", shown=shown)
    if not math.isfinite(level) or not (float(level) * 2).is_integer():
        return MESSAGES("not-half", level=level)
    return None


def _cell_problem(rows: Sequence[Sequence[Any]], cell: Sequence[Any], what: str) -> Message | None:
    x, y = cell
    width, height = len(rows[0]), len(rows)
    if not (0 <= x < width and 0 <= y < height):
        return MESSAGES("off-map", what=what, last_x=width - 1, last_y=height - 1)
    row = rows[y]
    # a broken row (reported on its own) still tells a pit where it has one
    if isinstance(row, list | tuple) and x < len(row) and row[x] is None:
        return MESSAGES("on-pit", what=what, y=y, x=x)
    return None


def unit_problems(rows: Sequence[Sequence[Any]], units: Sequence[Sequence[int]]) -> Found:
    """Units off the map, on a pit or listed twice, each at its ``units`` entry."""
    return _unit_problems(rows, [(i, (u[0], u[1])) for i, u in enumerate(units)])


def _unit_problems(
    rows: Sequence[Sequence[Any]], indexed: Sequence[tuple[int, tuple[int, int]]]
) -> Found:
    found: Found = []
    seen: set[tuple[int, int]] = set()
    for i, (x, y) in indexed:
        where = f"units[{i}] [{x}, {y}]"
        problem = _cell_problem(rows, (x, y), where)
        if problem is None and (x, y) in seen:
            problem = MESSAGES("listed-twice", what=where)
        if problem is not None:
            found.append((("units", i), problem))
        seen.add((x, y))
    return found


def plan_problems(rows: Sequence[Sequence[Any]], start: Sequence[int]) -> Found:
    """A plan's start off the map or on a pit (a start on a unit is that unit moving)."""
    x, y = start
    problem = _cell_problem(rows, (x, y), f"plan.from [{x}, {y}]")
    return [(("plan", "from"), problem)] if problem is not None else []


def _pairs(value: object) -> list[tuple[int, tuple[int, int]]]:
    """The well-formed ``[x, y]`` entries of a units list, with their index."""
    if not isinstance(value, list):
        return []
    out = []
    for i, item in enumerate(value):
        if (
            isinstance(item, list)
            and len(item) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in item)
        ):
            out.append((i, (item[0], item[1])))
    return out


def _readable(rows: object) -> bool:
    """A grid the units and the plan can be checked against, even with bad levels or ragged
    rows (reported on their own): a list of at most MAX_SIDE rows whose first is a list."""
    return (
        isinstance(rows, list)
        and 0 < len(rows) <= _max_side()
        and isinstance(rows[0], list | tuple)
        and 0 < len(rows[0]) <= _max_side()
    )


def located_checks(data: dict[str, Any]) -> Found:
    """Every check of this module on a file's data, before pydantic sees it."""
    rows = data.get("map")
    found = map_shape_problems(rows) if "map" in data else []
    if not _readable(rows):
        return found  # no grid to place the units on; the map's own problem says why
    assert isinstance(rows, list)
    units = data.get("units")
    pairs = _pairs(units)
    if isinstance(units, list):
        good = {i for i, _ in pairs}
        found += [
            (("units", i), MESSAGES("unit-not-cell", i=i))
            for i in range(len(units))
            if i not in good
        ]
    found += _unit_problems(rows, pairs)
    plan = data.get("plan")
    if isinstance(plan, dict):
        found += [
            (("plan", key), MESSAGES("plan-unknown-field", allowed=", ".join(PLAN_KEYS)))
            for key in plan
            if key not in PLAN_KEYS
        ]
        start = plan.get("from")
        if (
            isinstance(start, list)
            and len(start) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in start)
        ):
            found += plan_problems(rows, start)
        elif "from" in plan:
            found.append((("plan", "from"), MESSAGES("plan-from-not-cell")))
    return found


def read_map(src: Located) -> TeamRead[KuroganenMap]:
    """The map of a file read with positions; every problem listed, the map None if any."""
    from .models import KuroganenMap

    data = src.data
    problems: list[Problem] = []
    checked: set[str] = set()  # fields placed here (their pydantic echoes are dropped)
    tops: set[str] = set()  # top-level keys holding them (a validator's echo sits there)
    if isinstance(data, dict):
        for loc, message in located_checks(data):
            problem = src.problem(loc, message)
            problems.append(problem)
            checked.add(problem.field)
            tops.add(str(loc[0]))
    try:
        team = KuroganenMap.model_validate(data)
    except ValidationError as exc:
        for problem in validation_problems(exc, src, model=KuroganenMap):
            field = problem.field
            if (
                (checked and not field)
                or field in tops
                or any(field == c or field.startswith((c + "[", c + ".")) for c in checked)
            ):
                continue  # the model re-raises what the located checks already placed
            problems.append(problem)
        problems.sort(key=lambda p: (p.line or 0, p.col or 0))  # in the order of the file
        return TeamRead(None, src, problems)
    if problems:  # pragma: no cover - the model runs the same checks
        return TeamRead(None, src, problems)
    if team.plan is not None:
        too_large = plan_budget_problem(team.height_map(), team.plan.move)
        if too_large is not None:
            return TeamRead(None, src, [src.problem(("plan", "move"), too_large)])
    return TeamRead(team, src, problems)


def plan_budget_problem(hmap: HeightMap, move: int) -> Message | None:
    """Why a plan's movement is more than the planner takes on for this map (a job too large to
    compute is bad input: docs/design.md "Exit codes and problems"), so every command and the TUI
    can use the file."""
    try:
        check_budget(hmap, move)
    except ReachTooLarge as exc:
        return budget_message(exc)
    return None


def budget_message(exc: ReachTooLarge) -> Message:
    """The planner's refusal in the player's words."""
    return MESSAGES(
        "over-budget", move=exc.move, width=exc.width, height=exc.height, allowed=exc.allowed
    )
