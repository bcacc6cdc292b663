"""D9: a force is one battleship and at least 3 MS with unique names.

More MS than the ship's capacity is a warning (they can never all be aboard), not an error. The
check takes plain names and resolved stats; the roster layer maps each problem's ``path`` back
to a file position.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .model import UnitStats

MIN_MS = 3


@dataclass(frozen=True)
class ForceProblem:
    path: tuple[str | int, ...]
    """Where in the force file: ``("units", 2, "name")``, ``("ship", "type")``, ``("units",)``."""
    message: str
    severity: str  # 'error' | 'warning'


def check_force(
    ship: tuple[str, UnitStats],
    units: Sequence[tuple[str, UnitStats]],
) -> tuple[ForceProblem, ...]:
    """Every D9 violation (errors) and capacity warning of a force, in file order."""
    problems: list[ForceProblem] = []
    ship_name, ship_stats = ship
    if ship_stats.kind != "ship":
        problems.append(
            ForceProblem(("ship", "type"), f"{ship_stats.id} is an MS, not a battleship", "error")
        )
    seen: dict[str, str] = {ship_name.casefold(): "the ship"}
    for i, (name, stats) in enumerate(units):
        if stats.kind != "ms":
            problems.append(
                ForceProblem(
                    ("units", i, "type"),
                    f"{stats.id} is a battleship; a force has exactly one, under 'ship'",
                    "error",
                )
            )
        key = name.casefold()
        if key in seen:
            problems.append(
                ForceProblem(
                    ("units", i, "name"),
                    f"unit name {name!r} is already used by {seen[key]}; names must be unique",
                    "error",
                )
            )
        else:
            seen[key] = f"units[{i}]"
    n_ms = sum(1 for _, s in units if s.kind == "ms")
    if n_ms < MIN_MS:
        problems.append(
            ForceProblem(
                ("units",), f"a force needs at least {MIN_MS} MS, this one has {n_ms}", "error"
            )
        )
    capacity = ship_stats.capacity
    if capacity is not None and n_ms > capacity:
        problems.append(
            ForceProblem(
                ("units",),
                f"{n_ms} MS but {ship_stats.id} carries {capacity}: they can never all be aboard",
                "warning",
            )
        )
    return tuple(problems)
