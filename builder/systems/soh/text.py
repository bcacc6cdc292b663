"""What the soh commands print: text tables and JSON documents (README documents the shapes)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from builder.core.problems import errors_of, verdict
from builder.core.report_lang import current_lang
from builder.core.text_table import table
from builder.systems.soh.models import Catalog

if TYPE_CHECKING:  # check and parts must not load numpy
    from builder.systems.soh.analysis import Analysis, Matchup
    from builder.systems.soh.legality import CrewReport
    from builder.systems.soh.rules import OddsResult, Plan, PlanRow


def dice(n: int) -> str:
    return f"{n} {'die' if n == 1 else 'dice'}"


def pct(p: float) -> str:
    """A probability as a percentage to 4 decimals; tiny non-zero values say so."""
    if p <= 0.0:
        return "0%"
    if p < 5e-7:
        return "<0.0001%"
    return f"{p * 100:.4f}%"


# --- parts -------------------------------------------------------------------------------


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


def parts_text(catalog: Catalog) -> str:
    weapons = table(
        ["weapon", "name", "skill", "category", "size", "A/B", "dmg", "ammo", "rate"],
        [
            [
                w.id,
                w.name,
                w.skill,
                w.category,
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
        ["armour", "name", "kind", "B", "A", "dex", "agi", "str", "evasion skill"],
        [
            [
                a.id,
                a.name,
                a.kind,
                str(a.b_armour),
                str(a.a_armour),
                f"{a.dexterity_mod:+d}",
                f"{a.agility_mod:+d}",
                _dash(a.strength),
                a.skill or ("powered-suit" if a.kind == "powered-suit" else "evasion"),
            ]
            for a in catalog.armour
        ],
        right={3, 4, 5, 6, 7},
    )
    vehicles = table(
        ["vehicle", "name", "kind", "B", "A", "dex", "agi", "str", "size", "hull"],
        [
            [
                v.id,
                v.name,
                v.kind,
                str(v.b_armour),
                str(v.a_armour),
                f"{v.dexterity_mod:+d}",
                f"{v.agility_mod:+d}",
                str(v.strength),
                str(v.size),
                _dash(v.hull),
            ]
            for v in catalog.vehicles
        ],
        right={3, 4, 5, 6, 7, 8},
    )
    parts = [
        f"{catalog.info.name}",
        f"note: {catalog.info.note}",
        "",
        weapons,
        "",
        armour,
        "",
        vehicles,
    ]
    if catalog.opponents:
        opponents = table(
            ["opponent", "name", "AP", "gear", "weapons"],
            [
                [o.id, o.name, str(o.ap), o.armour or o.vehicle or "-", ", ".join(o.weapons)]
                for o in catalog.opponents
            ],
            right={2},
        )
        parts += ["", opponents]
    return "\n".join(parts)


# --- check -------------------------------------------------------------------------------


def check_text(report: CrewReport) -> str:
    n_err, n_warn = len(report.errors), len(report.warnings)
    rows = []
    for rep in report.characters:
        n = len(errors_of(rep.problems))
        status = "ok" if rep.legal else f"{n} error{'s' * (n != 1)} (on stderr)"
        rows.append([rep.name, rep.shown.gear, rep.shown.weapons, rep.shown.ap, status])
    lines = [
        f"{report.crew.name}: {verdict(report.exit_code).text(current_lang())} "
        f"({n_err} error{'s' * (n_err != 1)}, {n_warn} warning{'s' * (n_warn != 1)})",
        "",
        table(["character", "gear", "weapons", "AP", "status"], rows, right={3}),
    ]
    if report.warnings:
        lines += ["", *(f"warning: {p}" for p in report.warnings)]
    return "\n".join(lines)


# --- odds --------------------------------------------------------------------------------


def odds_text(result: OddsResult, args: dict[str, int]) -> str:
    """The readable table of ``laminim odds --system soh``."""
    from builder.systems.soh.rules import packed_targets_bonus

    bonus = packed_targets_bonus(args["targets"])
    head = (
        f"attack: hit {args['hit']}"
        + (f" +{bonus} ({args['targets']} packed targets)" if bonus else "")
        + f" + best of {args['attack_dice']} exploding d6"
        + f"   vs   evasion {args['evasion']} + best of {args['evasion_dice']} exploding d6"
    )
    dmg = f"damage {args['damage']} / durability {args['durability']}"
    at_least = _at_least(result.multiplier)
    shown = _shown(at_least)
    mult_rows = []
    for k, p in enumerate(result.multiplier[:shown]):
        margin = "miss (<0)" if k == 0 else f"{5 * (k - 1)}–{5 * k - 1}"
        wounds = args["damage"] * k // args["durability"]
        mult_rows.append([f"×{k}", margin, str(wounds), pct(p), pct(at_least[k])])
    if shown < len(result.multiplier):
        w = args["damage"] * shown // args["durability"]
        mult_rows.append([f"×{shown}+", f"{5 * (shown - 1)}+", f"{w}+", "", pct(at_least[shown])])
    w_at_least = _at_least(result.wounds)
    w_shown = _shown(w_at_least)
    wound_rows = [
        [str(k), pct(p), pct(w_at_least[k])]
        for k, p in enumerate(result.wounds[:w_shown])
        if p > 0 or k == 0
    ]
    if w_shown < len(result.wounds):
        wound_rows.append([f"{w_shown}+", "", pct(w_at_least[w_shown])])
    return "\n".join(
        [
            head,
            dmg,
            f"P(hit) {pct(result.p_hit)}   expected wounds {result.expected_wounds:.4f}",
            "",
            table(
                ["multiplier", "margin", "wounds", "P(exactly)", "P(at least)"],
                mult_rows,
                right={2, 3, 4},
            ),
            "",
            table(["wounds", "P(exactly)", "P(at least)"], wound_rows, right={0, 1, 2}),
            "",
            "Exact (RULES D13/D14). Rows stop below 0.0001%; --json lists all down to 1e-12.",
        ]
    )


def _shown(at_least: list[float]) -> int:
    """Rows worth a line: up to where P(at least) drops below 0.0001 %."""
    below = [k for k, v in enumerate(at_least) if k > 0 and v < 1e-6]
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


def plan_table(plan: Plan, limit: int | None = None) -> str:
    rows = [
        [
            str(i + 1),
            str(r.split.evasion_dice),
            attacks_text(r.split.attacks),
            f"{r.expected_dealt:.3f}",
            f"{r.p_wound_dealt * 100:.1f}%",
            f"{r.expected_taken:.3f}",
            f"{r.p_wound_taken * 100:.1f}%",
            f"{r.p_multiplier2_taken * 100:.1f}%",
            f"{r.net:+.3f}",
            attacks_text(r.opponent_attacks),
        ]
        for i, r in enumerate(plan.rows[:limit])
    ]
    headers = [
        "#",
        "evade",
        "attacks",
        "E dealt",
        "P≥1 dealt",
        "E taken",
        "P≥1 taken",
        "P ×2+ taken",
        "net",
        "their attacks",
    ]
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


def plan_text(m: Matchup) -> str:
    best = m.plan.best
    w = m.weapon.name if m.weapon else "no weapon"
    ow = m.opponent_weapon.name if m.opponent_weapon else "no weapon"
    return "\n".join(
        [
            f"{m.me.name} ({m.me.ap} AP, {w}) vs {m.opponent.name} ({m.opponent.ap} AP, {ow}, "
            f"evading with {dice(m.opponent_evasion_dice)})",
            f"objective: {m.plan.objective}; best: evade {best.split.evasion_dice}, "
            f"attack {attacks_text(best.split.attacks)}",
            "",
            plan_table(m.plan),
            "",
            "One evasion total lasts the whole round (seed 004): every incoming attack meets",
            "it. The opponent answers each evasion with the attacks that wound you most.",
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


def analysis_text(a: Analysis) -> str:
    opp = a.opponent
    out = [
        f"opponent: {opp.name} ({a.opponent_from}) — AP {opp.ap}, evasion {opp.evasion}, "
        f"durability A {opp.durability_a} / B {opp.durability_b}, weapons: "
        + (", ".join(f"{w.weapon.id} (hit {w.hit})" for w in opp.weapons) or "none"),
    ]
    for c in a.characters:
        d = c.derived
        out += [
            "",
            f"== {d.name}: AP {d.ap}, evasion {d.evasion} ({d.evasion_skill}), "
            f"durability A {d.durability_a} / B {d.durability_b}"
            + (f", {d.gear.name}" if d.gear else ""),
        ]
        rows = []
        for w, o in zip(d.weapons, c.attack_odds, strict=True):
            rows.append(
                [
                    w.weapon.id,
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
            out.append(
                f"one 1-die attack vs {opp.name} evading with {dice(c.opponent_evasion_dice)}:"
            )
            out.append(
                table(
                    [
                        "weapon",
                        "hit",
                        "type",
                        "damage",
                        "their dur.",
                        "P(hit)",
                        "P(×2+)",
                        "P(≥1 wound)",
                        "E wounds",
                    ],
                    rows,
                    right={1, 3, 4, 5, 6, 7, 8},
                )
            )
        else:
            out.append("no weapons")
        if c.incoming is not None:
            wid, o = c.incoming
            out.append(
                f"incoming: {opp.name}'s {wid}, 1 die vs your evasion with "
                f"{dice(c.my_evasion_dice)}: "
                f"P(hit) {pct(o.p_hit)}, P(≥1 wound) {pct(o.p_wounds_at_least(1))}, "
                f"E wounds {o.expected_wounds:.3f}"
            )
        best = c.matchup.plan.best
        out.append(
            f"AP plan ({c.matchup.plan.objective}): evade {best.split.evasion_dice}, attack "
            f"{attacks_text(best.split.attacks)} → dealt {best.expected_dealt:.3f}, "
            f"taken {best.expected_taken:.3f}, P(taking ×2+) {pct(best.p_multiplier2_taken)}"
        )
    out += [
        "",
        "The opponent's declared evasion is half its AP (rounded down); "
        "'laminim plan' shows the whole table and takes --opponent-evasion.",
    ]
    return "\n".join(out)
