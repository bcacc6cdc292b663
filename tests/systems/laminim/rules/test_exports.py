"""Callers (CLI, TUI) reach the budget and the optimiser through the package, like survival."""

from __future__ import annotations

import ast
import importlib

import builder.systems.laminim.rules as rules

budget = importlib.import_module("builder.systems.laminim.rules.budget")
optimize = importlib.import_module("builder.systems.laminim.rules.optimize")


def test_budget_and_optimiser_are_exported_from_the_package():
    assert rules.TooLarge is budget.TooLarge
    assert rules.check_budget is budget.check_budget
    assert rules.estimate is budget.estimate
    assert rules.optimize is optimize.optimize
    for name in ("FrameOption", "WeaponOption", "ScoredLoadout", "OptimizeResult"):
        assert getattr(rules, name) is getattr(optimize, name)
        assert name in rules.__all__
    assert {"TooLarge", "check_budget", "optimize"} <= set(rules.__all__)


def test_the_sampled_answer_is_exported_beside_survival():
    sampled = importlib.import_module("builder.systems.laminim.rules.sampled")
    assert rules.survival_answer is sampled.survival_answer
    assert rules.sampled_survival is sampled.sampled_survival
    assert {"survival_answer", "sampled_survival", "Interval"} <= set(rules.__all__)


def _fresh(code: str) -> str:
    import subprocess
    import sys

    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return out.stdout.strip()


def test_an_analysis_loads_no_optimiser_and_its_names_load_on_first_use():
    """Issue 38: the optimiser, delivered damage, scoring, the Monte Carlo estimate, a battle's
    odds and the hit table's faces are not imported with the package (an analysis of a few
    units never calls them); asked for, the package answers with the same objects."""
    loaded = _fresh(
        "import sys\nimport builder.systems.laminim.rules as r\n"
        "print(sorted(m.rsplit('.', 1)[1] for m in sys.modules if m.startswith(r.__name__ + '.')))"
    )
    lazy = {"optimize", "delivered", "scoring", "montecarlo", "state_odds", "hit_table"}
    assert not lazy & set(ast.literal_eval(loaded))
    assert (
        rules.simulate_survival
        is importlib.import_module(f"{rules.__name__}.montecarlo").simulate_survival
    )
    assert rules.StateOdds is importlib.import_module(f"{rules.__name__}.state_odds").StateOdds
    assert rules.winner is importlib.import_module(f"{rules.__name__}.scoring").winner
    assert rules.Delivered is importlib.import_module(f"{rules.__name__}.delivered").Delivered
    table = importlib.import_module(f"{rules.__name__}.hit_table")
    assert (rules.FaceOutcome, rules.Obstruction) == (table.FaceOutcome, table.Obstruction)
    assert rules.hit_table is table.hit_table and rules.hit_probability is table.hit_probability


def test_a_submodule_loaded_first_leaves_the_packages_function_of_its_name():
    """``optimize`` and ``delivered`` are modules and the functions the package exports: loading
    the module first (as the TUI's ``from ...rules.optimize import ranked`` does) must not make
    the package's ``optimize`` the module."""
    code = (
        "import builder.systems.laminim.rules.optimize as m\n"
        "from builder.systems.laminim.rules.optimize import ranked\n"
        "import builder.systems.laminim.rules.state_odds\n"
        "import builder.systems.laminim.rules.hit_table\n"
        "from builder.systems.laminim.rules import optimize, delivered, state_odds, hit_table\n"
        "print(*(type(f).__name__ for f in (optimize, delivered, state_odds, hit_table)))"
    )
    assert _fresh(code) == "function function function function"
