"""Space Opera Heroes' rows on the roster sheet (builder/render/roster.py): each character with
armour or vehicle, weapons, AP (after the lowest-AP raise), evasion value and durability, their
weapons' hit values, and the crew's legality."""

from __future__ import annotations

from builder.core.i18n import Labels, Lang, part_name, shown_name
from builder.render.roster import Roster, RosterEntry, RosterTable, split_findings
from builder.systems.soh.derive import Derived, derive_all
from builder.systems.soh.legality import check_crew
from builder.systems.soh.models import Catalog, Crew
from builder.systems.soh.read import SohRead

LABELS = Labels.load(__file__, "roster_labels.yaml")


def _weapons(d: Derived, lang: Lang) -> RosterTable:
    t = LABELS.t
    head = tuple(t(k, lang) for k in ("weapon", "hit", "damage", "kind", "ammo"))
    rows = tuple(
        (
            part_name(line.weapon, lang),
            str(line.hit),
            str(line.weapon.damage),
            t(f"kind_{line.weapon.type}", lang),
            str(line.weapon.ammo) if line.weapon.ammo is not None else t("no_ammo", lang),
        )
        for line in d.weapons
    )
    return RosterTable(t("weapons", lang), head, rows)


def _entry(d: Derived, lang: Lang, legal: bool, problems: list) -> RosterEntry:
    t = LABELS.t
    ch = d.character
    name = ch.name_ja if lang == "ja" and ch.name_ja else ch.name
    kind = part_name(d.gear, lang) if d.gear is not None else t("on_foot", lang)
    if ch.leader:
        kind = f"{kind} · {t('leader', lang)}"
    errors, warnings = split_findings(problems, lang)
    numbers = (
        (t("ap", lang), str(d.ap)),
        (t("evasion", lang), str(d.evasion)),
        (t("durability", lang), f"{d.durability_a} / {d.durability_b}"),
    )
    return RosterEntry(
        name,
        kind,
        (),  # no "Parts:" line: the weapons table under it names every weapon
        numbers,
        legal,
        errors,
        warnings,
        (_weapons(d, lang),) if d.weapons else (),
    )


def roster(crew: Crew, catalog: Catalog, lang: Lang) -> Roster:
    report = check_crew(SohRead(crew, None, rows=list(range(len(crew.characters)))), catalog)
    t = LABELS.t
    own = {id(p) for c in report.characters for p in c.problems}
    errors, warnings = split_findings([p for p in report.problems if id(p) not in own], lang)
    derived = derive_all(crew.characters, catalog)
    entries = tuple(
        _entry(d, lang, c.legal, c.problems)
        for d, c in zip(derived, report.characters, strict=True)
    )
    return Roster(
        team=shown_name(crew, lang),
        entries=entries,
        legal=report.legal,
        numbers=((t("characters", lang), str(len(crew.characters))),),
        problems=errors,
        warnings=warnings,
        entry_word=t("unit", lang),
    )
