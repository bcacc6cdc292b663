"""The kuroganen screen: the map with the reach of a start, and the path to the cursor.

Arrow keys move the cursor, ``s`` (or Enter) starts the move there, ``+``/``-`` change the
movement and ``r``/``R`` the starting risk; the screen asks the rules core for the reach after
each of those and only looks the path up when the cursor moves. Start, movement and risk are
the file's ``plan:`` (so Ctrl+S keeps them and the printed map overlays them). ``]``/``[`` raise
and lower the cell under the cursor by half a level and ``#`` makes it a pit (or a pit floor
level 0); a pit under a unit or the start, a start on a pit and a level past the ends are
refused with a bell and a note that says why.
"""

from __future__ import annotations

from typing import ClassVar, cast

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.widgets import Header, Static

from builder.tui.shell import ShellScreen
from builder.tui.widgets.key_footer import KeyFooter

from ..models import MAX_MOVE, MAX_RISK, KuroganenMap
from ..rules import (
    MAX_WORK,
    Leg,
    Point,
    Reach,
    ReachTooLarge,
    max_move,
    planner_work,
    reach,
)
from ..text import level_text
from .labels import t
from .map_view import RISK_BG, MapView

DEFAULT_MOVE = 6
"""Movement shown for a map without a plan (a typical allowance in the seed's examples)."""

MAX_LEVEL = 99
"""The highest level ``]`` raises a cell to (``[`` stops at 0; ``#`` makes a pit)."""

LEVEL = Binding.Group("Level ±½")


def default_start(team: KuroganenMap) -> Point:
    """The first unit (a map usually lists the one to move first), else the first floor."""
    if team.units:
        return min(team.units, key=lambda p: (p[1], p[0]))
    for y, row in enumerate(team.map):
        for x, level in enumerate(row):
            if level is not None:
                return (x, y)
    return (0, 0)


class MapScreen(ShellScreen):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "cursor(0,-1)", "Up", show=False),
        Binding("down", "cursor(0,1)", "Down", show=False),
        Binding("left", "cursor(-1,0)", "Left", show=False),
        Binding("right", "cursor(1,0)", "Right", show=False),
        Binding("s,enter", "start_here", "Start here"),
        Binding("plus,equals_sign", "move(1)", "Move +1", key_display="+"),
        Binding("minus", "move(-1)", "Move −1", key_display="-"),
        Binding("r", "risk(1)", "Risk +1"),
        Binding("R", "risk(-1)", "Risk −1"),
        Binding("v", "toggle_view", "Levels/Risk"),
        Binding("right_square_bracket", "level(1)", "Raise", key_display="]", group=LEVEL),
        Binding("left_square_bracket", "level(-1)", "Lower", key_display="[", group=LEVEL),
        Binding("number_sign", "pit", "Pit", key_display="#"),
        Binding("p", "print_shown", "Print"),
    ]

    def compose(self) -> ComposeResult:
        team = cast(KuroganenMap, self.shell.team)
        yield Header()
        with Horizontal(id="body"):
            yield MapView(team, id="map")
            yield Static("", id="side")
        yield KeyFooter()

    def on_mount(self) -> None:
        team = cast(KuroganenMap, self.shell.team)
        self._defaults(team)
        self.query_one(MapView).cursor = self.start
        self.refresh_view()
        self.query_one(MapView).focus()

    def _defaults(self, team: KuroganenMap) -> None:
        self.start = team.plan.start if team.plan is not None else default_start(team)
        self.move = DEFAULT_MOVE
        self.risk = 0
        self.error: tuple[str, str] | None = None  # a label key and the reason
        self._shown: KuroganenMap | None = None
        self._edited: KuroganenMap | None = None

    @property
    def view(self) -> MapView:
        return self.query_one(MapView)

    # --- state ------------------------------------------------------------------------

    def refresh_view(self) -> None:
        team = cast(KuroganenMap, self.shell.team)
        view = self.view
        mine = team is self._edited
        if not mine and (view.team.map != team.map or view.team.units != team.units):
            # another file opened (a map this screen edited keeps its cursor and plan)
            self._defaults(team)
            view.cursor = self.start
        view.team = team
        if team.plan is not None:
            self.start, self.move, self.risk = team.plan.start, team.plan.move, team.plan.risk
        if self._shown is not team:
            self._plan(team)
            self._shown = team
        self._show_path()

    def _plan(self, team: KuroganenMap) -> None:
        view = self.view
        view.start = self.start
        x, y = self.start
        try:
            found = reach(team.height_map(), self.start, self.move, self.risk)
            self.error = None
        except ReachTooLarge:
            found, self.error = [], ("over_budget", str(max_move(team.height_map())))
        except ValueError as exc:
            found = []
            self.error = ("no_floor" if team.map[y][x] is None else "too_large", str(exc))
        view.reach = {r.at: r for r in found}

    def _show_path(self) -> None:
        view = self.view
        view.path = view.reach.get(view.cursor)
        view.refresh(layout=True)
        self.query_one("#side", Static).update(self._side())

    def _set_plan(self, start: Point, move: int, risk: int) -> None:
        team = cast(KuroganenMap, self.shell.team)
        self.start, self.move, self.risk = start, move, risk
        self.shell.set_team(team.with_plan(start, move, risk))

    # --- actions ----------------------------------------------------------------------

    def action_cursor(self, dx: int, dy: int) -> None:
        view = self.view
        x, y = view.cursor
        team = view.team
        view.cursor = (min(max(x + dx, 0), team.width - 1), min(max(y + dy, 0), team.height - 1))
        self._show_path()

    def _refuse(self, key: str, **values: object) -> None:
        """A bell and a short note saying why the key did nothing."""
        self.app.bell()
        self.notify(t(key, self.lang).format(**values), severity="warning", timeout=4)

    def action_start_here(self) -> None:
        x, y = self.view.cursor
        if self.view.team.map[y][x] is None:
            self._refuse("no_start_on_pit")
            return
        self._set_plan((x, y), self.move, self.risk)

    def action_move(self, delta: int) -> None:
        move = min(max(self.move + delta, 0), MAX_MOVE)
        if delta > 0 and move > self.move:
            hmap = self.view.team.height_map()
            if planner_work(hmap, move) > MAX_WORK:  # the file would not read back
                self._refuse("over_budget", move=move, top=max_move(hmap))
                return
        if move != self.move:
            self._set_plan(self.start, move, self.risk)

    def action_risk(self, delta: int) -> None:
        risk = min(max(self.risk + delta, 0), MAX_RISK)
        if risk != self.risk:
            self._set_plan(self.start, self.move, risk)

    def action_level(self, delta: int) -> None:
        level = self.view.team.map[self.view.cursor[1]][self.view.cursor[0]]
        if level is None:
            if delta > 0:
                self._set_level(0)
            else:
                self._refuse("lowest", level="~")
            return
        new = level + delta / 2
        if delta < 0 and new < min(0, level):
            self._refuse("lowest", level=level_text(level))  # a file's own -1 stays reachable
        elif delta > 0 and new > MAX_LEVEL:
            self._refuse("highest", level=level_text(level))
        else:
            self._set_level(new)

    def action_pit(self) -> None:
        x, y = self.view.cursor
        self._set_level(0 if self.view.team.map[y][x] is None else None)

    def _set_level(self, level: float | None) -> None:
        """The cell under the cursor at ``level``; a bell and a note saying why when it would
        put a unit or the start on a pit."""
        team = cast(KuroganenMap, self.shell.team)
        at = self.view.cursor
        if level is None and at == self.start:
            self._refuse("no_pit_at_start")
            return
        if level is None and at in team.units:
            self._refuse("no_pit_under_unit")
            return
        if level == team.map[at[1]][at[0]]:
            self.app.bell()
            return
        try:
            edited = team.with_level(at, level)
        except ValueError:
            self.app.bell()
            return
        self._edited = edited
        self.shell.set_team(edited)

    def action_print_shown(self) -> None:
        """The shell's print dialog with the reach on screen: a map without a plan prints the
        start, movement and risk shown here (the file itself stays as it is)."""
        from builder.tui.dialogs.print_dialog import PrintDialog

        shell = self.shell
        team = cast(KuroganenMap, shell.team)
        if team.plan is None and self.error is None:
            team = team.with_plan(self.start, self.move, self.risk)
        self.app.push_screen(PrintDialog(shell.system, team, shell.catalog, shell.lang, shell.ui))

    def action_toggle_view(self) -> None:
        self.view.show_risk = not self.view.show_risk
        self._show_path()

    # --- the side panel ---------------------------------------------------------------

    def _leg(self, n: int, leg: Leg) -> str:
        lang = self.lang
        kind = t(leg.kind, lang) if leg.kind == "jump" or leg.cost == 1 else t("climb", lang)
        fall = t("fall", lang).format(n=leg.fall) if leg.fall else ""
        x, y = leg.to
        return t("leg", lang).format(n=n, kind=kind, x=x, y=y, fall=fall, risk=leg.risk)

    def _side(self) -> Text:
        lang = self.lang
        view = self.view
        team = view.team
        out = Text(no_wrap=False)
        out.append(f"{team.name}", style="bold")
        out.append(f"  {team.width}×{team.height}\n")
        sx, sy = self.start
        out.append(f"{t('start', lang)} ({sx},{sy}) ", style="bold")
        out.append(f"{t('move', lang)} {self.move} ", style="bold")
        out.append(f"{t('risk', lang)} {self.risk}\n", style="bold")
        if self.error:
            key, reason = self.error
            text = t(key, lang).format(reason=reason, move=self.move, top=reason)
            out.append(text + "\n", style="red")
        else:
            n = len(view.reach)
            cells = t("cells" if n != 1 else "one_cell", lang).format(n=n)
            out.append(f"{t('reachable', lang)}: {cells}\n")
        out.append("\n")
        cx, cy = view.cursor
        level = team.map[cy][cx]
        out.append(f"{t('cursor', lang)} ({cx},{cy}) ", style="bold")
        if level is None:
            out.append(t("pit", lang) + "\n")
        else:
            out.append(t("level", lang).format(level=level_text(level)) + "\n")
            if (cx, cy) == self.start:
                out.append(t("the_start", lang) + "\n")
            elif (cx, cy) in team.units:
                out.append(t("unit", lang) + "\n")
        found: Reach | None = view.path
        if level is not None and found is None and (cx, cy) not in team.units:
            out.append(t("unreachable", lang) + "\n", style="dim")
        if found is not None:
            out.append(t("final", lang).format(risk=found.risk, cost=found.cost) + "\n")
            legs = found.legs
            if not legs:
                out.append(" " + t("stay", lang) + "\n")
            shown = legs if len(legs) <= 8 else legs[:7]
            for n, leg in enumerate(shown, start=1):
                out.append(" " + self._leg(n, leg) + "\n")
            if len(shown) < len(legs):
                out.append(" " + t("more_legs", lang).format(n=len(legs) - len(shown)) + "\n")
        out.append("\n")
        out.append(t("legend_risk", lang) + " ")
        for i, bg in enumerate(RISK_BG):
            out.append(f" {i}{'+' if i == len(RISK_BG) - 1 else ''} ", style=f"white on {bg}")
        out.append("\n" + t("legend_marks", lang) + "\n", style="dim")
        out.append(t("legend_path", lang) + "\n", style="dim")
        out.append(t("view_risk" if view.show_risk else "view_levels", lang), style="dim")
        return out
