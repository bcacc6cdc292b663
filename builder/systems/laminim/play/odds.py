"""The odds beside each unit of a battle (docs/rules.md D21): against the threat the players
pick, a catalog threat or an enemy unit of the record, from where the unit stands now.

Results are cached by the unit's spec and state, the threat, the round and the "attacks done"
mark: after an action only the units it touched are computed again (the play screen asks after
every key)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from builder.core.i18n import Pair
from builder.core.messages import Messages
from builder.core.names import fold
from builder.core.problems import InputError, Problem
from builder.play.acting import unknown_threat
from builder.systems.battle_names import in_both
from builder.systems.laminim.derive import threat_spec
from builder.systems.laminim.models import Catalog
from builder.systems.laminim.rules import StateOdds, ThreatSpec, UnitSpec, UnitState, state_odds
from builder.systems.laminim.rules.interception import DEFAULT_BONUS
from builder.systems.laminim.rules.play_state import Fighter, Table
from builder.systems.laminim.rules.state_odds import unit_threat

MESSAGES = Messages.load(__file__)


@dataclass(frozen=True)
class Against:
    """What the odds are against: a catalog threat (``spec``) or an enemy unit (``enemy``, its
    ID in the record, firing at ``bonus``)."""

    id: str
    names: Pair
    spec: ThreatSpec | None = None
    enemy: int | None = None
    bonus: int | None = None


def against(table: Table, catalog: Catalog, ref: str | None, bonus: int | None) -> Against | None:
    """The threat ``--threat`` names: an enemy unit by ID or name, a catalog threat by id (or
    its name), or the catalog's default (None when it has none). InputError otherwise."""
    if ref is None and bonus is not None:
        raise InputError([Problem("--bonus", None, None, "", MESSAGES("odds-bonus-without-unit"))])
    if ref is None:
        if catalog.default_threat is None:
            return None
        ref = catalog.default_threat
    text = str(ref).strip()
    unit = _unit(table, text)
    if unit is not None:
        used = DEFAULT_BONUS if bonus is None else bonus
        en, ja = in_both(unit.name, unit.name_ja)
        names = (f"unit {unit.id} {en} at +{used}", f"機体 {unit.id} {ja}（修正 +{used}）")
        return Against(f"unit {unit.id}", names, enemy=unit.id, bonus=used)
    threat = catalog.threat(text) or next(
        (t for t in catalog.threats if text.casefold() in (t.name.casefold(), t.name_ja)), None
    )
    if threat is None:
        raise unknown_threat(MESSAGES, text, [t.id for t in catalog.threats], table)
    if bonus is not None:
        raise InputError([Problem("--bonus", None, None, "", MESSAGES("odds-bonus-without-unit"))])
    return Against(threat.id, (threat.name, threat.name_ja), spec=threat_spec(threat, catalog))


def _unit(table: Table, text: str) -> Fighter | None:
    if text.isdigit():
        return table.fighter(int(text))
    found = [f for f in table.fighters if fold(text) in {fold(f.name), fold(f.name_ja or f.name)}]
    return found[0] if len(found) == 1 else None


def odds_of(table: Table, fighter: Fighter, threat: Against | None) -> StateOdds | None:
    """D21 for one unit; None for a destroyed unit, a game that is over, no threat, or a unit
    on the enemy unit's own side (an enemy unit threatens the other side)."""
    if threat is None or fighter.destroyed or table.over:
        return None
    spec = threat.spec
    if threat.enemy is not None:
        enemy = table.fighter(threat.enemy)
        if enemy is None or enemy.side == fighter.side:
            return None
        spec = unit_threat(
            enemy.spec, threat.bonus or 0, enemy.unit_state(), not fighter.done, threat.id
        )
    assert spec is not None
    return _odds(
        fighter.spec, fighter.unit_state(), spec, table.round, fighter.done, table.last_round
    )


@lru_cache(maxsize=1024)
def _odds(
    unit: UnitSpec, state: UnitState, threat: ThreatSpec, round_no: int, done: bool, last: int
) -> StateOdds:
    return state_odds(unit, state, threat, round_no, done, last)
