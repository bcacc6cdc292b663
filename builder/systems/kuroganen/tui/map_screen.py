"""The kuroganen screen: the map with the reach of a start, the path to the cursor, and the
map's own editor, so a whole map file can be made here.

Arrow keys move the cursor, ``s`` starts the move there, ``+``/``-`` change the movement and
``>``/``<`` the starting risk; the screen asks the rules core for the reach after each of those
and only looks the path up when the cursor moves. Start, movement and risk are the file's
``plan:`` (so ctrl+s keeps them and the printed map overlays them). ``]``/``[`` raise and lower
the cell under the cursor by half a level and ``#`` makes it a pit (or a pit floor level 0);
``ctrl+→``/``ctrl+↓`` add a column or a row, ``ctrl+←``/``ctrl+↑`` take the last one away.
The units are the kit's items: ``a`` places one at the cursor, ``d`` places a copy beside the one
under the cursor, ``x`` removes it (asks), enter picks it up to move it with the arrows (enter
puts it down, esc puts it back); ``r`` names the map. Every change is an edit the app records
for undo; what would make the map unreadable (a pit under a unit, a unit off the map) is refused
with a bell and a note that says why.
"""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.widgets import Static

from builder.core.i18n import Pair, shown_name
from builder.tui import keys
from builder.tui.document import DocView
from builder.tui.items import ItemListScreen, words
from builder.tui.messages import EditRefused
from builder.tui.widgets.key_footer import KeyFooter
from builder.tui.widgets.title_bar import TitleBar

from ..catalog import KuroganenCatalog
from ..models import MAX_MOVE, MAX_RISK, MAX_SIDE, KuroganenMap
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
from .labels import LABELS, t
from .map_view import RISK_BG, MapView

DEFAULT_MOVE = 6
"""Movement shown for a map without a plan (a typical allowance in the seed's examples)."""

MAX_LEVEL = 99
"""The highest level ``]`` raises a cell to (``[`` stops at 0; ``#`` makes a pit)."""

LEVEL = Binding.Group("Level ±½")
MOVE = Binding.Group("Move ±1")
RISK = Binding.Group("Risk ±1")


def default_start(team: KuroganenMap) -> Point:
    """The first unit (a map usually lists the one to move first), else the first floor."""
    if team.units:
        return min(team.units, key=lambda p: (p[1], p[0]))
    for y, row in enumerate(team.map):
        for x, level in enumerate(row):
            if level is not None:
                return (x, y)
    return (0, 0)


def checked(team: KuroganenMap, **changes: Any) -> KuroganenMap:
    """``team`` with ``changes`` (units, map, plan as plain data), read back as a file would
    be; EditRefused with the reader's words when the map would not read."""
    data: dict[str, Any] = {**team.model_dump(), **changes}
    plan = changes.get("plan", team.plan and team.plan.model_dump())
    data["plan"] = plan
    try:
        return KuroganenMap.model_validate(data)
    except ValueError as exc:
        reason = str(exc).splitlines()[-1] if str(exc) else type(exc).__name__
        raise EditRefused(words("refused_value", why=reason)) from None


def cell_words(at: Point) -> Pair:
    return (f"({at[0]},{at[1]})", f"({at[0]},{at[1]})")


def said(key: str, **values: object) -> Pair:
    """This screen's label ``key`` in both languages (an undo step's name, a refusal)."""
    return (t(key, "en", **values), t(key, "ja", **values))


class MapScreen(ItemListScreen[KuroganenMap, KuroganenCatalog]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "cursor(0,-1)", "Up", show=False),
        Binding("down", "cursor(0,1)", "Down", show=False),
        Binding("left", "cursor(-1,0)", "Left", show=False),
        Binding("right", "cursor(1,0)", "Right", show=False),
        keys.EDIT,
        keys.ADD,
        keys.DUPLICATE,
        keys.REMOVE,
        keys.RENAME,
        Binding("R", "rename_team", "Name", show=False),
        Binding("escape", "back", "Back", show=False),
        Binding("s", "start_here", "Start here"),
        Binding("plus,equals_sign", "move(1)", "Move +1", key_display="+", group=MOVE),
        Binding("minus", "move(-1)", "Move −1", key_display="-", group=MOVE),
        Binding("greater_than_sign", "risk(1)", "Risk +1", key_display=">", group=RISK),
        Binding("less_than_sign", "risk(-1)", "Risk −1", key_display="<", group=RISK),
        Binding("v", "toggle_view", "Levels/Risk"),
        Binding("right_square_bracket", "level(1)", "Raise", key_display="]", group=LEVEL),
        Binding("left_square_bracket", "level(-1)", "Lower", key_display="[", group=LEVEL),
        Binding("number_sign", "pit", "Pit", key_display="#"),
        Binding("ctrl+right", "resize(1,0)", "Add column", show=False),
        Binding("ctrl+left", "resize(-1,0)", "Drop column", show=False),
        Binding("ctrl+down", "resize(0,1)", "Add row", show=False),
        Binding("ctrl+up", "resize(0,-1)", "Drop row", show=False),
        Binding("p", "print", "Print"),
    ]

    def __init__(self, doc: DocView[KuroganenMap, KuroganenCatalog]) -> None:
        super().__init__(doc)
        team = doc.team
        self.start = team.plan.start if team.plan is not None else default_start(team)
        self.move = team.plan.move if team.plan is not None else DEFAULT_MOVE
        self.risk = team.plan.risk if team.plan is not None else 0
        self.unplanned = (default_start(team), DEFAULT_MOVE, 0)
        """What the screen shows of a map without a ``plan:`` (an undo back to none)."""
        self.error: tuple[str, str] | None = None  # a label key and the reason
        self.moving: Point | None = None
        """The unit picked up (enter) and where it stood: the arrows carry it."""
        self._planned: tuple[KuroganenMap, Point, int, int] | None = None

    def compose(self) -> ComposeResult:
        yield TitleBar()
        with Horizontal(id="body"):
            yield MapView(self.team, id="map")
            yield Static("", id="side")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.view.cursor = self.start
        self.view.focus()

    @property
    def view(self) -> MapView:
        return self.query_one(MapView)

    # --- state ------------------------------------------------------------------------

    def show(self) -> None:
        team = self.team
        view = self.view
        view.team = team
        x, y = view.cursor
        view.cursor = (min(x, team.width - 1), min(y, team.height - 1))
        if team.plan is not None:
            self.start, self.move, self.risk = team.plan.start, team.plan.move, team.plan.risk
        else:
            self.start, self.move, self.risk = self.unplanned
        sx, sy = self.start
        if sx >= team.width or sy >= team.height:
            self.start = default_start(team)
        if self._planned != (team, self.start, self.move, self.risk):
            self._plan(team)
            self._planned = (team, self.start, self.move, self.risk)
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
        self.call_after_refresh(view.refresh)  # drawn again at its new size (a new column)
        self.query_one("#side", Static).update(self._side())

    def _set_plan(self, start: Point, move: int, risk: int, label: Pair) -> None:
        self.start, self.move, self.risk = start, move, risk
        self.edit(label, lambda team: team.with_plan(start, move, risk))

    # --- the kit's acts on the units ----------------------------------------------------

    def cursor(self) -> int:
        """The unit under the cursor (-1: none)."""
        at = self.view.cursor
        return self.team.units.index(at) if at in self.team.units else -1

    def select(self, index: int) -> None:
        if 0 <= index < len(self.team.units):
            self.view.cursor = self.team.units[index]
            self._show_path()

    def focus_field(self, field: str) -> None:
        import re

        found = re.match(r"(?:map\[(\d+)\]\[(\d+)\]|units\[(\d+)\])", field)
        if found and found.group(3) is not None:
            self.select(int(found.group(3)))
        elif found and found.group(1) is not None:
            y, x = int(found.group(1)), int(found.group(2))
            if y < self.team.height and x < self.team.width:
                self.view.cursor = (x, y)
                self._show_path()

    def _place(self, at: Point, label: Pair) -> None:
        def place(team: KuroganenMap) -> KuroganenMap:
            if at in team.units:
                raise EditRefused(said("unit_here"))
            return checked(team, units=[*map(list, team.units), list(at)])

        self.edit(label, place)

    def action_add(self) -> None:
        """A unit on the cell under the cursor."""
        at = self.view.cursor
        if self.team.map[at[1]][at[0]] is None:
            self._refuse("no_unit_on_pit")
            return
        if at in self.team.units:
            self._refuse("unit_here")
            return
        self._place(at, words("edit_add", name=self.say(cell_words(at))))

    def free_cell_near(self, at: Point) -> Point | None:
        """The nearest floor cell with no unit (right, then below, then further out)."""
        team = self.team
        best: tuple[int, int, int] | None = None
        for y, row in enumerate(team.map):
            for x, level in enumerate(row):
                if level is None or (x, y) in team.units or (x, y) == at:
                    continue
                key = (abs(x - at[0]) + abs(y - at[1]), abs(y - at[1]), x)
                if best is None or key < best:
                    best = key
                    found = (x, y)
        return found if best is not None else None

    def action_duplicate(self) -> None:
        """Another unit on the free floor nearest the one under the cursor."""
        at = self.view.cursor
        if at not in self.team.units:
            self._refuse("no_unit_here")
            return
        to = self.free_cell_near(at)
        if to is None:
            self._refuse("no_free_floor")
            return
        self._place(to, words("edit_duplicate", name=self.say(cell_words(at))))
        self.view.cursor = to

    def action_remove(self) -> None:
        from builder.tui.dialogs.confirm_dialog import ConfirmDialog

        at = self.view.cursor
        if at not in self.team.units:
            self._refuse("no_unit_here")
            return
        name = self.say(cell_words(at))

        def remove(team: KuroganenMap) -> KuroganenMap:
            if at not in team.units:
                raise EditRefused(words("item_gone", self.noun))
            return checked(team, units=[list(u) for u in team.units if u != at])

        def answered(yes: bool | None) -> None:
            if yes:
                self.edit(words("edit_remove", name=name), remove)

        question = self.say(words("remove_item", name=t("unit_at", self.lang, at=name)))
        dialog = ConfirmDialog(
            question, yes=self.say(words("remove_yes")), no=self.say(words("cancel"))
        )
        self.app.push_screen(dialog, answered)

    def action_rename(self) -> None:
        """The map has no named items: r names the map."""
        self.action_rename_team()

    def action_edit(self) -> None:
        """On a unit: pick it up (the arrows carry it, enter puts it down, esc puts it back);
        elsewhere: start the move here."""
        at = self.view.cursor
        if self.moving is not None:
            self._drop()
        elif at in self.team.units:
            self.moving = self.view.carried = at
            self._show_path()
        else:
            self.action_start_here()

    def _drop(self) -> None:
        start, to = self.moving, self.view.cursor
        self.moving = self.view.carried = None
        if start is None or start == to:
            self._show_path()
            return
        if self.team.map[to[1]][to[0]] is None or to in self.team.units:
            self.view.cursor = start
            self._refuse("no_unit_on_pit" if self.team.map[to[1]][to[0]] is None else "unit_here")
            return

        def move(team: KuroganenMap) -> KuroganenMap:
            units = [list(to) if u == start else list(u) for u in team.units]
            return checked(team, units=units)

        label = said("edit_move_unit", frm=self.say(cell_words(start)), to=self.say(cell_words(to)))
        self.edit(label, move)

    def action_back(self) -> None:
        if self.moving is not None:  # the unit goes back where it stood
            self.view.cursor, self.moving = self.moving, None
            self.view.carried = None
            self._show_path()

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
        label = said("edit_plan", what=LABELS["start"])
        self._set_plan((x, y), self.move, self.risk, label)

    def action_move(self, delta: int) -> None:
        move = min(max(self.move + delta, 0), MAX_MOVE)
        if delta > 0 and move > self.move:
            hmap = self.view.team.height_map()
            if planner_work(hmap, move) > MAX_WORK:  # the file would not read back
                self._refuse("over_budget", move=move, top=max_move(hmap))
                return
        if move != self.move:
            label = said("edit_plan", what=LABELS["move"])
            self._set_plan(self.start, move, self.risk, label)

    def action_risk(self, delta: int) -> None:
        risk = min(max(self.risk + delta, 0), MAX_RISK)
        if risk != self.risk:
            label = said("edit_plan", what=LABELS["risk"])
            self._set_plan(self.start, self.move, risk, label)

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
        team = self.team
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

        def change(team: KuroganenMap) -> KuroganenMap:
            try:
                return team.with_level(at, level)
            except ValueError:
                raise EditRefused(words("refused_value", why=str(at))) from None

        self.edit(said("edit_cell", at=cell_words(at)[0]), change)

    def action_resize(self, columns: int, rows: int) -> None:
        """One column (row) more at the right (bottom), at level 0, or the last one fewer."""
        team = self.team
        width, height = team.width + columns, team.height + rows
        if not (1 <= width <= MAX_SIDE and 1 <= height <= MAX_SIDE):
            self._refuse("map_size", most=MAX_SIDE)
            return
        cut = [(x, y) for x, y in (*team.units, self.start) if x >= width or y >= height]
        if cut:
            self._refuse("size_cuts_unit")
            return
        grid = [list(row)[:width] + [0.0] * max(0, width - len(row)) for row in team.map[:height]]
        grid += [[0.0] * width for _ in range(max(0, height - len(grid)))]
        label = said("edit_size", width=width, height=height)
        self.edit(label, lambda team: checked(team, map=grid))

    def action_print(self) -> None:
        """The shell's print dialog with the reach on screen: a map without a plan prints the
        start, movement and risk shown here (the file itself stays as it is)."""
        team = self.team
        if team.plan is None and self.error is None:
            team = team.with_plan(self.start, self.move, self.risk)
        print_team = getattr(self.app, "action_print", None)
        if print_team is not None:
            print_team(team)

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
        out.append(shown_name(team, lang), style="bold")
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
        if self.moving is not None:
            at = f"({self.moving[0]},{self.moving[1]})"
            out.append(t("carrying", lang, at=at) + "\n", style="bold yellow")
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
