"""Pydantic schema of a kuroganen map file (DESIGN "Files a user writes"; RULES D16).

``map`` rows run top to bottom, cells left to right; a cell is a floor level (a multiple of 0.5)
or ``~`` (YAML null) for a pit. ``units`` are the occupied cells as ``[x, y]`` (x = column).
Messages name the row and column so a user finds the cell without counting.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from .rules import HeightMap

MAX_SIDE = 100
"""Rows and columns a map may have; larger maps are refused before any planning."""


class KuroganenMap(BaseModel):
    """A battlefield height map with the cells other units stand on."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    system: Literal["kuroganen"]
    name: str = Field(min_length=1, description="Name shown in the TUI and on the overlay.")
    map: tuple[tuple[float | None, ...], ...] = Field(
        description="Floor levels, rows top to bottom; ~ is a pit."
    )
    units: tuple[tuple[int, int], ...] = Field(
        default=(), description="Occupied cells as [x, y], x the column, y the row, from 0."
    )

    @field_validator("map", mode="before")
    @classmethod
    def _levels_are_numbers(cls, rows: object) -> object:
        if not isinstance(rows, list | tuple) or not rows:
            raise ValueError("map must be a non-empty list of rows, e.g. [[0, 0.5, ~]]")
        if len(rows) > MAX_SIDE:
            raise ValueError(f"map has {len(rows)} rows; at most {MAX_SIDE} are allowed")
        for y, row in enumerate(rows):
            if not isinstance(row, list | tuple) or not row:
                raise ValueError(f"row {y} must be a non-empty list of levels")
            if len(row) > MAX_SIDE:
                raise ValueError(f"row {y} has {len(row)} cells; at most {MAX_SIDE} are allowed")
            for x, level in enumerate(row):
                if level is None:
                    continue
                if isinstance(level, bool) or not isinstance(level, int | float):
                    raise ValueError(
                        f"row {y}, column {x}: {level!r} is not a level; "
                        "use a number such as 1 or 1.5, or ~ for a pit"
                    )
                if not (float(level) * 2).is_integer():
                    raise ValueError(
                        f"row {y}, column {x}: level {level} is not a multiple of 0.5 "
                        "(use whole or half levels, e.g. 1 or 1.5)"
                    )
        width = len(rows[0])
        for y, row in enumerate(rows):
            if len(row) != width:
                raise ValueError(
                    f"row {y} has {len(row)} cells but row 0 has {width}; every row needs "
                    "the same number of cells (use ~ for a pit)"
                )
        return rows

    @model_validator(mode="after")
    def _units_stand_on_free_floor(self) -> KuroganenMap:
        seen: set[tuple[int, int]] = set()
        width, height = len(self.map[0]), len(self.map)
        for i, (x, y) in enumerate(self.units):
            where = f"units[{i}] [{x}, {y}]"
            if not (0 <= x < width and 0 <= y < height):
                raise ValueError(
                    f"{where} is off the map (columns 0-{width - 1}, rows 0-{height - 1})"
                )
            if self.map[y][x] is None:
                raise ValueError(f"{where} stands on a pit (row {y}, column {x} is ~)")
            if (x, y) in seen:
                raise ValueError(f"{where} is listed twice")
            seen.add((x, y))
        return self

    def height_map(self) -> HeightMap:
        """The map as the rules core takes it."""
        return HeightMap.from_rows(self.map, self.units)
