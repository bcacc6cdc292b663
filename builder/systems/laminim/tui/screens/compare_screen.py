"""Two to four units side by side: one column each, the better value per row highlighted, rows
that differ marked, and the survival curves overlaid on one plot."""

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
from textual.widgets import DataTable, Header, Static

from builder.core.i18n import Lang, part_name
from builder.core.problems import InputError
from builder.systems.laminim.legality import check_unit
from builder.systems.laminim.team import SLOTS, Unit
from builder.systems.laminim.tui import numbers
from builder.systems.laminim.tui.base import LaminimScreen
from builder.systems.laminim.tui.labels import SOURCE_EDITING, SOURCE_TEAM, t
from builder.tui.widgets.key_footer import KeyFooter
from builder.tui.widgets.survival_chart import Series, SurvivalChart

MAX_UNITS = 4
COMPACT_BELOW = 30
"""Terminal heights under this get the compact table (80×24 shows the plot without scrolling)."""


@dataclass(frozen=True)
class Entry:
    """A unit in a column and where it came from: ``SOURCE_TEAM``, ``SOURCE_EDITING`` (shown in
    the current language) or a team file's name."""

    unit: Unit
    source: str

    def source_label(self, lang: Lang) -> str:
        return t(self.source, lang) if self.source in (SOURCE_TEAM, SOURCE_EDITING) else self.source


class CompareScreen(LaminimScreen):
    BINDINGS = [  # noqa: RUF012
        Binding("escape", "back", "Back"),
        Binding("a", "add", "Add"),
        Binding("x,delete", "remove_column", "Drop"),
        Binding("t", "next_threat", "Threat"),
    ]

    class Compared(Message):
        """The table and chart now show ``entries`` (tests wait for it)."""

        def __init__(self, entries: list[Entry]) -> None:
            super().__init__()
            self.entries = entries

    def __init__(self, entries: list[Entry]) -> None:
        super().__init__()
        self.entries = list(entries)[:MAX_UNITS]
        self._shown: tuple | None = None
        """The last computed ``(entries, reports, results, threat)``, redrawn on a resize."""
        self._shown_compact = False

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("", id="compare-title")
        with VerticalScroll(id="compare-body"):
            yield DataTable(id="compare-table", cursor_type="column", zebra_stripes=True)
            yield SurvivalChart(id="compare-chart")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.refresh_view()
        self.query_one(DataTable).focus()

    def refresh_view(self) -> None:
        self._compute(list(self.entries))

    @work(thread=True, exclusive=True, group="compare")
    def _compute(self, entries: list[Entry]) -> None:
        catalog = self.catalog
        threat = self.current_threat()
        reports = [check_unit(e.unit, catalog) for e in entries]
        results = [
            numbers.analyze(r.resolved, threat, catalog) if r.resolved and threat else None
            for r in reports
        ]
        self.app.call_from_thread(self._show, entries, reports, results, threat)

    def compact(self) -> bool:
        """Fewer table rows when the terminal is short, so the plot stays above the fold."""
        return self.app.size.height < COMPACT_BELOW

    def on_resize(self) -> None:
        if self._shown is not None and self.compact() != self._shown_compact:
            self._show(*self._shown)

    def _show(self, entries: list[Entry], reports: list, results: list[Any], threat: Any) -> None:
        if not self.is_attached:
            return
        self._shown = (entries, reports, results, threat)
        compact = self._shown_compact = self.compact()
        lang = self.lang
        catalog = self.catalog
        self.query_one("#compare-title", Static).update(
            Text.assemble(
                (f"{t('compare', lang)} — {t('threat', lang)}: ", "dim"),
                (part_name(threat, lang) if threat else "—", "bold"),
                (f"   ({t('better', lang)})", "dim"),
            )
        )
        table = self.query_one(DataTable)
        cursor = table.cursor_column
        table.clear(columns=True)
        for i, e in enumerate(entries):
            table.add_column(Text(f"{e.unit.name} ({e.source_label(lang)})"[:24]), key=f"u{i}")

        def row(label: str, values: list[Any], better: str | None, fmt) -> None:
            shown = [fmt(v) if v is not None else "—" for v in values]
            differs = len({s for s in shown}) > 1
            best = None
            nums = [v for v in values if isinstance(v, (int, float))]
            if better and differs and len(nums) >= 2:
                best = max(nums) if better == "high" else min(nums)
            cells = []
            for v, s in zip(values, shown, strict=True):
                style = "bold reverse green" if best is not None and v == best else ""
                cells.append(Text(s, style=style))
            table.add_row(
                *cells,
                label=Text(("≠ " if differs else "  ") + label, style="bold" if differs else ""),
            )

        frames = [catalog.frame(e.unit.frame) for e in entries]
        row(
            t("frame", lang),
            [
                part_name(f, lang) if f else e.unit.frame
                for f, e in zip(frames, entries, strict=True)
            ],
            None,
            str,
        )
        for s in range(SLOTS):
            names = []
            for e in entries:
                wid = e.unit.slot(s)
                w = catalog.weapon(wid) if wid else None
                names.append(part_name(w, lang) if w else (wid or "—"))
            row(f"{t('slot', lang)} {s + 1}", names, None, str)
        row(t("durability", lang), [f.durability if f else None for f in frames], "high", str)
        payloads = [f"{r.payload_used}/{r.payload_limit}" for r in reports]
        legality = [t("legal", lang) if r.legal else t("illegal", lang) for r in reports]
        if compact:  # one row for both
            row(
                t("payload", lang),
                [f"{p} {g}" for p, g in zip(payloads, legality, strict=True)],
                None,
                str,
            )
        else:
            row(t("payload", lang), payloads, None, str)
            row(t("legality", lang), legality, None, str)
        row(
            t("exposure", lang),
            [r.exposure if r else None for r in results],
            "low",
            lambda v: f"{v:.0%}",
        )
        last = [numbers.final_round(r) if r else None for r in results]
        mid = [r.survival.rounds[2] if r and len(r.survival.rounds) > 2 else None for r in results]
        if not compact:  # the plot shows round 3 too
            row(
                f"{t('alive', lang)} R3",
                [m.alive if m else None for m in mid],
                "high",
                lambda v: f"{v:.1%}",
            )
        row(
            f"{t('alive', lang)} R6",
            [x.alive if x else None for x in last],
            "high",
            lambda v: f"{v:.1%}",
        )
        row(
            f"{t('remaining', lang)} R6",
            [x.expected_remaining if x else None for x in last],
            "high",
            lambda v: f"{v:.1f}",
        )
        row(
            f"{t('cook_off', lang)} R6",
            [x.cook_off if x else None for x in last],
            "low",
            lambda v: f"{v:.1%}",
        )
        row(
            t("dmg_all", lang),
            [r.damage.all_weapons if r else None for r in results],
            "high",
            lambda v: f"{v:.2f}",
        )
        row(
            t("dmg_best", lang),
            [r.damage.best_single if r else None for r in results],
            "high",
            lambda v: f"{v:.2f}",
        )

        chart = self.query_one(SurvivalChart)
        series = [
            Series(e.unit.name, tuple(rr.alive for rr in r.survival.rounds))
            for e, r in zip(entries, results, strict=True)
            if r is not None
        ]
        chart.plot(series, t("no_analysis", lang))
        if entries:
            table.move_cursor(column=min(cursor, len(entries) - 1), animate=False)
        self.post_message(self.Compared(entries))

    # --- actions ----------------------------------------------------------------------

    def action_back(self) -> None:
        self.app.pop_screen()

    def action_next_threat(self) -> None:
        threat_id = self.next_threat_id()
        if threat_id is not None:
            self.state.threat_id = threat_id
            self.refresh_view()

    def action_remove_column(self) -> None:
        """Drop the unit under the table's cursor (any column; two always stay)."""
        if len(self.entries) <= 2:
            self.notify(t("compare_min", self.lang), severity="warning")
            return
        column = self.query_one(DataTable).cursor_column
        self.remove_entry(min(max(column, 0), len(self.entries) - 1))

    def remove_entry(self, index: int) -> None:
        del self.entries[index]
        self.refresh_view()

    def add_entry(self, entry: Entry) -> None:
        if len(self.entries) >= MAX_UNITS:
            self.notify(t("compare_max", self.lang), severity="warning")
            return
        self.entries.append(entry)
        self.refresh_view()

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
            UnitChoiceDialog(t("compare_add", self.lang), units, extra=t("from_file", self.lang)),
            chosen,
        )

    def action_add_from_file(self) -> None:
        from builder.tui.dialogs.prompt_dialog import PromptDialog

        if len(self.entries) >= MAX_UNITS:
            self.notify(t("compare_max", self.lang), severity="warning")
            return

        def got_path(text: str | None) -> None:
            if text:
                self._add_from(Path(text).expanduser())

        self.app.push_screen(
            PromptDialog(t("compare_file", self.lang), placeholder="team.yaml"), got_path
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

        self.app.push_screen(UnitChoiceDialog(f"Unit from {path.name}", team.units), chosen)
