"""Pydantic schema of a kuroganen map file (docs/design.md "Files a user writes";
docs/rules.md D16).

``map`` rows run top to bottom, cells left to right; a cell is a floor level (a multiple of 0.5)
or ``~`` (YAML null) for a pit. ``units`` are the occupied cells as ``[x, y]`` (x = column).
``plan`` (optional) is the move the TUI shows and the map printout overlays:
``plan: {from: [x, y], move: N, risk: R}``.
Messages name the row and column so a user finds the cell without counting; ``read.py`` places
the same checks at the offending cell's line and column.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from builder.core.messages import MessageError

from .rules import HeightMap, Point

MAX_SIDE = 100
"""Rows and columns a map may have; larger maps are refused before any planning."""

MAX_MOVE = 100
"""The most movement a plan (or ``laminim reach --move``) may ask for."""

MAX_RISK = 99
"""The most starting risk a plan (or ``laminim reach --risk``) may carry."""


class Plan(BaseModel):
    """The move shown by the TUI and overlaid on the printed map: a start, movement and risk."""

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)

    start: tuple[int, int] = Field(alias="from", description="The mover's cell [x, y].")
    move: int = Field(ge=0, le=MAX_MOVE, description="Movement allowance.")
    risk: int = Field(default=0, ge=0, le=MAX_RISK, description="Risk carried at the start.")


class KuroganenMap(BaseModel):
    """A battlefield height map with the cells other units stand on."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    system: Literal["kuroganen"]
    name: str = Field(min_length=1, description="Name shown in the TUI and on the overlay.")
    name_ja: str | None = Field(
        default=None, min_length=1, description="The map's Japanese name (shown under ja)."
    )
    map: tuple[tuple[float | None, ...], ...] = Field(
        description="Floor levels, rows top to bottom; ~ is a pit."
    )
    units: tuple[tuple[int, int], ...] = Field(
        default=(), description="Occupied cells as [x, y], x the column, y the row, from 0."
    )
    plan: Plan | None = Field(default=None, description="The move to show and print (optional).")

    @field_validator("map", mode="before")
    @classmethod
    def _levels_are_numbers(cls, rows: object) -> object:
        from .read import map_shape_problems

        for _loc, message in map_shape_problems(rows):
            raise MessageError(message)
        return rows

    @model_validator(mode="after")
    def _units_stand_on_free_floor(self) -> KuroganenMap:
        from .read import plan_problems, unit_problems

        for _loc, message in unit_problems(self.map, self.units):
            raise MessageError(message)
        if self.plan is not None:
            for _loc, message in plan_problems(self.map, self.plan.start):
                raise MessageError(message)
        return self

    @property
    def width(self) -> int:
        return len(self.map[0])

    @property
    def height(self) -> int:
        return len(self.map)

    def height_map(self) -> HeightMap:
        """The map as the rules core takes it."""
        return HeightMap.from_rows(self.map, self.units)

    def with_plan(self, start: Point, move: int, risk: int = 0) -> KuroganenMap:
        """This map with ``plan`` replaced (the TUI's start, movement and risk)."""
        plan = Plan.model_validate({"from": list(start), "move": move, "risk": risk})
        return self.model_copy(update={"plan": plan})

    def with_level(self, at: Point, level: float | None) -> KuroganenMap:
        """This map with the cell ``at`` set to ``level`` (None: a pit); ValueError (pydantic's
        ValidationError) if the map would be refused, e.g. a pit under a unit or the plan."""
        x, y = at
        rows = [list(row) for row in self.map]
        rows[y][x] = level
        return KuroganenMap.model_validate(
            {**self.model_dump(), "map": rows, "plan": self.plan and self.plan.model_dump()}
        )

    def dump(self) -> dict[str, Any]:
        """Plain data in file order, whole levels written as integers (``2``, not ``2.0``)."""
        data: dict[str, Any] = {
            "system": self.system,
            "name": self.name,
            **({"name_ja": self.name_ja} if self.name_ja is not None else {}),
            "map": [[_level(v) for v in row] for row in self.map],
            "units": [list(u) for u in self.units],
        }
        if self.plan is not None:
            data["plan"] = {
                "from": list(self.plan.start),
                "move": self.plan.move,
                "risk": self.plan.risk,
            }
        return data


def _level(value: float | None) -> float | int | None:
    if value is None:
        return None
    return int(value) if float(value).is_integer() else value
