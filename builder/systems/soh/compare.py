"""soh characters side by side: ``laminim compare`` (text, JSON, sheet) and the TUI's compare
screen build the same rows here, so the two can never disagree on a number or a mark.

The rows: gear, AP (after D15), evasion value, durability against A and B weapons, each weapon
and its hit value (higher is better: it is added to the roll, docs/rules.md §3), then the AP
planner's best split against the opponent (``--threat``, as ``analyze``): its net expected
wounds, wounds dealt and taken (fewer is better) and the split itself.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from builder.core.i18n import Labels, Lang, part_name
from builder.core.messages import Message
from builder.core.problems import Problem, find_named
from builder.core.report_lang import current_lang
from builder.core.source import Located
from builder.systems.base import COMPARE_MAX, COMPARE_MIN, CompareEntry, CompareOptions
from builder.systems.compare_sheet import sheet_context
from builder.systems.compare_table import (
    CHARACTERS,
    FromFile,
    Row,
    Value,
    count_problem,
    row_json,
    table_text,
)
from builder.systems.game import usable
from builder.systems.soh.analysis import Matchup, derive_pair, matchup, resolve_opponent
from builder.systems.soh.derive import Derived
from builder.systems.soh.legality import check_crew
from builder.systems.soh.models import Catalog, Character
from builder.systems.soh.plan_text import attacks_text
from builder.systems.soh.read import SohRead

_LABELS = Labels.load(__file__, "compare_labels.yaml")


@dataclass(frozen=True)
class Side(FromFile):
    """One column: a character derived with its crew and the opponent (D15), and where it came
    from (its file's name, its crew's name)."""

    derived: Derived
    opponent: Derived

    @property
    def name(self) -> str:
        return self.derived.name


def display_name(ch: Character, lang: Lang) -> str:
    return ch.name_ja if lang == "ja" and ch.name_ja else ch.name


def compare_rows(sides: Sequence[Side], plans: Sequence[Matchup | None], lang: Lang) -> list[Row]:
    """The table, top to bottom; a column whose plan is not computed yet (None) shows "—"."""
    rows: list[Row] = []

    def add(key: str, label: str, values: Sequence[Value], better: Any, fmt: Any) -> None:
        rows.append(Row(key, label, tuple(values), better, fmt))

    def t(key: str, **params: object) -> str:
        return _LABELS.t(key, lang, **params)

    ds = [s.derived for s in sides]
    add("gear", t("gear"), [part_name(d.gear, lang) if d.gear else "—" for d in ds], None, "text")
    add("ap", t("ap"), [d.ap for d in ds], "high", "int")
    add("evasion", t("evasion"), [d.evasion for d in ds], "high", "int")
    add("durability_a", t("durability_a"), [d.durability_a for d in ds], "high", "int")
    add("durability_b", t("durability_b"), [d.durability_b for d in ds], "high", "int")
    for i in range(max((len(d.weapons) for d in ds), default=0)):
        lines = [d.weapons[i] if i < len(d.weapons) else None for d in ds]
        names = [part_name(w.weapon, lang) if w else "—" for w in lines]
        add(f"weapon{i + 1}", t("weapon", n=i + 1), names, None, "text")
        add(f"hit{i + 1}", t("hit", n=i + 1), [w.hit if w else None for w in lines], "high", "int")
    best = [m.plan.best if m else None for m in plans]
    add("net", t("net"), [b.net if b else None for b in best], "high", "signed3")
    add("dealt", t("dealt"), [b.expected_dealt if b else None for b in best], "high", "num2")
    add("taken", t("taken"), [b.expected_taken if b else None for b in best], "low", "num2")
    splits: list[Value] = [
        f"{b.split.evasion_dice} / {attacks_text(b.split.attacks)}" if b else None for b in best
    ]
    add("split", t("split"), splits, None, "text")
    return rows


def plan_for(side: Side) -> Matchup:
    """The planner's table for one column (the TUI's worker calls it column by column)."""
    return matchup(side.derived, side.opponent)


def _name(d: Derived) -> str:
    return d.name


def pick_sides(
    entries: Sequence[CompareEntry], catalog: Catalog, threat: str | None
) -> tuple[list[Side], Derived, list[Problem]]:
    """Every character asked for, derived with its own crew and the opponent ``threat`` names
    (resolved against the first file's crew, as ``analyze``); the files' problems as notes."""
    sides: list[Side] = []
    notes: list[Problem] = []
    opponent: Derived | None = None
    for entry in entries:
        read = entry.read
        assert isinstance(read, SohRead) and read.team is not None
        report = usable(check_crew(read, catalog))
        crew = read.team
        opp_char, _ = resolve_opponent(threat, crew, catalog)
        everyone, opp = derive_pair(crew, catalog, opp_char)
        opponent = opponent or opp
        source = Path(entry.label).name
        if entry.unit is None:
            chosen = everyone
        else:
            chosen = [
                find_named(
                    everyone,
                    entry.unit,
                    lambda d: d.name,
                    where=entry.label,
                    noun="character",
                    at=_at_characters(read.source),
                )
            ]
        sides += [Side(d, opp, source=source, team=crew.name, team_ja=crew.name_ja) for d in chosen]
        notes += report.errors
    if not COMPARE_MIN <= len(sides) <= COMPARE_MAX or opponent is None:
        names = [s.name for s in sides]
        names_ja = [display_name(s.derived.character, "ja") for s in sides]
        raise count_problem(
            len(sides), names, COMPARE_MIN, COMPARE_MAX, CHARACTERS, names_ja=names_ja
        )
    return sides, opponent, notes


@dataclass(frozen=True)
class Compared:
    opponent: Derived
    sides: list[Side]
    plans: list[Matchup]


def compute(
    entries: Sequence[CompareEntry], catalog: Catalog, options: CompareOptions
) -> tuple[Compared, list[Problem]]:
    sides, opponent, notes = pick_sides(entries, catalog, options.threat)
    return Compared(opponent, sides, [plan_for(s) for s in sides]), notes


def compare_json(compared: Compared, catalog: Catalog) -> dict[str, Any]:
    """``laminim compare --json`` for soh: LAMINIM's shape (README), soh's characters; the
    opponent stands where LAMINIM has its threat. (The views take the catalog as every game's
    do, :class:`builder.systems.game.CompareModule`; soh's rows need none of it.)"""
    rows = compare_rows(compared.sides, compared.plans, "en")
    return {
        "threat": compared.opponent.name,
        "units": [
            {
                "name": s.name,
                "source": s.source,
                "gear": s.derived.gear.id if s.derived.gear else None,
                "weapons": [w.weapon.id for w in s.derived.weapons],
                "method": "exact",
            }
            for s in compared.sides
        ],
        "rows": [row_json(r) for r in rows],
    }


def title(opponent: Derived, lang: Lang) -> str:
    return _LABELS.t("title", lang, opponent=display_name(opponent.character, lang))


def compare_text(compared: Compared, catalog: Catalog, lang: Lang | None = None) -> str:
    """The side-by-side table in ``lang`` (default: the language the command reports in)."""
    lang = lang or current_lang()
    rows = compare_rows(compared.sides, compared.plans, lang)
    names = [display_name(s.derived.character, lang) for s in compared.sides]
    sources = [s.source_in(lang) for s in compared.sides]
    return table_text(title(compared.opponent, lang), names, sources, rows, lang)


SHEET_LABELS = ("net", "dealt", "taken", "split")
"""Rows the sheet names in full words: the text table's labels fit 20 columns ("E wounds
dealt"); a handout has the room to say what they mean."""


def compare_sheet(compared: Compared, catalog: Catalog, lang: Lang, paper: str) -> dict[str, Any]:
    """The compare sheet's plain data (``templates/common/compare.html``; no rounds, no chart):
    under each character its crew's name (a file name is no player's word), the planner's
    rows named in full."""
    rows = [
        replace(r, label=_LABELS.t(f"sheet_{r.key}", lang)) if r.key in SHEET_LABELS else r
        for r in compare_rows(compared.sides, compared.plans, lang)
    ]
    return sheet_context(
        lang=lang,
        paper=paper,
        subject=display_name(compared.opponent.character, lang),
        subtitle=_LABELS.t(
            "sheet_title", lang, opponent=display_name(compared.opponent.character, lang)
        ),
        units=[(display_name(s.derived.character, lang), s.team_in(lang)) for s in compared.sides],
        rows=rows,
        extra={"threat": {"name": compared.opponent.name}},
    )


def _at_characters(source: Located | None) -> Callable[[Message], Problem] | None:
    """``FILE:NAME`` naming no character is placed at the file's characters list."""
    if source is None or not isinstance(source.data, dict) or "characters" not in source.data:
        return None
    return lambda message: source.problem(("characters",), message)
