"""What ``laminim cards`` prints for a crew: character cards and a one-page odds reference.

Plain-data contexts for ``templates/soh/*.html`` (which extend ``templates/common/base.html``).
Every number comes from the rules core; the templates only lay it out.
"""

from __future__ import annotations

from typing import Any

from builder.core.i18n import Labels, Lang, part_name, shown_name
from builder.render.backs import card_back, deck_context
from builder.render.layout import (
    PAPERS,
    PRINTER_MARGIN,
    Grid,
    card_grid,
    check_choices,
    place_on_pages,
    sheet_context,
)
from builder.render.measure import PT_MM, count_lines, font_em, inline_box, pieces, text_em
from builder.systems.base import PrintOptions, Printout
from builder.systems.soh.derive import Derived, WeaponLine, derive_all
from builder.systems.soh.models import Catalog, Crew
from builder.systems.soh.print_fit import (
    AMMO_TRACK_MAX,
    BLOCKS,
    CELL_X_MM,
    FLOOR_PT,
    FOOT_BLOCKS,
    SIZES,
    TABLE_SLACK_MM,
    WRITE_BOXES_MM,
    CardSize,
    ammo_label_mm,
    ammo_mm,
    ammo_per_row,
    ammo_stacked,
    balance_rows,
    fit_line,
    fit_name,
    fit_title,
    name_pieces,
    number_columns_mm,
    split_rows,
    spread_columns,
    spread_gap,
    title_break,
    weapon_name,
)
from builder.systems.soh.rules.play import WOUND_TRACK

CARD_SIZES: dict[str, tuple[float, float]] = {k: (s.width, s.height) for k, s in SIZES.items()}
"""Card sizes in mm (width, height), portrait."""

WOUND_BOXES = WOUND_TRACK
"""Tick boxes on the wound track. The seed raises a 'wound level' by each hit's wounds and gives
no maximum in the combat chapter; twenty boxes (two rows) leave room for a bad round, and a
battle record puts a character out of play where they end (D23)."""

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


def _title_reserve(size: CardSize, tag: str | None, lang: Lang) -> float:
    """Room the leader or continuation tag takes beside the name (cards.css ``.tag``): the
    wider of the estimate and the printed font's own widths (the Japanese font's ★ is full
    width, and a tag measured short was cut at the card's edge)."""
    if tag is None:
        return 0.0
    em = max(text_em(tag), font_em(tag, lang))
    return (0.35 + em) * size.tag_pt * PT_MM + 2.0


def skill_name(skill: str, lang: Lang) -> str:
    """A skill in words (``guns`` → 射撃); a skill the crew file invents, as it is written."""
    key = f"skill_{skill}"
    return LABELS.t(key, lang) if key in LABELS else skill


def kind_name(kind: str, lang: Lang) -> str:
    """A gear kind in words (``powered-suit`` → パワードスーツ)."""
    key = f"kind_{kind}"
    return LABELS.t(key, lang) if key in LABELS else kind


NUMBERS = ("hit", "type", "damage", "rate")
"""The weapon table's number columns, in order (their heads are the labels of these keys)."""

KEY_NUMBERS = (True, False, True, True)
"""Which of them are read in play and print bold at the key size (the type is a letter)."""


def _weapon(w: WeaponLine, lang: Lang) -> dict[str, Any]:
    """One weapon's row. Its skill comes in brackets, as the evasion skill does: printed bare
    after the name, 「リボルバー 射撃」 read as one weapon's name, and on a row of its own (a
    name too long for its column) as another weapon."""
    ammo = w.weapon.ammo
    return {
        "name": part_name(w.weapon, lang),
        "skill": f"({skill_name(w.weapon.skill, lang)})",
        "hit": str(w.hit),
        "type": w.weapon.type,
        "damage": str(w.weapon.damage),
        "rate": "–" if w.weapon.rate is None else str(w.weapon.rate),
        "ammo": ammo,
        "ammo_label": "" if ammo is None else LABELS.t("ammo", lang, n=ammo),
        "reload": "" if ammo is None else LABELS.t("reload", lang, ap=w.weapon.reload_ap),
        "ammo_write": ammo is not None and ammo > AMMO_TRACK_MAX,
    }


def _ammo_layout(
    size: CardSize, lang: Lang, weapons: list[dict[str, Any]]
) -> tuple[float, int, bool]:
    """The ammo label column, how many boxes an ammo row holds and whether the label goes on
    a line above the boxes (``print_fit.ammo_stacked``: no column), alike for a whole card."""
    magazines = [w["ammo_label"] for w in weapons if w["ammo_label"]]
    reloads = [w["reload"] for w in weapons if w["reload"]]
    label = ammo_label_mm(size, lang, magazines, reloads)
    if ammo_stacked(size, label):
        return 0.0, ammo_per_row(size, 0.0), True
    return label, ammo_per_row(size, label), False


def _ammo_rows(ammo: int | None, per_row: int) -> list[int]:
    """An ammo track's rows of boxes (none for no ammo, or a magazine too large to tick)."""
    if ammo is None or ammo > AMMO_TRACK_MAX:
        return []
    full, rest = divmod(ammo, per_row)
    return [per_row] * full + ([rest] if rest else [])


def _name_floor(size: CardSize) -> float:
    """The least size a long name shrinks to: above the crew line under it, so a cut name
    still reads as the card's heading, not as a line that runs on into the crew's."""
    return max(7.0, size.crew_pt + 0.5)


TABLE_BORDER_MM = 0.2
"""A table's outer border: what a weapon in a table of its own adds to a card's height."""


def character_cards(
    d: Derived, crew: Crew, lang: Lang, size_name: str, scale: CardSize | None = None
) -> list[dict[str, Any]]:
    """The card of one character, and continuation cards for the weapons that do not fit, at
    the deck's ``scale`` (by default the card size's smallest).

    Gear and weapon names come as unbreakable pieces sized to their boxes
    (:mod:`builder.systems.soh.print_fit`), so a name never breaks inside a word.
    """
    size = SIZES[size_name] if scale is None else scale
    labels = labels_for(lang)
    ch = d.character
    name = ch.name_ja if lang == "ja" and ch.name_ja else ch.name
    leader = f"★ {labels['leader']}" if ch.leader else None
    title = fit_title(size, lang, name, _title_reserve(size, leader, lang), _name_floor(size))
    tag = f"({labels['continued']})"
    cont_title = fit_title(size, lang, name, _title_reserve(size, tag, lang), _name_floor(size))
    crew_name = shown_name(crew, lang)
    crew_line = fit_line(f"{labels['crew']}: {crew_name}", size.text_mm, size.crew_pt, FLOOR_PT)
    gear = fit_name(part_name(d.gear, lang), size.inner, size.body_pt) if d.gear else None
    gear_kind = kind_name(d.gear.kind, lang) if d.gear else None
    gear_lines = 1
    if gear is not None:
        line = pieces(size.body_pt, f"{labels['gear']}: ", bold=True) + name_pieces(gear)
        line += pieces(size.body_pt, f"({gear_kind})", whole=True)
        gear_lines = count_lines(line, size.text_mm, lang)

    weapons = [_weapon(w, lang) for w in d.weapons]
    columns = number_columns_mm(
        size,
        lang,
        [labels[k] for k in NUMBERS],
        [[w[k] for w in weapons] for k in NUMBERS],
        KEY_NUMBERS,
    )
    # the name column has what the number columns leave, less its padding
    name_w = size.inner - sum(columns) - CELL_X_MM - TABLE_SLACK_MM
    names = [(w["name"], w["skill"]) for w in weapons]
    columns = spread_columns(size, lang, columns, names, labels["weapon"])
    ammo_label, per_row, stacked = _ammo_layout(size, lang, weapons)
    rows = []
    for w in weapons:
        fitted = weapon_name(size, lang, w["name"], w["skill"], name_w)
        w |= {"words": fitted.name.words, "pt": fitted.name.size, "split": fitted.name.split}
        w["wide"] = fitted.wide
        w["ammo_rows"] = _ammo_rows(w["ammo"], per_row)
        rows.append(fitted.height + ammo_mm(size, w["ammo"], per_row, stacked))
    plan = [
        *pieces(size.body_pt, f"{labels['round_plan']}: "),
        *inline_box(size.body_pt, labels["plan_evasion"], WRITE_BOXES_MM[0] + 1.0),
        *inline_box(size.body_pt, labels["plan_attack"], WRITE_BOXES_MM[1] + 1.0),
    ]
    plan_lines = count_lines(plan, size.text_mm, lang)
    # the reminder's lines counted in 85 % of the width (75 % in Japanese): a paragraph of signs
    # (÷, ×, −) it printed a line more than the estimate, under the card's cut
    rules_lines = count_lines(
        pieces(size.rules_pt, labels["rules_line"]),
        (0.85 if lang == "en" else 0.75) * size.text_mm,
        lang,
    )
    # every card of a character carries the wound rules (a player reads them on the card in
    # hand): a continuation card too, so a weapon moves on before the reminder ever gives way
    rules_mm = rules_lines * size.line(size.rules_pt) + size.gap
    room_next = size.height - size.continuation_mm(cont_title) - rules_mm
    bare_foot = size.foot_mm(plan_lines, 0)  # the foot without the rules (on every card)

    fixed = size.card_mm(gear_lines, plan_lines, rules_lines, title)
    counts = split_rows(rows, size.height - fixed, room_next)
    rules, foot_moved = True, False
    if len(counts) == 1 and sum(rows) > size.height - fixed:
        # one card too full for its foot and its rows (a single weapon cannot move on): the
        # foot (wounds, round plan) goes on a card of its own, the rules stay on both
        fixed, foot_moved, counts = fixed - bare_foot, True, [len(rows), 0]
    elif (
        len(counts) > 1 and len(rows) > 1
    ):  # the foot goes to the last card, which would be nearly empty
        fixed, foot_moved = fixed - bare_foot, True
        counts = split_rows(rows, size.height - fixed, room_next - bare_foot)
        if len(counts) == 1:  # all weapons fit without the foot: the last one goes with it
            counts = [len(rows) - 1, 1]
        # the greedy count kept room for the foot on every continuation card, not only the
        # last: the fewest cards that hold the rows (a continuation card only when needed)
        for k in range(2, len(counts) + 1):
            rooms = [size.height - fixed, *[room_next] * (k - 2), room_next - bare_foot]
            per_card = [BLOCKS - FOOT_BLOCKS + 1, *[3] * (k - 2), 2 + FOOT_BLOCKS]
            if balanced := balance_rows(rows, rooms, per_card, size):
                counts = balanced
                break

    style = {
        "body": size.body_pt,
        "th": size.th_pt,
        "small": size.small_pt,
        "tag": size.tag_pt,
        "rules": size.rules_pt,
        "key": size.key_pt,
        "pad_x": size.pad_x,
        "pad_y": size.pad_y,
        "ammo_box": size.ammo_box,
        "ammo_label": ammo_label,
        "ammo_stacked": stacked,
        "tick_row": size.tick_row,
    }
    first_rows = sum(rows[: counts[0]])
    first_blocks = BLOCKS - FOOT_BLOCKS + 1 if foot_moved else BLOCKS
    card: dict[str, Any] = {
        "continued": False,
        "name": title.words,
        "name_pt": title.size,
        "name_lines": title.lines,
        "name_break": title_break(size, lang, title),
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
        "gear_kind": gear_kind,
        "evasion": d.evasion,
        "evasion_skill": skill_name(d.evasion_skill, lang),
        "durability_a": d.durability_a,
        "durability_b": d.durability_b,
        "columns": columns,
        "weapons": weapons[: counts[0]],
        "wound_rows": [10] * (WOUND_BOXES // 10),
        "rules": rules,
        "foot": not foot_moved,
        "derived": True,
        "style": style | {"gap": spread_gap(size, fixed + first_rows, first_blocks)},
    }
    cards = [card]
    start = counts[0]
    for i, n in enumerate(counts[1:], start=2):
        last = i == len(counts)
        used = size.continuation_mm(cont_title) + sum(rows[start : start + n]) + rules_mm
        if last:
            used += bare_foot
        # each weapon of a continuation card is a table of its own (cards.html), a block the
        # card's spare room goes between: two weapons under a gap of a tenth of the card each
        # left a fifth of it blank under the rules
        blocks = 3 + max(0, n - 1) + (FOOT_BLOCKS - 1 if last else 0)
        used += TABLE_BORDER_MM * max(0, n - 1)
        # a card of the foot alone (its one weapon filled the first card) repeats the evasion
        # and durability: the wounds are worked out from them, and the card is not left a
        # third blank under its rules
        derived = n == 0
        if derived:
            used += size.derived_mm() - size._th_row()
        cards.append(
            card
            | {
                "continued": True,
                "name": cont_title.words,
                "name_pt": cont_title.size,
                "name_lines": cont_title.lines,
                "name_break": title_break(size, lang, cont_title),
                "tag": tag,
                "weapons": weapons[start : start + n],
                "foot": last,
                "derived": derived,
                "style": style | {"gap": spread_gap(size, used, blocks)},
            }
        )
        start += n
    return cards


def deck_scale(crew: Crew, catalog: Catalog, lang: Lang, size_name: str) -> CardSize:
    """The largest type on the size's ladder at which the crew needs no more cards, leaves
    out the rules reminder on no more, and stacks its ammo tracks in no more rows, than at the
    smallest: one scale for every card of the PDF. (A wider ammo label at a larger size left a
    row room for five boxes, not ten: "Ammo 30" printed as a tower of six rows.)"""
    base = SIZES[size_name]
    derived = derive_all(crew.characters, catalog)

    def count(size: CardSize) -> tuple[int, int, int]:
        """Cards, cards that leave out the rules reminder, and rows of ammo boxes."""
        cards = [c for d in derived for c in character_cards(d, crew, lang, size_name, size)]
        return (
            len(cards),
            sum(1 for c in cards if c["foot"] and not c["rules"]),
            sum(len(w["ammo_rows"]) for c in cards for w in c["weapons"]),
        )

    least = count(base)
    for body in base.ladder:
        size = base.at(body)
        if all(n <= m for n, m in zip(count(size), least, strict=True)):
            return size
    return base


def character_back(name: str, continued: bool, crew: Crew, options: PrintOptions) -> dict[str, Any]:
    """A character card's back: the name and an ID box, the crew, the hit and wound rules."""
    lang = options.lang
    labels = labels_for(lang)
    return card_back(
        name=f"{name} ({labels['continued']})" if continued else name,
        team=shown_name(crew, lang),
        team_word=labels["crew"],
        kind=labels["doc_cards"],
        reminder=[labels["rules_line"]],
        catalog=options.catalog,
        qr=options.share,
        lang=lang,
        card_mm=CARD_SIZES[options.card_size or "large"],
    )


def cards_context(crew: Crew, catalog: Catalog, options: PrintOptions) -> dict[str, Any]:
    lang, size = options.lang, options.card_size or "large"
    scale = deck_scale(crew, catalog, lang, size)
    items: list[dict[str, Any]] = []
    backs: list[dict[str, Any]] = []
    for d in derive_all(crew.characters, catalog):
        ch = d.character
        name = ch.name_ja if lang == "ja" and ch.name_ja else ch.name
        for c in character_cards(d, crew, lang, size, scale):
            items.append(c)
            if options.sheet.backs != "none":
                backs.append(character_back(name, c["continued"], crew, options))
    title = f"{shown_name(crew, lang)} — {labels_for(lang)['doc_cards']}"
    return crew_deck(title, items, backs, options)


def crew_deck(
    title: str, items: list[dict[str, Any]], backs: list[dict[str, Any]], options: PrintOptions
) -> dict[str, Any]:
    """The cards laid out as a crew's deck: the cut margin and gutter, the backs
    ``options.sheet`` asks for."""
    lang, paper, size = options.lang, options.paper, options.card_size or "large"
    grid = card_grid(paper, *CARD_SIZES[size], options.sheet)
    labels = labels_for(lang)
    context = deck_context("soh", lang, paper, grid, items, backs or None, options, labels, title)
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
    check_choices(options.paper, options.lang, options.card_size, CARD_SIZES)
    return [
        Printout("cards", "soh/cards.html", cards_context(crew, catalog, options)),
        Printout(
            "reference",
            "soh/reference.html",
            reference_context(lang=options.lang, paper=options.paper),
        ),
    ]
