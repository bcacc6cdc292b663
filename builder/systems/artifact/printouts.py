"""Plain-data template contexts for artifact cards, battleship markers and the range ruler.

Templates see only dicts, lists, strings and numbers: hit chances are computed here by the
rules core, the templates only lay them out.
"""

from __future__ import annotations

from typing import Any

from builder.core.i18n import Labels, Lang, part_name, shown_name
from builder.render.backs import card_back, deck_context
from builder.render.fit import fit, fit_words
from builder.render.layout import (
    PAPERS,
    card_grid,
    check_choices,
)
from builder.render.measure import PT_MM, segments
from builder.systems.artifact.card_name import fit_name as fit_title
from builder.systems.artifact.derive import Unit, all_units
from builder.systems.artifact.models import ArtifactCatalog, ForceFile, MobileSuit, Ship, Weapon
from builder.systems.artifact.print_fit import (
    FACES,
    NAME_SPAN,
    CardText,
    Part,
    Scale,
    card_parts,
    deck_scale,
    fit_name,
    move_mm,
    name_span_mm,
    part_text,
    spread,
    spread_columns,
    track_layout,
    weapon_name_pt,
    wide_name,
)
from builder.systems.artifact.print_fit import whole as whole_part
from builder.systems.artifact.print_labels import LABELS, labels_for
from builder.systems.artifact.text import MODIFIERS
from builder.systems.base import PrintOptions, Printout

CARD_SIZES: dict[str, tuple[float, float]] = {k: (f.width, f.height) for k, f in FACES.items()}
"""Card sizes in mm, as LAMINIM's (poker: nine a page; large: the L photo size, four a page)."""

SHEET_LABELS = Labels.load(__file__, "sheet_labels.yaml")

MARKER_DIAMETER = 70.0
"""The battleship marker: a 70 mm disc (the seed sets no size; it is bigger than an MS base and
leaves room for a model ship on top)."""

MARKER_NAME = (44.0, 12.0)
"""The ship's name on its marker: width (mm) and largest size (pt); a long name takes two
lines (:mod:`card_name`) rather than be cut to one at 7 pt."""

MARKER_NAME_FOOT = 34.1
"""Where the name's last line ends on the marker, mm from its top (above the type line)."""
RULER_CM = 20
"""The ruler covers the longest range in the catalog (20 cm: funnels, main guns, missiles)."""

Context = dict[str, Any]


def box_groups(count: int, per_row: int = 10) -> list[list[int]]:
    """Tick boxes for ``count`` points as rows of groups of five: 12 → [[5, 5], [2]]."""
    rows = []
    left = count
    while left > 0:
        row_n = min(per_row, left)
        rows.append([min(5, row_n - g) for g in range(0, row_n, 5)])
        left -= row_n
    return rows


def hit_chances(weapon: Weapon, kind: str) -> list[str]:
    """Per-die hit chance at the D10 modifiers 0 / −1 / −2, as the rules core computes it."""
    from builder.systems.artifact.rules import p_success

    need = weapon.to_hit_ms if kind == "ms" else weapon.to_hit_ship
    return [f"{100 * float(p_success(need, m)):.0f}" for m in MODIFIERS]


def _weapon(w: Weapon, lang: Lang, labels: dict[str, str]) -> dict[str, Any]:
    return {
        "name": part_name(w, lang),
        "name_words": segments(part_name(w, lang)),
        "range": f"{w.range}{labels['cm']}",
        "attacks": str(w.attacks),
        "to_hit_ms": f"{w.to_hit_ms}+",
        "to_hit_ship": f"{w.to_hit_ship}+",
        "damage": str(w.damage),
        "chance_ms": "/".join(hit_chances(w, "ms")),
        "chance_ship": "/".join(hit_chances(w, "ship")),
    }


NUMBERS = ("range", "attacks", "to_hit_ms", "to_hit_ship", "damage")
"""The weapon table's columns, in order (their heads are the labels of these keys)."""

CHANCES = {"to_hit_ms": "chance_ms", "to_hit_ship": "chance_ship"}
"""The columns that print the hit chances under their number."""


def head_words(label: str, lang: Lang) -> list[str]:
    """A column head in the pieces it may break between (``|`` in the label marks them: a
    space in English, nothing in Japanese)."""
    parts = label.split("|")
    glue = " " if lang == "en" else ""
    return [p + glue for p in parts[:-1]] + parts[-1:]


def _rules(kind: str, labels: dict[str, str]) -> list[str]:
    return [labels["actions"], labels["evade_rule"]] if kind == "ms" else [labels["ship_rules"]]


def _tracks(unit: Unit, labels: dict[str, str]) -> list[tuple[str, int]]:
    """The card's tick-box tracks: HP, then P (an MS) or the MS aboard (a ship)."""
    if isinstance(unit, MobileSuit):
        return [(labels["hp"], unit.hp), (labels["propellant"], unit.propellant)]
    assert isinstance(unit, Ship)
    return [(labels["hp"], unit.hp), (labels["capacity"], unit.capacity)]


def _text(name: str, unit: Unit, lang: Lang) -> CardText:
    """The card's text as :mod:`print_fit` measures it."""
    labels = labels_for(lang)
    kind = "ms" if isinstance(unit, MobileSuit) else "ship"
    weapons = [_weapon(w, lang, labels) for w in unit.weapons]
    return CardText(
        name=name,
        tracks=_tracks(unit, labels),
        heads=[head_words(labels[k], lang) for k in NUMBERS],
        weapons=[w["name"] for w in weapons],
        numbers=[[w[k] for k in NUMBERS] for w in weapons],
        chances=[[w[CHANCES[k]] if k in CHANCES else "" for k in NUMBERS] for w in weapons],
        legend=labels["hit_legend"],
        rules=_rules(kind, labels),
    )


def unit_card(
    name: str,
    unit: Unit,
    force: str,
    lang: Lang,
    size: str,
    scale: Scale | None = None,
    part: Part | None = None,
) -> dict[str, Any]:
    """One card of a unit at the deck's ``scale`` (by default the scale this card alone fits):
    the weapons and tracks ``part`` of :func:`card_parts`, all of them by default; a
    continuation card says so after the name."""
    face = FACES[size]
    labels = labels_for(lang)
    whole = _text(name, unit, lang)
    if scale is None:
        scale = deck_scale(face, lang, [whole])
    part = part or whole_part(whole)
    start, stop = part.start, part.stop
    text = part_text(whole, part)
    if start > 0:
        name = f"{name} ({labels['continued']})"
    title = fit_name(name, face, scale, lang)
    fill = spread(face, scale, lang, text)
    layout = track_layout(face, scale, lang, text.tracks)
    columns = spread_columns(face, scale, lang, text)
    weapons = [_weapon(w, lang, labels) for w in unit.weapons[start:stop]]
    for w in weapons:
        w["wide"] = wide_name(w["name"], columns, scale, lang)
        span = face.inner if w["wide"] else name_span_mm(columns)
        if w["wide"]:
            w["name_pt"] = fit_words(w["name"], span, scale.body, min(scale.body, 6.5)).size
        else:
            w["name_pt"] = weapon_name_pt(w["name"], columns, scale)
        fitted = fit_words(w["name"], span, w["name_pt"], w["name_pt"])
        w["name_split"] = fitted.words != w["name_words"]
    kind = "ms" if isinstance(unit, MobileSuit) else "ship"
    type_line = LABELS.t("type_line", lang, type=part_name(unit, lang), kind=labels[kind])
    force_line = LABELS.t("force_line", lang, force=force)
    return {
        "kind": kind,
        "name": title.text,
        "name_rows": list(title.rows),
        "name_pt": title.pt,
        "name_lines": title.lines,
        "type": part_name(unit, lang),
        "type_line": fit(type_line, face.inner - move_mm(scale) - 1.0, scale.body, scale.body).text,
        "force": force,
        "force_line": fit(force_line, face.inner - 1.0, scale.body, scale.body).text,
        "move": f"{unit.move}{labels['cm']}",
        "tracks": [
            {
                "label": word,
                "label_pt": pt,
                "count": count,
                "rows": box_groups(count, layout.per_row),
            }
            for (word, count), pt in zip(text.tracks, layout.word_pts, strict=True)
        ],
        "weapons": weapons,
        "heads": text.heads,
        "name_span": NAME_SPAN,
        "columns": columns,
        "rules": list(fill.rules),
        "style": {
            "body": scale.body,
            "key": scale.key,
            "gap": fill.gap_mm,
            "box": face.box_mm,
            "label": layout.label_mm,
            "pad_x": face.pad_x,
            "pad_y": face.pad_y,
        },
    }


def members(
    force: ForceFile, catalog: ArtifactCatalog, lang: Lang = "en"
) -> list[tuple[str, Unit]]:
    """The ship then the MS, those found in the catalog (a forced illegal force may lack some),
    each under the name a player reads in ``lang`` (its ``name_ja`` under Japanese)."""
    units = all_units(catalog)
    out = []
    for name, type_id in [(shown_name(force.ship, lang), force.ship.type)] + [
        (shown_name(u, lang), u.type) for u in force.units
    ]:
        if type_id in units:
            out.append((name, units[type_id]))
    return out


def unit_back(
    name: str, unit: Unit, part: Part, force: str, options: PrintOptions
) -> dict[str, Any]:
    """A unit card's back: the name and an ID box, the force, the kind's rules reminder."""
    lang = options.lang
    labels = labels_for(lang)
    kind = "ms" if isinstance(unit, MobileSuit) else "ship"
    return card_back(
        name=f"{name} ({labels['continued']})" if part[0] > 0 else name,
        team=force,
        team_word=labels["force"],
        kind=LABELS.t("type_line", lang, type=part_name(unit, lang), kind=labels[kind]),
        reminder=_rules(kind, labels),
        catalog=options.catalog,
        qr=options.share,
        lang=lang,
        card_mm=CARD_SIZES[options.card_size or "poker"],
    )


def cards_context(force: ForceFile, catalog: ArtifactCatalog, options: PrintOptions) -> Context:
    """Every unit's card at one scale: the largest at which the deck's fullest card fits."""
    lang, size = options.lang, options.card_size or "poker"
    face = FACES[size]
    units = members(force, catalog, lang)
    force_name = shown_name(force, lang)
    scale = deck_scale(face, lang, [_text(n, u, lang) for n, u in units])
    items, backs = [], []
    for n, u in units:
        for part in card_parts(face, scale, lang, _text(n, u, lang)):
            items.append(unit_card(n, u, force_name, lang, size, scale, part))
            if options.sheet.backs != "none":
                backs.append(unit_back(n, u, part, force_name, options))
    return force_deck(force_name, items, backs, options)


def force_deck(
    force_name: str, items: list[Any], backs: list[Any], options: PrintOptions
) -> Context:
    """The cards laid out as a force's deck (the cut margin and gutter, the backs
    ``options.sheet`` asks for), ``force_name`` on the title and on every card's force line."""
    lang, paper, size = options.lang, options.paper, options.card_size or "poker"
    face = FACES[size]
    grid = card_grid(paper, face.width, face.height, options.sheet)
    labels = labels_for(lang)
    title = f"{force_name} — {labels['doc_cards']}"
    context = deck_context(
        "artifact", lang, paper, grid, items, backs or None, options, labels, title, empty_page=True
    )
    context["force"] = force_name
    context["card_size"] = size
    return context


def markers_context(
    force: ForceFile, catalog: ArtifactCatalog, *, lang: Lang, paper: str
) -> Context:
    """One page: the battleship marker (a round disc with name and front) and the range ruler."""
    page_w, page_h = PAPERS[paper]
    labels = labels_for(lang)
    ships = [(n, u) for n, u in members(force, catalog, lang) if isinstance(u, Ship)]
    markers = []
    for name, ship in ships:
        title = fit_title(name, *MARKER_NAME, lang)
        markers.append(
            {
                "name": title.text,
                "name_rows": list(title.rows),
                "name_pt": title.pt,
                "name_top": round(MARKER_NAME_FOOT - title.lines * title.pt * 1.2 * PT_MM, 2),
                # the ship's type under its name, unless the name says it already (a ship
                # named for its class printed "Rewloola" twice)
                "type": ""
                if name.casefold() == part_name(ship, lang).casefold()
                else part_name(ship, lang),
                "hp": ship.hp,
                "capacity": ship.capacity,
                "stats": LABELS.t("marker_stats", lang, hp=ship.hp, capacity=ship.capacity),
            }
        )
    ruler_len = RULER_CM * 10.0
    return {
        "system": "artifact",
        "kind": "markers",
        "lang": lang,
        "labels": labels,
        "title": f"{shown_name(force, lang)} — {labels['doc_markers']}",
        "force": shown_name(force, lang),
        "page": {"width": page_w, "height": page_h, "paper": paper},
        "item": {"width": MARKER_DIAMETER, "height": MARKER_DIAMETER},
        "markers": markers,
        "marker": {
            "diameter": MARKER_DIAMETER,
            "left": page_w - 20.0 - MARKER_DIAMETER,
            "top": 25.0,
        },
        "ruler": {
            "left": 20.0,
            "top": (page_h - ruler_len) / 2,
            "length": ruler_len,
            "width": 14.0,
            "ticks": [
                {
                    "mm": mm / 1.0,
                    "cm": mm // 10 if mm % 10 == 0 else None,
                    "len": 7.0 if mm % 10 == 0 else (4.5 if mm % 5 == 0 else 2.5),
                }
                for mm in range(0, int(ruler_len) + 1)
            ],
        },
        "pages": [{"items": []}],
        "sheet_note": SHEET_LABELS.t("note_markers", lang),
    }


def printouts(force: ForceFile, catalog: ArtifactCatalog, options: PrintOptions) -> list[Printout]:
    """Unit cards (the ship first, then the MS) and the battleship marker sheet with the ruler."""
    paper, lang = options.paper, options.lang
    check_choices(paper, lang, options.card_size, CARD_SIZES)
    return [
        Printout(
            "cards",
            "artifact/cards.html",
            cards_context(force, catalog, options),
        ),
        Printout(
            "markers",
            "artifact/markers.html",
            markers_context(force, catalog, lang=lang, paper=paper),
        ),
    ]
