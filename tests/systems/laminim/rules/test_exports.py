"""Callers (CLI, TUI) reach the budget and the optimiser through the package, like survival."""

from __future__ import annotations

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
