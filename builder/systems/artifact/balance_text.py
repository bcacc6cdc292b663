"""The artifact balance matrix (``laminim balance --system artifact``, docs/balance.md) as words:
the attacker x target matrix of one activation's expected damage and kill chance for every MS
and ship of the catalog, as text, JSON and one PDF page (the command: ``commands.py``).

The maths is the rules core's (``rules/matrix.py``); this module names the units, lays the
matrix out in 80 columns (units as U1…, named in a key) and as the page's plain data.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from builder.core.i18n import Labels, Lang, part_name
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
    return f"{p * 100:.0f}%" if p == 0 or p >= 0.005 else "<1%"


def _blocks(cells: list[MatrixCell]) -> list[tuple[int, bool]]:
    return list(dict.fromkeys((c.near, c.evade) for c in cells))


def _cell(cells: list[MatrixCell], a: str, t: str, near: int, evade: bool) -> MatrixCell | None:
    return next(
        (c for c in cells if (c.attacker, c.target, c.near, c.evade) == (a, t, near, evade)), None
    )


def matrix_text(cells: list[MatrixCell], catalog: ArtifactCatalog, lang: Lang = "en") -> str:
    from builder.systems.artifact.derive import all_units, find_weapon

    units = list(all_units(catalog).values())
    tag = {u.id: f"U{i + 1}" for i, u in enumerate(units)}
    lines = [_wrap(LABELS.t("title", lang, catalog=catalog.info.name)), ""]
    for near, evade in sorted(_blocks(cells), key=lambda b: (b[1], b[0])):
        head = LABELS.t(
            "block",
            lang,
            modifier=f"-{near}" if near else "0",
            evade=LABELS.t("evade_on" if evade else "evade_off", lang),
        )
        rows = []
        for a in units:
            row = [_cut(f"{tag[a.id]} {part_name(a, lang)}", LABEL_COLUMNS)]
            for t in units:
                c = _cell(cells, a.id, t.id, near, evade)
                row.append("—" if c is None else f"{c.expected_damage:.1f} {_pct(c.p_kill):>4}")
            rows.append(row)
        heads = [_cut(f"{LABELS.t('attacker', lang)}\\{LABELS.t('target', lang)}", LABEL_COLUMNS)]
        lines += [
            head,
            table([heads[0], *(tag[u.id] for u in units)], rows, right=range(1, len(units) + 1)),
            "",
        ]
    rows = []
    for a in units:
        row = [_cut(f"{tag[a.id]} {part_name(a, lang)}", LABEL_COLUMNS)]
        for t in units:
            c = _cell(cells, a.id, t.id, 0, False)
            w = None if c is None else find_weapon(a, c.weapon)
            row.append("—" if w is None else _cut(part_name(w, lang), 9))
        rows.append(row)
    lines += [
        LABELS.t("weapon_title", lang),
        table([LABELS.t("attacker", lang), *(tag[u.id] for u in units)], rows),
        "",
    ]
    lines.append(LABELS.t("key", lang))
    for u in units:
        lines.append(
            f"  {tag[u.id]} {part_name(u, lang)} ({u.id}, {LABELS.t(_kind(u), lang)}, HP {u.hp})"
        )
    lines += ["", _wrap(LABELS.t("cell", lang) + "; " + LABELS.t("no_evade", lang))]
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


def dominated_units(
    cells: list[MatrixCell], catalog: ArtifactCatalog
) -> dict[str, tuple[str, ...]]:
    """The report's finding: each type another of its kind dominates (``rules/dominance.py``)."""
    from builder.systems.artifact.derive import all_units, unit_stats
    from builder.systems.artifact.rules.dominance import dominated_types

    return dominated_types([unit_stats(u) for u in all_units(catalog).values()], cells)


LABEL_COLUMNS = 12  # the attacker column: six unit columns of 9 beside it fit 80 columns


def _cut(text: str, width: int) -> str:
    """``text`` in at most ``width`` terminal columns (wide characters count two), … if cut."""
    from builder.core.text_table import columns

    if columns(text) <= width:
        return text
    while columns(text + "…") > width:
        text = text[:-1]
    return text.rstrip() + "…"


def _wrap(line: str) -> str:
    import textwrap

    from builder.core.text_table import columns

    if columns(line) <= 80:
        return line
    if columns(line) == len(line):
        return "\n".join(textwrap.wrap(line, 80))
    out, cur = [], ""
    for ch in line:
        if columns(cur + ch) > 80:
            out.append(cur)
            cur = ""
        cur += ch
    return "\n".join([*out, cur])


def matrix_context(
    cells: list[MatrixCell], catalog: ArtifactCatalog, lang: Lang, paper: str
) -> dict[str, Any]:
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
        "heading": LABELS.t("title", lang, catalog=catalog.info.name),
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
