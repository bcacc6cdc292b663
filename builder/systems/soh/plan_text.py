"""What ``laminim plan`` and ``laminim analyze`` print for soh: the planner's table and the
matchup, the crew's analysis (text in the language the command reports in, and JSON; README
documents the shapes). The words and the shared pieces are :mod:`builder.systems.soh.text`'s.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from builder.core.i18n import Lang, part_name
from builder.core.numbers import percent_columns
from builder.core.text_table import table
from builder.systems.soh.models import Weapon
from builder.systems.soh.skills import skill_name
from builder.systems.soh.text import WORDS, character_name, dice, lang_of, pct, shown_part

if TYPE_CHECKING:  # plan and analyze load numpy; the types only
    from builder.systems.soh.analysis import Analysis, Matchup
    from builder.systems.soh.rules import Plan, PlanRow


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
    lang = lang_of(lang)
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


def best_split(key: str, plan: Plan, lang: Lang, **more: object) -> str:
    """The line ``key`` naming ``plan``'s objective and its best split (the dice kept to
    evade, the attacks), with ``more`` placeholders filled."""
    best = plan.best
    return WORDS.t(
        key,
        lang,
        objective=WORDS.t(f"objective-{plan.objective}", lang),
        evade=best.split.evasion_dice,
        attacks=attacks_text(best.split.attacks),
        **more,
    )


def plan_text(m: Matchup, lang: Lang | None = None) -> str:
    lang = lang_of(lang)
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
            best_split("plan-best", m.plan, lang),
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
    lang = lang_of(lang)
    opp = a.opponent
    source = a.opponent_from
    if source in ("crew", "catalog"):
        source = WORDS.t(f"from-{source}", lang)
    weapons = WORDS.t("list-comma", lang).join(
        WORDS.t("weapon-hit", lang, weapon=shown_part(w.weapon, w.weapon.id, lang), hit=w.hit)
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
                    shown_part(w.weapon, w.weapon.id, lang),
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
                    weapon=shown_part(their, wid, lang),
                    dice=dice(c.my_evasion_dice, lang),
                    p_hit=pct(o.p_hit),
                    p_wound=pct(o.p_wounds_at_least(1)),
                    wounds=f"{o.expected_wounds:.3f}",
                )
            )
        best = c.matchup.plan.best
        out.append(
            best_split(
                "ap-plan",
                c.matchup.plan,
                lang,
                dealt=f"{best.expected_dealt:.3f}",
                taken=f"{best.expected_taken:.3f}",
                p=pct(best.p_multiplier2_taken),
            )
        )
    out += ["", WORDS.t("analyze-note", lang)]
    return "\n".join(out)
