"""The battlefield as the planner sees it (docs/rules.md D16): square cells, a floor level or a pit
each.

Levels are multiples of 0.5 (a half level models a slope), so every difference the rules take is
an exact binary float and ``math.floor`` of a drop never suffers rounding.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

Point = tuple[int, int]
"""A cell as ``(x, y)``: x is the column (left to right), y the row (top to bottom)."""

Level = float | None
"""A floor level, or None for a cell without floor (a pit, ``~`` in a map file)."""

DIRECTIONS: tuple[Point, ...] = ((1, 0), (0, 1), (-1, 0), (0, -1))
"""Orthogonal unit vectors; their order fixes which of several equal paths the planner reports."""


def is_half_multiple(level: float) -> bool:
    return math.isfinite(level) and (level * 2).is_integer()


@dataclass(frozen=True)
class HeightMap:
    """Floor levels as a tuple of rows (None = pit) and the cells other units stand on."""

    levels: tuple[tuple[Level, ...], ...]
    units: frozenset[Point] = frozenset()

    def __post_init__(self) -> None:
        if not self.levels or not self.levels[0]:
            raise ValueError("a height map needs at least one row and one column")
        width = len(self.levels[0])
        for y, row in enumerate(self.levels):
            if len(row) != width:
                raise ValueError(f"row {y} has {len(row)} cells, row 0 has {width}")
            for x, level in enumerate(row):
                if level is not None and not is_half_multiple(level):
                    raise ValueError(f"cell ({x}, {y}): level {level} is not a multiple of 0.5")
        for unit in self.units:
            if not self.in_bounds(unit):
                raise ValueError(f"unit at {unit} is off the map")
            if self.floor(unit) is None:
                raise ValueError(f"unit at {unit} stands on a pit")

    @classmethod
    def from_rows(
        cls, rows: Sequence[Sequence[float | None]], units: Iterable[Point] = ()
    ) -> HeightMap:
        return cls(
            tuple(tuple(None if v is None else float(v) for v in row) for row in rows),
            frozenset((int(x), int(y)) for x, y in units),
        )

    @property
    def width(self) -> int:
        return len(self.levels[0])

    @property
    def height(self) -> int:
        return len(self.levels)

    def in_bounds(self, p: Point) -> bool:
        return 0 <= p[0] < self.width and 0 <= p[1] < self.height

    def floor(self, p: Point) -> Level:
        """The floor level of an on-map cell (None for a pit)."""
        return self.levels[p[1]][p[0]]

    def is_free(self, p: Point) -> bool:
        """A cell a unit may stand on: on the map, with a floor, nobody there."""
        return self.in_bounds(p) and self.floor(p) is not None and p not in self.units

    def without_unit(self, p: Point) -> HeightMap:
        """The map as the unit at ``p`` sees it while it moves (its own cell is free)."""
        if p not in self.units:
            return self
        return HeightMap(self.levels, self.units - {p})
