"""Two to four units side by side: one column each, marked as ``laminim compare`` marks them
(``*`` the better value, also highlighted; ``~`` a plain difference), and the survival curves
overlaid on one plot.

The rows come from :mod:`builder.systems.laminim.metrics`, the table ``laminim compare`` prints
too. A thread worker analyses the units one by one; the screen is drawn at once, and unless the
numbers are there within a tenth of a second (cached) the table first shows what legality alone
gives (names, parts, payload) under a "computing…" title, then fills the columns in as they are
ready. ``i`` toggles D19 interception (each unit's best normal weapon shoots the first
missile salvo), ``e`` opens the threat dialog (build a threat, watch the numbers, save it as a
file).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.message import Message
from textual.widgets import DataTable, Static
from textual.worker import get_current_worker

from builder.core.i18n import Labels, Lang, part_name
from builder.core.problems import InputError
from builder.systems.laminim.legality import check_unit
from builder.systems.laminim.metrics import Column, Row, format_value, metric_rows
from builder.systems.laminim.models import Catalog, Threat
from builder.systems.laminim.team import Team, Unit
from builder.systems.laminim.tui import numbers
from builder.systems.laminim.tui.base import LaminimScreen, LaminimState
from builder.systems.laminim.tui.labels import SOURCE_EDITING, SOURCE_TEAM, t
from builder.tui import keys
from builder.tui.document import DocView
from builder.tui.widgets.key_footer import KeyFooter
from builder.tui.widgets.survival_chart import Series, SurvivalChart
from builder.tui.widgets.title_bar import TitleBar

MAX_UNITS = 4
COMPACT_BELOW = 30
"""Terminal heights under this get the compact table (80×24 shows the plot without scrolling)."""

COMPACT_ROWS = (
    "frame", "slot1", "slot2", "slot3", "payload", "durability_unit", "durability_frame",
    "exposure", "alive_r6", "cook_off", "damage_best", "stops",
)  # fmt: skip
"""The compact table (80×24): payload and legality share a row, survival after the last round."""
HIDDEN_ROWS = ("slot1_lost", "slot2_lost", "slot3_lost", "interceptor")
"""Rows the screen leaves to ``laminim compare`` (the interceptor is named in the title)."""

LABEL_COLUMNS = 20  # a metric label (at most 20 columns)
INTERCEPT_BONUS = 2

_TEXT = Labels(
    {
        "intercept_on": ("intercept +2", "迎撃 +2"),
        "custom": ("(edited)", "(編集)"),
        "computing": ("computing…", "計算中…"),
    }
)


_tx = _TEXT.t


def _cut(text: str, width: int) -> str:
    """``text`` within ``width`` terminal columns (wide characters count two), … when cut."""
    from builder.systems.laminim.text import _width

    if _width(text) <= width:
        return text
    out = ""
    for ch in text:
        if _width(out + ch) > width - 1:
            break
        out += ch
    return out + "…"


@dataclass(frozen=True)
class Entry:
    """A unit in a column and where it came from: ``SOURCE_TEAM``, ``SOURCE_EDITING`` (shown in
    the current language) or a team file's name."""

    unit: Unit
    source: str

    def source_label(self, lang: Lang) -> str:
        return t(self.source, lang) if self.source in (SOURCE_TEAM, SOURCE_EDITING) else self.source


class CompareScreen(LaminimScreen):
    FILL_EVERY = 0.1
    """Seconds between two draws of the table while the units are analysed: each draw rebuilds
    it, and columns that are ready at once (cached) come in one draw with the rest."""

    BINDINGS = [  # noqa: RUF012
        keys.BACK,
        keys.ADD,
        Binding("x,delete", "remove", "Drop"),
        Binding("t", "next_threat", "Threat"),
        Binding("e", "edit_threat", "Attacks"),
        Binding("i", "toggle_intercept", "Intercept"),
    ]

    class Compared(Message):
        """The table and chart now show ``entries`` (tests wait for it)."""

        def __init__(self, entries: list[Entry]) -> None:
            super().__init__()
            self.entries = entries

    def __init__(
        self, doc: DocView[Team, Catalog], state: LaminimState, entries: list[Entry]
    ) -> None:
        super().__init__(doc, state)
        self.entries = list(entries)[:MAX_UNITS]
        self.intercept = False
        """D19: each unit's best normal weapon shoots at the first missile salvo (``i``)."""
        self.custom_threat: Threat | None = None
        """A threat built in the threat dialog (``e``); ``t`` goes back to the catalog's."""
        self._shown: tuple | None = None
        """The last drawn ``(entries, columns, threat, pending)``, redrawn on a resize."""
        self._generation = 0
        """Counts the refreshes, so a worker's late columns never paint over a newer view."""
        self._final = -1
        """The refresh whose final columns are drawn (a late placeholder draw is then skipped)."""
        self._shown_compact = False

    def compose(self) -> ComposeResult:
        yield TitleBar()
        yield Static("", id="compare-title")
        with VerticalScroll(id="compare-body"):
            yield DataTable(id="compare-table", cursor_type="column", zebra_stripes=True)
            yield SurvivalChart(id="compare-chart")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.query_one(DataTable).focus()

    def show(self) -> None:
        """The units compared are copies: a change of the team does not move them."""
        if self._shown is None:
            self.recompute()
        else:
            self._show(*self._shown)

    def shown(self, before: DocView[Team, Catalog]) -> None:
        """Another language: the columns again, their sources and names in it."""
        if before.lang != self.lang:
            self.recompute()
        else:
            self.show()

    def recompute(self) -> None:
        """Have a worker analyse the units; until its first columns come (``FILL_EVERY``), the
        table shows what legality alone gives."""
        self._generation += 1
        generation = self._generation
        entries = list(self.entries)
        threat = self.threat()
        columns = self.columns_for(entries, None)
        if threat is None:
            self._show(entries, columns, threat)
            return
        self._compute(entries, columns, threat, generation)
        self.set_timer(self.FILL_EVERY, lambda: self._fill(generation, entries, columns, threat))

    def threat(self) -> Threat | None:
        return self.custom_threat or self.current_threat()

    def columns_for(self, entries: list[Entry], threat: Threat | None) -> list[Column]:
        """The metric table's columns: legality, and the analysis against ``threat``."""
        return [self.column_for(e, threat) for e in entries]

    def column_for(self, entry: Entry, threat: Threat | None) -> Column:
        """One unit's column: its legality, and its analysis against ``threat`` (None: none)."""
        from builder.systems.laminim.analysis import analyze
        from builder.systems.laminim.derive import unit_spec
        from builder.systems.laminim.intercepting import best_interceptor

        catalog = self.catalog
        report = check_unit(entry.unit, catalog)
        result = None
        if report.resolved is not None and threat is not None:
            intercept = (
                best_interceptor(unit_spec(report.resolved), INTERCEPT_BONUS)
                if self.intercept
                else None
            )
            result = analyze(report.resolved, threat, catalog, numbers.ROUNDS, intercept)
        return Column(report, result, entry.source_label(self.lang))

    @work(thread=True, exclusive=True, group="compare")
    def _compute(
        self, entries: list[Entry], columns: list[Column], threat: Threat, generation: int
    ) -> None:
        import time

        worker = get_current_worker()
        columns = list(columns)
        shown = time.monotonic()
        for i, entry in enumerate(entries):
            if worker.is_cancelled:
                return
            columns[i] = self.column_for(entry, threat)
            last = i == len(entries) - 1
            if last or time.monotonic() - shown >= self.FILL_EVERY:
                shown = time.monotonic()
                self.app.call_from_thread(
                    self._fill, generation, entries, list(columns), threat, not last
                )

    def _fill(
        self,
        generation: int,
        entries: list[Entry],
        columns: list[Column],
        threat: Threat,
        pending: bool = True,
    ) -> None:
        """Draw the columns of refresh ``generation``, unless a newer refresh has begun or this
        one has already drawn its final columns."""
        if generation != self._generation or self._final == generation:
            return
        if not pending:
            self._final = generation
        self._show(entries, columns, threat, pending=pending)

    def preview(self, threat: Threat) -> str:
        """One line for the threat dialog: each unit's survival after the last round."""
        columns = self.columns_for(list(self.entries), threat)
        parts = []
        for c in columns:
            alive = c.analysis.survival.rounds[-1].alive if c.analysis else None
            parts.append(f"{c.name} {format_value(alive, 'pct')}")
        head = f"{t('alive', self.lang)} R{numbers.ROUNDS}: "
        return head + " · ".join(parts)

    def compact(self) -> bool:
        """Fewer table rows when the terminal is short, so the plot stays above the fold."""
        return self.app.size.height < COMPACT_BELOW

    def on_resize(self) -> None:
        if self._shown is not None:
            self._show(*self._shown)

    def _rows(self, columns: list[Column], compact: bool) -> list[Row]:
        rows = metric_rows(columns, self.catalog, self.lang, every_round=False)
        by_key = {r.key: r for r in rows}
        if compact:
            payload, legality = by_key["payload"], by_key["legality"]
            by_key["payload"] = Row(
                "payload",
                payload.label,
                tuple(f"{p} {g}" for p, g in zip(payload.values, legality.values, strict=True)),
            )
            return [by_key[k] for k in COMPACT_ROWS if k in by_key]
        return [r for r in rows if r.key not in HIDDEN_ROWS]

    def _show(
        self, entries: list[Entry], columns: list[Column], threat: Any, pending: bool = False
    ) -> None:
        """Draw ``columns``; ``pending``: some are still being analysed (said in the title)."""
        if not self.is_attached:
            return
        self._shown = (entries, columns, threat, pending)
        compact = self._shown_compact = self.compact()
        lang = self.lang
        name = part_name(threat, lang) if threat else "—"
        if self.custom_threat is not None and threat is self.custom_threat:
            name = f"{name} {_tx('custom', lang)}"
        title = [
            (f"{t('compare', lang)} — {t('threat', lang)}: ", "dim"),
            (name, "bold"),
        ]
        if self.intercept:
            title.append((f" — {_tx('intercept_on', lang)}", "bold"))
        if pending:
            title.append((f" — {_tx('computing', lang)}", "italic"))
        else:
            title.append((f"   ({t('better', lang)})", "dim"))
        self.query_one("#compare-title", Static).update(Text.assemble(*title))

        table = self.query_one(DataTable)
        cursor = table.cursor_column
        table.clear(columns=True)
        # every column fits the screen: a fourth unit is never cut at 80 columns
        room = max(8, (self.app.size.width - 4 - LABEL_COLUMNS) // max(1, len(entries)) - 2)
        for i, c in enumerate(columns):
            table.add_column(Text(_cut(f"{c.name} ({c.source})", room)), key=f"u{i}")
        for row in self._rows(columns, compact):
            best = row.best
            cells = [
                Text(
                    _cut(format_value(v, row.fmt), room - 1) + row.mark(i),
                    style="bold reverse green" if i in best else "",
                )
                for i, v in enumerate(row.values)
            ]
            table.add_row(*cells, label=Text(_cut(row.label, LABEL_COLUMNS)))

        chart = self.query_one(SurvivalChart)
        series = [
            Series(c.name, tuple(rr.alive for rr in c.analysis.survival.rounds))
            for c in columns
            if c.analysis is not None
        ]
        chart.plot(series, t("no_analysis", lang))
        if entries:
            table.move_cursor(column=min(cursor, len(entries) - 1), animate=False)
        if not pending:
            self.post_message(self.Compared(entries))

    # --- actions ----------------------------------------------------------------------

    def action_back(self) -> None:
        self.dismiss(None)

    def action_next_threat(self) -> None:
        threat_id = self.next_threat_id()
        if threat_id is not None:
            if self.custom_threat is None:
                self.state.threat_id = threat_id
            self.custom_threat = None  # back to the catalog's threats, where we left them
            self.recompute()

    def action_toggle_intercept(self) -> None:
        self.intercept = not self.intercept
        self.recompute()

    def action_edit_threat(self) -> None:
        from builder.systems.laminim.tui.dialogs.threat_dialog import ThreatDialog

        threat = self.threat()
        if threat is None:
            threat = Threat.model_construct(
                id="custom", name="Custom threat", name_ja="カスタム想定攻撃", attacks=()
            )

        def done(result: Threat | None) -> None:
            if result is None:
                return
            self.custom_threat = None if self.catalog.threat(result.id) is result else result
            self.recompute()

        self.app.push_screen(ThreatDialog(threat, self.catalog, self.lang, self.preview), done)

    def action_remove(self) -> None:
        """Drop the unit under the table's cursor (any column; two always stay)."""
        if len(self.entries) <= 2:
            self.notify(t("compare_min", self.lang), severity="warning")
            return
        column = self.query_one(DataTable).cursor_column
        self.remove_entry(min(max(column, 0), len(self.entries) - 1))

    def remove_entry(self, index: int) -> None:
        del self.entries[index]
        self.recompute()

    def add_entry(self, entry: Entry) -> None:
        if len(self.entries) >= MAX_UNITS:
            self.notify(t("compare_max", self.lang), severity="warning")
            return
        self.entries.append(entry)
        self.recompute()

    def action_add(self) -> None:
        """Choose a unit of this team, or "another team file…" to take one from a file."""
        from builder.systems.laminim.tui.dialogs.unit_choice_dialog import UnitChoiceDialog

        if len(self.entries) >= MAX_UNITS:
            self.notify(t("compare_max", self.lang), severity="warning")
            return
        units = list(self.team.units)

        def chosen(index: int | None) -> None:
            if index == UnitChoiceDialog.EXTRA:
                self.action_add_from_file()
            elif index is not None:
                self.add_entry(Entry(units[index].model_copy(deep=True), SOURCE_TEAM))

        self.app.push_screen(
            UnitChoiceDialog(
                t("compare_add", self.lang),
                units,
                extra=t("from_file", self.lang),
                catalog=self.catalog,
                lang=self.lang,
            ),
            chosen,
        )

    def action_add_from_file(self) -> None:
        from builder.tui.dialogs.file_dialog import FileDialog

        if len(self.entries) >= MAX_UNITS:
            self.notify(t("compare_max", self.lang), severity="warning")
            return

        def got_path(path: Path | None) -> None:
            if path is not None:
                self._add_from(path)

        start = self.doc.path.parent if self.doc.path is not None else Path.cwd()
        self.app.push_screen(
            FileDialog(t("compare_file", self.lang), self.lang, start=start), got_path
        )

    def _add_from(self, path: Path) -> None:
        from builder.roster.team_file import load_team
        from builder.systems.laminim.tui.dialogs.unit_choice_dialog import UnitChoiceDialog
        from builder.tui.dialogs.load_errors_dialog import LoadErrorsDialog

        try:
            team = load_team(path, expected="laminim")[1]
        except InputError as exc:
            self.app.push_screen(
                LoadErrorsDialog(t("cannot_read", self.lang).format(path=path), exc.problems)
            )
            return
        except (OSError, UnicodeDecodeError) as exc:
            self.app.push_screen(
                LoadErrorsDialog(t("cannot_read", self.lang).format(path=path), [f"{path}: {exc}"])
            )
            return
        if not team.units:
            self.notify(t("no_units", self.lang).format(path=path), severity="warning")
            return

        def chosen(index: int | None) -> None:
            if index is not None:
                self.add_entry(Entry(team.units[index], path.name))

        self.app.push_screen(
            UnitChoiceDialog(
                t("unit_from", self.lang).format(file=path.name),
                team.units,
                catalog=self.catalog,
                lang=self.lang,
            ),
            chosen,
        )
