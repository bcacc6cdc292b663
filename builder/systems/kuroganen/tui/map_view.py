"""The map as a grid of cells: levels or final risk, coloured by risk, the path and the cursor.

It only displays what the screen gives it (the map, the rules core's reach and the path); it
scrolls by itself so the cursor stays in view on maps larger than the terminal.
"""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual.geometry import Size
from textual.widget import Widget

from ..models import KuroganenMap
from ..rules import Point, Reach
from ..text import level_text

RISK_BG = ("#1e6b2a", "#7a7200", "#9a5200", "#8c2020")
"""Background of a reachable cell by final risk 0, 1, 2, 3+ (light text stays readable)."""

LABEL_W = 3


def risk_bg(risk: int) -> str:
    return RISK_BG[min(risk, len(RISK_BG) - 1)]


def level_fg(level: float, lowest: float, highest: float) -> str:
    """Grey text for a cell out of reach: dim at the map's lowest level, brighter the higher,
    so the terrain reads at a glance (the number says the level exactly)."""
    t = 0.0 if highest <= lowest else (level - lowest) / (highest - lowest)
    v = round(0x5F + (0xFF - 0x5F) * t)
    return f"#{v:02x}{v:02x}{v:02x}"


class MapView(Widget):
    """A scrolling picture of the map with the reach overlay and the path to the cursor."""

    DEFAULT_CSS = "MapView { height: 1fr; }"

    def __init__(self, team: KuroganenMap, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.team = team
        self.cursor: Point = (0, 0)
        self.start: Point = (0, 0)
        self.reach: dict[Point, Reach] = {}
        self.path: Reach | None = None
        self.show_risk = False
        self.carried: Point | None = None
        """Where the unit being moved stood: it is drawn at the cursor instead."""
        self._left = 0
        self._top = 0
        self._span_of: KuroganenMap | None = None
        self._span_cache = (0.0, 0.0)

    @property
    def cell_w(self) -> int:
        widest = max(len(level_text(v)) for row in self.team.map for v in row)
        return max(2, widest) + 1

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return LABEL_W + self.team.width * self.cell_w

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return self.team.height + 1

    def _scroll(self, cols: int, rows: int) -> None:
        x, y = self.cursor
        if x < self._left:
            self._left = x
        elif x >= self._left + cols:
            self._left = x - cols + 1
        if y < self._top:
            self._top = y
        elif y >= self._top + rows:
            self._top = y - rows + 1
        self._left = max(0, min(self._left, self.team.width - cols))
        self._top = max(0, min(self._top, self.team.height - rows))

    def window(self) -> tuple[range, range]:
        """The columns and rows on screen (after scrolling to the cursor)."""
        cw = self.cell_w
        cols = max(1, min(self.team.width, (self.size.width - LABEL_W) // cw))
        rows = max(1, min(self.team.height, self.size.height - 1))
        self._scroll(cols, rows)
        return range(self._left, self._left + cols), range(self._top, self._top + rows)

    def has_unit(self, at: Point) -> bool:
        """A unit stands at ``at`` (the one being moved stands at the cursor)."""
        if self.carried is not None:
            if at == self.cursor:
                return True
            if at == self.carried:
                return False
        return at in self.team.units

    def cell_text(self, at: Point) -> str:
        x, y = at
        level = self.team.map[y][x]
        if level is None:
            return "#"
        if at == self.start:
            return "@"
        if self.has_unit(at):
            return "U"
        if self.show_risk:
            found = self.reach.get(at)
            return str(found.risk) if found is not None else "."
        return level_text(level)

    def cell_style(self, at: Point, on_path: set[Point], landed: set[Point]) -> Style:
        x, y = at
        level = self.team.map[y][x]
        found = self.reach.get(at)
        style = Style()
        if level is None:
            style = Style(color="#808080", bgcolor="#202020")
        elif at == self.start:
            style = Style(color="white", bold=True, bgcolor=risk_bg(found.risk if found else 0))
        elif self.has_unit(at):
            style = Style(color="#ff87ff", bold=True)
        elif found is not None:
            style = Style(color="white", bgcolor=risk_bg(found.risk))
        else:
            style = Style(color=level_fg(level, *self._span))
        if at in landed:
            style += Style(bold=True, underline=True)
        elif at in on_path:
            style += Style(italic=True, underline=True)
        if at == self.cursor:
            style += Style(reverse=True)
        return style

    @property
    def _span(self) -> tuple[float, float]:
        """The map's lowest and highest floor (worked out once per map)."""
        if self._span_of is not self.team:
            floors = [v for row in self.team.map for v in row if v is not None]
            self._span_cache = (min(floors), max(floors)) if floors else (0.0, 0.0)
            self._span_of = self.team
        return self._span_cache

    def render(self) -> Text:
        cols, rows = self.window()
        cw = self.cell_w
        on_path: set[Point] = set()
        landed: set[Point] = set()
        if self.path is not None:
            for leg in self.path.legs:
                on_path.update(leg.cells)
                landed.add(leg.to)
        out = Text(no_wrap=True, overflow="crop")
        out.append(" " * LABEL_W)
        for x in cols:
            out.append(f"{x % 100:>{cw}}", style="dim")
        for y in rows:
            out.append("\n")
            out.append(f"{y:>{LABEL_W - 1}} ", style="dim")
            for x in cols:
                at = (x, y)
                out.append(" ")
                out.append(
                    f"{self.cell_text(at):>{cw - 1}}", style=self.cell_style(at, on_path, landed)
                )
        return out
