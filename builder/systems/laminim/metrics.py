"""The compare table: one row per metric, one value per unit, which is better and by how much.

Built once here, shown by the TUI's compare screen, ``laminim compare`` (text and JSON) and the
compare sheet (PDF), so the three can never disagree on a number, a label or a "better" mark.
The rows, their marks and their layout are the kit's (:mod:`builder.systems.compare_table`).
Labels say what a number is: the unit's total durability (frame + weapons, what ``analyze``
prints) and the frame's are two rows; the damage rows name their hit bonus.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from builder.core.i18n import Labels, Lang, part_name
from builder.systems.compare_table import (
    Better,
    Format,
    Row,
    Value,
    format_diff,
    format_value,
    row_json,
)
from builder.systems.laminim.derive import weapon_spec
from builder.systems.laminim.legality import UnitReport
from builder.systems.laminim.models import Catalog
from builder.systems.laminim.rules import UnitAnalysis
from builder.systems.laminim.rules.interception import CARD_SALVO, DEFAULT_BONUS, mean_stopped

BONUS_ALL, BONUS_SINGLE = 2, 4  # damage_output's defaults: both aim bonuses, +2 single weapon


@dataclass(frozen=True)
class Column:
    """One unit in the table: its legality report, its analysis (None when it has none),
    where it came from (a file name, or the TUI's "team" / "editing") and its team's name."""

    report: UnitReport
    analysis: UnitAnalysis | None
    source: str = ""
    team: str = ""

    @property
    def name(self) -> str:
        return self.report.name


_LABELS = Labels.load(__file__, "metrics_labels.yaml")


def label(key: str, lang: Lang = "en", **values: object) -> str:
    """The metric label ``key`` in ``lang`` (English by default: ``laminim compare``)."""
    return _LABELS.t(key, lang, **values)


def _total_durability(column: Column) -> int | None:
    resolved = column.report.resolved
    if resolved is None:
        return None
    return resolved.frame.durability + sum(w.durability for w in resolved.slots if w is not None)


def _stops(column: Column) -> float | None:
    """Missiles of a 5-token the unit's best normal weapon stops on average at +2
    (docs/rules.md §1.4)."""
    resolved = column.report.resolved
    if resolved is None:
        return None
    figures = [
        mean_stopped(weapon_spec(w), CARD_SALVO, DEFAULT_BONUS)
        for w in resolved.slots
        if w is not None and w.type == "normal" and w.attacks > 0
    ]
    return max(figures, default=0.0)


def metric_rows(
    columns: Sequence[Column],
    catalog: Catalog,
    lang: Lang = "en",
    *,
    every_round: bool = True,
) -> list[Row]:
    """The table, top to bottom. ``every_round=False`` keeps only the middle and last round's
    survival (the TUI's compact table); the JSON, text and sheet show every round."""
    rows: list[Row] = []

    def add(key: str, text: str, values: list[Value], better: Better, fmt: Format) -> None:
        rows.append(Row(key, text, tuple(values), better, fmt))

    frames = [catalog.frame(c.report.frame) for c in columns]
    add(
        "frame",
        label("frame", lang),
        [part_name(f, lang) if f else c.report.frame for f, c in zip(frames, columns, strict=True)],
        None,
        "text",
    )
    for s in range(3):
        names: list[Value] = []
        for c in columns:
            wid = c.report.weapons[s] if s < len(c.report.weapons) else None
            weapon = catalog.weapon(wid) if wid else None
            names.append(part_name(weapon, lang) if weapon else (wid or "—"))
        add(f"slot{s + 1}", label("slot", lang, n=s + 1), names, None, "text")
    add(
        "payload",
        label("payload", lang),
        [f"{c.report.payload_used}/{c.report.payload_limit}" for c in columns],
        None,
        "text",
    )
    add(
        "legality",
        label("legality", lang),
        [label("legal" if c.report.legal else "illegal", lang) for c in columns],
        None,
        "text",
    )
    add(
        "durability_unit",
        label("durability_unit", lang),
        [_total_durability(c) for c in columns],
        "high",
        "int",
    )
    add(
        "durability_frame",
        label("durability_frame", lang),
        [f.durability if f else None for f in frames],
        "high",
        "int",
    )
    analyses = [c.analysis for c in columns]
    add(
        "exposure",
        label("exposure", lang),
        [a.exposure if a else None for a in analyses],
        "low",
        "pct",
    )
    rounds = max((len(a.survival.rounds) for a in analyses if a), default=0)
    shown_rounds = range(1, rounds + 1) if every_round else sorted({min(3, rounds), rounds} - {0})
    for n in shown_rounds:
        add(
            f"alive_r{n}",
            label("alive", lang, n=n),
            [
                a.survival.rounds[n - 1].alive if a and len(a.survival.rounds) >= n else None
                for a in analyses
            ],
            "high",
            "pct",
        )
    last = [a.survival.rounds[-1] if a and a.survival.rounds else None for a in analyses]
    if rounds:
        add(
            "remaining",
            label("remaining", lang, n=rounds),
            [r.expected_remaining if r else None for r in last],
            "high",
            "num1",
        )
        for s in range(3):
            values: list[Value] = [r.slot_destroyed[s] if r else None for r in last]
            if any(v is not None for v in values):
                add(
                    f"slot{s + 1}_lost",
                    label("slot_lost", lang, s=s + 1, n=rounds),
                    values,
                    "low",
                    "pct",
                )
        add(
            "cook_off",
            label("cook_off", lang, n=rounds),
            [r.cook_off if r else None for r in last],
            "low",
            "pct",
        )
    damage_all: list[Value] = [a.damage.all_weapons if a else None for a in analyses]
    damage_best: list[Value] = [a.damage.best_single if a else None for a in analyses]
    damage_rows: tuple[tuple[str, dict[str, object], list[Value]], ...] = (
        ("damage_all", {"b": BONUS_ALL}, damage_all),
        ("damage_best", {"b": BONUS_SINGLE}, damage_best),
        ("stops", {"n": CARD_SALVO, "b": DEFAULT_BONUS}, [_stops(c) for c in columns]),
    )
    for key, params, values in damage_rows:  # higher is better, two decimals
        add(key, label(key, lang, **params), values, "high", "num2")
    if any(a is not None and a.intercept is not None for a in analyses):
        add(
            "interceptor",
            label("interceptor", lang),
            [
                f"{label('slot_short', lang, s=a.intercept.slot + 1)} +{a.intercept.bonus}"
                if a is not None and a.intercept is not None
                else "—"
                for a in analyses
            ],
            None,
            "text",
        )
    return rows


__all__ = [
    "Better",
    "Column",
    "Format",
    "Row",
    "Value",
    "format_diff",
    "format_value",
    "label",
    "metric_rows",
    "row_json",
]
