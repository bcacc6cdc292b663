"""The title line of every screen: the unsaved marker and the game's name always whole, then the
team's name and the file's, each cut (ending in …) only when the row has no room left for it.

Textual's header centres one title and cuts its end, so at 80 columns a long team name pushed
the unsaved marker out of sight (「未…」). The app keeps the parts (:attr:`BuilderApp.title_parts`)
and this widget fits them to its width whenever the app's title changes or the terminal does.
"""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text
from textual.widget import Widget

from builder.systems import compare_fit

SEP = " — "


def title_line(marker: str, game: str, team: str, where: str, width: int) -> Text:
    """The parts in ``width`` cells: ``marker`` and ``game`` whole, ``team`` then ``where``
    cut before either of those; padded to the width."""
    head = f"{marker} " if marker else ""
    fixed = cell_len(head) + cell_len(game)
    room = width - 2 - fixed  # a cell of margin on each side
    team_w = cell_len(SEP + team)
    where_w = cell_len(SEP + where) if where else 0
    if team_w + where_w > room:
        if team_w <= room - min(where_w, cell_len(SEP) + 8):  # the file gives way first
            where = compare_fit(where, room - team_w - cell_len(SEP)) if where else ""
        else:
            where = ""
            team = compare_fit(team, max(room - cell_len(SEP), 0))
    out = Text(" ")
    if marker:
        out.append(head, style="bold yellow")
    out.append(game, style="bold")
    if team:
        out.append(SEP + team)
    if where:
        out.append(SEP + where, style="dim")
    out.truncate(width, pad=True)
    return out


class TitleBar(Widget):
    """One row at the top of a screen: what is open, and whether it is saved."""

    DEFAULT_CSS = """
    TitleBar { dock: top; height: 1; background: $panel; color: $foreground; }
    """

    def on_mount(self) -> None:
        self.watch(self.app, "title", self._retitle, init=False)

    def _retitle(self) -> None:
        self.refresh()

    def render(self) -> Text:
        parts = getattr(self.app, "title_parts", None)
        if not (isinstance(parts, tuple) and len(parts) == 4):
            return Text(" " + str(self.app.title))
        marker, game, team, where = parts
        return title_line(marker, game, team, where, self.size.width)
