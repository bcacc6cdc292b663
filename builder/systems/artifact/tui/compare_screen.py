"""Two to four MS of the force side by side: stats, each weapon's expected damage at an MS, and
survival under the catalog's default threat (docs/rules.md D12), the best value per row marked."""

from __future__ import annotations

from typing import cast

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import DataTable, Header, Static

from builder.core.i18n import Lang, part_name
from builder.systems.artifact.derive import all_units, find_threat, threat_stats, unit_stats
from builder.systems.artifact.models import ArtifactCatalog, ForceFile, MobileSuit
from builder.systems.artifact.rules import survival
from builder.systems.artifact.text import reference_targets, weapon_odds
from builder.systems.artifact.tui.labels import t
from builder.systems.artifact.tui.odds_panel import fit
from builder.tui.shell import ShellScreen
from builder.tui.widgets.key_footer import KeyFooter

ROUNDS = 3
"""Survival is shown after three rounds: half a game, where the threats differ most."""

Row = tuple[str, list[float | None], bool]
"""(label, one value per column, higher is better)."""


def compare_rows(
    force: ForceFile, catalog: ArtifactCatalog, names: list[str], lang: Lang
) -> tuple[list[tuple[str, MobileSuit]], list[Row]]:
    """The chosen MS (by force name) and the rows of numbers comparing them."""
    units = all_units(catalog)
    chosen: list[tuple[str, MobileSuit]] = []
    for entry in force.units:
        found = units.get(entry.type)
        if entry.name in names and isinstance(found, MobileSuit):
            chosen.append((entry.name, found))
    ms_target, _ = reference_targets(catalog)
    threat = find_threat(None, catalog)
    stats = threat_stats(threat, catalog)
    rows: list[Row] = [
        ("M", [float(u.move) for _, u in chosen], True),
        ("HP", [float(u.hp) for _, u in chosen], True),
        ("P", [float(u.propellant) for _, u in chosen], True),
    ]
    best_dmg = []
    for _, u in chosen:
        best_dmg.append(max(weapon_odds(w, ms_target)[0].expected_damage for w in u.weapons))
    rows.append((f"{t('exp_dmg', lang)} {t('vs_ms', lang)}", list(best_dmg), True))
    results = [survival(unit_stats(u), stats, ROUNDS) for _, u in chosen]
    rows.append((t("alive", lang).format(r=ROUNDS), [r.rounds[-1].alive for r in results], True))
    rows.append(
        (t("ehp", lang).format(r=ROUNDS), [r.rounds[-1].expected_hp for r in results], True)
    )
    return chosen, rows


ALIVE_ROW = 4
"""Index of the survival row in ``compare_rows``: shown as a percentage."""


def row_cells(values: list[float | None], *, is_pct: bool) -> list[str]:
    """One row's values as text, all with the same number of decimals so that they line up:
    a row of whole numbers (M, HP, P) without decimals, any other row with two (an expected
    damage of 4 shows as 4.00 beside 2.67), a probability as a percentage with one."""
    present = [v for v in values if v is not None]
    whole = all(v == int(v) for v in present)
    cells = []
    for value in values:
        if value is None:
            cells.append("—")
        elif is_pct:
            cells.append(f"{100 * value:.1f}%")
        elif whole:
            cells.append(f"{value:.0f}")
        else:
            cells.append(f"{value:.2f}")
    return cells


class CompareScreen(ShellScreen):
    BINDINGS = [Binding("escape", "back", "Back")]  # noqa: RUF012

    def __init__(self, names: list[str]) -> None:
        super().__init__()
        self.names = names
        self.rows: list[Row] = []

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("", id="compare-title")
        yield DataTable(id="compare-table", cursor_type="column", zebra_stripes=True)
        yield KeyFooter()

    def on_mount(self) -> None:
        self.refresh_view()

    def refresh_view(self) -> None:
        force = cast(ForceFile, self.shell.team)
        catalog = cast(ArtifactCatalog, self.shell.catalog)
        lang = self.shell.lang
        chosen, self.rows = compare_rows(force, catalog, self.names, lang)
        threat = find_threat(None, catalog)
        under = t("under", lang).format(threat=part_name(threat, lang))
        self.query_one("#compare-title", Static).update(f"{t('compare_title', lang)} — {under}")
        table = self.query_one(DataTable)
        table.clear(columns=True)
        width = self._column_width(len(chosen))
        table.add_column("")
        for name, _ in chosen:
            table.add_column(Text(fit(name, width), justify="right"))
        table.add_row(
            "", *[Text(fit(part_name(u, lang), width), justify="right") for _, u in chosen]
        )
        for i, (label, values, higher) in enumerate(self.rows):
            present = [v for v in values if v is not None]
            best = (max(present) if higher else min(present)) if present else None
            differ = len(set(present)) > 1
            cells: list[Text | str] = [label]
            texts = row_cells(values, is_pct=i == ALIVE_ROW)
            for v, text in zip(values, texts, strict=True):
                style = "bold green" if differ and v == best else ""
                cells.append(Text(text, style=style, justify="right"))
            table.add_row(*cells)

    def _column_width(self, n: int) -> int:
        """Cells for each MS column, so that four of them fit beside the labels."""
        label = max(cell_len(label) for label, _, _ in self.rows)
        room = self.app.size.width - (label + 2) - 1  # the vertical scrollbar
        return max(6, room // max(n, 1) - 2)

    def action_back(self) -> None:
        self.app.pop_screen()
