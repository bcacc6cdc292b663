"""Seed ②: every action costs an MS 1 P; at P 0 it may only move (half M, rounded down) and land."""

from __future__ import annotations

from builder.systems.artifact.rules import allowed_actions, move_distance


def test_ms_with_propellant_moves_full_and_may_attack(units):
    assert move_distance(units["rick-dias"]) == 12
    assert "attack" in allowed_actions(units["rick-dias"])


def test_ms_at_p0_moves_half_rounded_down_and_only_moves_or_lands(units):
    assert move_distance(units["nightingale"], propellant=0) == 7
    assert move_distance(units["rick-dias"], propellant=0) == 6
    assert allowed_actions(units["nightingale"], propellant=0) == ("move", "land")


def test_a_ship_never_runs_out_and_neither_lands_nor_launches(units):
    assert move_distance(units["ra-cailum"]) == 15
    assert allowed_actions(units["ra-cailum"]) == ("move", "attack")
