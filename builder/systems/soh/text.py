"""What the soh commands print: text tables and JSON documents (README documents the shapes).

The text is in the language the command reports in (``--lang``): labels from
``text_labels.yaml``, skills by their seed names from ``skill_labels.yaml``, parts and characters
by their Japanese names where the catalog or the crew file gives one; English keeps the ids.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from builder.core.check_text import check_lines
from builder.core.i18n import Labels, Lang, Pair, part_name, shown_name
from builder.core.numbers import percent, percent_columns
from builder.core.problems import errors_of
from builder.core.report_lang import current_lang
from builder.core.text_table import table
from builder.systems.soh.models import Armour, Catalog, Character, Vehicle, Weapon
from builder.systems.soh.skills import skill_name

if TYPE_CHECKING:  # check and parts must not load numpy
    from builder.systems.soh.legality import CrewReport
    from builder.systems.soh.rules import OddsResult

WORDS = Labels.load(__file__, "text_labels.yaml")
"""The words of the commands' text."""


def lang_of(lang: Lang | None) -> Lang:
    return lang or current_lang()


def dice(n: int, lang: Lang | None = None) -> str:
    return WORDS.t("one-die" if n == 1 else "dice", lang_of(lang), n=n)


def pct(p: float) -> str:
    """A probability as a player reads it (builder.core.numbers: one decimal, never a false
    0.0% or 100.0%)."""
    return percent(p)


def character_name(ch: Character, lang: Lang) -> str:
    """A character's Japanese name (``name_ja``) in Japanese when the file gives one."""
    return ch.name_ja if lang == "ja" and ch.name_ja else ch.name


def shown_part(part: Weapon | Armour | Vehicle | None, part_id: str, lang: Lang) -> str:
    """A part the text names: its id in English (the ids the files use), its Japanese name in
    Japanese."""
    return part_name(part, lang) if lang == "ja" and part is not None else part_id


def _word(prefix: str, value: str, lang: Lang) -> str:
    """A catalog's fixed word (a category, a kind, a hull form) in ``lang``."""
    key = f"{prefix}-{value}"
    return WORDS.t(key, lang) if lang == "ja" and key in WORDS else value


# --- parts -------------------------------------------------------------------------------


def _note(catalog: Catalog, lang: Lang) -> str:
    """The catalog's note in ``lang`` (its English one when it has no Japanese)."""
    return catalog.info.note_ja if lang == "ja" and catalog.info.note_ja else catalog.info.note


def parts_json(catalog: Catalog) -> dict[str, Any]:
    return {
        "name": catalog.info.name,
        "note": catalog.info.note,
        "weapons": [w.model_dump() for w in catalog.weapons],
        "armour": [a.model_dump() for a in catalog.armour],
        "vehicles": [v.model_dump() for v in catalog.vehicles],
        "opponents": [o.model_dump() for o in catalog.opponents],
    }


def _dash(v: object) -> str:
    return "-" if v is None else str(v)


PROTECTION = ("col-name", "col-kind", "B", "A", "col-dex", "col-agi")
"""The columns the armour and the vehicles tables share (:func:`_protection`)."""


def _protection(part: Armour | Vehicle, lang: Lang) -> list[str]:
    """What a suit of armour and a vehicle both list: the name, the kind, the B and A armour
    and what they change of the wearer's dexterity and agility."""
    return [
        part_name(part, lang),
        _word("kind", part.kind, lang),
        str(part.b_armour),
        str(part.a_armour),
        f"{part.dexterity_mod:+d}",
        f"{part.agility_mod:+d}",
    ]


def parts_text(catalog: Catalog, lang: Lang | None = None) -> str:
    lang = lang_of(lang)

    def heads(*keys: str) -> list[str]:
        return [WORDS.t(k, lang) if k.startswith("col-") else k for k in keys]

    weapons = table(
        heads(
            "col-weapon",
            "col-name",
            "col-skill",
            "col-category",
            "col-size",
            "A/B",
            "col-damage",
            "col-ammo",
            "col-rate",
        ),
        [
            [
                w.id,
                part_name(w, lang),
                skill_name(w.skill, lang),
                _word("category", w.category, lang),
                str(w.size),
                w.type,
                str(w.damage),
                _dash(w.ammo),
                _dash(w.rate),
            ]
            for w in catalog.weapons
        ],
        right={4, 6, 7, 8},
    )
    armour = table(
        heads("col-armour", *PROTECTION, "col-str", "col-evasion-skill"),
        [
            [
                a.id,
                *_protection(a, lang),
                _dash(a.strength),
                skill_name(
                    a.skill or ("powered-suit" if a.kind == "powered-suit" else "evasion"), lang
                ),
            ]
            for a in catalog.armour
        ],
        right={3, 4, 5, 6, 7},
    )
    vehicles = table(
        heads("col-vehicle", *PROTECTION, "col-str", "col-size", "col-hull"),
        [
            [
                v.id,
                *_protection(v, lang),
                str(v.strength),
                str(v.size),
                _dash(v.hull) if v.hull is None else _word("hull", v.hull, lang),
            ]
            for v in catalog.vehicles
        ],
        right={3, 4, 5, 6, 7, 8},
    )
    name = catalog.info.name_ja if lang == "ja" and catalog.info.name_ja else catalog.info.name
    parts = [
        name,
        WORDS.t("note", lang, note=_note(catalog, lang)),
        "",
        weapons,
        "",
        armour,
        "",
        vehicles,
    ]
    if catalog.opponents:

        def gear(o: Character) -> str:
            part_id = o.armour or o.vehicle
            if part_id is None:
                return "-"
            return shown_part(
                catalog.armour_piece(part_id) or catalog.vehicle(part_id), part_id, lang
            )

        opponents = table(
            heads("col-opponent", "col-name", "AP", "col-gear", "col-weapons"),
            [
                [
                    o.id,
                    character_name(o, lang),
                    str(o.ap),
                    gear(o),
                    WORDS.t("list-comma", lang).join(
                        shown_part(catalog.weapon(w), w, lang) for w in o.weapons
                    ),
                ]
                for o in catalog.opponents
            ],
            right={2},
        )
        parts += ["", opponents]
    return "\n".join(parts)


# --- check -------------------------------------------------------------------------------


def _count(one: str, count: int, lang: Lang) -> str:
    return WORDS.t(one if count == 1 else one + "s", lang, count=count)


def _named(ids: tuple[str, ...], names: dict[str, Pair], lang: Lang) -> list[str]:
    return [names[i][1] if lang == "ja" and i in names else i for i in ids]


def check_text(report: CrewReport, lang: Lang | None = None) -> str:
    lang = lang_of(lang)
    rows = []
    for rep in report.characters:
        n = len(errors_of(rep.problems))
        if rep.legal:
            status = WORDS.t("ok", lang)
        else:
            status = WORDS.t("status-errors", lang, errors=_count("n-error", n, lang))
        shown = rep.shown
        gear = " + ".join(_named(shown.gear, report.names, lang)) or "-"
        weapons = (
            "?"
            if shown.weapons is None
            else WORDS.t("list-comma", lang).join(_named(shown.weapons, report.names, lang))
        )
        rows.append([rep.name, gear, weapons or "-", shown.ap, status])
    heads = [WORDS.t(k, lang) for k in ("col-character", "col-gear", "col-weapons")]
    characters = table([*heads, "AP", WORDS.t("col-status", lang)], rows, right={3})
    return check_lines(shown_name(report.crew, lang), report, characters, lang)


# --- odds --------------------------------------------------------------------------------


def odds_text(result: OddsResult, args: dict[str, int], lang: Lang | None = None) -> str:
    """The readable table of ``laminim odds --system soh``."""
    from builder.systems.soh.rules import packed_targets_bonus

    lang = lang_of(lang)
    bonus = packed_targets_bonus(args["targets"])
    packed = WORDS.t("odds-packed", lang, bonus=bonus, targets=args["targets"]) if bonus else ""
    head = WORDS.t(
        "odds-attack",
        lang,
        hit=args["hit"],
        bonus=packed,
        attack_dice=args["attack_dice"],
        evasion=args["evasion"],
        evasion_dice=args["evasion_dice"],
    )
    dmg = WORDS.t("odds-damage", lang, damage=args["damage"], durability=args["durability"])
    at_least = _at_least(result.multiplier)
    shown = _shown_rows(at_least)
    mult_rows: list[list[object]] = []
    for k, p in enumerate(result.multiplier[:shown]):
        margin = WORDS.t("miss", lang) if k == 0 else f"{5 * (k - 1)}–{5 * k - 1}"
        wounds = args["damage"] * k // args["durability"]
        mult_rows.append([f"×{k}", margin, str(wounds), p, at_least[k]])
    if shown < len(result.multiplier):
        w = args["damage"] * shown // args["durability"]
        mult_rows.append([f"×{shown}+", f"{5 * (shown - 1)}+", f"{w}+", "", at_least[shown]])
    w_at_least = _at_least(result.wounds)
    w_shown = _shown_rows(w_at_least)
    wound_rows: list[list[object]] = [
        [str(k), p, w_at_least[k]] for k, p in enumerate(result.wounds[:w_shown]) if p > 0 or k == 0
    ]
    if w_shown < len(result.wounds):
        wound_rows.append([f"{w_shown}+", "", w_at_least[w_shown]])
    exactly, at_least_head = WORDS.t("col-exactly", lang), WORDS.t("col-at-least", lang)
    mult_heads = [WORDS.t(k, lang) for k in ("col-multiplier", "col-margin", "col-wounds")]
    summary = WORDS.t(
        "odds-summary", lang, p=pct(result.p_hit), wounds=f"{result.expected_wounds:.4f}"
    )
    return "\n".join(
        [
            head,
            dmg,
            summary,
            "",
            table(
                [*mult_heads, exactly, at_least_head],
                percent_columns(mult_rows, (3, 4)),
                right={2, 3, 4},
            ),
            "",
            table(
                [WORDS.t("col-wounds", lang), exactly, at_least_head],
                percent_columns(wound_rows, (1, 2)),
                right={0, 1, 2},
            ),
            "",
            WORDS.t("odds-note", lang),
        ]
    )


def _shown_rows(at_least: list[float]) -> int:
    """Rows worth a line: up to where P(at least) reads below 0.1 % (builder.core.numbers)."""
    below = [k for k, v in enumerate(at_least) if k > 0 and v < 0.0005]
    return below[0] if below else len(at_least)


def _at_least(p: tuple[float, ...]) -> list[float]:
    out, acc = [0.0] * len(p), 0.0
    for k in range(len(p) - 1, -1, -1):
        acc += p[k]
        out[k] = acc
    return [min(1.0, v) for v in out]
