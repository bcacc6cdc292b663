"""Artifact's rows on the roster sheet (builder/render/roster.py): the battleship, then every MS,
with move, HP, propellant or capacity, their weapons' numbers, and the force's legality.

The sheet is read at the table, away from the file: a finding names a unit type by its display
name, never by its catalog id or its place in the file (``check`` says "nightingale" and
"units[0]", which the file's writer needs), and a unit is marked illegal only for a finding of
its own (a force of too few MS is illegal, its units are not)."""

from __future__ import annotations

from collections.abc import Mapping

from builder.core.i18n import Labels, Lang, part_name, shown_name
from builder.core.problems import Problem
from builder.render.roster import Roster, RosterEntry, RosterTable, problem_text
from builder.systems.artifact.derive import Unit, all_units
from builder.systems.artifact.legality import Member, check
from builder.systems.artifact.models import ArtifactCatalog, ForceFile, MobileSuit, Ship

LABELS = Labels.load(__file__, "roster_labels.yaml")


def _weapons(member: Member, lang: Lang) -> RosterTable:
    t = LABELS.t
    assert member.unit is not None
    head = tuple(
        t(k, lang) for k in ("weapon", "range", "attacks", "to_hit_ms", "to_hit_ship", "damage")
    )
    rows = tuple(
        (
            part_name(w, lang),
            t("move_value", lang, cm=w.range),
            str(w.attacks),
            t("roll", lang, n=w.to_hit_ms),
            t("roll", lang, n=w.to_hit_ship),
            str(w.damage),
        )
        for w in member.unit.weapons
    )
    return RosterTable(t("weapons", lang), head, rows)


def _entry(
    member: Member,
    lang: Lang,
    problems: tuple[str, ...],
    first: str | None,
    names: dict[str, str],
) -> RosterEntry:
    """A unit's rows; ``first``: the name of an earlier unit of its type, whose weapons table
    it shares (a force of thirteen Rick Dias printed thirteen alike, on three pages)."""
    t = LABELS.t
    unit = member.unit
    shown = names.get(member.name, member.name)
    if unit is None:
        return RosterEntry(shown, t("unknown", lang), legal=False, problems=problems)
    what = t("ship" if isinstance(unit, Ship) else "ms", lang)
    kind = t("kind", lang, type=part_name(unit, lang), kind=what)
    if first is not None:
        kind += t("same_weapons", lang, name=first)
    numbers: list[tuple[str, str]] = [
        (t("move", lang), t("move_value", lang, cm=unit.move)),
        (t("hp", lang), str(unit.hp)),
    ]
    if isinstance(unit, MobileSuit):
        numbers.append((t("propellant", lang), str(unit.propellant)))
    if isinstance(unit, Ship):
        numbers.append((t("capacity", lang), t("capacity_value", lang, n=unit.capacity)))
    return RosterEntry(
        shown,
        kind,
        tuple(part_name(w, lang) for w in unit.weapons),
        tuple(numbers),
        not problems,
        problems=problems,
        tables=() if first is not None else (_weapons(member, lang),),
    )


PRINTED = frozenset({"ms-as-ship", "second-ship", "name-taken", "too-few-ms", "over-capacity"})
"""The rule findings the sheet words itself (``finding_<key>`` in roster_labels.yaml); any
other (an unknown type in a forced print) prints as ``check`` says it."""


def _finding(problem: Problem, units: Mapping[str, Unit], lang: Lang) -> str:
    """A finding in the sheet's words: a unit type by its name in ``lang``."""
    said = problem.said
    if said.key not in PRINTED:
        return problem_text(problem, lang)
    params = dict(said.params)
    for key in ("type", "ship"):
        unit = units.get(params.get(key, ""))
        if unit is not None:
            params[key] = part_name(unit, lang)
    return LABELS.t(f"finding_{said.key}", lang, **params)


def _own(problem: Problem, member: int) -> bool:
    """The finding is about the ``member``-th unit of the force (0: the ship)."""
    where = problem.field
    prefix = "ship" if member == 0 else f"units[{member - 1}]"
    return where == prefix or where.startswith((prefix + ".", prefix + "["))


def roster(force: ForceFile, catalog: ArtifactCatalog, lang: Lang) -> Roster:
    report = check(force, catalog)
    t = LABELS.t
    units = all_units(catalog)
    members = report.members
    offset = 0 if report.ship is not None else 1
    errors = [p for p in report.problems if p.severity != "warning"]
    own = [
        tuple(_finding(p, units, lang) for p in errors if _own(p, i + offset))
        for i in range(len(members))
    ]
    general = tuple(
        _finding(p, units, lang)
        for p in errors
        if not any(_own(p, i + offset) for i in range(len(members)))
    )
    warnings = tuple(_finding(p, units, lang) for p in report.problems if p.severity == "warning")
    ms = [m for m in report.units if m.kind == "ms"]
    numbers = [(t("ms_count", lang), str(len(ms)))]
    ship = report.ship.unit if report.ship is not None else None
    if isinstance(ship, Ship):
        fit = t("aboard_value", lang, n=min(len(ms), ship.capacity), of=len(ms))
        numbers.append((t("aboard", lang), fit))
    firsts: dict[str, str] = {}
    shown = report.names_ja if lang == "ja" else {}
    entries = []
    for m, problems in zip(members, own, strict=True):
        first = firsts.setdefault(m.type, m.name) if m.unit is not None else m.name
        shared = None if first == m.name else report.shown(first, lang)
        entries.append(_entry(m, lang, problems, shared, shown))
    return Roster(
        team=shown_name(force, lang),
        entries=tuple(entries),
        legal=report.legal,
        numbers=tuple(numbers),
        problems=general,
        warnings=warnings,
        entry_word=t("unit", lang),
    )
