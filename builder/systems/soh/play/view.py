"""How a soh battle record is shown (``laminim play RECORD [--json]`` and the play screen): the
round, who declares or acts next, each character's wounds, AP, evasion and ammo, and the odds
from where it stands now (docs/rules.md D23).

The odds:

* a declared attack (``do: declare``): its multiplier and wound odds against the target as it
  stands — the target's evasion roll this round if made (its total, no dice), else its evasion
  AP in dice — exactly ``laminim odds --system soh`` with those numbers, and with
  ``--track`` the wounds left on the target's track (the chance it goes out of play);
* beside each character: the planner's best AP split for the round from its AP now, against an
  enemy character (``--threat ID`` or name; default the first enemy in play): the evasion AP
  still to choose (or the ones declared), its attacks, and the expected wounds dealt and taken
  — exactly ``laminim plan`` started from the same numbers.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from builder.core.i18n import Labels, Lang
from builder.core.messages import Messages
from builder.core.names import fold
from builder.core.numbers import percent
from builder.core.problems import InputError, Problem
from builder.core.report_lang import current_lang
from builder.core.text_table import table as text_table
from builder.systems.base import Output
from builder.systems.battle import ShowOptions
from builder.systems.battle_names import side_name
from builder.systems.soh.analysis import matchup
from builder.systems.soh.derive import Derived, derive
from builder.systems.soh.models import Catalog, Character, Crew
from builder.systems.soh.play.sheets import names_ja
from builder.systems.soh.rules import odds
from builder.systems.soh.rules.odds import OddsResult
from builder.systems.soh.rules.planner import MAX_PLANNER_AP, PlanRow
from builder.systems.soh.rules.play import WOUND_TRACK, Fighter, Table

LABELS = Labels.load(__file__, "view_labels.yaml")

SCREEN_WIDTH = 78
"""The play screen's body: 80 columns less its scroll bar (a row of 80 wrapped under it)."""
MESSAGES = Messages.load(__file__)


# -- the numbers -------------------------------------------------------------------------------


def _frozen(value: Any) -> Any:
    if isinstance(value, dict):
        return tuple((k, _frozen(v)) for k, v in value.items())
    if isinstance(value, list):
        return tuple(_frozen(v) for v in value)
    return value


def characters(table: Table) -> dict[int, Character]:
    """Each fighter's crew character (by ID), from the crews the record keeps."""
    chars = _characters_of(_frozen(list(table.crews)), table.crews)
    return {f.id: ch for f, ch in zip(table.fighters, chars, strict=True)}


_CACHE: dict[Any, tuple[Character, ...]] = {}


def _characters_of(key: Any, crews: tuple[Any, ...]) -> tuple[Character, ...]:
    if key not in _CACHE:
        if len(_CACHE) > 64:
            _CACHE.clear()
        out: list[Character] = []
        for c in crews:
            out += Crew.model_validate({"system": "soh", **c}).characters
        _CACHE[key] = tuple(out)
    return _CACHE[key]


@dataclass(frozen=True)
class Against:
    """What the planner plays each character against: one enemy character (None: each one's
    first enemy in play)."""

    enemy: int | None = None


def against(table: Table, ref: str | None, bonus: int | None) -> Against:
    """``--threat``: an enemy character by ID or name; InputError otherwise."""
    if bonus is not None:
        raise InputError([Problem("--bonus", None, None, "", MESSAGES("odds-no-bonus"))])
    if ref is None:
        return Against()
    text = ref.strip()
    found = None
    if text.isdigit():
        found = table.fighter(int(text))
    else:
        named = [f for f in table.fighters if fold(text) in {fold(f.name), fold(f.name_in("ja"))}]
        found = named[0] if len(named) == 1 else None
    if found is None:
        units = (
            ", ".join(f"{f.id} {f.name}" for f in table.fighters),
            "、".join(f"{f.id} {f.name_in('ja')}" for f in table.fighters),
        )
        said = MESSAGES("odds-unknown-threat", threat=text, units=units)
        raise InputError([Problem("--threat", None, None, "", said)])
    return Against(found.id)


def opponent_of(table: Table, f: Fighter, threat: Against) -> Fighter | None:
    if threat.enemy is not None:
        enemy = table.fighter(threat.enemy)
        if enemy is None or not enemy.in_play or enemy.side == f.side:
            return None
        return enemy
    return next((e for e in table.in_play() if e.side != f.side), None)


def usable(d: Derived, f: Fighter) -> Derived:
    """``d`` with only the weapons it can fire now (ammo left, rate not reached)."""
    keep = tuple(
        w
        for i, w in enumerate(d.weapons)
        if (f.ammo[i] is None or f.ammo[i] > 0)  # type: ignore[operator]
        and (w.weapon.rate is None or f.fired[i] < w.weapon.rate)
    )
    return replace(d, weapons=keep)


def planner_side(f: Fighter, ch: Character, catalog: Catalog) -> tuple[Derived, int | None]:
    """The character for the planner as it stands: (its values with the AP it may still split
    and, once its evasion roll is made, that total as its evasion value; the evasion AP already
    declared, or None)."""
    d = usable(derive(ch, catalog, f.ap), f)
    if f.evasion is None:
        return replace(d, ap=f.ap - f.spent), None
    if f.evasion_total is not None:
        return replace(d, ap=f.ap_left, evasion=f.evasion_total), 0
    return replace(d, ap=f.ap_left + f.evasion), f.evasion


@dataclass(frozen=True)
class PlanShown:
    against: int
    row: PlanRow
    weapon: str | None
    opponent_weapon: str | None
    opponent_evasion_dice: int
    split_chosen: bool
    """True when the character's evasion is already declared (only its attacks are planned)."""
    evasion_ap: int
    """The evasion AP of the split: the ones declared once they are."""


def best_split(table: Table, f: Fighter, threat: Against, catalog: Catalog) -> PlanShown | None:
    """The planner's best AP split for ``f`` this round from its AP now (None: out of play, no
    enemy, nothing to split, or beyond the planner's size)."""
    if not f.in_play or table.over:
        return None
    enemy = opponent_of(table, f, threat)
    if enemy is None:
        return None
    chars = characters(table)
    me, mine = planner_side(f, chars[f.id], catalog)
    opp, theirs = planner_side(enemy, chars[enemy.id], catalog)
    if me.ap < 1 or not 0 <= opp.ap <= MAX_PLANNER_AP or me.ap > MAX_PLANNER_AP:
        return None
    opp_dice = opp.ap // 2 if theirs is None else theirs
    found = matchup(me, opp, opp_dice)
    rows = [r for r in found.plan.rows if mine is None or r.split.evasion_dice == mine]
    if not rows:
        return None
    return PlanShown(
        enemy.id,
        rows[0],
        found.weapon.id if found.weapon else None,
        found.opponent_weapon.id if found.opponent_weapon else None,
        opp_dice,
        mine is not None,
        rows[0].split.evasion_dice if f.evasion is None else f.evasion,
    )


@dataclass(frozen=True)
class DeclaredShown:
    by: int
    weapon: str
    target: int
    ap: int
    bonus: int
    targets: int
    hit: int
    evasion: int
    evasion_dice: int
    damage: int
    durability: int
    remaining: int
    odds: OddsResult
    p_out: float


def declared_odds(table: Table) -> DeclaredShown | None:
    """The declared attack's odds against the target as it stands (``odds --system soh``)."""
    d = table.declared
    if d is None:
        return None
    by, target = table.fighter(d.by), table.fighter(d.target)
    assert by is not None and target is not None
    arm = by.sheet.arms[d.weapon]
    if target.evasion_total is not None:
        evasion, dice = target.evasion_total, 0
    else:
        evasion, dice = target.sheet.evasion, target.evasion or 0
    durability = target.sheet.durability(arm.type)
    hit = arm.hit + d.bonus
    result = odds(hit, d.ap, evasion, dice, arm.damage, durability, d.targets)
    remaining = WOUND_TRACK - target.wounds
    return DeclaredShown(
        d.by,
        arm.id,
        d.target,
        d.ap,
        d.bonus,
        d.targets,
        hit,
        evasion,
        dice,
        arm.damage,
        durability,
        remaining,
        result,
        result.p_wounds_at_least(remaining),
    )


def show(table: Table, catalog: Catalog, options: ShowOptions) -> Output:
    threat = against(table, options.threat, options.bonus) if options.odds else None
    plans = _plans(table, catalog, threat)
    declared = declared_odds(table)
    return Output(
        state_json(table, catalog, plans, threat, declared),
        state_text(table, catalog, plans, threat, declared),
    )


def _plans(table: Table, catalog: Catalog, threat: Against | None) -> dict[int, PlanShown | None]:
    return {
        f.id: (best_split(table, f, threat, catalog) if threat is not None else None)
        for f in table.fighters
    }


# -- JSON ---------------------------------------------------------------------------------------


def plan_json(p: PlanShown) -> dict[str, Any]:
    r = p.row
    return {
        "against": p.against,
        "weapon": p.weapon,
        "opponent_weapon": p.opponent_weapon,
        "opponent_evasion_dice": p.opponent_evasion_dice,
        "evasion_declared": p.split_chosen,
        "evasion_dice": p.evasion_ap,
        "attacks": list(r.split.attacks),
        "expected_dealt": r.expected_dealt,
        "expected_taken": r.expected_taken,
        "p_wound_dealt": r.p_wound_dealt,
        "p_wound_taken": r.p_wound_taken,
        "p_multiplier2_taken": r.p_multiplier2_taken,
    }


def declared_json(d: DeclaredShown) -> dict[str, Any]:
    return {
        "by": d.by,
        "weapon": d.weapon,
        "target": d.target,
        "ap": d.ap,
        "bonus": d.bonus,
        "targets": d.targets,
        "hit": d.hit,
        "evasion": d.evasion,
        "evasion_dice": d.evasion_dice,
        "damage": d.damage,
        "durability": d.durability,
        "track_left": d.remaining,
        "odds": d.odds.as_json(),
        "p_out": d.p_out,
    }


def _unit_json(f: Fighter, table: Table, plan: PlanShown | None) -> dict[str, Any]:
    return {
        "id": f.id,
        "side": f.side,
        "name": f.name,
        "name_ja": f.name_ja,
        "alive": f.in_play,
        "wounds": f.wounds,
        "track": WOUND_TRACK,
        "ap": f.ap,
        "ap_left": f.ap_left if f.in_play else 0,
        "evasion": f.evasion,
        "evasion_roll": f.evasion_roll,
        "evasion_value": f.sheet.evasion,
        "evasion_total": f.evasion_total,
        "free_move": f.free_move if f.in_play else 0,
        "spent": f.spent,
        "weapons": [
            {"weapon": a.id, "ammo": f.ammo[i], "ammo_max": a.ammo, "fired": f.fired[i]}
            for i, a in enumerate(f.sheet.arms)
        ],
        "acted": f.id in table.acted,
        "waiting": f.id in table.waiting,
        "best_split": None if plan is None else plan_json(plan),
    }


def state_json(
    table: Table,
    catalog: Catalog,
    plans: dict[int, PlanShown | None],
    threat: Against | None,
    declared: DeclaredShown | None,
) -> dict[str, Any]:
    nxt = None if table.over or table.to_declare() else table.next_to_act()
    ja = names_ja(table)
    return {
        "round": table.round,
        "over": table.over,
        "winner": table.winner,
        "first": table.first,
        "to_declare": [f.id for f in table.to_declare()] if not table.over else [],
        "active": table.active,
        "next": None if nxt is None else nxt.id,
        "acted": list(table.acted),
        "waiting": list(table.waiting),
        "order": [f.id for f in table.order()],
        "sides": [
            {
                "side": s,
                "name": table.names[s - 1] if len(table.names) >= s else None,
                "name_ja": ja[s - 1] if len(ja) >= s else None,
            }
            for s in (1, 2)
        ],
        "units": [_unit_json(f, table, plans.get(f.id)) for f in table.fighters],
        "declared": None if declared is None else declared_json(declared),
        "odds_against": None if threat is None else threat.enemy,
    }


# -- text ---------------------------------------------------------------------------------------


def _side_name(table: Table, side: int, lang: Lang) -> str:
    return side_name(table.names, names_ja(table), side, lang)


def state_text(
    table: Table,
    catalog: Catalog,
    plans: dict[int, PlanShown | None],
    threat: Against | None,
    declared: DeclaredShown | None,
    lang: Lang | None = None,
) -> str:
    head, body = _text_parts(table, catalog, plans, threat, declared, lang or current_lang())
    return "\n".join([head[0], "", *body, *head[1:]]).rstrip()


def screen_text(
    table: Table, catalog: Catalog, options: ShowOptions, lang: Lang
) -> tuple[str, str]:
    """The play screen's text: a head kept in view (the round, who declares or acts, what the
    plans are against) and the characters of both sides, then the declared attack."""
    threat = against(table, options.threat, options.bonus) if options.odds else None
    plans = _plans(table, catalog, threat)
    declared = declared_odds(table)
    head, body = _text_parts(table, catalog, plans, threat, declared, lang, SCREEN_WIDTH, True)
    return "\n".join(head).rstrip(), "\n".join(body).rstrip()


def _split_words(p: PlanShown, lang: Lang) -> str:
    attacks = "+".join(map(str, p.row.split.attacks)) or "—"
    return LABELS.t("split", lang, evasion=p.evasion_ap, attacks=attacks)


def _text_parts(
    table: Table,
    catalog: Catalog,
    plans: dict[int, PlanShown | None],
    threat: Against | None,
    declared: DeclaredShown | None,
    lang: Lang,
    width: int = 80,
    screen: bool = False,
) -> tuple[list[str], list[str]]:
    """(the head; the body: both sides' characters, ``width`` columns at most, and the
    declared attack); ``screen``: the play screen's (no ``--threat`` there to name)."""
    t = LABELS.t
    head = [_head(table, lang)]
    lines: list[str] = []
    heads = [
        t(k, lang)
        for k in ("id", "unit", "wounds", "ap", "evasion", "ammo", "plan", "dealt", "taken")
    ]
    gap = "" if lang == "ja" else " "  # a full-width bracket needs no space
    for side in (1, 2):
        rows = []
        for f in (x for x in table.fighters if x.side == side):
            name = f.name_in(lang)
            if not f.in_play:
                name += gap + t("out", lang)
            elif f.id == table.active:
                name += gap + t("acting", lang)
            elif f.id in table.waiting:
                name += gap + t("waiting", lang)
            elif f.id in table.acted:
                name += gap + t("has-acted", lang)
            if f.evasion is None or not f.in_play:
                evasion = "—"
            elif f.evasion_total is None:
                evasion = str(f.evasion)
            else:
                evasion = f"{f.evasion}→{f.evasion_total}"
            ammo = " ".join(
                f"{f.ammo[i]}/{a.ammo}" for i, a in enumerate(f.sheet.arms) if a.ammo is not None
            )
            plan = plans.get(f.id)
            cells = ["", "", ""]
            if plan is not None:
                cells = [
                    _split_words(plan, lang) + f" →{plan.against}",
                    f"{plan.row.expected_dealt:.2f}",
                    f"{plan.row.expected_taken:.2f}",
                ]
            ap = f"{f.ap_left}/{f.ap}" if f.in_play else "—"
            rows.append(
                [str(f.id), name, f"{f.wounds}/{WOUND_TRACK}", ap, evasion, ammo or "—", *cells]
            )
        lines += [
            t("side", lang, side=side, name=_side_name(table, side, lang)),
            text_table(heads, rows, right={2, 3, 7, 8}, width=width),
            "",
        ]
    if declared is not None:
        lines += _declared_lines(table, catalog, declared, lang)
    if threat is not None and not table.over:
        if threat.enemy is None:
            head.append(t("plan-against-each" if screen else "plan-against-first", lang))
        else:
            enemy = table.fighter(threat.enemy)
            assert enemy is not None
            head.append(t("plan-against", lang, unit=f"{enemy.id} {enemy.name_in(lang)}"))
        head.append(t("plan-legend", lang))
    return head, lines


def _head(table: Table, lang: Lang) -> str:
    t = LABELS.t
    if table.over:
        if table.winner is None:
            return t("over-none", lang, round=table.round)
        w = table.winner
        return t("over", lang, round=table.round, side=w, name=_side_name(table, w, lang))
    head = t("round", lang, round=table.round)
    head += "  " + t("first", lang, side=table.first)
    undeclared = table.to_declare()
    if undeclared:
        f = undeclared[0]
        return head + "  " + t("to-declare", lang, unit=f"{f.id} {f.name_in(lang)}")
    active = None if table.active is None else table.fighter(table.active)
    if active is not None:
        unit = f"{active.id} {active.name_in(lang)}"
        return head + "  " + t("acting-now", lang, unit=unit, left=active.ap_left)
    nxt = table.next_to_act()
    if nxt is None:
        return head + "  " + t("all-acted", lang)
    return head + "  " + t("to-act", lang, unit=f"{nxt.id} {nxt.name_in(lang)}")


def _declared_lines(table: Table, catalog: Catalog, d: DeclaredShown, lang: Lang) -> list[str]:
    t = LABELS.t
    by, target = table.fighter(d.by), table.fighter(d.target)
    assert by is not None and target is not None
    part = catalog.weapon(d.weapon)
    wname = (part.name_ja if lang == "ja" else part.name) if part else d.weapon
    r = d.odds
    mult = " ".join(
        f"×{k} {percent(p)}" for k, p in enumerate(r.multiplier) if p >= 0.0005 or k == 0
    )
    return [
        t(
            "declared",
            lang,
            by=f"{by.id} {by.name_in(lang)}",
            weapon=wname,
            target=f"{target.id} {target.name_in(lang)}",
            ap=d.ap,
        ),
        "  "
        + t(
            "declared-numbers",
            lang,
            hit=d.hit,
            evasion=d.evasion,
            dice=d.evasion_dice,
            damage=d.damage,
            durability=d.durability,
        ),
        "  "
        + t(
            "declared-odds",
            lang,
            hit=percent(r.p_hit),
            wounds=f"{r.expected_wounds:.2f}",
            left=d.remaining,
            out=percent(d.p_out),
        ),
        "  " + t("declared-multiplier", lang, multipliers=mult),
        "",
    ]


__all__ = ["best_split", "declared_odds", "show", "state_json", "state_text"]
