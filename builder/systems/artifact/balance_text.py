"""The artifact balance matrix (``laminim balance --system artifact``, docs/balance.md) as words:
the attacker x target matrix of one activation's expected damage and kill chance for every MS
and ship of the catalog, as text, JSON and one PDF page (the command: ``commands.py``).

The maths is the rules core's (``rules/matrix.py``); this module names the units, lays the
matrix out in 80 columns (units as U1…, named in a key) and as the page's plain data.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from builder.core.i18n import Labels, Lang, part_name
from builder.core.numbers import percent
from builder.core.text_table import table

if TYPE_CHECKING:
    from builder.systems.artifact.derive import Unit
    from builder.systems.artifact.models import ArtifactCatalog
    from builder.systems.artifact.rules.matrix import MatrixCell

LABELS = Labels.load(__file__, "balance_labels.yaml")

MARGIN = 12.0  # mm


def matrix(catalog: ArtifactCatalog) -> list[MatrixCell]:
    from builder.systems.artifact.derive import all_units, unit_stats
    from builder.systems.artifact.rules.matrix import activation_matrix

    return activation_matrix([unit_stats(u) for u in all_units(catalog).values()])


def matrix_json(cells: list[MatrixCell], catalog: ArtifactCatalog) -> dict[str, Any]:
    from builder.systems.artifact.derive import all_units
    from builder.systems.artifact.rules.matrix import MODIFIERS

    units = all_units(catalog)
    return {
        "system": "artifact",
        "actions": 2,
        "modifiers": [-m for m in MODIFIERS],
        "units": [
            {"id": u.id, "name": u.name, "name_ja": u.name_ja, "kind": _kind(u), "hp": u.hp}
            for u in units.values()
        ],
        "dominated": [
            {"id": uid, "by": list(by)} for uid, by in dominated_units(cells, catalog).items()
        ],
        "cells": [
            {
                "attacker": c.attacker,
                "target": c.target,
                "modifier": -c.near,
                "evade": c.evade,
                "weapon": c.weapon,
                "expected_damage": c.expected_damage,
                "p_kill": c.p_kill,
            }
            for c in cells
        ],
    }


def _kind(unit: Unit) -> str:
    from builder.systems.artifact.models import MobileSuit

    return "ms" if isinstance(unit, MobileSuit) else "ship"


def _pct(p: float) -> str:
    return percent(p)


def _blocks(cells: list[MatrixCell]) -> list[tuple[int, bool]]:
    return list(dict.fromkeys((c.near, c.evade) for c in cells))


def _cell(cells: list[MatrixCell], a: str, t: str, near: int, evade: bool) -> MatrixCell | None:
    return next(
        (c for c in cells if (c.attacker, c.target, c.near, c.evade) == (a, t, near, evade)), None
    )


def matrix_text(cells: list[MatrixCell], catalog: ArtifactCatalog, lang: Lang = "en") -> str:
    from builder.systems.artifact.derive import all_units, find_weapon
    from builder.systems.artifact.text import catalog_name

    units = list(all_units(catalog).values())
    tag = {u.id: f"U{i + 1}" for i, u in enumerate(units)}
    lines = [_wrap(LABELS.t("title", lang, catalog=catalog_name(catalog, lang))), ""]
    for near, evade in sorted(_blocks(cells), key=lambda b: (b[1], b[0])):
        head = LABELS.t(
            "block",
            lang,
            modifier=f"-{near}" if near else "0",
            evade=LABELS.t("evade_on" if evade else "evade_off", lang),
        )
        rows = []
        for a in units:
            row = [f"{tag[a.id]} {part_name(a, lang)}"]
            for t in units:
                c = _cell(cells, a.id, t.id, near, evade)
                row.append("—" if c is None else f"{c.expected_damage:.1f} {_pct(c.p_kill):>4}")
            rows.append(row)
        heads = [f"{LABELS.t('attacker', lang)}\\{LABELS.t('target', lang)}"]
        lines += [
            head,
            table([heads[0], *(tag[u.id] for u in units)], rows, right=range(1, len(units) + 1)),
            "",
        ]
    lines.append(LABELS.t("weapon_title", lang))
    for a in units:
        best: dict[str, list[str]] = {}  # each weapon's name -> the targets it is best against
        for t in units:
            c = _cell(cells, a.id, t.id, 0, False)
            w = None if c is None else find_weapon(a, c.weapon)
            best.setdefault(part_name(w, lang) if w else "—", []).append(tag[t.id])
        weapons = LABELS.t("list_comma", lang).join(
            LABELS.t("weapon_targets", lang, weapon=w, targets=_runs(targets, lang))
            for w, targets in best.items()
        )
        line = LABELS.t(
            "best_line", lang, attacker=f"{tag[a.id]} {part_name(a, lang)}", weapons=weapons
        )
        lines.append(_wrap("  " + line))
    lines.append("")
    lines.append(LABELS.t("key", lang))
    for u in units:
        kind = LABELS.t(_kind(u), lang)
        name = part_name(u, lang)
        lines.append(
            LABELS.t("key_line", lang, tag=tag[u.id], name=name, id=u.id, kind=kind, hp=u.hp)
        )
    said = LABELS.t("cell", lang) + LABELS.t("then", lang) + LABELS.t("no_evade", lang)
    lines += ["", _wrap(said)]
    found = dominated_units(cells, catalog)
    lines += ["", _wrap(LABELS.t("findings", lang))]
    by_id = {u.id: u for u in units}
    for uid, by in found.items():
        names = LABELS.t("and", lang).join(part_name(by_id[b], lang) for b in by)
        said = LABELS.t("dominated", lang, unit=part_name(by_id[uid], lang), by=names)
        lines += [_wrap(f"- {said}")]
    if not found:
        lines.append(_wrap(LABELS.t("none_dominated", lang)))
    return "\n".join(lines)


def _runs(tags: list[str], lang: Lang) -> str:
    """Unit tags (``U1``, ``U2``, …) with each run of three or more consecutive ones as a
    range: ``U1–U4, U6``."""
    numbers = [int(t[1:]) for t in tags]
    parts: list[str] = []
    i = 0
    while i < len(numbers):
        j = i
        while j + 1 < len(numbers) and numbers[j + 1] == numbers[j] + 1:
            j += 1
        if j - i >= 2:
            parts.append(LABELS.t("range", lang, first=tags[i], last=tags[j]))
        else:
            parts.extend(tags[i : j + 1])
        i = j + 1
    return LABELS.t("list_comma", lang).join(parts)


def dominated_units(
    cells: list[MatrixCell], catalog: ArtifactCatalog
) -> dict[str, tuple[str, ...]]:
    """The report's finding: each type another of its kind dominates (``rules/dominance.py``)."""
    from builder.systems.artifact.derive import all_units, unit_stats
    from builder.systems.artifact.rules.dominance import dominated_types

    return dominated_types([unit_stats(u) for u in all_units(catalog).values()], cells)


def _wrap(line: str) -> str:
    from builder.core.text_table import fit_text

    return fit_text(line)


def matrix_context(
    cells: list[MatrixCell], catalog: ArtifactCatalog, lang: Lang, paper: str
) -> dict[str, Any]:
    from builder.systems.artifact.text import catalog_name

    """The one-page matrix: a table per modifier, each cell the best weapon and its numbers
    without and with evasion."""
    from builder.render.layout import PAPERS
    from builder.systems.artifact.derive import all_units, find_weapon
    from builder.systems.artifact.rules.matrix import MODIFIERS

    page_w, page_h = PAPERS[paper]
    units = list(all_units(catalog).values())
    tables = []
    for near in MODIFIERS:
        rows = []
        for a in units:
            row = []
            for t in units:
                parts = []
                for evade in (False, True):
                    c = _cell(cells, a.id, t.id, near, evade)
                    w = None if c is None else find_weapon(a, c.weapon)
                    parts.append(
                        None
                        if c is None
                        else {
                            "weapon": part_name(w, lang, c.weapon),
                            "damage": f"{c.expected_damage:.2f}",
                            "kill": _pct(c.p_kill),
                            "level": round(255 * (1 - 0.8 * c.p_kill)),
                        }
                    )
                row.append({"off": parts[0], "on": parts[1]})
            rows.append({"name": part_name(a, lang), "cells": row})
        tables.append(
            {
                "title": LABELS.t(
                    "block",
                    lang,
                    modifier=f"-{near}" if near else "0",
                    evade=f"{LABELS.t('no_evasion', lang)} / {LABELS.t('evading', lang)}",
                ),
                "rows": rows,
            }
        )
    return {
        "system": "artifact",
        "kind": "balance",
        "lang": lang,
        "title": LABELS.t("doc_title", lang),
        "heading": LABELS.t("title", lang, catalog=catalog_name(catalog, lang)),
        "labels": LABELS.in_lang(lang),
        "targets": [
            {"name": part_name(u, lang), "hp": u.hp, "kind": LABELS.t(_kind(u), lang)}
            for u in units
        ],
        "tables": tables,
        "page": {"width": page_w, "height": page_h, "paper": paper},
        "item": {"width": page_w - 2 * MARGIN, "height": page_h - 2 * MARGIN},
        "pages": [{"items": [{"x": MARGIN, "y": MARGIN, "item": {}}], "marks": []}],
    }
