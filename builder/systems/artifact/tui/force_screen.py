"""The force screen: the force's units and its legality on the left, the odds panel on the right.

Every key recomputes the odds at once (one exact attack distribution: well under 100 ms).
"""

from __future__ import annotations

import re
from typing import cast

from rich.cells import cell_len
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import DataTable, Header, Static

from builder.core.i18n import part_name
from builder.core.problems import Problem
from builder.systems.artifact.derive import all_units
from builder.systems.artifact.legality import ForceReport, check
from builder.systems.artifact.models import ArtifactCatalog, ForceFile, ForceUnit, MobileSuit
from builder.systems.artifact.tui.labels import t
from builder.systems.artifact.tui.odds_panel import OddsChoice, OddsView, compute, fit
from builder.tui.shell import ShellScreen
from builder.tui.widgets.key_footer import KeyFooter
from builder.tui.widgets.wrapped import wrap_phrases

PANEL_WIDTH = 34
"""The odds panel's width (artifact.tcss ``#odds-panel``)."""
TABLE_MARGIN = 1
"""The units table's vertical scrollbar (artifact.tcss)."""
LEGALITY_FRAME = 4
"""The legality box's thick left border and padding, and its scrollbar (artifact.tcss)."""


class ForceScreen(ShellScreen):
    BINDINGS = [  # noqa: RUF012
        Binding("a", "attacker", "Attacker"),
        Binding("w", "weapon", "Weapon"),
        Binding("t", "target", "Target"),
        Binding("plus,equals_sign", "near(1)", "Mod+", key_display="+"),
        Binding("minus", "near(-1)", "Mod-", key_display="-"),
        Binding("e", "evade", "Evade"),
        Binding("v", "evade_near", "EvMod"),
        Binding("y", "cycle_type", "Type"),
        Binding("n", "add_ms", "AddMS"),
        Binding("x", "drop", "Drop"),
        Binding("r", "rename", "Rename"),
        Binding("space", "mark", "Mark", key_display="␣"),
        Binding("c", "compare", "Compare"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.choice = OddsChoice()
        self.view: OddsView | None = None
        self.report: ForceReport | None = None
        self.marked: list[str] = []
        """MS picked for compare (space), by name, in the order they were marked."""

    @property
    def force(self) -> ForceFile:
        return cast(ForceFile, self.shell.team)

    @property
    def catalog(self) -> ArtifactCatalog:
        return cast(ArtifactCatalog, self.shell.catalog)

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="force-body"):
            with Vertical(id="force-left"):
                yield Static("", id="force-legality")
                yield DataTable(id="force-units", cursor_type="row", zebra_stripes=True)
            yield Static("", id="odds-panel")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.refresh_view()
        self.query_one(DataTable).focus()

    # --- drawing ------------------------------------------------------------------------

    def refresh_view(self) -> None:
        self._draw_units()
        self._draw_legality()
        self._draw_odds()

    def _draw_units(self) -> None:
        table = self.query_one("#force-units", DataTable)
        row = table.cursor_row
        table.clear(columns=True)
        lang = self.lang
        units = all_units(self.catalog)
        members = [("ship", self.force.ship.name, self.force.ship.type)] + [
            ("ms", u.name, u.type) for u in self.force.units
        ]
        rows = []
        for role, name, type_id in members:
            unit = units.get(type_id)
            type_name = part_name(unit, lang) if unit is not None else f"? {type_id}"
            hp = str(unit.hp) if unit is not None else "?"
            p = str(unit.propellant) if isinstance(unit, MobileSuit) else "—"
            mark = "*" if role == "ms" and name in self.marked else ""
            rows.append([t(role, lang) + mark, name, type_name, hp, p])
        header = ["", t("name", lang), t("type", lang), "HP", "P"]
        name_w, type_w = self._name_widths([header, *rows])
        table.add_columns(*header)
        for r in rows:
            table.add_row(r[0], fit(r[1], name_w), fit(r[2], type_w), r[3], r[4])
        if members:
            table.move_cursor(row=min(row, len(members) - 1))

    def _name_widths(self, rows: list[list[str]]) -> tuple[int, int]:
        """How many cells the name and type columns may take so that every column fits
        beside the odds panel (the wider of name and type is cut first, ending in …)."""
        widths = [max(cell_len(r[i]) for r in rows) for i in range(len(rows[0]))]
        room = self.app.size.width - PANEL_WIDTH - TABLE_MARGIN
        room -= widths[0] + widths[3] + widths[4] + 2 * len(widths)
        name_w, type_w = widths[1], widths[2]
        while name_w + type_w > room and max(name_w, type_w) > 6:
            if type_w > name_w:  # the wider gives way first, so both stay readable
                type_w -= 1
            else:
                name_w -= 1
        return name_w, type_w

    def _draw_legality(self) -> None:
        report = check(self.force, self.catalog)
        self.report = report
        lang = self.lang
        if report.bad_input:
            head = t("unusable", lang)
        else:
            head = t("legal", lang) if report.legal else t("illegal", lang)
        lines = [("", f"{self.force.name}: {head}")]
        lines += [("• ", self._finding(p)) for p in report.errors]
        lines += [
            ("", f"{t('warnings', lang)}: {self._finding(p, unit_named=False)}")
            for p in report.warnings
        ]
        widget = self.query_one("#force-legality", Static)
        # wrapped here between phrases, under each bullet's text, no word alone on a line
        room = max(20, self.app.size.width - PANEL_WIDTH - LEGALITY_FRAME)
        shown = []
        for lead, text in lines:
            first, *rest = wrap_phrases(text, room - 2)
            shown += [lead + first, *(f"  {part}" for part in rest)]
        widget.update("\n".join(shown))
        widget.set_class(report.legal, "-legal")
        widget.set_class(not report.legal, "-illegal")

    def _finding(self, problem: Problem, unit_named: bool = True) -> str:
        """A legality finding as the table shows the force: "MS2 Rick Dias: …" rather than
        the file's ``units[1].name``, the types by their names, in the screen's language."""
        lang = self.lang

        def unit(i: int) -> str:
            return f"MS{i + 1}"

        said = problem.said
        if said.key == "unknown-type":  # the file's fix (the id it means) is the CLI's; y picks
            params = dict(said.params)
            what = t("ship", lang) if params.get("what") == "battleship" else "MS"
            text = t("unknown_type", lang).format(what=what, id=params.get("type", "?"))
        else:
            text = problem.text(lang)
        for unit_id, entry in sorted(all_units(self.catalog).items(), key=lambda e: -len(e[0])):
            text = text.replace(f"（{unit_id}）", "")  # the id a file needs, beside its name
            text = re.sub(rf"\b{re.escape(unit_id)}\b", part_name(entry, lang), text)
        text = re.sub(r"units\[(\d+)\]", lambda m: unit(int(m.group(1))), text)
        field = problem.field if unit_named else ""
        found = re.match(r"units\[(\d+)\]", field)
        if found and int(found.group(1)) < len(self.force.units):
            i = int(found.group(1))
            return f"{unit(i)} {self.force.units[i].name}: {text}"
        if field.startswith("ship"):
            return f"{t('ship', lang)} {self.force.ship.name}: {text}"
        return text

    def _draw_odds(self) -> None:
        self.view = compute(self.force, self.catalog, self.choice, self.lang)
        panel = self.query_one("#odds-panel", Static)
        panel.border_title = t("odds", self.lang)
        panel.update("\n".join(self.view.lines))

    def _set_choice(self, **changes: object) -> None:
        from dataclasses import replace

        self.choice = replace(self.choice, **changes)  # type: ignore[arg-type]
        self._draw_odds()

    # --- odds keys ----------------------------------------------------------------------

    def action_attacker(self) -> None:
        self._set_choice(attacker=self.choice.attacker + 1, weapon=0)

    def action_weapon(self) -> None:
        self._set_choice(weapon=self.choice.weapon + 1)

    def action_target(self) -> None:
        self._set_choice(target=self.choice.target + 1)

    def action_near(self, step: int) -> None:
        self._set_choice(near=max(0, min(5, self.choice.near + step)))

    def action_evade(self) -> None:
        self._set_choice(evade=not self.choice.evade)

    def action_evade_near(self) -> None:
        self._set_choice(evade_near=(self.choice.evade_near + 1) % 4)

    # --- force edits (through the shell, so the title shows unsaved changes) --------------

    def _row(self) -> int:
        return self.query_one("#force-units", DataTable).cursor_row

    def action_cycle_type(self) -> None:
        force, row = self.force, self._row()
        if row == 0:
            ids = [s.id for s in self.catalog.ships]
            nxt = (
                ids[(ids.index(force.ship.type) + 1) % len(ids)]
                if force.ship.type in ids
                else ids[0]
            )
            ship = force.ship.model_copy(update={"type": nxt})
            self.shell.set_team(force.model_copy(update={"ship": ship}))
            return
        suits = {m.id: m for m in self.catalog.mobile_suits}
        ids = list(suits)
        units = list(force.units)
        unit = units[row - 1]
        nxt = ids[(ids.index(unit.type) + 1) % len(ids)] if unit.type in ids else ids[0]
        update = {"type": nxt}
        old = suits.get(unit.type)
        named = old is not None and any(
            re.fullmatch(re.escape(n) + r" \d+", unit.name) for n in (old.name, old.name_ja)
        )
        if named:
            # a "<type> N" name ("Nightingale 1", as n makes them) follows the new type
            update["name"] = self._free_name(part_name(suits[nxt], self.lang), skip=row - 1)
            self.marked = [update["name"] if m == unit.name else m for m in self.marked]
        units[row - 1] = unit.model_copy(update=update)
        self.shell.set_team(force.model_copy(update={"units": tuple(units)}))

    def _free_name(self, base: str, skip: int | None = None) -> str:
        """``base N`` with the smallest N no other unit of the force uses."""
        force = self.force
        taken = {force.ship.name.casefold()}
        taken |= {u.name.casefold() for i, u in enumerate(force.units) if i != skip}
        n = 1
        while f"{base} {n}".casefold() in taken:
            n += 1
        return f"{base} {n}"

    def action_add_ms(self) -> None:
        force = self.force
        suit = self.catalog.mobile_suits[0]
        name = self._free_name(part_name(suit, self.lang))  # in the player's language
        units = (*force.units, ForceUnit(name=name, type=suit.id))
        self.shell.set_team(force.model_copy(update={"units": units}))
        self.query_one("#force-units", DataTable).move_cursor(row=len(units))

    def action_drop(self) -> None:
        row = self._row()
        if row == 0:
            self.notify(t("drop_ship", self.lang), severity="warning")
            return
        units = list(self.force.units)
        del units[row - 1]
        self.shell.set_team(self.force.model_copy(update={"units": tuple(units)}))

    def action_rename(self) -> None:
        """A new name for the unit under the cursor (the ship or an MS), unique in the force."""
        from builder.tui.dialogs.prompt_dialog import PromptDialog

        row = self._row()
        force = self.force
        old = force.ship.name if row == 0 else force.units[row - 1].name

        def done(name: str | None) -> None:
            if not name or name == old:
                return
            force = self.force
            taken = [force.ship.name, *(u.name for u in force.units)]
            del taken[row]
            if name.casefold() in {n.casefold() for n in taken}:
                self.notify(t("name_taken", self.lang).format(name=name), severity="error")
                return
            if row == 0:
                ship = force.ship.model_copy(update={"name": name})
                self.shell.set_team(force.model_copy(update={"ship": ship}))
                return
            units = list(force.units)
            units[row - 1] = units[row - 1].model_copy(update={"name": name})
            self.marked = [name if m == old else m for m in self.marked]
            self.shell.set_team(force.model_copy(update={"units": tuple(units)}))

        question = t("rename_prompt", self.lang).format(name=old)
        self.app.push_screen(PromptDialog(question, value=old), done)

    def action_mark(self) -> None:
        """Pick (or unpick) the MS under the cursor for compare: 2 to 4 of them."""
        row = self.query_one("#force-units", DataTable).cursor_row
        if row < 1 or row > len(self.force.units):
            self.notify(t("mark_ship", self.lang), severity="warning")
            return  # the ship is not compared with MS
        name = self.force.units[row - 1].name
        if name in self.marked:
            self.marked.remove(name)
        elif len(self.marked) >= 4:
            self.notify(t("compare_need", self.lang), severity="warning")
            return
        else:
            self.marked.append(name)
        self._draw_units()

    def action_compare(self) -> None:
        from builder.systems.artifact.tui.compare_screen import CompareScreen, chosen_sides

        present = [u.name for u in self.force.units]
        marked = [n for n in self.marked if n in present]
        names = marked if len(marked) >= 2 else present[:4]
        if len(chosen_sides(self.force, self.catalog, names)) < 2:
            self.notify(t("compare_need", self.lang), severity="warning")
            return
        self.app.push_screen(CompareScreen(names))
