"""The artifact match-up of two forces (``laminim matchup``, docs/matchup.md): the balance
matrix's activations (``rules/matrix.py``), between the units of two forces.

For each unit X of one force against each unit Y of the other, Y attacks X once a round with
one activation: its best weapon against X (the matrix's choice: highest kill chance, then
expected damage, modifier 0, X evading when it can) in both actions. P(X alive after N
activations) is D12's exact survival under that threat (X evades while it has P). The damage X
delivers over them is D25's reading for a force: Σ over activations k = 1…N of P(X alive after
Y's k − 1 activations) × the expected damage of X's own best activation against Y (capped at Y's
full HP, as the matrix gives it).
"""

from __future__ import annotations

from builder.core.messages import Messages
from builder.core.problems import InputError, Problem, errors_of
from builder.systems.artifact.derive import unit_stats
from builder.systems.artifact.legality import ForceReport, Member, check
from builder.systems.artifact.models import ArtifactCatalog
from builder.systems.artifact.read import ForceRead
from builder.systems.matchup import Cell, Matchup, MatchupEntry, MatchupOptions, Side

LABELS = Messages.load(__file__, "matchup_messages.yaml")


def _report(entry: MatchupEntry, catalog: ArtifactCatalog) -> ForceReport:
    read = entry.read
    assert isinstance(read, ForceRead) and read.team is not None
    return check(read.team, catalog, read)


def _members(report: ForceReport) -> list[Member]:
    return [m for m in report.members if m.unit is not None]


def _evades(unit: object) -> bool:
    return getattr(unit, "kind", None) == "ms" and bool(getattr(unit, "propellant", 0))


def matchup(
    entries: tuple[MatchupEntry, MatchupEntry], catalog: ArtifactCatalog, options: MatchupOptions
) -> Matchup:
    """Both forces' cells; InputError with every bad-input problem of both files (exit 2)."""
    from builder.systems.artifact.rules import AttackAction, Threat, ThreatAttack, survival
    from builder.systems.artifact.rules.matrix import MatrixCell, best_activation
    from builder.systems.artifact.rules.odds import ACTIONS_PER_ACTIVATION

    if options.bonus is not None:
        message = LABELS("bonus-not-used")
        raise InputError([Problem("--bonus", None, None, "", message)])
    reports = [_report(e, catalog) for e in entries]
    bad = [p for r in reports if r.exit_code == 2 for p in errors_of(r.problems)]
    if bad:
        raise InputError(bad)
    members = [_members(r) for r in reports]
    stats = [[unit_stats(m.unit) for m in side if m.unit is not None] for side in members]

    def activation(attacker_k: int, i: int, j: int) -> MatrixCell | None:
        """Side ``attacker_k``'s unit i's best activation against the other side's unit j."""
        attacker, target = stats[attacker_k][i], stats[1 - attacker_k][j]
        if not attacker.weapons:
            return None
        return best_activation(attacker, target, 0, _evades(target))

    sides = []
    for k, entry in enumerate(entries):
        rows = []
        for i, me in enumerate(stats[k]):
            cells = []
            for j, enemy in enumerate(stats[1 - k]):
                theirs = activation(1 - k, j, i)
                mine = activation(k, i, j)
                if theirs is None:
                    alive = [1.0] * options.rounds
                else:
                    weapon = next(w for w in enemy.weapons if w.id == theirs.weapon)
                    attack = ThreatAttack(enemy.id, AttackAction(weapon, 0))
                    threat = Threat(enemy.id, (attack,) * ACTIONS_PER_ACTIVATION)
                    alive = [r.alive for r in survival(me, threat, options.rounds).rounds]
                per = 0.0 if mine is None else mine.expected_damage
                dealt = per * sum([1.0, *alive[:-1]])
                cells.append(
                    Cell(
                        alive=alive[-1],
                        delivered=dealt,
                        extra={
                            "weapon": None if mine is None else mine.weapon,
                            "activation_damage": per,
                            "activation_kill": 0.0 if mine is None else mine.p_kill,
                            "enemy_weapon": None if theirs is None else theirs.weapon,
                        },
                    )
                )
            rows.append(tuple(cells))
        read = entry.read
        assert read.team is not None
        sides.append(
            Side(
                file=entry.path,
                team=read.team.name,
                units=tuple(m.name for m in members[k]),
                cells=tuple(rows),
                team_ja=reports[k].name_ja,
                units_ja=tuple(reports[k].names_ja.get(m.name) for m in members[k]),
            )
        )
    rule = LABELS("rule")
    return Matchup(
        system="artifact",
        rounds=options.rounds,
        bonus=None,
        measure="activations",
        rule=(rule.en, rule.ja),
        sides=(sides[0], sides[1]),
        notes=[p for r in reports for p in r.errors],
    )
