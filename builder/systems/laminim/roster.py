"""LAMINIM's rows on the roster sheet (builder/render/roster.py): each unit with its frame and
slots, durability, payload and exposure, its legality, and the list-building analysis — exact
survival per round against every threat of the catalog — that would crowd a card face."""

from __future__ import annotations

from builder.core.i18n import Labels, Lang, part_name, shown_name
from builder.core.numbers import percent
from builder.render.roster import Roster, RosterEntry, RosterTable, split_findings
from builder.systems.base import DEFAULT_ROUNDS
from builder.systems.laminim.analysis import analyze
from builder.systems.laminim.derive import unit_spec
from builder.systems.laminim.legality import ResolvedUnit, UnitReport, check_team
from builder.systems.laminim.models import Catalog
from builder.systems.laminim.rules import TooLarge, silhouette
from builder.systems.laminim.team import SLOTS, Team

LABELS = Labels.load(__file__, "roster_labels.yaml")


def _pct(p: float) -> str:
    return percent(p)


def survival_table(unit: ResolvedUnit, catalog: Catalog, lang: Lang) -> RosterTable:
    """P(alive) after each round against each catalog threat, and the durability left."""
    t = LABELS.t
    head = (
        t("threat", lang),
        *(t("round", lang, n=k) for k in range(1, DEFAULT_ROUNDS + 1)),
        t("remaining", lang),
    )
    rows = []
    for threat in catalog.threats:
        name = part_name(threat, lang)
        try:
            result = analyze(unit, threat, catalog, DEFAULT_ROUNDS)
        except TooLarge:
            rows.append((name, t("too_large", lang), *([""] * DEFAULT_ROUNDS)))
            continue
        rounds = result.survival.rounds
        rows.append(
            (name, *(_pct(r.alive) for r in rounds), f"{rounds[-1].expected_remaining:.1f}")
        )
    return RosterTable(t("survival", lang), head, tuple(rows))


def _entry(report: UnitReport, catalog: Catalog, lang: Lang) -> RosterEntry:
    t = LABELS.t
    errors, warnings = split_findings(report.problems, lang)
    unit = report.resolved
    if unit is None:  # a part the catalog does not know (a forced print): ids as written
        parts = tuple(
            f"{t('slot', lang, n=i)} {w or t('empty', lang)}"
            for i, w in enumerate(report.weapons, start=1)
        )
        name = shown_name(report, lang)
        return RosterEntry(name, report.frame, parts, (), False, errors, warnings)
    parts = tuple(
        f"{t('slot', lang, n=i)} {part_name(w, lang) if w else t('empty', lang)}"
        for i, w in enumerate(unit.slots[:SLOTS], start=1)
    )
    exposure = silhouette(unit_spec(unit)).exposure
    numbers = (
        (t("durability", lang), str(unit.frame.durability)),
        (t("payload", lang), f"{unit.payload_used}/{unit.frame.payload}"),
        (t("exposure", lang), f"{exposure * 6}/6 ({_pct(float(exposure))})"),
    )
    tables = (survival_table(unit, catalog, lang),) if catalog.threats else ()
    return RosterEntry(
        shown_name(report, lang),
        part_name(unit.frame, lang),
        parts,
        numbers,
        report.legal,
        errors,
        warnings,
        tables,
    )


def roster(team: Team, catalog: Catalog, lang: Lang) -> Roster:
    report = check_team(team, catalog)
    t = LABELS.t
    own = {id(p) for u in report.units for p in u.problems}
    errors, warnings = split_findings([p for p in report.problems if id(p) not in own], lang)
    legal_units = sum(1 for u in report.units if u.legal)
    return Roster(
        team=shown_name(team, lang),
        entries=tuple(_entry(u, catalog, lang) for u in report.units),
        legal=report.legal,
        numbers=(
            (t("units", lang), str(len(report.units))),
            (t("legal_units", lang), f"{legal_units}/{len(report.units)}"),
        ),
        problems=errors,
        warnings=warnings,
        notes=(t("note", lang),) if catalog.threats else (),
        entry_word=t("unit", lang),
    )
