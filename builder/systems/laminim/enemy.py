"""An enemy unit of a team file as the threat (docs/rules.md D21): ``--threat FILE:UNIT``.

``analyze`` and ``compare`` take it beside catalog threats and threat files, the battle record's
odds take an enemy unit of the record, and a match-up of two teams takes each unit of the other
team: all through :func:`enemy_threat`, which turns a unit (whole, or where it stands in a
battle) into a :class:`Threat` the rest of the builder shows and analyses like any other. The
rules are the rules core's :func:`~builder.systems.laminim.rules.unit_threat`: every intact
weapon that attacks fires each round at ``bonus`` while its ammo lasts, missiles as salvos that
all contact.
"""

from __future__ import annotations

from pathlib import Path

from builder.core.messages import Messages
from builder.core.problems import InputError, Problem, errors_of, find_named
from builder.systems.laminim.derive import unit_spec
from builder.systems.laminim.legality import ResolvedUnit, resolve_unit
from builder.systems.laminim.models import Catalog, Threat, ThreatAttack
from builder.systems.laminim.rules import UnitState
from builder.systems.laminim.rules.interception import DEFAULT_BONUS

MESSAGES = Messages.load(__file__)

WHERE = "--threat"


def enemy_threat(
    unit: ResolvedUnit,
    threat_id: str,
    bonus: int = DEFAULT_BONUS,
    names: tuple[str, str] | None = None,
    state: UnitState | None = None,
    fires_this_round: bool = True,
) -> Threat:
    """``unit`` as a threat (D21), called ``threat_id`` (what JSON reports) and ``names``
    (English, Japanese; default the unit's name): its attacks are catalog weapon ids with the
    bonus (0 for a missile salvo) and, for a weapon with ammo, the rounds its magazine lasts.
    ``state``/``fires_this_round``: a unit in a battle (see ``rules.unit_threat``)."""
    from builder.systems.laminim.rules import unit_threat  # (loads state_odds: not for analyze)

    spec = unit_threat(unit_spec(unit), bonus, state, fires_this_round, threat_id)
    attacks = tuple(
        ThreatAttack(weapon=a.weapon.name, bonus=a.bonus, rounds=a.rounds) for a in spec.attacks
    )
    en, ja = names or (unit.name, unit.name)
    # built, not validated: the id is the player's FILE:UNIT (no slug), and a unit without an
    # attacking weapon is a threat of no attacks (it fires nothing: the unit just resolves)
    return Threat.model_construct(
        id=threat_id,
        name=en,
        name_ja=ja,
        description=MESSAGES("enemy-description", bonus=bonus).en,
        attacks=attacks,
    )


def is_unit_ref(ref: str) -> bool:
    """True for ``FILE:UNIT`` with a YAML file (a catalog id never holds a colon)."""
    from builder.core.file_unit import split_file_unit

    path, unit = split_file_unit(ref)
    return unit is not None and path.suffix.lower() in (".yaml", ".yml")


def file_enemy_threat(ref: str, catalog: Catalog, bonus: int = DEFAULT_BONUS) -> Threat:
    """``--threat FILE:UNIT``: that unit of a LAMINIM team file, whole, magazines full.

    InputError (exit 2) for an unreadable file, a file of another game, an unknown unit (with
    the names it has) or a unit whose parts the catalog does not have."""
    from builder.core.file_unit import split_file_unit
    from builder.roster.team_file import read_team
    from builder.systems.laminim.legality import check_team
    from builder.systems.laminim.team import Team

    path, name = split_file_unit(ref)
    assert name is not None
    system, read = read_team(path)
    if system is None or read.team is None:
        raise InputError(read.problems)
    if system.id != catalog.system or not isinstance(read.team, Team):
        game = (system.name, system.name_ja)
        raise InputError(
            [Problem(WHERE, None, None, "", MESSAGES("enemy-other-game", path=path, game=game))]
        )
    team = read.team
    unit = find_named(team.units, name, lambda u: u.name, where=WHERE)
    resolved = resolve_unit(unit, catalog)
    if resolved is None:
        report = check_team(team, catalog, read)  # type: ignore[arg-type]
        problems = [p for p in errors_of(report.problems) if p.severity == "bad-input"]
        raise InputError(
            problems
            or [Problem(WHERE, None, None, "", MESSAGES("enemy-unresolved", name=unit.name))]
        )
    return team_unit_threat(resolved, ref, bonus)


def team_unit_threat(unit: ResolvedUnit, ref: str, bonus: int = DEFAULT_BONUS) -> Threat:
    """The unit ``ref`` (``FILE:UNIT``) of a team file as the threat, named as ``--threat
    FILE:UNIT`` names it: ``analyze``/``compare`` and a match-up's every pair go through here."""
    from builder.core.file_unit import split_file_unit

    path, _ = split_file_unit(ref)
    said = MESSAGES("enemy-name", unit=unit.name, file=Path(path).name, bonus=bonus)
    return enemy_threat(unit, ref, bonus, (said.en, said.ja))
