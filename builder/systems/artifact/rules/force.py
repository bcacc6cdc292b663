"""D9: a force is one battleship and at least 3 MS with unique names.

More MS than the ship's capacity is a warning (they can never all be aboard), not an error. The
check takes plain names and resolved stats; the roster layer maps each problem's ``path`` back
to a file position. A unit whose type is unknown (or unreadable) comes as ``None`` stats: its
name still counts for uniqueness, and the count is judged only when it is certain, so one run
reports every rule a player broke, whatever else is wrong with the file.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from .model import UnitStats

MIN_MS = 3


@dataclass(frozen=True)
class ForceProblem:
    path: tuple[str | int, ...]
    """Where in the force file: ``("units", 2, "name")``, ``("ship", "type")``, ``("units",)``."""
    message: str
    severity: str  # 'error' | 'warning'
    code: str = ""
    """The kind of problem (the key of its words in the roster layer's message table)."""
    params: dict[str, str | int] = field(default_factory=dict, compare=False)
    """The values the words are made from (a unit's name, a count)."""


def check_force(
    ship: tuple[str, UnitStats | None] | None,
    units: Sequence[tuple[str | None, UnitStats | None]],
) -> tuple[ForceProblem, ...]:
    """Every D9 violation (errors) and capacity warning of a force, in file order.

    ``ship`` is None when the file has none; a name is None when it cannot be read."""
    problems: list[ForceProblem] = []
    ship_stats = ship[1] if ship is not None else None
    if ship_stats is not None and ship_stats.kind != "ship":
        problems.append(
            ForceProblem(
                ("ship", "type"),
                f"{ship_stats.id} is an MS, not a battleship",
                "error",
                "ms-as-ship",
                {"type": ship_stats.id},
            )
        )
    seen: dict[str, str] = {ship[0].casefold(): "the ship"} if ship is not None else {}
    for i, (name, stats) in enumerate(units):
        if stats is not None and stats.kind != "ms":
            problems.append(
                ForceProblem(
                    ("units", i, "type"),
                    f"{stats.id} is a battleship; a force has exactly one, under 'ship'",
                    "error",
                    "second-ship",
                    {"type": stats.id},
                )
            )
        if name is None:
            continue
        key = name.casefold()
        if key in seen:
            problems.append(
                ForceProblem(
                    ("units", i, "name"),
                    f"unit name {name!r} is already used by {seen[key]}; names must be unique",
                    "error",
                    "name-taken",
                    {"name": name, "by": seen[key]},
                )
            )
        else:
            seen[key] = f"units[{i}]"
    n_ms = sum(1 for _, s in units if s is not None and s.kind == "ms")
    maybe_ms = sum(1 for _, s in units if s is None or s.kind == "ms")
    if maybe_ms < MIN_MS:  # even if every unknown unit were an MS, too few
        problems.append(
            ForceProblem(
                ("units",),
                f"a force needs at least {MIN_MS} MS, this one has {maybe_ms}",
                "error",
                "too-few-ms",
                {"least": MIN_MS, "count": maybe_ms},
            )
        )
    capacity = ship_stats.capacity if ship_stats is not None else None
    if ship_stats is not None and capacity is not None and n_ms > capacity:
        problems.append(
            ForceProblem(
                ("units",),
                f"{n_ms} MS but {ship_stats.id} carries {capacity}: they can never all be aboard",
                "warning",
                "over-capacity",
                {"count": n_ms, "ship": ship_stats.id, "capacity": capacity},
            )
        )
    return tuple(problems)
