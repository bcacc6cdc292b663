"""What ``laminim cards`` prints for a crew: character cards and a one-page odds reference.

Plain-data contexts for ``templates/soh/*.html`` (which extend ``templates/common/base.html``).
Every number comes from the rules core; the templates only lay it out.
"""

from __future__ import annotations

from typing import Any

from builder.core.i18n import Labels, Lang, part_name
from builder.render.fit import fit
from builder.render.layout import (
    PAPERS,
    PRINTER_MARGIN,
    Grid,
    check_choices,
    make_grid,
    place_on_pages,
    sheet_context,
)
from builder.render.measure import PT_MM, box_piece, count_lines, pieces, text_em
from builder.systems.base import PrintOptions, Printout
from builder.systems.soh.derive import Derived, WeaponLine, derive_all
from builder.systems.soh.models import Catalog, Crew
from builder.systems.soh.print_fit import (
    CELL_X_MM,
    SIZES,
    TABLE_SLACK_MM,
    WRITE_BOXES_MM,
    CardSize,
    fit_name,
    name_pieces,
    number_columns_mm,
    split_rows,
    spread_columns,
    weapon_name,
)

CARD_SIZES: dict[str, tuple[float, float]] = {k: (s.width, s.height) for k, s in SIZES.items()}
"""Card sizes in mm (width, height), portrait."""

WOUND_BOXES = 20
"""Tick boxes on the wound track. The seed raises a 'wound level' by each hit's wounds and gives
no maximum in the combat chapter; twenty boxes (two rows) leave room for a bad round."""

REFERENCE_ATTACK_DICE = (1, 2, 3, 4)
REFERENCE_EVASION_DICE = (0, 1, 2, 3, 4)
REFERENCE_DIFFERENCES = tuple(range(-5, 11))

LABELS = Labels.load(__file__, "print_labels.yaml")


labels_for = LABELS.in_lang
"""Every label in ``lang`` as a plain dict for a template context."""


def _document(
    kind: str, lang: Lang, paper: str, grid: Grid, items: list[dict[str, Any]], title: str
) -> dict[str, Any]:
    pages = place_on_pages(grid, items)
    return sheet_context("soh", kind, lang, paper, grid, pages, labels_for(lang), title)


def _title_reserve(size: CardSize, tag: str | None) -> float:
    """Room the leader or continuation tag takes beside the name (cards.css ``.tag``)."""
    if tag is None:
        return 0.0
    return (0.35 + text_em(tag)) * size.tag_pt * PT_MM + 2.0


def _weapon(w: WeaponLine, lang: Lang) -> dict[str, Any]:
    return {
        "name": part_name(w.weapon, lang),
        "skill": w.weapon.skill,
        "hit": str(w.hit),
        "type": w.weapon.type,
        "damage": str(w.weapon.damage),
        "ammo": "∞" if w.weapon.ammo is None else str(w.weapon.ammo),
        "rate": "–" if w.weapon.rate is None else str(w.weapon.rate),
    }


def character_cards(d: Derived, crew: Crew, lang: Lang, size_name: str) -> list[dict[str, Any]]:
    """The card of one character, and continuation cards for the weapons that do not fit.

    Gear and weapon names come as unbreakable pieces sized to their boxes
    (:mod:`builder.systems.soh.print_fit`), so a name never breaks inside a word.
    """
    size = SIZES[size_name]
    labels = labels_for(lang)
    ch = d.character
    name = ch.name_ja if lang == "ja" and ch.name_ja else ch.name
    leader = f"★ {labels['leader']}" if ch.leader else None
    title = fit(name, size.inner - _title_reserve(size, leader), size.name_pt, 7.0)
    crew_line = fit(f"{labels['crew']}: {crew.name}", size.inner, size.crew_pt, 6.0)
    gear = fit_name(part_name(d.gear, lang), size.inner, size.body_pt) if d.gear else None
    gear_lines = 1
    if gear is not None and d.gear is not None:
        line = pieces(size.body_pt, f"{labels['gear']}: ", bold=True) + name_pieces(gear)
        line += pieces(size.body_pt, f" ({d.gear.kind})")
        gear_lines = count_lines(line, size.inner, lang)

    weapons = [_weapon(w, lang) for w in d.weapons]
    keys = ("hit", "type", "damage", "ammo", "rate")
    columns = number_columns_mm(
        size, lang, [labels[k] for k in keys], [[w[k] for w in weapons] for k in keys]
    )
    # the name column has what the number columns leave, less its padding
    name_w = size.inner - sum(columns) - CELL_X_MM - TABLE_SLACK_MM
    names = [(w["name"], w["skill"]) for w in weapons]
    columns = spread_columns(size, lang, columns, names, labels["weapon"])
    rows = []
    for w in weapons:
        fitted = weapon_name(size, lang, w["name"], w["skill"], name_w)
        w |= {"words": fitted.name.words, "pt": fitted.name.size, "split": fitted.name.split}
        w["wide"] = fitted.wide
        rows.append(fitted.height)
    plan = [*pieces(size.body_pt, f"{labels['round_plan']}: "), box_piece(WRITE_BOXES_MM[0])]
    plan += [*pieces(size.body_pt, " / "), box_piece(WRITE_BOXES_MM[1])]
    plan_lines = count_lines(plan, size.inner, lang)
    rules_lines = count_lines(pieces(size.rules_pt, labels["rules_line"]), size.inner, lang)
    first_room = size.height - size.card_mm(gear_lines, plan_lines, rules_lines)
    counts = split_rows(rows, first_room, size.height - size.continuation_mm())

    card: dict[str, Any] = {
        "continued": False,
        "name": title.text,
        "name_pt": title.size,
        "crew": crew_line.text,
        "crew_pt": crew_line.size,
        "tag": leader,
        "abilities": [
            ("intellect", ch.intellect),
            ("agility", ch.agility),
            ("dexterity", ch.dexterity),
            ("strength", ch.strength),
            ("size", ch.size),
        ],
        "ap": d.ap,
        "ap_raw": ch.ap,
        "gear": None if gear is None else {"words": gear.words, "pt": gear.size},
        "gear_split": gear is not None and gear.split,
        "gear_kind": d.gear.kind if d.gear else None,
        "evasion": d.evasion,
        "evasion_skill": d.evasion_skill,
        "durability_a": d.durability_a,
        "durability_b": d.durability_b,
        "columns": columns,
        "weapons": weapons[: counts[0]],
        "wound_rows": [10] * (WOUND_BOXES // 10),
    }
    cards = [card]
    start = counts[0]
    tag = f"({labels['continued']})"
    cont_title = fit(name, size.inner - _title_reserve(size, tag), size.name_pt, 7.0)
    for n in counts[1:]:
        cards.append(
            card
            | {
                "continued": True,
                "name": cont_title.text,
                "name_pt": cont_title.size,
                "tag": tag,
                "weapons": weapons[start : start + n],
            }
        )
        start += n
    return cards


def cards_context(
    crew: Crew, catalog: Catalog, *, lang: Lang, paper: str, size: str
) -> dict[str, Any]:
    card = CARD_SIZES[size]
    grid = make_grid(paper, *card)
    items = [
        c
        for d in derive_all(crew.characters, catalog)
        for c in character_cards(d, crew, lang, size)
    ]
    title = f"{crew.name} — {labels_for(lang)['doc_cards']}"
    context = _document("cards", lang, paper, grid, items, title)
    context["card_size"] = size
    return context


def reference_tables() -> dict[str, Any]:
    """P(hit) and the expected multiplier for every dice pair and value difference."""
    from builder.systems.soh.rules import odds

    rows = []
    for a in REFERENCE_ATTACK_DICE:
        for e in REFERENCE_EVASION_DICE:
            hit, mult = [], []
            for diff in REFERENCE_DIFFERENCES:
                r = odds(diff, a, 0, e, 1, 1)
                hit.append(r.p_hit)
                mult.append(sum(k * p for k, p in enumerate(r.multiplier)))
            rows.append({"attack": a, "evasion": e, "p_hit": hit, "mean": mult})
    return {"differences": list(REFERENCE_DIFFERENCES), "rows": rows}


def percent_cell(p: float) -> str:
    """A P(hit) cell: whole percent, never rounding a possible event to 0 or a miss to 100."""
    if p <= 0.0:
        return "0"
    if p < 0.005:
        return "<1"
    if p >= 1.0:
        return "100"
    if p > 0.995:
        return ">99"
    return f"{p * 100:.0f}"


def reference_context(*, lang: Lang, paper: str) -> dict[str, Any]:
    page_w, page_h = PAPERS[paper]
    margin = PRINTER_MARGIN + 2
    grid = Grid(page_w, page_h, page_w - 2 * margin, page_h - 2 * margin - 6, 0.0, 1, 1)
    tables = reference_tables()
    for row in tables["rows"]:
        row["hit_cells"] = [percent_cell(p) for p in row["p_hit"]]
        row["mean_cells"] = [f"{m:.2f}" for m in row["mean"]]
    labels = labels_for(lang)
    context = _document("reference", lang, paper, grid, [tables], labels["ref_title"])
    for page in context["pages"]:
        page["marks"] = []
    return context


def printouts(crew: Crew, catalog: Catalog, options: PrintOptions) -> list[Printout]:
    size = check_choices(options.paper, options.lang, options.card_size, CARD_SIZES)
    return [
        Printout(
            "cards",
            "soh/cards.html",
            cards_context(crew, catalog, lang=options.lang, paper=options.paper, size=size),
        ),
        Printout(
            "reference",
            "soh/reference.html",
            reference_context(lang=options.lang, paper=options.paper),
        ),
    ]
