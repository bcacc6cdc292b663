"""``laminim matchup`` of two artifact forces (docs/matchup.md): the balance matrix's
activations between the units of two forces, both ways.

Each cell's own activation (weapon, expected damage, kill chance) is the balance report's cell
for that attacker and target at modifier 0 (the target evading when it can), P(alive) is D12's
chain checked in exact fractions, and the damage delivered is read off both as docs/matchup.md
says: Σ over activations k of P(alive after the enemy's k − 1 activations) × one activation's
expected damage."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from builder.cli import main

ROOT = Path(__file__).parents[3]
MINE = ROOT / "parts_catalog" / "artifact" / "demo_force.yaml"
THEIRS = ROOT / "examples" / "artifact" / "londo_bell.yaml"


def _run(capsys, *args: object) -> tuple[int, str, str]:
    code = main([str(a) for a in args])
    out = capsys.readouterr()
    return code, out.out, out.err


def _types(path: Path) -> dict[str, str]:
    from builder.core.source import read_yaml

    data = read_yaml(path).data
    return {m["name"]: m["type"] for m in [data["ship"], *data["units"]]}


def test_each_cell_is_the_balance_matrix_activation_and_d12_survival(capsys):
    from builder.systems.artifact.catalog import load_catalog
    from builder.systems.artifact.derive import all_units, unit_stats
    from builder.systems.artifact.rules import AttackAction, Threat, ThreatAttack, survival_exact

    code, out, err = _run(capsys, "matchup", MINE, THEIRS, "--rounds", 4, "--json")
    assert code == 0, err
    data = json.loads(out)
    assert (data["measure"], data["rounds"], data["bonus"]) == ("activations", 4, None)
    code, said, _ = _run(capsys, "balance", "--system", "artifact", "--json")
    assert code == 0
    matrix = {
        (c["attacker"], c["target"], c["evade"]): c
        for c in json.loads(said)["cells"]
        if c["modifier"] == 0
    }
    catalog = load_catalog()
    units = all_units(catalog)
    types = [_types(MINE), _types(THEIRS)]
    checked = 0
    for k, side in enumerate(data["sides"]):
        for unit in side["units"]:
            me = units[types[k][unit["name"]]]
            for cell in unit["against"]:
                enemy = units[types[1 - k][cell["enemy"]]]
                mine = matrix[(me.id, enemy.id, hasattr(enemy, "propellant"))]
                assert cell["weapon"] == mine["weapon"]
                assert cell["activation_damage"] == mine["expected_damage"]
                assert cell["activation_kill"] == mine["p_kill"]
                theirs = matrix[(enemy.id, me.id, hasattr(me, "propellant"))]
                assert cell["enemy_weapon"] == theirs["weapon"]
                stats, foe = unit_stats(me), unit_stats(enemy)
                weapon = next(w for w in foe.weapons if w.id == theirs["weapon"])
                attack = ThreatAttack(foe.id, AttackAction(weapon, 0))
                exact = survival_exact(stats, Threat("t", (attack, attack)), 4)
                alive = [float(r.alive) for r in exact]
                assert cell["alive"] == pytest.approx(alive[-1], abs=1e-12)
                want = mine["expected_damage"] * (1 + sum(alive[:-1]))
                assert cell["delivered"] == pytest.approx(want, rel=1e-12, abs=1e-12)
                checked += 1
    assert checked == 2 * 4 * 4


def test_bonus_is_refused_for_artifact_and_text_is_japanese(capsys):
    code, out, err = _run(capsys, "matchup", MINE, THEIRS, "--bonus", 3)
    assert code == 2 and out == "" and "--bonus" in err
    code, out, err = _run(capsys, "matchup", MINE, THEIRS, "--lang", "ja")
    assert code == 0, err
    assert "回の行動後の生存率" in out and "最良の組み合わせ" in out
    assert "activation" not in out and "Best" not in out


def test_forces_with_mistakes_say_every_problem_of_both(capsys):
    broken = ROOT / "examples" / "artifact" / "broken_force.yaml"
    code, out, err = _run(capsys, "matchup", broken, broken)
    assert code == 2 and out == ""
    code1, _, alone = _run(capsys, "check", broken)
    assert code1 == 2
    mistakes = [line for line in alone.splitlines() if line.startswith(str(broken))]
    assert mistakes and err.splitlines() == mistakes  # the same file twice: said once
    illegal = ROOT / "examples" / "artifact" / "illegal_force.yaml"
    code, out, err = _run(capsys, "matchup", broken, illegal)
    assert code == 2 and out == ""
    assert err.splitlines()[: len(mistakes)] == mistakes
