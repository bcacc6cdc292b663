"""A survival plot drawn with Unicode blocks: bars for one unit, overlaid curves for several.

Series colours are component classes, so the palette lives in ``app.tcss``. Every series has its
own marker shape, a marker never covers another series' marker (it moves a column aside), and the
legend wraps onto more lines rather than being cut, so every curve stays visible.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.style import Style
from rich.text import Text
from textual.widget import Widget

EIGHTHS = " ▁▂▃▄▅▆▇█"
MARKERS = "●▲■◆"


@dataclass(frozen=True)
class Series:
    """One unit's P(alive) after rounds 1..n (round 0 is 100% and is drawn implicitly)."""

    label: str
    alive: tuple[float, ...]


class SurvivalChart(Widget):
    """P(alive) per round: vertical bars (one series) or marker curves on one plot (2–4 series)."""

    COMPONENT_CLASSES = {  # noqa: RUF012 (Textual's own convention)
        "survival-chart--axis",
        "survival-chart--s0",
        "survival-chart--s1",
        "survival-chart--s2",
        "survival-chart--s3",
    }

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._series: list[Series] = []
        self._empty = ""

    def plot(self, series: list[Series], empty: str = "") -> None:
        self._series = list(series)
        self._empty = empty
        self.refresh()

    def _style(self, name: str) -> Style:
        return self.get_component_rich_style(f"survival-chart--{name}")

    def render(self) -> Text:
        if not self._series:
            return Text(self._empty, style="dim")
        width, height = self.size.width, self.size.height
        legend = self._legend_lines(width) if len(self._series) > 1 else []
        rows = max(3, height - 1 - len(legend))
        if rows % 2 == 0:
            rows -= 1  # an odd row count puts a row exactly at 50%
        plot_w = max(12, width - 5)
        if len(self._series) == 1:
            grid = self._bars(self._series[0], rows, plot_w)
        else:
            grid = self._curves(rows, plot_w)
        axis = self._style("axis")
        out = Text(no_wrap=True, overflow="crop")
        for r, line in enumerate(grid):
            frac = 1 - r / (rows - 1) if rows > 1 else 1
            tick = f"{frac:>4.0%}" if r in (0, rows // 2, rows - 1) else "    "
            out.append(tick, style=axis)
            out.append("│", style=axis)
            for ch, style in line:
                out.append(ch, style=style)
            out.append("\n")
        out.append("     " + self._x_labels(plot_w), style=axis)
        for members in legend:
            out.append("\n")
            for i in members:
                s = self._series[i]
                out.append(f" {MARKERS[i % 4]} {s.label} ", style=self._style(f"s{i % 4}"))
        return out

    def _legend_lines(self, width: int) -> list[list[int]]:
        """Series indexes per legend line: as many as fit in ``width``, never cut off."""
        lines: list[list[int]] = [[]]
        used = 0
        for i, s in enumerate(self._series):
            need = len(s.label) + 4
            if lines[-1] and used + need > width:
                lines.append([])
                used = 0
            lines[-1].append(i)
            used += need
        return lines

    def _n(self) -> int:
        return max(len(s.alive) for s in self._series)

    def _x_labels(self, plot_w: int) -> str:
        n = self._n()
        cells = [" "] * plot_w
        for k in range(1, n + 1):
            label = f"R{k}"
            centre = self._x_of(k, plot_w) if len(self._series) > 1 else self._bar_centre(k, plot_w)
            start = max(0, min(plot_w - len(label), centre - len(label) // 2))
            cells[start : start + len(label)] = label
        return "".join(cells)

    def _bar_centre(self, k: int, plot_w: int) -> int:
        slot = plot_w // self._n()
        return (k - 1) * slot + slot // 2

    def _x_of(self, k: float, plot_w: int) -> int:
        return round(k * (plot_w - 1) / self._n())

    def _bars(self, s: Series, rows: int, plot_w: int) -> list[list[tuple[str, Style]]]:
        style = self._style("s0")
        n = len(s.alive)
        slot = plot_w // n
        bar_w = max(1, slot - 2)
        grid = [[(" ", Style())] * plot_w for _ in range(rows)]
        for k, value in enumerate(s.alive, start=1):
            eighths = round(max(0.0, min(1.0, value)) * rows * 8)
            left = (k - 1) * slot + (slot - bar_w) // 2
            for r in range(rows):
                level = rows - 1 - r  # 0 = bottom row
                fill = max(0, min(8, eighths - level * 8))
                for x in range(left, min(plot_w, left + bar_w)):
                    grid[r][x] = (EIGHTHS[fill], style)
        return grid

    def _curves(self, rows: int, plot_w: int) -> list[list[tuple[str, Style]]]:
        grid = [[(" ", Style())] * plot_w for _ in range(rows)]
        for i, s in enumerate(self._series):
            style = self._style(f"s{i % 4}")
            points = (1.0, *s.alive)
            for x in range(plot_w):
                k = x * len(s.alive) / (plot_w - 1)
                lo = min(int(k), len(points) - 2)
                v = points[lo] + (points[lo + 1] - points[lo]) * (k - lo)
                r = round((1 - max(0.0, min(1.0, v))) * (rows - 1))
                if grid[r][x][0] == " ":
                    grid[r][x] = ("·", style)
            for k, v in enumerate(points):
                if k == 0:
                    continue  # round 0 is 100% for every series: its dots show it
                x = min(self._x_of(k, plot_w), plot_w - 1)
                r = round((1 - max(0.0, min(1.0, v))) * (rows - 1))
                for dx in (0, -1, 1, -2, 2, -3, 3):  # beside a marker already there, not on it
                    if 0 <= x + dx < plot_w and grid[r][x + dx][0] not in MARKERS:
                        x += dx
                        break
                grid[r][x] = (MARKERS[i % 4], style)
        return grid
