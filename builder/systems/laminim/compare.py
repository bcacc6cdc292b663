"""``laminim compare FILE[:UNIT] …``: two to four units side by side (text, JSON, one-page sheet).

The rows come from :mod:`builder.systems.laminim.metrics` (the TUI's compare screen uses the
same table); this module picks the units from the files, runs the analyses and lays the table
out at 80 columns, as the documented JSON, and as the compare sheet's plain-data context.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from builder.core.i18n import Lang, part_name
from builder.core.messages import Message, Messages
from builder.core.problems import InputError, Problem, errors_of, suggest
from builder.core.source import Located
from builder.render.layout import PAPERS
from builder.systems.base import COMPARE_MAX, COMPARE_MIN, CompareEntry, CompareOptions
from builder.systems.laminim.legality import UnitReport, check_team
from builder.systems.laminim.metrics import (
    Column,
    Row,
    format_diff,
    format_value,
    metric_rows,
    row_json,
)
from builder.systems.laminim.models import Catalog, Threat
from builder.systems.laminim.read import LaminimRead
from builder.systems.laminim.text import _table, _width

MESSAGES = Messages.load(__file__)

WIDTH = 80
LABEL_WIDTH = 20


@dataclass(frozen=True)
class Compared:
    threat: Threat
    rounds: int
    columns: list[Column]
    intercept: str | None


def _bad(field: str, message: Message | str) -> InputError:
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
) -> tuple[list[tuple[UnitReport, str]], list[Problem]]:
    """Every unit asked for, with its file's name; the files' legality problems as notes."""
    picked: list[tuple[UnitReport, str]] = []
    notes: list[Problem] = []
    for entry in entries:
        read = entry.read
        assert isinstance(read, LaminimRead) and read.team is not None
        report = check_team(read.team, catalog, read)
        if report.bad_input:
            raise InputError(report.errors)
        source = Path(entry.label).name
        if entry.unit is None:
            picked += [(u, source) for u in report.units]
            notes += report.errors
        else:
            unit = match_unit(entry.unit, report.units, entry.label, read.source)
            picked.append((unit, source))
            notes += errors_of(unit.problems)
    if not COMPARE_MIN <= len(picked) <= COMPARE_MAX:
        raise _bad(
            "compare",
            MESSAGES(
                "compare-count",
                low=COMPARE_MIN,
                high=COMPARE_MAX,
                count=len(picked),
                names=", ".join(u.name for u, _ in picked) or "—",
            ),
        )
    return picked, notes


def compute(
    entries: Sequence[CompareEntry], catalog: Catalog, options: CompareOptions
) -> tuple[Compared, list[Problem]]:
    from builder.systems.laminim.analysis import analyze
    from builder.systems.laminim.derive import find_threat, unit_spec
    from builder.systems.laminim.intercepting import parse_intercept
    from builder.systems.laminim.rules import TooLarge
    from builder.systems.laminim.system import EXACT, INTERCEPT

    exact = bool(EXACT.of(options.values))
    picked, notes = pick_units(entries, catalog)
    threat = find_threat(options.threat, catalog)
    choice = parse_intercept(INTERCEPT.of(options.values))
    columns = []
    for report, source in picked:
        analysis = None
        if report.resolved is not None:
            intercept = None
            if choice is not None:
                try:
                    intercept = choice.for_unit(unit_spec(report.resolved))
                except ValueError as exc:
                    raise _bad("--intercept", f"{report.name}: {exc}") from None
            try:
                analysis = analyze(
                    report.resolved, threat, catalog, options.rounds, intercept, exact
                )
            except TooLarge as exc:
                raise _bad(report.name, f"against '{threat.id}': {exc}") from None
        columns.append(Column(report, analysis, source))
    return Compared(threat, options.rounds, columns, INTERCEPT.of(options.values)), notes


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


def _cell(row: Row, i: int) -> str:
    value = format_value(row.values[i], row.fmt)
    mark = "*" if i in row.best else ""
    diff = format_diff(row.diffs[i], row.fmt) if i else ""
    return f"{value}{mark} {diff}".rstrip() if diff else f"{value}{mark}"


def _fit(text: str, width: int) -> str:
    """``text`` cut to ``width`` terminal columns (wide characters count two)."""
    out = ""
    for ch in text:
        if _width(out + ch) > width:
            return out[:-1] + "…" if out else ""
        out += ch
    return out


def compare_text(compared: Compared, catalog: Catalog, lang: Lang = "en") -> str:
    """The table at 80 columns: ``*`` marks the better value, ``+/-`` the difference to the
    first unit (percentage points for percentages)."""
    rows = metric_rows(compared.columns, catalog, lang)
    n = len(compared.columns)
    cell = (WIDTH - LABEL_WIDTH) // n - 2
    heads = [_fit(c.name, cell) for c in compared.columns]
    sources = [_fit(c.source, cell) for c in compared.columns]
    body = [
        [_fit(r.label, LABEL_WIDTH), *(_fit(_cell(r, i), cell) for i in range(n))] for r in rows
    ]
    table = _table(["", *heads], [["", *sources], *body])
    first = compared.columns[0].name
    intercept = f"; --intercept {compared.intercept} (D19)" if compared.intercept else ""
    sampled = [
        c.name for c in compared.columns if c.analysis and c.analysis.survival.method == "sampled"
    ]
    method = "exact" if not sampled else f"≈ sampled for {', '.join(sampled)} (beyond exact)"
    return "\n".join(
        [
            _fit(
                f"Compare against {compared.threat.name} [{compared.threat.id}], "
                f"{compared.rounds} rounds, {method}",
                WIDTH,
            ),
            _fit(f"* better value; +/- difference to {first} (points for %){intercept}", WIDTH),
            "",
            table,
        ]
    )


SHEET_MARGIN = 12.0  # mm: inside every home printer's unprinted edge
CHART_W, CHART_H = 150.0, 70.0  # mm, the survival chart's drawing area
DASHES = ("none", "3 1.5", "1 1.2", "4 1.2 1 1.2")
MARKERS = ("circle", "square", "triangle", "diamond")
MARK_GAP = 2.6  # mm between markers that would overlap (a marker is about 2.4 mm wide)


def chart(compared: Compared, lang: Lang) -> dict[str, Any]:
    """The survival curves as plain numbers in mm for the sheet's inline SVG: each unit a
    polyline with its own dash pattern and marker shape (readable in black and white), offset
    by a fraction of a millimetre so coinciding curves still show side by side."""
    left, top, w, h = 14.0, 4.0, CHART_W - 20.0, CHART_H - 16.0
    rounds = compared.rounds
    drawn = [(i, c) for i, c in enumerate(compared.columns) if c.analysis is not None]
    curves: dict[int, list[tuple[float, float]]] = {}
    for i, c in drawn:
        assert c.analysis is not None
        nudge = (i - 1.5) * 0.35
        curves[i] = [(left, top + nudge)] + [
            (left + w * r.round / rounds, top + h * (1.0 - float(r.alive)) + nudge)
            for r in c.analysis.survival.rounds
        ]
    marks = {i: [list(p) for p in points[1:]] for i, points in curves.items()}
    for k in range(rounds):  # markers that would sit on each other move apart sideways
        at = sorted((marks[i][k][1], i) for i in marks if k < len(marks[i]))
        groups: list[list[int]] = []
        for y, i in at:
            if groups and y - marks[groups[-1][-1]][k][1] < MARK_GAP:
                groups[-1].append(i)
            else:
                groups.append([i])
        for group in groups:
            for j, i in enumerate(group):
                marks[i][k][0] += (j - (len(group) - 1) / 2) * MARK_GAP
    series = []
    for i, c in drawn:
        series.append(
            {
                "name": c.name,
                "dash": DASHES[i % len(DASHES)],
                "marker": MARKERS[i % len(MARKERS)],
                "grey": ("#000", "#333", "#555", "#111")[i % 4],
                "points": " ".join(f"{x:.2f},{y:.2f}" for x, y in curves[i]),
                "marks": [{"x": round(x, 2), "y": round(y, 2)} for x, y in marks[i]],
            }
        )
    ticks_y = [{"y": top + h * (1 - p / 100), "label": f"{p}%"} for p in (0, 25, 50, 75, 100)]
    ticks_x = [{"x": left + w * k / rounds, "label": f"R{k}"} for k in range(rounds + 1)]
    return {
        "width": CHART_W,
        "height": CHART_H,
        "left": left,
        "top": top,
        "w": w,
        "h": h,
        "series": series,
        "ticks_x": ticks_x,
        "ticks_y": ticks_y,
        "title": "P(alive) after each round" if lang == "en" else "各ラウンド後の生存率",
    }


def sheet_context(compared: Compared, catalog: Catalog, lang: Lang, paper: str) -> dict[str, Any]:
    """The compare sheet's plain data (``templates/laminim/compare.html``)."""
    page_w, page_h = PAPERS[paper]
    rows = metric_rows(compared.columns, catalog, lang)
    heading = "Compare" if lang == "en" else "比較"
    threat_name = part_name(compared.threat, lang)
    title = f"{heading} — {threat_name}"
    labels = {
        "threat": "Threat" if lang == "en" else "想定攻撃",
        "rounds": "rounds, exact" if lang == "en" else "ラウンド・厳密計算",
        "better": "■ better value · ± difference to the first column (points for %)"
        if lang == "en"
        else "■ 良い値 · ± 1列目との差 (%はポイント)",
        "intercept": "intercepting (D19)" if lang == "en" else "迎撃 (D19)",
    }
    table = [
        {
            "label": r.label,
            "cells": [
                {
                    "value": format_value(r.values[i], r.fmt),
                    "diff": format_diff(r.diffs[i], r.fmt) if i else "",
                    "best": i in r.best,
                }
                for i in range(len(r.values))
            ],
        }
        for r in rows
    ]
    return {
        "system": "laminim",
        "kind": "compare",
        "lang": lang,
        "labels": labels,
        "title": title,
        "page": {"width": page_w, "height": page_h, "paper": paper},
        "item": {"width": page_w - 2 * SHEET_MARGIN, "height": page_h - 2 * SHEET_MARGIN},
        "pages": [{"items": [{"x": SHEET_MARGIN, "y": SHEET_MARGIN, "item": {}}], "marks": []}],
        "threat": {"id": compared.threat.id, "name": threat_name},
        "rounds": compared.rounds,
        "intercept": compared.intercept,
        "units": [{"name": c.name, "source": c.source} for c in compared.columns],
        "rows": table,
        "chart": chart(compared, lang),
    }
