"""Artifact units side by side: ``laminim compare`` (text, JSON, sheet) and the TUI's compare
screen build the same rows here, so the two can never disagree on a number or a mark.

The rows: type, M, HP, P, each unit's best weapon's expected damage at the reference MS and
ship (one attack, modifier 0, no evasion; as ``analyze``), then D12 survival under a threat —
P(alive) per round, expected HP and P after the last (docs/rules.md D12). A bare ``FILE`` gives
its MS; the battleship is compared when it is named (``FILE:NAME``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from builder.core.i18n import Labels, Lang, part_name, shown_name
from builder.core.messages import Message
from builder.core.problems import Problem, find_named
from builder.core.report_lang import current_lang
from builder.core.source import Located
from builder.render.fit import fit
from builder.systems.artifact.derive import Unit, find_threat, threat_stats, unit_stats
from builder.systems.artifact.legality import Member, check
from builder.systems.artifact.models import ArtifactCatalog, MobileSuit, Threat
from builder.systems.artifact.read import ForceRead
from builder.systems.artifact.text import reference_targets, weapon_odds
from builder.systems.base import COMPARE_MAX, COMPARE_MIN, CompareEntry, CompareOptions
from builder.systems.compare_sheet import Curve, sheet_context
from builder.systems.compare_table import (
    FromFile,
    Row,
    Value,
    count_problem,
    row_json,
    table_text,
)
from builder.systems.game import usable

if TYPE_CHECKING:
    from builder.systems.artifact.rules import SurvivalResult

_LABELS = Labels.load(__file__, "compare_labels.yaml")


SOURCE_FIT = (31.0, 6.5, 6.5, 2)
"""The force's name under a unit's on the sheet: cut with … to two lines of a column of four
on A4 (mm, pt, pt, lines)."""


@dataclass(frozen=True)
class Side(FromFile):
    """One column: the unit's name in its force, its catalog entry, where it came from (its
    file's name, its force's name)."""

    name: str
    unit: Unit
    name_ja: str | None = None
    """The unit's Japanese name, where its file gives one (shown under Japanese)."""


def _best_damage(unit: Unit, target: Unit) -> float:
    return max((weapon_odds(w, target)[0].expected_damage for w in unit.weapons), default=0.0)


def compare_rows(
    sides: Sequence[Side],
    results: Sequence[SurvivalResult | None],
    catalog: ArtifactCatalog,
    lang: Lang,
    rounds: int,
    *,
    every_round: bool = True,
) -> list[Row]:
    """The table, top to bottom, survival after ``rounds``; a unit whose survival is not
    computed yet (None) shows "—". ``every_round=False`` keeps only the last round's P(alive)
    (the TUI's 80×24 table)."""
    ms_target, ship_target = reference_targets(catalog)
    rows: list[Row] = []

    def add(key: str, label: str, values: Sequence[Value], better: Any, fmt: Any) -> None:
        rows.append(Row(key, label, tuple(values), better, fmt))

    def t(key: str, **params: object) -> str:
        return _LABELS.t(key, lang, **params)

    add("type", t("type"), [part_name(s.unit, lang) for s in sides], None, "text")
    add("move", t("move"), [s.unit.move for s in sides], "high", "int")
    add("hp", t("hp"), [s.unit.hp for s in sides], "high", "int")
    add(
        "propellant",
        t("propellant"),
        [s.unit.propellant if isinstance(s.unit, MobileSuit) else None for s in sides],
        "high",
        "int",
    )
    for key, target in (("damage_ms", ms_target), ("damage_ship", ship_target)):
        add(key, t(key), [_best_damage(s.unit, target) for s in sides], "high", "num2")
    shown = range(1, rounds + 1) if every_round else range(rounds, rounds + 1)
    for n in shown:
        alive = [r.rounds[n - 1].alive if r and len(r.rounds) >= n else None for r in results]
        add(f"alive_r{n}", t("alive", n=n), alive, "high", "pct")
    if rounds:
        last = [r.rounds[-1] if r and r.rounds else None for r in results]
        for key in ("expected_hp", "expected_propellant"):  # the row's key is the figure's name
            values = [getattr(r, key) if r else None for r in last]
            add(key, t(key, n=rounds), values, "high", "num2")
    return rows


def survive(side: Side, threat: Threat, catalog: ArtifactCatalog, rounds: int) -> SurvivalResult:
    """D12 survival of one column's unit (the TUI's worker calls it unit by unit)."""
    from builder.systems.artifact.rules import survival

    return survival(unit_stats(side.unit), threat_stats(threat, catalog), rounds)


def pick_sides(
    entries: Sequence[CompareEntry], catalog: ArtifactCatalog
) -> tuple[list[Side], list[Problem]]:
    """Every unit asked for, with its file's name; the files' legality problems as notes.
    A file that cannot be read (an unknown type, a broken field) is exit 2 with its problems."""
    sides: list[Side] = []
    notes: list[Problem] = []
    for entry in entries:
        read = entry.read
        assert isinstance(read, ForceRead) and read.team is not None
        report = usable(check(read.team, catalog, read))
        source = Path(entry.label).name
        members: list[Member] = [m for m in report.members if m.unit is not None]
        if entry.unit is None:
            chosen = [m for m in members if m.role == "ms"]
        else:
            at = _at_units(read.source, "units")
            chosen = [find_named(members, entry.unit, lambda m: m.name, where=entry.label, at=at)]
        for m in chosen:
            assert m.unit is not None
            team, team_ja = read.team.name, read.team.name_ja
            name_ja = report.names_ja.get(m.name)
            sides.append(Side(m.name, m.unit, name_ja, source=source, team=team, team_ja=team_ja))
        notes += report.errors
    if not COMPARE_MIN <= len(sides) <= COMPARE_MAX:
        names_ja = [shown_name(s, "ja") for s in sides]
        raise count_problem(
            len(sides), [s.name for s in sides], COMPARE_MIN, COMPARE_MAX, names_ja=names_ja
        )
    return sides, notes


@dataclass(frozen=True)
class Compared:
    threat: Threat
    rounds: int
    sides: list[Side]
    results: list[SurvivalResult]


def compute(
    entries: Sequence[CompareEntry], catalog: ArtifactCatalog, options: CompareOptions
) -> tuple[Compared, list[Problem]]:
    sides, notes = pick_sides(entries, catalog)
    threat = find_threat(options.threat, catalog)
    results = [survive(s, threat, catalog, options.rounds) for s in sides]
    return Compared(threat, options.rounds, sides, results), notes


def compare_json(compared: Compared, catalog: ArtifactCatalog) -> dict[str, Any]:
    """``laminim compare --json`` for artifact: LAMINIM's shape (README), artifact's units."""
    rows = compare_rows(compared.sides, compared.results, catalog, "en", compared.rounds)
    return {
        "threat": compared.threat.id,
        "rounds": compared.rounds,
        "units": [
            {
                "name": s.name,
                "source": s.source,
                "type": s.unit.id,
                "kind": "ms" if isinstance(s.unit, MobileSuit) else "ship",
                "alive": [r.alive for r in result.rounds],
                "method": "exact",
            }
            for s, result in zip(compared.sides, compared.results, strict=True)
        ],
        "rows": [row_json(r) for r in rows],
    }


def title(threat: Threat, rounds: int, lang: Lang) -> str:
    return _LABELS.t("title", lang, threat=part_name(threat, lang), id=threat.id, n=rounds)


def compare_text(compared: Compared, catalog: ArtifactCatalog, lang: Lang | None = None) -> str:
    """The side-by-side table in ``lang`` (default: the language the command reports in)."""
    lang = lang or current_lang()
    rows = compare_rows(compared.sides, compared.results, catalog, lang, compared.rounds)
    names = [shown_name(s, lang) for s in compared.sides]
    sources = [s.source_in(lang) for s in compared.sides]
    return table_text(title(compared.threat, compared.rounds, lang), names, sources, rows, lang)


def compare_sheet(
    compared: Compared, catalog: ArtifactCatalog, lang: Lang, paper: str
) -> dict[str, Any]:
    """The compare sheet's plain data (``templates/common/compare.html``)."""
    curves = [
        Curve(i, shown_name(s, lang), [r.alive for r in result.rounds])
        for i, (s, result) in enumerate(zip(compared.sides, compared.results, strict=True))
    ]
    return sheet_context(
        lang=lang,
        paper=paper,
        subject=part_name(compared.threat, lang),
        subtitle=_LABELS.t(
            "sheet_title", lang, threat=part_name(compared.threat, lang), n=compared.rounds
        ),
        units=[
            (shown_name(s, lang), fit(s.team_in(lang), *SOURCE_FIT).text) for s in compared.sides
        ],
        rows=compare_rows(compared.sides, compared.results, catalog, lang, compared.rounds),
        curves=curves,
        rounds=compared.rounds,
        extra={"threat": {"id": compared.threat.id}, "rounds": compared.rounds},
    )


def _at_units(source: Located | None, key: str) -> Callable[[Message], Problem] | None:
    """``FILE:UNIT`` naming no unit is placed at the file's list of units (where the names
    are), not on the file as a whole."""
    if source is None or not isinstance(source.data, dict) or key not in source.data:
        return None
    return lambda message: source.problem((key,), message)
