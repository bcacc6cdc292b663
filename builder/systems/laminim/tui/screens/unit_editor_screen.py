"""Edit one unit: frame and three slots, with payload, silhouette, survival and damage beside it.

Numbers come from the rules core (``builder.systems.laminim.tui.numbers.analyze``) in a thread
worker, so a slow analysis never blocks typing; one that takes less than a frame
(``numbers.quick``) is computed at once and drawn with the parts, in the same refresh.
``AnalysisShown`` is posted when the numbers on screen are fresh (tests and the benchmark wait
for it).
"""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.message import Message
from textual.widgets import OptionList, Select, Static
from textual.widgets.option_list import Option

from builder.core.i18n import Lang, Pair, part_name, shown_name
from builder.core.numbers import percent
from builder.systems.laminim.legality import ResolvedUnit, check_unit
from builder.systems.laminim.models import Catalog
from builder.systems.laminim.team import SLOTS, Team, Unit
from builder.systems.laminim.tui import numbers
from builder.systems.laminim.tui.base import LaminimScreen, LaminimState
from builder.systems.laminim.tui.labels import SOURCE_EDITING, SOURCE_TEAM, t
from builder.systems.laminim.tui.widgets.payload_meter import PayloadMeter
from builder.systems.laminim.tui.widgets.silhouette_table import SilhouetteTable
from builder.tui import keys
from builder.tui.document import DocView
from builder.tui.items import ask_name, find, shown_key, ui_of, words
from builder.tui.messages import EditRefused
from builder.tui.widgets import steady
from builder.tui.widgets.key_footer import KeyFooter
from builder.tui.widgets.survival_chart import Series, SurvivalChart
from builder.tui.widgets.title_bar import TitleBar
from builder.tui.widgets.wrapped import Wrapped

SLOT_KEYS = Binding.Group("Slot")


class UnitEditorScreen(LaminimScreen):
    BINDINGS = [  # noqa: RUF012
        keys.BACK,
        Binding("enter", "edit", "Choose part", show=False),
        Binding("f", "pick_row(0)", "Frame"),
        Binding("1", "pick_row(1)", "Slot 1", group=SLOT_KEYS),
        Binding("2", "pick_row(2)", "Slot 2", group=SLOT_KEYS),
        Binding("3", "pick_row(3)", "Slot 3", group=SLOT_KEYS),
        Binding("backspace", "clear", "Empty", key_display="⌫"),
        Binding("t", "next_threat", "Threat"),
        keys.RENAME,
        keys.COMPARE,
        Binding("s", "suggest", "Suggest"),
    ]

    class AnalysisShown(Message):
        """The numbers on screen now match the unit (posted after every refresh of them)."""

        def __init__(self, unit: Unit) -> None:
            super().__init__()
            self.unit = unit

    def __init__(self, doc: DocView[Team, Catalog], state: LaminimState, index: int) -> None:
        super().__init__(doc, state)
        self.index = index
        self.unit_name = doc.team.units[index].name
        """The unit's name as last seen: found by it again after every change."""

    def _find(self, team: Team) -> int | None:
        """Where the edited unit is in ``team`` (by its name, else where it was; None: gone)."""
        for i, unit in enumerate(team.units):
            if unit.name == self.unit_name:
                return i
        return self.index if self.index < len(team.units) else None

    @property
    def unit(self) -> Unit:
        return self.team.units[self.index]

    def compose(self) -> ComposeResult:
        yield TitleBar()
        with Vertical(id="editor-left"):
            yield Static("", id="unit-title")
            yield OptionList(id="loadout")
            yield PayloadMeter(id="payload")
            yield Static("", id="unit-problems")
            yield SilhouetteTable(id="silhouette")
        with VerticalScroll(id="editor-right"):
            threats = self.catalog.threats
            yield Select(
                [(part_name(th, self.lang), th.id) for th in threats],
                value=self.state.threat_id if threats and self.state.threat_id else Select.NULL,
                allow_blank=not threats,
                id="threat",
                compact=True,
                prompt=t("threat", self.lang),
            )
            yield SurvivalChart(id="survival")
            yield Static("", id="numbers")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.query_one("#threat", Select).display = bool(self.catalog.threats)
        self.query_one("#loadout", OptionList).focus()

    def shown(self, before: DocView[Team, Catalog]) -> None:
        if before.lang != self.lang:
            self.fill_threats()
        elif before.team is self.team and before.catalog is self.catalog:
            return  # only the file's problems were worked out again: this screen shows the unit's
        self.show()

    def fill_threats(self) -> None:
        select = self.query_one("#threat", Select)
        lang = self.lang
        threats = self.catalog.threats
        if not threats:
            return
        with self.prevent(Select.Changed):
            select.set_options([(part_name(th, lang), th.id) for th in threats])
            current = self.state.threat_id or threats[0].id
            # the shown label follows only a change of value: pass by another threat and back
            other = next((th.id for th in threats if th.id != current), None)
            if other is not None:
                select.value = other
            select.value = current

    def show(self) -> None:
        """Redraw everything from the document's team (cheap parts now, numbers in a worker)."""
        found = self._find(self.team)
        if found is None:  # an undo took the unit away: back to the team
            self.dismiss(None)
            return
        self.index, self.unit_name = found, self.team.units[found].name
        lang = self.lang
        catalog = self.catalog
        unit = self.unit
        report = check_unit(unit, catalog)
        steady.update(
            self.query_one("#unit-title", Static),
            Text.assemble(
                (f"{t('unit', lang)} {self.index + 1}: ", "dim"),
                (shown_name(unit, lang), "bold"),
            ),
        )
        loadout = self.query_one("#loadout", OptionList)
        highlighted = loadout.highlighted or 0
        frame = catalog.frame(unit.frame)
        rows = [
            Option(
                Text.assemble(
                    (f"{t('frame', lang):<7}", "bold"), self._part_text(frame, unit.frame, lang)
                ),
                id="row0",
            )
        ]
        for s in range(SLOTS):
            wid = unit.slot(s)
            weapon = catalog.weapon(wid) if wid else None
            text = Text.assemble(
                (f"{t('slot', lang)} {s + 1} ", "bold"), self._part_text(weapon, wid, lang)
            )
            if weapon is not None:
                text.append(f"  {t('abbr_weight', lang)}{weapon.weight}", style="dim")
            rows.append(Option(text, id=f"row{s + 1}"))
        # weapons past the three slots (a hand-edited file): shown so they can be removed
        for s in range(SLOTS, len(unit.weapons)):
            wid = unit.weapons[s]
            weapon = catalog.weapon(wid) if wid else None
            text = Text.assemble(
                (f"{t('extra', lang)} {s + 1} ", "bold red"),
                self._part_text(weapon, wid, lang),
                (f"  ⌫ {t('remove', lang)}", "dim"),
            )
            rows.append(Option(text, id=f"row{s + 1}"))
        if loadout.option_count == len(rows):  # the same rows: new words, no new list

            def reword() -> None:
                for i, option in enumerate(rows):
                    loadout.replace_option_prompt_at_index(i, option.prompt)

            steady.steady(loadout, reword)
        else:
            loadout.clear_options()
            loadout.add_options(rows)
            loadout.highlighted = highlighted
        self.query_one(PayloadMeter).show(
            report.payload_used, report.payload_limit, t("payload", lang), t("over", lang).upper()
        )
        problems = self.query_one("#unit-problems", Static)
        problems.set_class(not report.legal, "-illegal")
        if report.problems:
            steady.update(
                problems,
                Group(
                    *(
                        Wrapped(p.text(lang), lead="✗ " if p.severity != "warning" else "! ")
                        for p in report.problems
                    )
                ),
            )
        else:
            steady.update(problems, Text("✓ " + t("legal", lang)))
        self._compute(report.resolved, unit)

    @staticmethod
    def _part_text(part: Any, part_id: str | None, lang: Lang) -> Text:
        if part is not None:
            return Text(part_name(part, lang))
        if part_id:
            return Text(f"? {part_id} ({t('unknown', lang)})", style="bold red")
        return Text(t("empty", lang), style="dim italic")

    # --- numbers ----------------------------------------------------------------------

    def _compute(self, resolved: ResolvedUnit | None, unit: Unit) -> None:
        threat = self.current_threat()
        if resolved is None or threat is None:
            self._show(resolved, None, unit)
            return
        result = numbers.quick(resolved, threat, self.catalog)
        if result is not None:  # drawn with the parts, in the same refresh
            self._show(resolved, result, unit)
            return
        self.query_one("#numbers", Static).set_class(True, "-stale")
        self._analyze(resolved, threat, unit)

    @work(thread=True, exclusive=True, group="analysis")
    def _analyze(self, resolved: ResolvedUnit, threat: Any, unit: Unit) -> None:
        from builder.systems.laminim.rules import TooLarge

        try:
            result = numbers.analyze(resolved, threat, self.catalog)
        except TooLarge:  # beyond the exact chain's budget: say so instead of freezing
            self.app.call_from_thread(self._show_too_large, unit)
            return
        self.app.call_from_thread(self._show, resolved, result, unit)

    def _show_too_large(self, unit: Unit) -> None:
        from builder.systems.laminim.tui.dialogs.suggest_dialog import tr

        if not self.is_attached or self._find(self.team) is None or unit != self.unit:
            return
        message = tr("too_large", self.lang)
        self.query_one(SurvivalChart).plot([], message)
        out = self.query_one("#numbers", Static)
        out.set_class(False, "-stale")
        out.update(Text(message))
        self.post_message(self.AnalysisShown(unit))

    def _show(self, resolved: ResolvedUnit | None, result: Any | None, unit: Unit) -> None:
        if not self.is_attached or self._find(self.team) is None or unit != self.unit:
            return  # a newer change is on its way
        lang = self.lang
        self.query_one(SilhouetteTable).show(resolved, result, lang)
        chart = self.query_one(SurvivalChart)
        out = self.query_one("#numbers", Static)
        out.set_class(False, "-stale")
        if result is None:
            message = t("no_unit_analysis" if resolved is None else "no_analysis", lang)
            chart.plot([], message)
            steady.update(out, Text(message, style="dim"))
        else:
            rounds = result.survival.rounds
            chart.plot([Series(unit.name, tuple(r.alive for r in rounds))])
            steady.update(out, self._numbers_table(resolved, result))
        self.post_message(self.AnalysisShown(unit))

    def _numbers_table(self, resolved: ResolvedUnit | None, result: Any) -> Table:
        lang = self.lang
        rounds = result.survival.rounds
        table = Table(box=None, padding=(0, 1), header_style="bold", show_edge=False)
        table.add_column("", no_wrap=True)  # R1…R6 say what the rows are
        table.add_column(t("alive", lang), justify="right", no_wrap=True)
        table.add_column(Text(t("remaining", lang)), justify="right", no_wrap=True)
        table.add_column(t("cook_off", lang), justify="right", no_wrap=True)
        for r in rounds:
            table.add_row(
                f"R{r.round}", percent(r.alive), f"{r.expected_remaining:.1f}", percent(r.cook_off)
            )
        last = rounds[-1]
        lost = " ".join(
            f"{s + 1}:{percent(p)}" for s, p in enumerate(last.slot_destroyed) if p is not None
        )
        dmg = result.damage
        best = f" ({t('slot', lang)} {dmg.best_slot + 1})" if isinstance(dmg.best_slot, int) else ""
        # one figure a line, so nothing wraps or hides in the narrow right pane at 80 columns
        summary = Text()
        summary.append(f"{t('slot_lost', lang)} ", style="bold")
        summary.append(lost or "—")
        summary.append(f"\n{t('damage', lang)}", style="bold")
        summary.append(f"\n  {t('damage_all', lang)} {dmg.all_weapons:.2f}")
        summary.append(f"\n  {t('damage_best', lang)} {dmg.best_single:.2f}{best}")
        outer = Table.grid()
        outer.add_row(table)
        outer.add_row(summary)
        return outer

    # --- actions ----------------------------------------------------------------------

    def _change_unit(self, label: Pair, change: Any) -> None:
        """Edit the unit: ``change`` makes the new unit from the one the team has then."""
        index, name, noun = self.index, self.unit_name, ui_of(self).noun

        def apply(team: Team) -> Team:
            units = list(team.units)
            at = find(units, index, name, noun)
            units[at] = change(units[at])
            return team.model_copy(update={"units": units})

        self.edit(label, apply)

    def _label(self, row: int) -> Pair:
        """The undo step's name: the unit and its frame or slot."""
        if row == 0:
            field = (t("frame", "en"), t("frame", "ja"))
        else:
            field = (f"{t('slot', 'en')} {row}", f"{t('slot', 'ja')} {row}")
        return words("edit_field", name=self.unit_name, field=field)

    def set_part(self, row: int, part_id: str | None) -> None:
        """Row 0 = frame, rows 1–3 = slots; ``None`` empties a slot. Used by tests and the bench."""
        if row == 0:
            if part_id:
                self._change_unit(self._label(0), lambda u: u.model_copy(update={"frame": part_id}))
        else:
            self._change_unit(self._label(row), lambda u: u.with_slot(row - 1, part_id or None))

    @on(OptionList.OptionSelected, "#loadout")
    def _row_selected(self, event: OptionList.OptionSelected) -> None:
        self.action_pick_row(event.option_index)

    def action_edit(self) -> None:
        """Enter: the highlighted row's part, from the picker."""
        self.action_pick_row(self.query_one("#loadout", OptionList).highlighted or 0)

    def action_pick_row(self, row: int) -> None:
        from builder.systems.laminim.tui.dialogs.part_picker_dialog import PartPickerDialog

        if row > SLOTS:  # an extra weapon has no slot to choose for: it can only go
            self.query_one("#loadout", OptionList).highlighted = row
            self.notify(t("extra_hint", self.lang), severity="warning")
            return
        catalog = self.catalog
        unit = self.unit
        self.query_one("#loadout", OptionList).highlighted = row
        report = check_unit(unit, catalog)
        if row == 0:
            dialog = PartPickerDialog(
                f"{t('frame', self.lang)} — {shown_name(unit, self.lang)}",
                list(catalog.frames),
                self.lang,
                current=unit.frame,
            )
        else:
            current = unit.slot(row - 1)
            weapon = catalog.weapon(current) if current else None
            budget = None
            if report.payload_limit is not None and report.payload_used is not None:
                budget = (
                    report.payload_limit - report.payload_used + (weapon.weight if weapon else 0)
                )
            dialog = PartPickerDialog(
                f"{t('slot', self.lang)} {row} — {shown_name(unit, self.lang)}",
                list(catalog.weapons),
                self.lang,
                current=current,
                allow_empty=True,
                budget=budget,
            )

        def done(choice: str | None) -> None:
            if choice is not None:
                self.set_part(row, choice or None)

        self.app.push_screen(dialog, done)

    def action_clear(self) -> None:
        row = self.query_one("#loadout", OptionList).highlighted or 0
        if row > SLOTS:
            self.remove_extra(row - 1)
        elif row > 0:
            self.set_part(row, None)

    def remove_extra(self, index: int) -> None:
        """Drop the weapon listed past the three slots at ``index`` (0-based) from the unit."""
        if SLOTS <= index < len(self.unit.weapons):

            def drop(unit: Unit) -> Unit:
                weapons = list(unit.weapons)
                if index < len(weapons):
                    del weapons[index]
                return unit.model_copy(update={"weapons": weapons})

            self._change_unit(self._label(index + 1), drop)

    @on(Select.Changed, "#threat")
    def _threat_changed(self, event: Select.Changed) -> None:
        if isinstance(event.value, str) and event.value != self.state.threat_id:
            self.state.threat_id = event.value
            self.show()

    def action_next_threat(self) -> None:
        threat_id = self.next_threat_id()
        if threat_id is not None:  # the Select's Changed handler recomputes
            self.query_one("#threat", Select).value = threat_id

    def action_rename(self) -> None:
        old, index, noun = self.unit_name, self.index, ui_of(self).noun
        key = shown_key(self.unit, self.lang)  # under ja, a unit's Japanese name if it has one
        shown = getattr(self.unit, key)

        def answered(name: str) -> None:
            def rename(team: Team) -> Team:
                units = list(team.units)
                at = find(units, index, old, noun)
                taken = (u.name.casefold() for u in units if u.name != old)
                if key == "name" and name.casefold() in taken:
                    raise EditRefused(words("name_taken", noun, name=name))
                units[at] = units[at].model_copy(update={key: name})
                return team.model_copy(update={"units": units})

            def then(team: Team) -> None:
                if key == "name":
                    self.unit_name = name
                self.show()

            self.edit(words("edit_rename", old=shown, name=name), rename, then)

        ask_name(self, words("rename_item", name=shown), shown, answered)

    def action_compare(self) -> None:
        team = self.team
        others = [(u, SOURCE_TEAM) for i, u in enumerate(team.units) if i != self.index][:3]
        self.open_compare([(self.unit, SOURCE_EDITING), *others])

    def action_suggest(self) -> None:
        """The optimiser's Pareto front for this frame against the threat; enter fills the slots."""
        from builder.systems.laminim.tui.dialogs.suggest_dialog import SuggestDialog

        frame = self.catalog.frame(self.unit.frame)
        threat = self.current_threat()
        if frame is None or threat is None:
            self.notify(t("no_unit_analysis" if frame is None else "no_analysis", self.lang))
            return

        def done(weapons: tuple[str | None, ...] | None) -> None:
            if weapons is not None:
                label = words("edit_suggested", name=self.unit_name)
                self._change_unit(label, lambda u: u.model_copy(update={"weapons": list(weapons)}))

        dialog = SuggestDialog(frame, threat, self.catalog, self.lang, numbers.ROUNDS)
        self.app.push_screen(dialog, done)

    def action_back(self) -> None:
        self.dismiss(None)
