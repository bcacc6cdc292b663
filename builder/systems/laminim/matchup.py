"""LAMINIM's match-up of two teams (``laminim matchup``, docs/matchup.md).

Every unit of each team against every unit of the other as its threat: the enemy unit fires
every intact weapon each round at the bonus (``--bonus``, default +2) while its ammo lasts,
missiles as salvos that all contact (docs/rules.md D21). Each pair is exactly what ``analyze
TEAM --unit U --threat ENEMY_FILE:V --bonus B`` computes — the same threat
(:func:`~builder.systems.laminim.enemy.team_unit_threat`), the same cached chain
(:func:`~builder.systems.laminim.analysis.analyze`), sampled beyond the exact budget as
``analyze`` is — read as P(alive after N rounds) and the damage delivered over them (D25,
:func:`~builder.systems.laminim.rules.delivered`).
"""

from __future__ import annotations

from builder.core.problems import InputError, errors_of
from builder.systems.laminim.analysis import MESSAGES as ANALYSIS_MESSAGES
from builder.systems.laminim.analysis import analyze
from builder.systems.laminim.derive import unit_spec
from builder.systems.laminim.enemy import MESSAGES as ENEMY_MESSAGES
from builder.systems.laminim.enemy import team_unit_threat
from builder.systems.laminim.legality import TeamReport, UnitReport, check_team
from builder.systems.laminim.models import Catalog, Threat
from builder.systems.laminim.read import LaminimRead
from builder.systems.laminim.refusals import too_large
from builder.systems.laminim.rules import TooLarge, delivered
from builder.systems.laminim.rules.interception import DEFAULT_BONUS
from builder.systems.matchup import Cell, Matchup, MatchupEntry, MatchupOptions, Side


def _judged(entry: MatchupEntry, catalog: Catalog) -> TeamReport:
    read = entry.read
    assert isinstance(read, LaminimRead) and read.team is not None
    return check_team(read.team, catalog, read)


def _units(report: TeamReport) -> list[tuple[int, UnitReport]]:
    """The units that resolve (every id found), with their rows in the file."""
    return [(row, u) for row, u in enumerate(report.units) if u.resolved is not None]


def matchup(
    entries: tuple[MatchupEntry, MatchupEntry], catalog: Catalog, options: MatchupOptions
) -> Matchup:
    """Both teams' cells; InputError with every bad-input problem of both files (exit 2)."""
    reports = [_judged(e, catalog) for e in entries]
    bad = [p for r in reports if r.exit_code == 2 for p in errors_of(r.problems)]
    if bad:
        raise InputError(bad)
    bonus = DEFAULT_BONUS if options.bonus is None else options.bonus
    units = [_units(r) for r in reports]
    threats = [
        [_threat(e.path, u, bonus) for _, u in side] for e, side in zip(entries, units, strict=True)
    ]
    sides = []
    for k, entry in enumerate(entries):
        read = entry.read
        assert isinstance(read, LaminimRead) and read.team is not None
        rows = []
        for row, u in units[k]:
            cells = []
            for threat in threats[1 - k]:
                cells.append(_cell(read, row, u, threat, catalog, options.rounds))
            rows.append(tuple(cells))
        sides.append(
            Side(
                file=entry.path,
                team=read.team.name,
                units=tuple(u.resolved.name for _, u in units[k]),  # type: ignore[union-attr]
                cells=tuple(rows),
                team_ja=read.team.name_ja,
                units_ja=tuple(u.name_ja for _, u in units[k]),
            )
        )
    rule = ENEMY_MESSAGES("matchup-rule", bonus=bonus)
    return Matchup(
        system="laminim",
        rounds=options.rounds,
        bonus=bonus,
        measure="rounds",
        rule=(rule.en, rule.ja),
        sides=(sides[0], sides[1]),
        notes=[p for r in reports for p in r.errors],
    )


def _threat(path: str, u: UnitReport, bonus: int) -> Threat:
    """Unit ``u`` of the file ``path`` as ``--threat PATH:UNIT --bonus B`` makes it."""
    assert u.resolved is not None
    return team_unit_threat(u.resolved, f"{path}:{u.resolved.name}", bonus)


def _cell(
    read: LaminimRead, row: int, u: UnitReport, threat: Threat, catalog: Catalog, rounds: int
) -> Cell:
    assert u.resolved is not None
    locate = read.unit_locator(row)
    try:
        analysis = analyze(u.resolved, threat, catalog, rounds, None, exact=False)
    except TooLarge as exc:  # as analyze: bad input at the unit's row, not a crash
        message = ANALYSIS_MESSAGES(
            "unit-too-large", name=u.name, threat=threat.id, why=too_large(exc)
        )
        raise InputError([locate((), message, "bad-input")]) from None
    except OverflowError:
        message = ANALYSIS_MESSAGES("odds-overflow", threat=threat.id, count=len(threat.attacks))
        raise InputError([locate((), message, "bad-input")]) from None
    survival = analysis.survival
    dealt = delivered(unit_spec(u.resolved), survival.rounds, rounds)
    return Cell(
        alive=survival.rounds[rounds - 1].alive,
        delivered=dealt.total,
        sampled=survival.method != "exact",
        extra={"delivered_per_slot": list(dealt.per_slot)},
    )
