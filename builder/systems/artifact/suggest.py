"""``laminim balance --system artifact --suggest``: fitted counts (docs/balance.md "Artifact").

The artifact report finds a unit type dominated by another of its kind (``rules/dominance.py``).
The only number the force rules (D9) give a type of its own is a ship's capacity, so the
search changes the capacity of each dominated ship by ±1 (0 to 50), every combination, best
first: fewer dominated types, then fewer numbers changed, then the smaller total change. A
capacity never changes the matrix, so each candidate's dominance is read off the same matrix;
the chosen one is verified by working the whole report out again (matrix and dominance) on the
changed catalog. An MS type has no such number (every MS counts one toward the three a force
needs): the output says so for each dominated MS type.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import product
from typing import TYPE_CHECKING, Any

from builder.core.i18n import Labels, Lang, part_name

if TYPE_CHECKING:
    from builder.systems.artifact.models import ArtifactCatalog

LABELS = Labels.load(__file__, "suggest_labels.yaml")
STEPS = (-1, 1)
MAX_CAPACITY = 50


@dataclass(frozen=True)
class Fit:
    catalog: ArtifactCatalog
    before: dict[str, tuple[str, ...]]  # dominated type -> the types that dominate it
    parts: tuple[tuple[str, int], ...]  # searched ships: (id, capacity)
    changes: tuple[tuple[str, int, int], ...]  # (ship, capacity before, after)
    after: dict[str, tuple[str, ...]]
    verified: bool
    tried: int
    changed: ArtifactCatalog
    removers: dict[str, tuple[tuple[tuple[str, int, int], ...], dict[str, tuple[str, ...]]]]
    """For a type still dominated after ``changes``: the best candidate that frees it, and
    what that candidate leaves dominated."""
    nearest: dict[str, tuple[tuple[str, int, int], tuple[str, ...], bool]]
    """For a ship no candidate frees: the change tried in the direction that should help (one
    more capacity), the types that still dominate it then, and whether the report worked out
    again on that catalog agrees."""


def dominated(catalog: ArtifactCatalog) -> dict[str, tuple[str, ...]]:
    """The report's finding, worked out from scratch: each dominated type and who dominates."""
    from builder.systems.artifact.balance_text import dominated_units, matrix

    return dominated_units(matrix(catalog), catalog)


def with_capacity(catalog: ArtifactCatalog, capacity: dict[str, int]) -> ArtifactCatalog:
    ships = tuple(
        s.model_copy(update={"capacity": capacity[s.id]}) if s.id in capacity else s
        for s in catalog.ships
    )
    return catalog.model_copy(update={"ships": ships})


def fit(catalog: ArtifactCatalog) -> Fit:
    from builder.systems.artifact.balance_text import matrix
    from builder.systems.artifact.derive import all_units, unit_stats
    from builder.systems.artifact.rules.dominance import dominated_types

    units = [unit_stats(u) for u in all_units(catalog).values()]
    cells = matrix(catalog)
    before = dominated_types(units, cells)
    ships = {s.id: s.capacity for s in catalog.ships}
    parts = tuple((sid, ships[sid]) for sid in ships if sid in before)
    best: tuple | None = None
    freeing: dict[str, tuple] = {}
    tried = 0
    for steps in product((0, *STEPS), repeat=len(parts)):
        if any(not 0 <= cap + s <= MAX_CAPACITY for (_, cap), s in zip(parts, steps, strict=True)):
            continue
        capacity = dict(ships) | {sid: cap + s for (sid, cap), s in zip(parts, steps, strict=True)}
        found = dominated_types(units, cells, capacity)
        tried += 1
        changed = tuple(
            (sid, cap, cap + s) for (sid, cap), s in zip(parts, steps, strict=True) if s
        )
        key = (len(found), len(changed), sum(abs(s) for s in steps), changed)
        if best is None or key < best[0]:
            best = (key, changed, found)
        for uid in set(before) - set(found):
            if uid not in freeing or key < freeing[uid][0]:
                freeing[uid] = (key, changed, found)
    assert best is not None
    _, changes, after = best
    changed_catalog = with_capacity(catalog, {sid: new for sid, _, new in changes})
    verified = dominated(changed_catalog) == after
    removers = {uid: (freeing[uid][1], freeing[uid][2]) for uid in after if uid in freeing}
    nearest: dict[str, tuple[tuple[str, int, int], tuple[str, ...], bool]] = {}
    for sid, cap in parts:
        if sid in after and sid not in removers and cap + 1 <= MAX_CAPACITY:
            by = dominated_types(units, cells, dict(ships) | {sid: cap + 1}).get(sid, ())
            again = dominated(with_capacity(catalog, {sid: cap + 1})).get(sid, ())
            nearest[sid] = ((sid, cap, cap + 1), by, again == by)
    return Fit(
        catalog, before, parts, changes, after, verified, tried, changed_catalog, removers, nearest
    )


def _name(catalog: ArtifactCatalog, uid: str, lang: Lang) -> str:
    from builder.systems.artifact.derive import all_units

    return part_name(all_units(catalog).get(uid), lang, uid)


def _names(catalog: ArtifactCatalog, ids: Sequence[str], lang: Lang) -> str:
    return LABELS.t("and", lang).join(_name(catalog, i, lang) for i in ids)


def _change(catalog: ArtifactCatalog, change: tuple[str, int, int], lang: Lang) -> str:
    sid, old, new = change
    return LABELS.t("change", lang, ship=_name(catalog, sid, lang), old=old, new=new)


def fit_text(f: Fit, lang: Lang = "en") -> str:
    from builder.core.text_table import wrap

    def _wrap(text: str, indent: str = "") -> str:
        return "\n".join(wrap(text, 80, indent))

    t = LABELS.t
    cat = f.catalog
    lines = [t("title", lang, catalog=cat.info.name), "", _wrap(t("searched", lang, tried=f.tried))]
    lines.append("")
    if not f.before:
        lines.append(_wrap(t("nothing", lang)))
        return "\n".join(lines)
    if f.changes:
        lines.append(t("changes", lang, n=len(f.changes)))
        for sid, old, new in f.changes:
            lines.append(f"  {_change(cat, (sid, old, new), lang)}")
        lines.append(_wrap(t("verified" if f.verified else "not_verified", lang)))
    else:
        lines.append(_wrap(t("no_changes", lang)))
    lines += ["", t("findings", lang)]
    ms = {m.id for m in cat.mobile_suits}
    for uid, by in f.before.items():
        now = f.after.get(uid)
        state = t("removed", lang) if now is None else t("stays", lang)
        said = t("dominated", lang, unit=_name(cat, uid, lang), by=_names(cat, by, lang))
        lines.append(_wrap(f"- {said} → {state}", "  "))
        if now is not None:
            if uid in f.removers:
                changed, left = f.removers[uid]
                why = t(
                    "why_costly",
                    lang,
                    changes=t("and", lang).join(_change(cat, c, lang) for c in changed),
                    n=len(left),
                    units=_names(cat, sorted(left), lang),
                )
            else:
                why = t("why_ms" if uid in ms else "why_ship", lang)
                if uid in f.nearest:
                    change, by, agrees = f.nearest[uid]
                    why += t(
                        "nearest" if agrees else "nearest_unverified",
                        lang,
                        change=_change(cat, change, lang),
                        by=_names(cat, by, lang),
                    )
            lines.append("\n".join(f"  {x}" for x in wrap(why, 78)))
    for uid, by in f.after.items():
        if uid not in f.before:
            said = t("dominated", lang, unit=_name(cat, uid, lang), by=_names(cat, by, lang))
            lines.append(_wrap(f"- {said} ({t('new', lang)})", "  "))
    return "\n".join(lines)


def fit_json(f: Fit, written: dict[str, Any] | None = None) -> dict[str, Any]:
    ms = {m.id for m in f.catalog.mobile_suits}
    return {
        "system": "artifact",
        "search": {
            "parts": [
                {"kind": "ship", "id": sid, "field": "capacity", "value": cap, "steps": list(STEPS)}
                for sid, cap in f.parts
            ],
            "tried": f.tried,
        },
        "changes": [
            {"kind": "ship", "id": sid, "field": "capacity", "before": old, "after": new}
            for sid, old, new in f.changes
        ],
        "verified": f.verified,
        "findings": [
            {
                "kind": "dominated",
                "part": uid,
                "unit": "ms" if uid in ms else "ship",
                "before": list(by) if uid in f.before else None,
                "after": list(f.after[uid]) if uid in f.after else None,
                "removed": uid not in f.after,
                "searchable": uid not in ms,
                "removable_by": None
                if uid not in f.removers
                else {
                    "changes": [
                        {"kind": "ship", "id": sid, "field": "capacity", "before": o, "after": n}
                        for sid, o, n in f.removers[uid][0]
                    ],
                    "dominated": sorted(f.removers[uid][1]),
                },
                "nearest": None
                if uid not in f.nearest
                else {
                    "changes": [
                        {"kind": "ship", "id": sid, "field": "capacity", "before": o, "after": n}
                        for sid, o, n in [f.nearest[uid][0]]
                    ],
                    "dominated_by": list(f.nearest[uid][1]),
                    "verified": f.nearest[uid][2],
                },
            }
            for uid, by in {**f.before, **f.after}.items()
        ],
        "written": written,
    }
