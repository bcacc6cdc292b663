"""The team at a glance: units with frame, weapons, payload and legality; edit the roster.

The kit's acts on items (:class:`builder.tui.items.ItemListScreen`: add, duplicate, rename,
remove, undo) on LAMINIM's units, with its own: reorder, mark for compare, balance. The
legality lines under the table are the document's problems, as ``laminim check`` finds them.
"""

from __future__ import annotations

import re

from rich.console import Group
from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import DataTable, Static

from builder.core.i18n import Lang, part_name, shown_name
from builder.core.problems import errors_of, warnings_of
from builder.systems.laminim.legality import check_team, check_unit
from builder.systems.laminim.models import Catalog
from builder.systems.laminim.team import SLOTS, Team, Unit
from builder.systems.laminim.tui import numbers
from builder.systems.laminim.tui.base import LaminimScreen, LaminimState
from builder.systems.laminim.tui.labels import SOURCE_TEAM, t
from builder.tui import keys
from builder.tui.columns import name_lines
from builder.tui.document import DocView
from builder.tui.items import ItemListScreen, find, words
from builder.tui.screens.items_screen import list_widgets
from builder.tui.widgets.wrapped import Wrapped

MOVE = Binding.Group("Move")


class TeamScreen(ItemListScreen[Team, Catalog], LaminimScreen):
    WARM_UP_AFTER = 0.5
    """Seconds after mounting before the engine is loaded in the background: started on the
    first refresh, its imports slowed the rest of the first screen by a third of a second."""

    BINDINGS = [  # noqa: RUF012
        *keys.ITEM_ACTS,
        Binding("shift+up,K", "move(-1)", "Move up", key_display="⇧↑", group=MOVE),
        Binding("shift+down,J", "move(1)", "Move down", key_display="⇧↓", group=MOVE),
        Binding("space", "mark", "Mark", key_display="␣"),
        keys.COMPARE,
        keys.RENAME_TEAM,
        Binding("b", "balance", "Balance", show=False),
        Binding("m", "matchup", "Match-up", show=False),
    ]

    def __init__(self, doc: DocView[Team, Catalog], state: LaminimState) -> None:
        super().__init__(doc, state)

    def compose(self) -> ComposeResult:
        yield from list_widgets("team-name", "units", "team-legality")

    def on_mount(self) -> None:
        self.query_one(DataTable).focus()
        self.set_timer(self.WARM_UP_AFTER, self._warm_up)

    @work(thread=True, exclusive=True, group="warm-up")
    def _warm_up(self) -> None:
        """The engine loaded and the team's numbers cached while the player reads the team."""
        from textual.worker import get_current_worker

        threat, catalog = self.current_threat(), self.catalog
        if threat is None:
            return
        resolved = [check_unit(u, catalog).resolved for u in self.team.units]
        worker = get_current_worker()
        units = [r for r in resolved if r is not None]
        numbers.warm_up(units, threat, catalog, lambda: worker.is_cancelled)

    def on_resize(self) -> None:
        self.show()

    def cursor(self) -> int:
        return self.query_one(DataTable).cursor_row if self.team.units else -1

    def select(self, index: int) -> None:
        if self.team.units:
            self.query_one(DataTable).move_cursor(row=max(0, min(index, len(self.team.units) - 1)))

    def show(self) -> None:
        lang = self.lang
        catalog, team = self.catalog, self.team
        report = check_team(team, catalog)
        present = {u.name for u in team.units}
        self.marked = [m for m in self.marked if m in present]
        self.query_one("#team-name", Static).update(
            Text.assemble(
                (f"{t('team', lang)}: ", "dim"),
                (shown_name(team, lang), "bold"),
                ("   " + t("mark_tip", lang), "dim"),
            )
        )
        table = self.query_one(DataTable)
        row = table.cursor_row
        table.clear(columns=True)
        rows = []
        weapons: list[list[str]] = []  # each row's weapon names, broken between names to fit
        for i, (unit, unit_report) in enumerate(zip(team.units, report.units, strict=True)):
            frame = catalog.frame(unit.frame)
            names = []
            for s in range(max(SLOTS, len(unit.weapons))):
                wid = unit.slot(s)
                weapon = catalog.weapon(wid) if wid else None
                names.append(part_name(weapon, lang) if weapon else (f"?{wid}" if wid else "—"))
            used, limit = unit_report.payload_used, unit_report.payload_limit
            payload = Text(f"{used}/{limit if limit is not None else '?'}")
            if limit is not None and used is not None and used > limit:
                payload.stylize("bold red")
            if unit_report.legal:
                status = Text("✓ " + t("legal", lang), style="green")
                if bool(warnings_of(unit_report.problems)):
                    status = Text("! " + t("warning", lang), style="yellow")
            else:
                status = Text("✗ " + t("illegal", lang), style="bold red")
            rows.append(
                [
                    Text(
                        f"{i + 1}{'*' if unit.name in self.marked else ' '}",
                        style="bold" if unit.name in self.marked else "",
                    ),
                    Text(shown_name(unit, lang)),
                    Text(part_name(frame, lang) if frame else f"?{unit.frame}"),
                    payload,
                    status,
                    Text("·".join(names)),
                ]
            )
            weapons.append(names)
        # the weapons go last and give way (onto more lines) so the status always shows whole
        headers = [
            "#",
            t("unit", lang),
            t("frame", lang),
            t("payload", lang),
            "",
            t("weapons", lang),
        ]
        widths = [
            max([Text(h).cell_len] + [r[c].cell_len for r in rows]) for c, h in enumerate(headers)
        ]
        room = self.size.width - 2 - 2 - 2 * table.cell_padding * len(headers)  # margins, scrollbar
        widths[-1] = max(10, min(widths[-1], room - sum(widths[:-1])))
        heights = []
        for row_cells, names in zip(rows, weapons, strict=True):
            lines = name_lines(names, widths[-1])
            row_cells[-1] = Text("\n".join(lines), style=row_cells[-1].style)
            heights.append(len(lines))
        for c, header in enumerate(headers):
            table.add_column(header, key=f"c{c}", width=widths[c])
        for i, (cells, height) in enumerate(zip(rows, heights, strict=True)):
            table.add_row(*cells, key=str(i), height=height)
        if team.units:
            table.move_cursor(row=min(row, len(team.units) - 1))
        self._show_legality()

    def _show_legality(self) -> None:
        """The document's problems (``laminim check``'s), each named by its unit and slot."""
        lang = self.lang
        problems = self.doc.problems
        legal = not errors_of(problems)
        legality = self.query_one("#team-legality", Static)
        legality.set_class(legal, "-legal")
        legality.set_class(not legal, "-illegal")
        head = ("✓ " if legal else "✗ ") + t("team_legal" if legal else "team_illegal", lang)
        lines: list[Text | Wrapped] = [Text(head, style="bold")]
        for p in errors_of(problems):
            lines.append(Wrapped(self._where(p.field) + p.text(lang), lead="  • "))
        for p in warnings_of(problems):
            lines.append(Wrapped(self._where(p.field) + p.text(lang), style="yellow", lead="  ! "))
        legality.update(Group(*lines))

    def _where(self, field: str) -> str:
        """``units[0].weapons[1]`` as the player reads it: ``Kestrel: Slot 2: ``."""
        found = re.match(r"units\[(\d+)\]\.?(.*)", field)
        units = self.team.units
        if found and int(found.group(1)) < len(units):
            rest = found.group(2)
            name = units[int(found.group(1))].name
            return f"{name}: {field_label(rest, self.lang)}: " if rest else f"{name}: "
        return f"{field_label(field, self.lang)}: " if field else ""

    # --- actions -------------------------------------------------------------------------

    def open_item(self, index: int) -> None:
        self.edit_unit(index)

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        self.edit_unit(event.cursor_row)

    def new_item(self, team: Team) -> Unit:
        """A new unit of the catalog's first frame, its slots empty, named in the player's
        language (ユニット / Unit, then ユニット 2 / Unit 2)."""
        from builder.systems.editing import free_name

        name = free_name(t("new_unit", self.lang), self.names(team))
        return Unit(name=name, frame=self.catalog.frames[0].id, weapons=[None] * SLOTS)

    def action_add(self) -> None:
        """Add a unit and open it in the editor."""
        unit = self.new_item(self.team)

        def add(team: Team) -> Team:
            from builder.systems.editing import free_name

            named = unit.model_copy(update={"name": free_name(unit.name, self.names(team))})
            return team.model_copy(update={"units": [*team.units, named]})

        def then(team: Team) -> None:
            self.select(len(team.units) - 1)
            self.edit_unit(len(team.units) - 1)

        self.edit(words("edit_add", name=unit.name), add, then)

    def action_move(self, delta: int) -> None:
        units = list(self.team.units)
        i = self.cursor()
        j = i + delta
        if not units or not 0 <= j < len(units):
            return
        name = units[i].name
        noun = self.noun

        def move(team: Team) -> Team:
            units = list(team.units)
            at = find(units, i, name, noun)
            to = at + delta
            if not 0 <= to < len(units):
                return team
            units[at], units[to] = units[to], units[at]
            return team.model_copy(update={"units": units})

        self.edit(words("edit_move", name=name), move, lambda _: self.select(j))

    def action_mark(self) -> None:
        if not self.team.units:
            return
        if not self.toggle_mark(self.team.units[self.cursor()].name, most=4):
            self.notify(t("mark_max", self.lang), severity="warning")
        self.show()

    def action_compare(self) -> None:
        team = self.team
        picked = [i for i, u in enumerate(team.units) if u.name in self.marked]
        picked = picked or list(range(min(4, len(team.units))))
        if len(picked) < 2:
            self.notify(t("mark_hint", self.lang), severity="warning")
            return
        self.open_compare([(team.units[i], SOURCE_TEAM) for i in picked])

    def action_balance(self) -> None:
        """The catalog's balance report against the current threat (scored in a worker)."""
        from builder.systems.laminim.tui.screens.balance_screen import BalanceScreen

        self.app.push_screen(BalanceScreen(self.doc, self.state, numbers.ROUNDS))

    def action_matchup(self) -> None:
        """This team against another team file, both ways (``laminim matchup``)."""
        from builder.systems import get
        from builder.tui.screens.matchup_screen import ask_matchup

        ask_matchup(self, get("laminim"))


def field_label(field: str, lang: Lang) -> str:
    """A unit's field as the screen names it (``weapons[0]`` → "Slot 1" / 「武装 1」): the
    player sees slots and frames here, not the file's keys."""
    slot = re.fullmatch(r"weapons\[(\d+)\]", field)
    if slot:
        return f"{t('slot', lang)} {int(slot.group(1)) + 1}"
    if field == "units":
        return t("team", lang)
    return t(field, lang) if field in ("frame", "weapons", "name") else field
