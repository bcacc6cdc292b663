"""``laminim compare FILE[:UNIT] …``: two to four units side by side (text, JSON, one-page sheet).

The rows come from :mod:`builder.systems.laminim.metrics` (the TUI's compare screen uses the
same table); this module picks the units from the files, runs the analyses and lays the table
out at 80 columns, as the documented JSON, and as the compare sheet's plain-data context.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from builder.core.i18n import Labels, Lang, part_name, shown_name
from builder.core.messages import Message, MessageError, Messages
from builder.core.problems import InputError, Problem, errors_of, suggest
from builder.core.report_lang import current_lang
from builder.core.source import Located
from builder.systems.base import COMPARE_MAX, COMPARE_MIN, CompareEntry, CompareOptions
from builder.systems.compare_sheet import Curve, sheet_context
from builder.systems.compare_table import table_text
from builder.systems.game import usable
from builder.systems.laminim.legality import UnitReport, check_team
from builder.systems.laminim.metrics import (
    Column,
    metric_rows,
    row_json,
)
from builder.systems.laminim.models import Catalog, Threat
from builder.systems.laminim.read import LaminimRead

MESSAGES = Messages.load(__file__)


@dataclass(frozen=True)
class Compared:
    threat: Threat
    rounds: int
    columns: list[Column]
    intercept: str | None
    teams_ja: dict[str, str] = field(default_factory=dict)
    """Each file's team's Japanese name by the column's ``source``, where its file gives one:
    under Japanese the line under the units' names shows it instead of the file's name."""


def _bad(field: str, message: Message) -> InputError:
    return InputError([Problem(field, None, None, "", message)])


def _second_named(name: str, source: Located | None, label: str, message: Message) -> InputError:
    """``message`` placed at the second unit of the file called ``name`` (the one to rename)."""
    units = source.data.get("units") if source and isinstance(source.data, dict) else None
    rows = [
        i
        for i, unit in enumerate(units if isinstance(units, list) else [])
        if isinstance(unit, dict) and str(unit.get("name", "")).casefold() == name.casefold()
    ]
    if source is None or len(rows) < 2:
        return _bad(label, message)
    return InputError([source.problem(("units", rows[1], "name"), message)])


def match_unit(
    name: str, reports: Sequence[UnitReport], label: str, source: Located | None = None
) -> UnitReport:
    """The unit called ``name``: exact, else the one case-insensitive match; InputError (with a
    did-you-mean) when none or several match (several: at the file's line, given ``source``)."""
    exact = [u for u in reports if u.name == name]
    if len(exact) == 1:
        return exact[0]
    folded = [u for u in reports if u.name.casefold() == name.casefold()]
    if len(folded) == 1:
        return folded[0]
    names = [u.name for u in reports]
    if len(exact) > 1 or len(folded) > 1:
        raise _second_named(name, source, label, MESSAGES("compare-several-named", name=name))
    shown = name if len(name) <= 40 else name[:37] + "..."
    message = MESSAGES(
        "compare-no-unit", name=shown, hint=suggest(name, names), names=", ".join(names) or "—"
    )
    if source is not None and isinstance(source.data, dict) and "units" in source.data:
        raise InputError([source.problem(("units",), message)])
    raise _bad(label, message)


def pick_units(
    entries: Sequence[CompareEntry], catalog: Catalog
) -> tuple[list[tuple[UnitReport, str, str]], list[Problem]]:
    """Every unit asked for, with its file's name and its team's; the files' legality problems
    as notes."""
    picked: list[tuple[UnitReport, str, str]] = []
    notes: list[Problem] = []
    for entry in entries:
        read = entry.read
        assert isinstance(read, LaminimRead) and read.team is not None
        report = usable(check_team(read.team, catalog, read))
        source, team = Path(entry.label).name, read.team.name
        if entry.unit is None:
            picked += [(u, source, team) for u in report.units]
            notes += report.errors
        else:
            unit = match_unit(entry.unit, report.units, entry.label, read.source)
            picked.append((unit, source, team))
            notes += errors_of(unit.problems)
    if not COMPARE_MIN <= len(picked) <= COMPARE_MAX:
        raise _bad(
            "compare",
            MESSAGES(
                "compare-count",
                low=COMPARE_MIN,
                high=COMPARE_MAX,
                count=len(picked),
                names=(
                    ", ".join(u.name for u, _, _ in picked) or "—",
                    "、".join(shown_name(u, "ja") for u, _, _ in picked) or "—",
                ),
            ),
        )
    return picked, notes


def compute(
    entries: Sequence[CompareEntry], catalog: Catalog, options: CompareOptions
) -> tuple[Compared, list[Problem]]:
    from builder.systems.laminim.analysis import analyze
    from builder.systems.laminim.declared import BONUS
    from builder.systems.laminim.derive import find_threat, unit_spec
    from builder.systems.laminim.intercepting import parse_intercept
    from builder.systems.laminim.refusals import too_large
    from builder.systems.laminim.rules import TooLarge
    from builder.systems.laminim.system import EXACT, INTERCEPT

    exact = bool(EXACT.of(options.values))
    picked, notes = pick_units(entries, catalog)
    teams_ja = {
        Path(e.label).name: e.read.team.name_ja
        for e in entries
        if isinstance(e.read, LaminimRead) and e.read.team is not None and e.read.team.name_ja
    }
    threat = find_threat(options.threat, catalog, BONUS.of(options.values))
    choice = parse_intercept(INTERCEPT.of(options.values))
    columns = []
    for report, source, team in picked:
        analysis = None
        if report.resolved is not None:
            intercept = None
            if choice is not None:
                try:
                    intercept = choice.for_unit(unit_spec(report.resolved))
                except MessageError as exc:
                    why = MESSAGES("intercept-unit", name=report.name, why=exc.said)
                    raise _bad("--intercept", why) from None
            try:
                analysis = analyze(
                    report.resolved, threat, catalog, options.rounds, intercept, exact
                )
            except TooLarge as exc:
                why = MESSAGES("against-threat", threat=threat.id, why=too_large(exc))
                raise _bad(report.name, why) from None
        columns.append(Column(report, analysis, source, team))
    chosen = INTERCEPT.of(options.values)
    return Compared(threat, options.rounds, columns, chosen, teams_ja), notes


def compare_json(compared: Compared, catalog: Catalog) -> dict[str, Any]:
    """The documented ``laminim compare --json`` shape (README)."""
    rows = metric_rows(compared.columns, catalog, "en")
    units = []
    for c in compared.columns:
        a = c.analysis
        units.append(
            {
                "name": c.name,
                "source": c.source,
                "frame": c.report.frame,
                "weapons": list(c.report.weapons),
                "legal": c.report.legal,
                "intercept": None
                if a is None or a.intercept is None
                else {"slot": a.intercept.slot + 1, "bonus": a.intercept.bonus},
                "alive": [] if a is None else [float(r.alive) for r in a.survival.rounds],
                "method": None if a is None else a.survival.method,
                **_alive_interval(a),
            }
        )
    return {
        "threat": compared.threat.id,
        "rounds": compared.rounds,
        "intercept": compared.intercept,
        "units": units,
        "rows": [row_json(r) for r in rows],
    }


def _alive_interval(a: Any) -> dict[str, Any]:
    """A sampled unit's 95 % intervals of ``alive`` per round (nothing for an exact one)."""
    if a is None or a.survival.method != "sampled":
        return {}
    return {"interval": {"alive": [list(r.interval.alive) for r in a.survival.rounds]}}


LABELS = Labels.load(__file__, "compare_labels.yaml")


def _method(compared: Compared, lang: Lang) -> str:
    """ "exact", or which units are a sampled estimate (beyond the exact budget)."""
    sampled = [
        shown_name(c.report, lang)
        for c in compared.columns
        if c.analysis and c.analysis.survival.method == "sampled"
    ]
    if not sampled:
        return LABELS.t("exact", lang)
    return LABELS.t("sampled", lang, names=", ".join(sampled))


def _team(compared: Compared, column: Column, lang: Lang) -> str:
    """The column's team's name in ``lang`` (its Japanese name where its file gives one)."""
    ja = compared.teams_ja.get(column.source) if lang == "ja" else None
    return ja or column.team


def _source(compared: Compared, column: Column, lang: Lang) -> str:
    """Where a column came from, under its name: its file's name, or under Japanese its team's
    Japanese name where the file gives one (the file name is English)."""
    ja = compared.teams_ja.get(column.source) if lang == "ja" else None
    return ja or column.source


def compare_text(compared: Compared, catalog: Catalog, lang: Lang | None = None) -> str:
    """The table at 80 columns, marked as in every game (:mod:`builder.systems.compare_table`),
    in ``lang`` (default: the language the command reports in)."""
    lang = lang or current_lang()
    rows = metric_rows(compared.columns, catalog, lang)
    intercept = LABELS.t("intercept", lang, choice=compared.intercept) if compared.intercept else ""
    title = LABELS.t(
        "title",
        lang,
        threat=part_name(compared.threat, lang),
        id=compared.threat.id,
        rounds=compared.rounds,
        method=_method(compared, lang),
        intercept=intercept,
    )
    names = [shown_name(c.report, lang) for c in compared.columns]
    sources = [_source(compared, c, lang) for c in compared.columns]
    return table_text(title, names, sources, rows, lang)


def compare_sheet(compared: Compared, catalog: Catalog, lang: Lang, paper: str) -> dict[str, Any]:
    """The compare sheet's plain data (``templates/common/compare.html``, every game's)."""
    threat_name = part_name(compared.threat, lang)
    subtitle = LABELS.t(
        "sheet-subtitle",
        lang,
        threat=threat_name,
        rounds=compared.rounds,
        method=_method(compared, lang),
    )
    if compared.intercept:
        subtitle += LABELS.t("sheet-intercept", lang)
    rows = [
        replace(r, label=LABELS.t("sheet-interceptor", lang)) if r.key == "interceptor" else r
        for r in metric_rows(compared.columns, catalog, lang)
    ]
    curves = [
        Curve(i, shown_name(c.report, lang), [float(r.alive) for r in c.analysis.survival.rounds])
        for i, c in enumerate(compared.columns)
        if c.analysis is not None
    ]
    return sheet_context(
        lang=lang,
        paper=paper,
        subject=threat_name,
        subtitle=subtitle,
        # under each name its team's, as the players call it (the file name is for scripts)
        units=[
            (shown_name(c.report, lang), _team(compared, c, lang) or c.source)
            for c in compared.columns
        ],
        rows=rows,
        curves=curves,
        rounds=compared.rounds,
        extra={
            "threat": {"id": compared.threat.id, "name": threat_name},
            "rounds": compared.rounds,
            "intercept": compared.intercept,
        },
    )
