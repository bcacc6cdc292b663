"""Small map builders so a test reads like the picture it describes."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from builder.systems.kuroganen.rules import HeightMap, Point, Reach, reach

__ = None  # a pit, as ``~`` in a map file


def line(*levels: float | None, units: Iterable[Point] = ()) -> HeightMap:
    """A one-row map, left to right."""
    return HeightMap.from_rows([list(levels)], units)


def grid(rows: Sequence[Sequence[float | None]], units: Iterable[Point] = ()) -> HeightMap:
    return HeightMap.from_rows(rows, units)


def reachable(hmap: HeightMap, start: Point, move: int, risk: int = 0) -> dict[Point, Reach]:
    return {r.at: r for r in reach(hmap, start, move, risk)}


def risk_cost(hmap: HeightMap, start: Point, move: int, risk: int = 0) -> dict[Point, tuple]:
    return {r.at: (r.risk, r.cost) for r in reach(hmap, start, move, risk)}
