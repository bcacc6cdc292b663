"""How an artifact battle record is shown (``laminim play RECORD [--json]``): the round, whose
turn it is, each unit's HP, P and what it may do, and the odds from where it stands now.

The odds (docs/rules.md D22, D12): for each unit, D12's chain started from its current HP and
P against the threat (the catalog's default, ``--threat ID``, or an enemy unit of the record:
two attacks a round with its weapon of the highest expected damage against that unit) over
the next :data:`ROUNDS` rounds — exactly ``survival(..., start_hp=HP, start_propellant=P)``,
and at full health ``laminim analyze --rounds 3``. A declared attack (``do: declare``) shows
its odds against the target's HP now: exactly ``laminim odds --target-hp HP`` (with and
without the target's evasion).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any

from builder.core.i18n import Labels, Lang, shown_name
from builder.core.messages import Messages
from builder.core.names import fold
from builder.core.problems import InputError, Problem
from builder.core.report_lang import current_lang
from builder.core.text_table import table as text_table
from builder.play.acting import unknown_threat
from builder.systems.artifact.derive import all_units, find_weapon, threat_stats, weapon_stats
from builder.systems.artifact.models import ArtifactCatalog
from builder.systems.artifact.rules import (
    AttackAction,
    OddsResult,
    SurvivalResult,
    Threat,
    ThreatAttack,
    UnitStats,
    allowed_actions,
    attack_odds,
    move_distance,
    p_hit,
    survival,
)
from builder.systems.artifact.rules.play import Fighter, Table
from builder.systems.base import Output
from builder.systems.battle import ShowOptions
from builder.systems.battle_names import side_name

LABELS = Labels.load(__file__, "view_labels.yaml")
MESSAGES = Messages.load(__file__)

ROUNDS = 3
"""Rounds of the threat the odds look ahead."""
ENEMY_ATTACKS = 2
"""An enemy unit as the threat: one activation of two attacks a round."""


@dataclass(frozen=True)
class Against:
    id: str
    names: tuple[str, str]
    threat: Threat | None = None
    enemy: int | None = None


def against(table: Table, catalog: ArtifactCatalog, ref: str | None, bonus: int | None) -> Against:
    """The threat ``--threat`` names: an enemy unit (ID or name), a catalog threat (id or name),
    or the catalog's default; InputError otherwise."""
    if bonus is not None:
        raise InputError([Problem("--bonus", None, None, "", MESSAGES("odds-no-bonus"))])
    text = (ref or catalog.info.default_threat).strip()
    unit = None
    if text.isdigit():
        unit = table.fighter(int(text))
    else:
        named = [
            f for f in table.fighters if fold(text) in {fold(f.name), fold(shown_name(f, "ja"))}
        ]
        unit = named[0] if len(named) == 1 else None
    if unit is not None:
        names = (f"unit {unit.id} {unit.name}", f"機体 {unit.id} {shown_name(unit, 'ja')}")
        return Against(f"unit {unit.id}", names, enemy=unit.id)
    found = next(
        (t for t in catalog.threats if text.casefold() in (t.id, t.name.casefold(), t.name_ja)),
        None,
    )
    if found is None:
        raise unknown_threat(MESSAGES, text, [t.id for t in catalog.threats], table)
    return Against(found.id, (found.name, found.name_ja), threat=threat_stats(found, catalog))


def enemy_threat(enemy: Fighter, target: UnitStats, catalog: ArtifactCatalog) -> Threat:
    """An enemy unit's activation against ``target``: two attacks with its weapon of the highest
    expected damage at it (the first listed on a tie), no D10 modifiers."""
    unit = all_units(catalog)[enemy.stats.id]
    best = max(
        (weapon_stats(w) for w in unit.weapons),
        key=lambda w: p_hit(w, target.kind) * w.attacks * w.damage,
    )
    attacks = tuple(ThreatAttack(enemy.stats.id, AttackAction(best)) for _ in range(ENEMY_ATTACKS))
    return Threat(f"unit {enemy.id}", attacks)


def odds_of(
    table: Table, f: Fighter, threat: Against, catalog: ArtifactCatalog
) -> SurvivalResult | None:
    """D12 from the unit's HP and P now; None for a destroyed unit, a game over, or a unit of
    the enemy unit's own side."""
    if not f.alive or table.over:
        return None
    spec = threat.threat
    if threat.enemy is not None:
        enemy = table.fighter(threat.enemy)
        if enemy is None or not enemy.alive or enemy.side == f.side:
            return None
        spec = enemy_threat(enemy, f.stats, catalog)
    assert spec is not None
    return _survival(f.stats, spec, f.hp, f.propellant)


@lru_cache(maxsize=1024)
def _survival(stats: UnitStats, threat: Threat, hp: int, p: int | None) -> SurvivalResult:
    return survival(stats, threat, ROUNDS, start_hp=hp, start_propellant=p)


def declared_odds(table: Table, catalog: ArtifactCatalog) -> dict[str, Any] | None:
    """The declared attack and its odds against the target's HP now (``odds --target-hp``)."""
    d = table.declared
    if d is None:
        return None
    by, target = table.fighter(d.by), table.fighter(d.target)
    assert by is not None and target is not None
    weapon = find_weapon(all_units(catalog)[by.stats.id], d.weapon)
    assert weapon is not None
    out: dict[str, Any] = {
        "by": d.by,
        "weapon": d.weapon,
        "target": d.target,
        "near": d.near,
        "evade_near": d.evade_near,
        "target_hp": target.hp,
        "odds": None,
        "odds_evading": None,
    }
    if not target.alive:
        return out
    action = AttackAction(weapon_stats(weapon), d.near, d.evade_near)
    out["odds"] = _attack_odds(action, target.stats, False, target.hp).as_json()
    if target.stats.kind == "ms" and target.propellant:
        out["odds_evading"] = _attack_odds(action, target.stats, True, target.hp).as_json()
    return out


@lru_cache(maxsize=256)
def _attack_odds(action: AttackAction, target: UnitStats, evade: bool, hp: int) -> OddsResult:
    return attack_odds(action, target, evade=evade, target_hp=hp)


@dataclass(frozen=True)
class Shown:
    """What the state is shown with: what the odds are against (None: no odds), each unit's
    odds by its ID, and the declared attack with its odds."""

    threat: Against | None
    odds: dict[int, SurvivalResult | None]
    declared: dict[str, Any] | None


def showing(table: Table, catalog: ArtifactCatalog, options: ShowOptions) -> Shown:
    """What ``laminim play`` and the play screen show the state with under ``options``."""
    threat = against(table, catalog, options.threat, options.bonus) if options.odds else None
    odds = {
        f.id: (odds_of(table, f, threat, catalog) if threat is not None else None)
        for f in table.fighters
    }
    return Shown(threat, odds, declared_odds(table, catalog))


def show(table: Table, catalog: ArtifactCatalog, options: ShowOptions) -> Output:
    found = showing(table, catalog, options)
    return Output(state_json(table, found), state_text(table, catalog, found))


# -- JSON ------------------------------------------------------------------------------------


def _unit_json(f: Fighter, found: SurvivalResult | None, table: Table) -> dict[str, Any]:
    ms = not f.is_ship
    may = (
        []
        if not f.alive or table.over
        else list(allowed_actions(f.stats, f.propellant if ms else None))
    )
    if f.aboard:
        may = [a for a in may if a == "launch"]
    elif ms:
        may = [a for a in may if a != "launch"]
    return {
        "id": f.id,
        "side": f.side,
        "name": f.name,
        "name_ja": f.name_ja,
        "type": f.stats.id,
        "kind": f.stats.kind,
        "alive": f.alive,
        "hp": f.hp,
        "hp_max": f.stats.hp,
        "p": f.propellant,
        "p_max": f.stats.propellant,
        "aboard": f.aboard if ms else None,
        "acted": f.id in table.acted,
        "actions": may,
        "move": None if not f.alive else move_distance(f.stats, f.propellant if ms else None),
        "odds": None if found is None else odds_json(found),
    }


def odds_json(found: SurvivalResult) -> dict[str, Any]:
    """D12 from the unit's HP and P now, under keys that say what they are, and per round."""
    first, last = found.rounds[0], found.rounds[-1]
    return {
        "threat": found.threat,
        "alive_next_round": first.alive,
        f"alive_in_{ROUNDS}_rounds": last.alive,
        f"expected_hp_in_{ROUNDS}_rounds": last.expected_hp,
        "rounds": [r.as_json() for r in found.rounds],
    }


def state_json(table: Table, shown: Shown) -> dict[str, Any]:
    threat = shown.threat
    return {
        "round": table.round,
        "over": table.over,
        "winner": table.winner,
        "first": table.first,
        "to_move": None if table.over else table.to_move(),
        "active": None if table.active is None else {"unit": table.active, "used": table.used},
        "acted": list(table.acted),
        "sides": [
            {
                "side": s,
                "name": table.names[s - 1] if len(table.names) >= s else None,
                "name_ja": table.names_ja[s - 1] if len(table.names_ja) >= s else None,
            }
            for s in (1, 2)
        ],
        "units": [_unit_json(f, shown.odds.get(f.id), table) for f in table.fighters],
        "declared": shown.declared,
        "odds_against": None
        if threat is None
        else {"id": threat.id, "name": threat.names[0], "name_ja": threat.names[1]},
        "odds_rounds": ROUNDS,
    }


# -- text ------------------------------------------------------------------------------------


def _pct(p: float | Fraction) -> str:
    return f"{100 * float(p):.1f}%"


def _side_name(table: Table, side: int, lang: Lang) -> str:
    return side_name(table.names, table.names_ja, side, lang)


def state_text(
    table: Table, catalog: ArtifactCatalog, shown: Shown, lang: Lang | None = None
) -> str:
    head, body = _text_parts(table, catalog, shown, lang or current_lang())
    return "\n".join([head[0], "", *body, *head[1:]]).rstrip()


def screen_text(
    table: Table, catalog: ArtifactCatalog, options: ShowOptions, lang: Lang
) -> tuple[str, str]:
    """The play screen's text: a head kept in view (the round, whose turn, what the odds are
    against) and the units of both sides with their odds, then the declared attack."""
    head, body = _text_parts(table, catalog, showing(table, catalog, options), lang)
    return "\n".join(head).rstrip(), "\n".join(body).rstrip()


def _text_parts(
    table: Table, catalog: ArtifactCatalog, shown: Shown, lang: Lang
) -> tuple[list[str], list[str]]:
    """(the head: the round line, then what the odds are against; the body: both sides' units
    and the declared attack)."""
    t = LABELS.t
    odds, threat, declared = shown.odds, shown.threat, shown.declared
    head = [_head(table, lang)]
    lines: list[str] = []
    heads = [t(k, lang) for k in ("id", "unit", "hp", "p", "where", "alive-1", "alive-3", "e-hp")]
    if all(v is None for v in odds.values()):  # no odds (the game is over): no empty columns
        heads = heads[:5]
    for side in (1, 2):
        rows = []
        for f in (x for x in table.fighters if x.side == side):
            found = odds.get(f.id)
            name = shown_name(f, lang)
            name = name if f.alive else t("gone", lang, name=name)
            gap = "" if lang == "ja" else " "  # a full-width bracket needs no space
            if f.id == table.active:
                name += gap + t("acting", lang, used=table.used)
            elif f.id in table.acted and f.alive:
                name += gap + t("has-acted", lang)
            p = "—" if f.is_ship else f"{f.propellant}/{f.stats.propellant}"
            where = t("ship", lang) if f.is_ship else t("aboard" if f.aboard else "out", lang)
            cells = [""] * (len(heads) - 5)
            if found is not None:
                cells = [
                    _pct(found.rounds[0].alive),
                    _pct(found.rounds[-1].alive),
                    f"{found.rounds[-1].expected_hp:.1f}",
                ]
            rows.append([str(f.id), name, f"{f.hp}/{f.stats.hp}", p, where, *cells])
        lines += [
            t("side", lang, side=side, name=_side_name(table, side, lang)),
            text_table(heads, rows, right={2, 3, 5, 6, 7}),
            "",
        ]
    if declared is not None:
        lines += _declared_lines(table, catalog, declared, lang)
    if threat is not None and not table.over:
        name = threat.names[1] if lang == "ja" else threat.names[0]
        head += [
            t("odds-against", lang, name=name),
            t("odds-legend", lang, rounds=ROUNDS),
        ]
    return head, lines


def _head(table: Table, lang: Lang) -> str:
    t = LABELS.t
    if table.over:
        w = table.winner or 1
        return t("over", lang, round=table.round, side=w, name=_side_name(table, w, lang))
    head = t("round", lang, round=table.round)
    if table.first is None:
        return head + "  " + t("roll-initiative", lang)
    head += "  " + t("first", lang, side=table.first)
    side = table.to_move()
    if side is None:
        return head + "  " + t("all-acted", lang)
    return head + "  " + t("to-move", lang, side=side, name=_side_name(table, side, lang))


def _declared_lines(
    table: Table, catalog: ArtifactCatalog, declared: dict[str, Any], lang: Lang
) -> list[str]:
    t = LABELS.t
    by, target = table.fighter(declared["by"]), table.fighter(declared["target"])
    assert by is not None and target is not None
    weapon = find_weapon(all_units(catalog)[by.stats.id], declared["weapon"])
    assert weapon is not None
    wname = weapon.name_ja if lang == "ja" else weapon.name
    lines = [
        t(
            "declared",
            lang,
            by=f"{by.id} {shown_name(by, lang)}",
            weapon=wname,
            target=f"{target.id} {shown_name(target, lang)}",
            hp=target.hp,
            near=declared["near"],
        )
    ]
    for key, found in (("no-evasion", declared["odds"]), ("evading", declared["odds_evading"])):
        if found is None:
            continue
        lines.append(
            "  "
            + t(
                key,
                lang,
                hit=_pct(found["p_hit"]),
                damage=f"{found['expected_damage']:.2f}",
                kill=_pct(found["p_kill"]),
            )
        )
    return [*lines, ""]


__all__ = ["ROUNDS", "enemy_threat", "show", "state_json", "state_text"]
