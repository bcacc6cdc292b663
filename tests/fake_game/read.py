"""Reading a squad file: the model validated with positions, never raising for bad content."""

from __future__ import annotations

from builder.core.problems import InputError
from builder.core.source import Located
from builder.core.validation import validate_located
from builder.systems.base import TeamRead

from .models import Squad

SquadRead = TeamRead[Squad]


def read_squad(src: Located) -> SquadRead:
    if not isinstance(src.data, dict):
        return SquadRead(None, src, [src.problem((), "expected a mapping with name and robots")])
    try:
        return SquadRead(validate_located(Squad, src), src)
    except InputError as exc:
        return SquadRead(None, src, exc.problems)
