"""The force screen: the force's units and its legality on the left, the odds panel on the right.

The battleship is the first row, the MS after it. The kit's acts work on the MS (add,
duplicate, rename, remove, edit; ctrl+z undoes them); ``y`` picks the highlighted unit's type
(ship or MS) from the catalog, its M/HP/P and weapons beside each. The odds panel attacks with
the highlighted unit; every key recomputes it at once (one exact attack distribution: well
under 100 ms).
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from rich.cells import cell_len
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import DataTable, Static

from builder.core.i18n import Lang, Pair, part_name, shown_name
from builder.core.problems import Problem, errors_of, warnings_of
from builder.systems import compare_fit
from builder.systems.artifact.derive import all_units
from builder.systems.artifact.models import ArtifactCatalog, ForceFile, ForceUnit, MobileSuit
from builder.systems.artifact.tui.labels import t
from builder.systems.artifact.tui.odds_panel import OddsChoice, OddsView, compute
from builder.systems.editing import free_name
from builder.tui import keys
from builder.tui.document import DocView
from builder.tui.items import ItemListScreen, ask_name, find, shown_key, words
from builder.tui.messages import EditRefused
from builder.tui.widgets.key_footer import KeyFooter
from builder.tui.widgets.title_bar import TitleBar
from builder.tui.widgets.wrapped import wrap_phrases

PANEL_WIDTH = 34
"""The odds panel's width (artifact.tcss ``#odds-panel``)."""
TABLE_MARGIN = 1
"""The units table's vertical scrollbar (artifact.tcss)."""
LEGALITY_FRAME = 4
"""The legality box's thick left border and padding, and its scrollbar (artifact.tcss)."""


def type_label(what: str) -> Pair:
    return (f"{t(what, 'en')} {t('type', 'en')}", f"{t(what, 'ja')}{t('type', 'ja')}")


class ForceScreen(ItemListScreen[ForceFile, ArtifactCatalog]):
    BINDINGS = [  # noqa: RUF012
        *keys.ITEM_ACTS,
        Binding("y", "change_type", "Type"),
        Binding("w", "weapon", "Weapon"),
        Binding("t", "target", "Target"),
        Binding("plus,equals_sign", "near(1)", "Mod+", key_display="+"),
        Binding("minus", "near(-1)", "Mod-", key_display="-"),
        Binding("e", "evade", "Evade"),
        Binding("v", "evade_near", "EvMod"),
        Binding("space", "mark", "Mark", key_display="␣"),
        keys.COMPARE,
        keys.RENAME_TEAM,
        Binding("m", "matchup", "Match-up", show=False),
    ]

    def __init__(self, doc: DocView[ForceFile, ArtifactCatalog]) -> None:
        super().__init__(doc)
        self.choice = OddsChoice()
        self.view: OddsView | None = None

    @property
    def force(self) -> ForceFile:
        return self.team

    def compose(self) -> ComposeResult:
        yield TitleBar()
        with Horizontal(id="force-body"):
            with Vertical(id="force-left"):
                yield Static("", id="force-legality")
                # one blank between columns, not two: the names stay whole beside the panel
                yield DataTable(
                    id="force-units", cursor_type="row", zebra_stripes=True, cell_padding=0
                )
            yield Static("", id="odds-panel")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.query_one(DataTable).focus()

    # --- where the cursor is ------------------------------------------------------------

    def _row(self) -> int:
        return self.query_one("#force-units", DataTable).cursor_row

    def cursor(self) -> int:
        """The MS under the cursor (-1 on the battleship's row)."""
        return self._row() - 1

    def select(self, index: int) -> None:
        table = self.query_one("#force-units", DataTable)
        table.move_cursor(row=max(0, min(index + 1, len(self.force.units))))

    def names(self, team: ForceFile) -> list[str]:
        return [team.ship.name, *(u.name for u in team.units)]

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        """The odds panel attacks with the highlighted unit."""
        if event.cursor_row != self.choice.attacker:
            self.choice = replace(self.choice, attacker=max(event.cursor_row, 0), weapon=0)
            self._draw_odds()

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        self.action_edit()

    def focus_field(self, field: str) -> None:
        if field.startswith("ship"):
            self.select(-1)
        else:
            super().focus_field(field)

    # --- drawing ------------------------------------------------------------------------

    def show(self) -> None:
        self._draw_units()
        self._draw_legality()
        self._draw_odds()

    def on_resize(self) -> None:
        self.show()

    def _draw_units(self) -> None:
        table = self.query_one("#force-units", DataTable)
        row = table.cursor_row
        table.clear(columns=True)
        lang = self.lang
        units = all_units(self.catalog)
        members = [("ship", self.force.ship.name, self.force.ship.type)] + [
            ("ms", u.name, u.type) for u in self.force.units
        ]
        shown = {u.name: shown_name(u, lang) for u in self.force.units}
        shown[self.force.ship.name] = shown_name(self.force.ship, lang)
        present = {u.name for u in self.force.units}
        self.marked = [m for m in self.marked if m in present]
        rows = []
        for role, name, type_id in members:
            unit = units.get(type_id)
            type_name = part_name(unit, lang) if unit is not None else f"? {type_id}"
            hp = str(unit.hp) if unit is not None else "?"
            p = str(unit.propellant) if isinstance(unit, MobileSuit) else "—"
            mark = "*" if role == "ms" and name in self.marked else ""
            rows.append([t(role, lang) + mark, shown.get(name, name), type_name, hp, p])
        header = ["", t("name", lang), t("type", lang), "HP", "P"]
        name_w, type_w = self._name_widths([header, *rows])
        role_w = max(cell_len(r[0]) for r in [header, *rows])
        widths = [role_w + 1, name_w + 1, type_w + 1, 3, 4]  # each after a blank
        for head, width in zip(header, widths, strict=True):
            table.add_column(compare_fit(f" {head}", width), width=width)
        for r in rows:
            table.add_row(
                f" {r[0]}",
                f" {compare_fit(r[1], name_w)}",
                f" {compare_fit(r[2], type_w)}",
                f" {r[3]:>2}",
                f" {r[4]:>2} ",
            )
        if members:
            table.move_cursor(row=min(row, len(members) - 1))

    def _name_widths(self, rows: list[list[str]]) -> tuple[int, int]:
        """How many cells the name and type columns may take so that every column fits
        beside the odds panel (the wider of name and type is cut first, ending in …)."""
        widths = [max(cell_len(r[i]) for r in rows) for i in range(len(rows[0]))]
        room = self.app.size.width - PANEL_WIDTH - TABLE_MARGIN
        room -= widths[0] + widths[3] + widths[4] + len(widths) + 1
        name_w, type_w = widths[1], widths[2]
        while name_w + type_w > room and max(name_w, type_w) > 6:
            if type_w > name_w:  # the wider gives way first, so both stay readable
                type_w -= 1
            else:
                name_w -= 1
        return name_w, type_w

    def _draw_legality(self) -> None:
        """The document's problems (``laminim check``'s), each named by its unit."""
        problems = self.doc.problems
        lang = self.lang
        errors = errors_of(problems)
        if any(p.severity == "bad-input" for p in problems):
            head = t("unusable", lang)
        else:
            head = t("illegal", lang) if errors else t("legal", lang)
        lines = [("", f"{shown_name(self.force, lang)}: {head}")]
        lines += [("• ", self._finding(p)) for p in errors]
        lines += [
            ("", f"{t('warnings', lang)}: {self._finding(p, unit_named=False)}")
            for p in warnings_of(problems)
        ]
        widget = self.query_one("#force-legality", Static)
        # wrapped here between phrases, under each bullet's text, no word alone on a line
        room = max(20, self.app.size.width - PANEL_WIDTH - LEGALITY_FRAME)
        shown = []
        for lead, text in lines:
            first, *rest = wrap_phrases(text, room - 2)
            shown += [lead + first, *(f"  {part}" for part in rest)]
        widget.update("\n".join(shown))
        widget.set_class(not errors, "-legal")
        widget.set_class(bool(errors), "-illegal")

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
            return f"{unit(i)} {shown_name(self.force.units[i], lang)}: {text}"
        if field.startswith("ship"):
            return f"{t('ship', lang)} {shown_name(self.force.ship, lang)}: {text}"
        return text

    def _draw_odds(self) -> None:
        self.view = compute(self.force, self.catalog, self.choice, self.lang)
        panel = self.query_one("#odds-panel", Static)
        panel.border_title = t("odds", self.lang)
        panel.update("\n".join(self.view.lines))

    def _set_choice(self, **changes: Any) -> None:
        self.choice = replace(self.choice, **changes)
        self._draw_odds()

    # --- odds keys ----------------------------------------------------------------------

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

    # --- the force's units --------------------------------------------------------------

    def _refuse_ship(self) -> None:
        self.app.bell()
        self.notify(t("drop_ship", self.lang), severity="warning")

    def action_duplicate(self) -> None:
        if self.cursor() < 0:
            self._refuse_ship()
            return
        super().action_duplicate()

    def action_remove(self) -> None:
        if self.cursor() < 0:
            self._refuse_ship()
            return
        super().action_remove()

    def action_rename(self) -> None:
        if self.cursor() >= 0:
            super().action_rename()
            return
        key = shown_key(self.force.ship, self.lang)
        old, noun = getattr(self.force.ship, key), self.noun

        def answered(name: str) -> None:
            def rename(force: ForceFile) -> ForceFile:
                taken = {u.name.casefold() for u in force.units}
                if key == "name" and name.casefold() in taken:
                    raise EditRefused(words("name_taken", noun, name=name))
                return force.model_copy(update={"ship": force.ship.model_copy(update={key: name})})

            self.edit(words("edit_rename", old=old, name=name), rename)

        ask_name(self, words("rename_item", name=old), old, answered)

    def open_item(self, index: int) -> None:
        from builder.systems.artifact.tui.unit_editor import UnitEditor

        if index < 0:
            self.app.push_screen(UnitEditor(self.doc, ("ship",), self.force.ship.name))
        elif index < len(self.force.units):
            self.app.push_screen(
                UnitEditor(self.doc, ("units", index), self.force.units[index].name)
            )

    def action_edit(self) -> None:
        self.open_item(self.cursor())

    def action_change_type(self) -> None:
        """The highlighted unit's type, picked from the catalog (its M/HP/P and weapons)."""
        from builder.systems.artifact.tui.unit_editor import pick_type

        index = self.cursor()
        ship = index < 0
        entry = self.force.ship if ship else self.force.units[index]
        pick_type(self, ship, entry.type, lambda type_id: self.set_type(index, type_id))

    def set_type(self, index: int, type_id: str) -> None:
        """Unit ``index`` (-1: the battleship) becomes a ``type_id`` (see :func:`with_type`)."""
        ship = index < 0
        name = self.force.ship.name if ship else self.force.units[index].name
        label = words("edit_field", name=name, field=type_label("ship" if ship else "ms"))
        catalog, lang, noun = self.catalog, self.lang, self.noun
        self.edit(label, lambda force: with_type(force, index, name, type_id, catalog, lang, noun))

    def new_item(self, team: ForceFile) -> ForceUnit:
        suit = self.catalog.mobile_suits[0]
        name = free_name(part_name(suit, self.lang), self.names(team), numbered=True)
        return ForceUnit(name=name, type=suit.id)

    def action_mark(self) -> None:
        """Pick (or unpick) the MS under the cursor for compare: 2 to 4 of them."""
        index = self.cursor()
        if not 0 <= index < len(self.force.units):
            self.notify(t("mark_ship", self.lang), severity="warning")
            return  # the ship is not compared with MS
        if not self.toggle_mark(self.force.units[index].name, most=4):
            self.notify(t("compare_need", self.lang), severity="warning")
            return
        self._draw_units()

    def action_compare(self) -> None:
        from builder.systems.artifact.tui.compare_screen import CompareScreen, chosen_sides

        present = [u.name for u in self.force.units]
        marked = [n for n in self.marked if n in present]
        names = marked if len(marked) >= 2 else present[:4]
        if len(chosen_sides(self.force, self.catalog, names)) < 2:
            self.notify(t("compare_need", self.lang), severity="warning")
            return
        self.app.push_screen(CompareScreen(self.doc, names))

    def action_matchup(self) -> None:
        """This force against another force file, both ways (``laminim matchup``)."""
        from builder.systems import get
        from builder.tui.screens.matchup_screen import ask_matchup

        ask_matchup(self, get("artifact"))


def named_after(name: str, suit: Any) -> bool:
    """Whether ``name`` is its type's name and a number ("Nightingale 2", as ``a`` names a new
    MS), in either language: such a name follows a new type; a name of the player's own stays."""
    return any(re.fullmatch(re.escape(base) + r" \d+", name) for base in (suit.name, suit.name_ja))


def with_type(
    force: ForceFile,
    index: int,
    name: str,
    type_id: str,
    catalog: ArtifactCatalog,
    lang: Lang,
    noun: Pair,
) -> ForceFile:
    """``force`` with unit ``index`` (-1: the battleship; found again by ``name``) of type
    ``type_id``; an MS named after its old type ("Nightingale 2") takes the new type's name
    in ``lang``."""
    if index < 0:
        return force.model_copy(update={"ship": force.ship.model_copy(update={"type": type_id})})
    suits = {m.id: m for m in catalog.mobile_suits}
    units = list(force.units)
    at = find(units, index, name, noun)
    unit = units[at]
    update: dict[str, Any] = {"type": type_id}
    old, new = suits.get(unit.type), suits.get(type_id)
    if old is not None and new is not None and named_after(unit.name, old):
        taken = [force.ship.name, *(u.name for u in force.units if u.name != unit.name)]
        update["name"] = free_name(part_name(new, lang), taken, numbered=True)
    units[at] = unit.model_copy(update=update)
    return force.model_copy(update={"units": tuple(units)})
