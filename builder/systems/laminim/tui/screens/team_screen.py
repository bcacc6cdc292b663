"""The team at a glance: units with frame, weapons, payload and legality; edit the roster."""

from __future__ import annotations

import re

from rich.console import Group
from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import DataTable, Header, Static

from builder.core.i18n import Lang, part_name
from builder.core.problems import warnings_of
from builder.systems.laminim.legality import check_team, check_unit
from builder.systems.laminim.team import SLOTS, Unit
from builder.systems.laminim.tui import numbers
from builder.systems.laminim.tui.base import LaminimScreen
from builder.systems.laminim.tui.labels import SOURCE_TEAM, t
from builder.tui.widgets.key_footer import KeyFooter
from builder.tui.widgets.wrapped import Wrapped

MOVE = Binding.Group("Move")


class TeamScreen(LaminimScreen):
    WARM_UP_AFTER = 0.5
    """Seconds after mounting before the engine is loaded in the background: started on the
    first refresh, its imports slowed the rest of the first screen by a third of a second."""

    BINDINGS = [  # noqa: RUF012
        Binding("enter", "edit", "Edit", key_display="⏎"),
        Binding("a", "add", "Add"),
        Binding("d", "duplicate", "Dup"),
        Binding("r", "rename", "Rename"),
        Binding("x,delete", "remove", "Remove"),
        Binding("shift+up,K", "move(-1)", "Move up", key_display="⇧↑", group=MOVE),
        Binding("shift+down,J", "move(1)", "Move down", key_display="⇧↓", group=MOVE),
        Binding("space", "mark", "Mark", key_display="␣"),
        Binding("c", "compare", "Compare"),
        Binding("b", "balance", "Balance", show=False),
    ]

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("", id="team-name")
        table: DataTable[Text] = DataTable(id="units", cursor_type="row", zebra_stripes=True)
        yield table
        yield Static("", id="team-legality")
        yield KeyFooter()

    def on_mount(self) -> None:
        self._shown: object = None
        self.refresh_view()
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

    def on_screen_resume(self) -> None:
        self.refresh_view()

    def on_resize(self) -> None:
        self.refresh_view()

    @property
    def marked(self) -> list[str]:
        """Names of the units marked for compare."""
        return self.state.marked

    @property
    def cursor(self) -> int:
        return self.query_one(DataTable).cursor_row

    def refresh_view(self) -> None:
        lang = self.lang
        catalog, team = self.catalog, self.team
        report = check_team(team, catalog)
        if team is not self._shown and team is not self.state.edited:
            self.state.marked = []  # a team opened from a file: the old marks mean nothing
        self._shown = team
        present = {u.name for u in team.units}
        self.state.marked = [m for m in self.marked if m in present]
        self.query_one("#team-name", Static).update(
            Text.assemble(
                (f"{t('team', lang)}: ", "dim"),
                (team.name, "bold"),
                ("   " + t("mark_tip", lang), "dim"),
            )
        )
        table = self.query_one(DataTable)
        row = table.cursor_row
        table.clear(columns=True)
        rows = []
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
                (
                    Text(
                        f"{i + 1}{'*' if unit.name in self.marked else ' '}",
                        style="bold" if unit.name in self.marked else "",
                    ),
                    Text(unit.name),
                    Text(part_name(frame, lang) if frame else f"?{unit.frame}"),
                    payload,
                    status,
                    Text("·".join(names)),
                )
            )
        # the weapons go last and give way (ending in …) so the status always shows whole
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
        for row_cells in rows:
            row_cells[-1].truncate(widths[-1], overflow="ellipsis")
        for c, header in enumerate(headers):
            table.add_column(header, key=f"c{c}", width=widths[c])
        for i, cells in enumerate(rows):
            table.add_row(*cells, key=str(i))
        if team.units:
            table.move_cursor(row=min(row, len(team.units) - 1))
        legality = self.query_one("#team-legality", Static)
        legality.set_class(report.legal, "-legal")
        legality.set_class(not report.legal, "-illegal")
        head = ("✓ " if report.legal else "✗ ") + t(
            "team_legal" if report.legal else "team_illegal", lang
        )
        lines: list[Text | Wrapped] = [Text(head, style="bold")]
        for p in report.errors:
            where = f"{p.file}: {field_label(p.field, lang)}: " if p.field else ""
            lines.append(Wrapped(where + p.text(lang), lead="  • "))
        for p in report.warnings:
            lines.append(Wrapped(f"{p.file}: {p.text(lang)}", style="yellow", lead="  ! "))
        legality.update(Group(*lines))

    # --- actions -------------------------------------------------------------------------

    def action_edit(self) -> None:
        if self.team.units:
            self.edit_unit(self.cursor)

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        self.edit_unit(event.cursor_row)

    def action_add(self) -> None:
        team = self.team
        unit = Unit(
            name=team.free_name(t("new_unit", self.lang)),  # named in the player's language
            frame=self.catalog.frames[0].id,
            weapons=[None] * SLOTS,
        )
        self.set_units([*team.units, unit])
        self.edit_unit(len(team.units))

    def action_duplicate(self) -> None:
        team = self.team
        if not team.units:
            return
        i = self.cursor
        copy = team.units[i].model_copy(
            update={"name": team.free_name(team.units[i].name)}, deep=True
        )
        units = list(team.units)
        units.insert(i + 1, copy)
        self.set_units(units)
        self.query_one(DataTable).move_cursor(row=i + 1)

    def action_remove(self) -> None:
        team = self.team
        if not team.units:
            return
        i = self.cursor
        lang = self.lang

        def done(yes: bool | None) -> None:
            if yes:
                units = list(self.team.units)
                del units[i]
                self.set_units(units)

        from builder.tui.dialogs.confirm_dialog import ConfirmDialog

        self.app.push_screen(
            ConfirmDialog(
                t("remove_prompt", lang).format(name=team.units[i].name),
                yes=t("remove_yes", lang),
                no=t("cancel", lang),
            ),
            done,
        )

    def action_rename(self) -> None:
        team = self.team
        if not team.units:
            return
        i = self.cursor
        self.rename_unit(i)

    def action_move(self, delta: int) -> None:
        units = list(self.team.units)
        i = self.cursor
        j = i + delta
        if not units or not 0 <= j < len(units):
            return
        units[i], units[j] = units[j], units[i]
        self.set_units(units)
        self.query_one(DataTable).move_cursor(row=j)

    def action_mark(self) -> None:
        if not self.team.units:
            return
        name = self.team.units[self.cursor].name
        if name in self.marked:
            self.marked.remove(name)
        elif len(self.marked) < 4:
            self.marked.append(name)
        else:
            self.notify(t("mark_max", self.lang), severity="warning")
        self.refresh_view()

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

        self.app.push_screen(BalanceScreen(numbers.ROUNDS))


def field_label(field: str, lang: Lang) -> str:
    """A unit's field as the screen names it (``weapons[0]`` → "Slot 1" / 「武装 1」): the
    player sees slots and frames here, not the file's keys."""
    slot = re.fullmatch(r"weapons\[(\d+)\]", field)
    if slot:
        return f"{t('slot', lang)} {int(slot.group(1)) + 1}"
    return t(field, lang) if field in ("frame", "weapons", "name") else field
