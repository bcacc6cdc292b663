"""What the soh commands print: text tables and JSON documents (README documents the shapes).

The text is in the language the command reports in (``--lang``): labels from
``text_labels.yaml``, skills by their seed names from ``skill_labels.yaml``, parts and characters
by their Japanese names where the catalog or the crew file gives one; English keeps the ids.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from builder.core.i18n import Labels, Lang, Pair, part_name, shown_name
from builder.core.numbers import percent, percent_columns
from builder.core.problems import errors_of, verdict
from builder.core.report_lang import current_lang
from builder.core.text_table import table
from builder.systems.soh.models import Armour, Catalog, Character, Vehicle, Weapon
from builder.systems.soh.skills import skill_name

if TYPE_CHECKING:  # check and parts must not load numpy
    from builder.systems.soh.analysis import Analysis, Matchup
    from builder.systems.soh.legality import CrewReport
    from builder.systems.soh.rules import OddsResult, Plan, PlanRow

WORDS = Labels.load(__file__, "text_labels.yaml")
"""The words of the commands' text."""


def _lang(lang: Lang | None) -> Lang:
    return lang or current_lang()


def dice(n: int, lang: Lang | None = None) -> str:
    return WORDS.t("one-die" if n == 1 else "dice", _lang(lang), n=n)


def pct(p: float) -> str:
    """A probability as a player reads it (builder.core.numbers: one decimal, never a false
    0.0% or 100.0%)."""
    return percent(p)


def character_name(ch: Character, lang: Lang) -> str:
    """A character's Japanese name (``name_ja``) in Japanese when the file gives one."""
    return ch.name_ja if lang == "ja" and ch.name_ja else ch.name


def _shown(part: Weapon | Armour | Vehicle | None, part_id: str, lang: Lang) -> str:
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


def parts_text(catalog: Catalog, lang: Lang | None = None) -> str:
    lang = _lang(lang)

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
        heads(
            "col-armour",
            "col-name",
            "col-kind",
            "B",
            "A",
            "col-dex",
            "col-agi",
            "col-str",
            "col-evasion-skill",
        ),
        [
            [
                a.id,
                part_name(a, lang),
                _word("kind", a.kind, lang),
                str(a.b_armour),
                str(a.a_armour),
                f"{a.dexterity_mod:+d}",
                f"{a.agility_mod:+d}",
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
        heads(
            "col-vehicle",
            "col-name",
            "col-kind",
            "B",
            "A",
            "col-dex",
            "col-agi",
            "col-str",
            "col-size",
            "col-hull",
        ),
        [
            [
                v.id,
                part_name(v, lang),
                _word("kind", v.kind, lang),
                str(v.b_armour),
                str(v.a_armour),
                f"{v.dexterity_mod:+d}",
                f"{v.agility_mod:+d}",
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
            return _shown(catalog.armour_piece(part_id) or catalog.vehicle(part_id), part_id, lang)

        opponents = table(
            heads("col-opponent", "col-name", "AP", "col-gear", "col-weapons"),
            [
                [
                    o.id,
                    character_name(o, lang),
                    str(o.ap),
                    gear(o),
                    WORDS.t("list-comma", lang).join(
                        _shown(catalog.weapon(w), w, lang) for w in o.weapons
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
    lang = _lang(lang)
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
    summary = WORDS.t(
        "summary",
        lang,
        crew=shown_name(report.crew, lang),
        verdict=verdict(report.exit_code).text(lang),
        errors=_count("n-error", len(report.errors), lang),
        warnings=_count("n-warning", len(report.warnings), lang),
    )
    heads = [WORDS.t(k, lang) for k in ("col-character", "col-gear", "col-weapons")]
    lines = [summary, "", table([*heads, "AP", WORDS.t("col-status", lang)], rows, right={3})]
    if report.warnings:
        lines += ["", *(WORDS.t("warning", lang, problem=p.show(lang)) for p in report.warnings)]
    return "\n".join(lines)


# --- odds --------------------------------------------------------------------------------


def odds_text(result: OddsResult, args: dict[str, int], lang: Lang | None = None) -> str:
    """The readable table of ``laminim odds --system soh``."""
    from builder.systems.soh.rules import packed_targets_bonus

    lang = _lang(lang)
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


# --- planner -----------------------------------------------------------------------------


def row_json(row: PlanRow) -> dict[str, Any]:
    return {
        "evasion_dice": row.split.evasion_dice,
        "attacks": list(row.split.attacks),
        "movement": row.split.movement,
        "expected_dealt": row.expected_dealt,
        "expected_taken": row.expected_taken,
        "net": row.net,
        "p_wound_dealt": row.p_wound_dealt,
        "p_wound_taken": row.p_wound_taken,
        "p_multiplier2_taken": row.p_multiplier2_taken,
        "opponent_attacks": list(row.opponent_attacks),
    }


def attacks_text(attacks: tuple[int, ...] | list[int]) -> str:
    """(3, 1) -> '3d+1d'; () -> '-'."""
    return "+".join(f"{n}d" for n in attacks) or "-"


def plan_table(plan: Plan, limit: int | None = None, lang: Lang | None = None) -> str:
    lang = _lang(lang)
    cells: list[list[object]] = [
        [
            str(i + 1),
            str(r.split.evasion_dice),
            attacks_text(r.split.attacks),
            f"{r.expected_dealt:.3f}",
            r.p_wound_dealt,
            f"{r.expected_taken:.3f}",
            r.p_wound_taken,
            r.p_multiplier2_taken,
            f"{r.net:+.3f}",
            attacks_text(r.opponent_attacks),
        ]
        for i, r in enumerate(plan.rows[:limit])
    ]
    rows = percent_columns(cells, (4, 6, 7))
    keys = (
        "col-evade",
        "col-attacks",
        "col-e-dealt",
        "col-p-dealt",
        "col-e-taken",
        "col-p-taken",
        "col-p2-taken",
        "col-net",
        "col-their-attacks",
    )
    headers = ["#", *(WORDS.t(k, lang) for k in keys)]
    return table(headers, rows, right={0, 1, 3, 4, 5, 6, 7, 8})


def matchup_json(m: Matchup) -> dict[str, Any]:
    return {
        "me": m.me.name,
        "opponent": m.opponent.name,
        "weapon": m.weapon.id if m.weapon else None,
        "opponent_weapon": m.opponent_weapon.id if m.opponent_weapon else None,
        "ap": {"me": m.me.ap, "opponent": m.opponent.ap},
        "opponent_evasion_dice": m.opponent_evasion_dice,
        "objective": m.plan.objective,
        "rows": [row_json(r) for r in m.plan.rows],
    }


def _weapon_name(w: Weapon | None, lang: Lang) -> str:
    return part_name(w, lang) if w is not None else WORDS.t("no-weapon", lang)


def plan_text(m: Matchup, lang: Lang | None = None) -> str:
    lang = _lang(lang)
    best = m.plan.best
    return "\n".join(
        [
            WORDS.t(
                "plan-head",
                lang,
                me=character_name(m.me.character, lang),
                ap=m.me.ap,
                weapon=_weapon_name(m.weapon, lang),
                opponent=character_name(m.opponent.character, lang),
                opponent_ap=m.opponent.ap,
                opponent_weapon=_weapon_name(m.opponent_weapon, lang),
                dice=dice(m.opponent_evasion_dice, lang),
            ),
            WORDS.t(
                "plan-best",
                lang,
                objective=WORDS.t(f"objective-{m.plan.objective}", lang),
                evade=best.split.evasion_dice,
                attacks=attacks_text(best.split.attacks),
            ),
            "",
            plan_table(m.plan, lang=lang),
            "",
            WORDS.t("plan-note", lang),
        ]
    )


# --- analyze -----------------------------------------------------------------------------


def analysis_json(a: Analysis) -> dict[str, Any]:
    opp = a.opponent
    return {
        "opponent": {"name": opp.name, "from": a.opponent_from, **_derived_json(opp)},
        "characters": [
            {
                "name": c.derived.name,
                **_derived_json(c.derived),
                "attacks": [
                    {
                        "weapon": w.weapon.id,
                        "hit": w.hit,
                        "evasion_dice": c.opponent_evasion_dice,
                        "durability": opp.durability_against(w.weapon.type),
                        "odds": odds.as_json(),
                    }
                    for w, odds in zip(c.derived.weapons, c.attack_odds, strict=True)
                ],
                "incoming": None
                if c.incoming is None
                else {
                    "weapon": c.incoming[0],
                    "evasion_dice": c.my_evasion_dice,
                    "odds": c.incoming[1].as_json(),
                },
                "plan": {
                    "weapon": c.matchup.weapon.id if c.matchup.weapon else None,
                    "opponent_weapon": c.matchup.opponent_weapon.id
                    if c.matchup.opponent_weapon
                    else None,
                    "opponent_evasion_dice": c.matchup.opponent_evasion_dice,
                    "objective": c.matchup.plan.objective,
                    "best": row_json(c.matchup.plan.best),
                },
            }
            for c in a.characters
        ],
    }


def _derived_json(d: Any) -> dict[str, Any]:
    return {
        "ap": d.ap,
        "gear": d.gear.id if d.gear else None,
        "evasion": d.evasion,
        "evasion_skill": d.evasion_skill,
        "durability": {"A": d.durability_a, "B": d.durability_b},
        "weapons": [
            {"id": w.weapon.id, "hit": w.hit, "type": w.weapon.type, "damage": w.weapon.damage}
            for w in d.weapons
        ],
    }


def analysis_text(a: Analysis, lang: Lang | None = None) -> str:
    lang = _lang(lang)
    opp = a.opponent
    source = a.opponent_from
    if source in ("crew", "catalog"):
        source = WORDS.t(f"from-{source}", lang)
    weapons = WORDS.t("list-comma", lang).join(
        WORDS.t("weapon-hit", lang, weapon=_shown(w.weapon, w.weapon.id, lang), hit=w.hit)
        for w in opp.weapons
    )
    opp_name = character_name(opp.character, lang)
    out = [
        WORDS.t(
            "opponent-head",
            lang,
            name=opp_name,
            source=source,
            ap=opp.ap,
            evasion=opp.evasion,
            a=opp.durability_a,
            b=opp.durability_b,
            weapons=weapons or WORDS.t("none", lang),
        ),
    ]
    heads = [
        WORDS.t(k, lang)
        for k in (
            "col-weapon",
            "col-hit",
            "col-type",
            "col-damage",
            "col-their-durability",
            "col-p-hit",
            "col-p-double",
            "col-p-wound",
            "col-e-wounds",
        )
    ]
    for c in a.characters:
        d = c.derived
        gear = WORDS.t("gear-suffix", lang, gear=part_name(d.gear, lang)) if d.gear else ""
        out += [
            "",
            WORDS.t(
                "character-head",
                lang,
                name=character_name(d.character, lang),
                ap=d.ap,
                evasion=d.evasion,
                skill=skill_name(d.evasion_skill, lang),
                a=d.durability_a,
                b=d.durability_b,
                gear=gear,
            ),
        ]
        rows = []
        for w, o in zip(d.weapons, c.attack_odds, strict=True):
            rows.append(
                [
                    _shown(w.weapon, w.weapon.id, lang),
                    str(w.hit),
                    w.weapon.type,
                    str(w.weapon.damage),
                    str(opp.durability_against(w.weapon.type)),
                    pct(o.p_hit),
                    pct(sum(o.multiplier[2:])),
                    pct(o.p_wounds_at_least(1)),
                    f"{o.expected_wounds:.3f}",
                ]
            )
        if rows:
            dice_text = dice(c.opponent_evasion_dice, lang)
            out.append(WORDS.t("one-attack", lang, opponent=opp_name, dice=dice_text))
            out.append(table(heads, rows, right={1, 3, 4, 5, 6, 7, 8}))
        else:
            out.append(WORDS.t("no-weapons", lang))
        if c.incoming is not None:
            wid, o = c.incoming
            their = next((w.weapon for w in opp.weapons if w.weapon.id == wid), None)
            out.append(
                WORDS.t(
                    "incoming",
                    lang,
                    opponent=opp_name,
                    weapon=_shown(their, wid, lang),
                    dice=dice(c.my_evasion_dice, lang),
                    p_hit=pct(o.p_hit),
                    p_wound=pct(o.p_wounds_at_least(1)),
                    wounds=f"{o.expected_wounds:.3f}",
                )
            )
        best = c.matchup.plan.best
        out.append(
            WORDS.t(
                "ap-plan",
                lang,
                objective=WORDS.t(f"objective-{c.matchup.plan.objective}", lang),
                evade=best.split.evasion_dice,
                attacks=attacks_text(best.split.attacks),
                dealt=f"{best.expected_dealt:.3f}",
                taken=f"{best.expected_taken:.3f}",
                p=pct(best.p_multiplier2_taken),
            )
        )
    out += ["", WORDS.t("analyze-note", lang)]
    return "\n".join(out)
