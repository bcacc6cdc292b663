"""Artifact's rows on the roster sheet (builder/render/roster.py): the battleship, then every MS,
with move, HP, propellant or capacity, their weapons' numbers, and the force's legality."""

from __future__ import annotations

from builder.core.i18n import Labels, Lang, part_name
from builder.render.roster import Roster, RosterEntry, RosterTable, split_findings
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


def _entry(member: Member, lang: Lang, legal: bool) -> RosterEntry:
    t = LABELS.t
    unit = member.unit
    if unit is None:
        return RosterEntry(member.name, t("unknown", lang), legal=False)
    kind = f"{part_name(unit, lang)} · {t('ship' if isinstance(unit, Ship) else 'ms', lang)}"
    numbers: list[tuple[str, str]] = [
        (t("move", lang), t("move_value", lang, cm=unit.move)),
        (t("hp", lang), str(unit.hp)),
    ]
    if isinstance(unit, MobileSuit):
        numbers.append((t("propellant", lang), str(unit.propellant)))
    if isinstance(unit, Ship):
        numbers.append((t("capacity", lang), t("capacity_value", lang, n=unit.capacity)))
    return RosterEntry(
        member.name,
        kind,
        tuple(part_name(w, lang) for w in unit.weapons),
        tuple(numbers),
        legal,
        tables=(_weapons(member, lang),),
    )


def roster(force: ForceFile, catalog: ArtifactCatalog, lang: Lang) -> Roster:
    report = check(force, catalog)
    t = LABELS.t
    errors, warnings = split_findings(report.problems, lang)
    ms = [m for m in report.units if m.kind == "ms"]
    numbers = [(t("ms_count", lang), str(len(ms)))]
    ship = report.ship.unit if report.ship is not None else None
    if isinstance(ship, Ship):
        numbers.append((t("aboard", lang), f"{min(len(ms), ship.capacity)}/{len(ms)}"))
    return Roster(
        team=force.name,
        entries=tuple(_entry(m, lang, report.legal) for m in report.members),
        legal=report.legal,
        numbers=tuple(numbers),
        problems=errors,
        warnings=warnings,
        entry_word=t("unit", lang),
    )
