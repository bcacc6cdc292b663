"""LAMINIM rules core: hit table, silhouette, exact survival chain, damage output
(docs/rules.md §1)."""

from .analysis import UnitAnalysis, analyze_unit
from .budget import Estimate, TooLarge, check_budget, estimate
from .cook_off import cook_off_dice, p_no_cook_off
from .damage_output import DamageOutput, damage_output, weapon_damage
from .delivered import Delivered, delivered
from .distributions import (
    attack_damage_distribution,
    contact_probability,
    damage_taken,
    die_outcomes,
    expected_damage,
    location_outcomes,
    missiles_destroyed,
)
from .hit_table import (
    FaceOutcome,
    Obstruction,
    hit_bonus,
    hit_probability,
    hit_table,
    success_faces,
)
from .interception import Intercept, can_intercept, mean_stopped, missiles_removed
from .model import Guard, ThreatAttack, ThreatSpec, UnitSpec, UnitState, WeaponSpec
from .montecarlo import MonteCarloResult, MonteCarloRound, simulate_survival
from .optimize import FrameOption, OptimizeResult, ScoredLoadout, WeaponOption, optimize
from .results import Interval
from .sampled import sampled_survival, survival_answer
from .scoring import Survivor, remaining_durability, team_score, unit_score, winner
from .silhouette import FaceInfo, Silhouette, silhouette
from .state_odds import LAST_ROUND, StateOdds, magazine_rounds, state_odds, unit_threat
from .survival import RoundResult, SurvivalResult, survival

__all__ = [
    "LAST_ROUND",
    "DamageOutput",
    "Delivered",
    "Estimate",
    "FaceInfo",
    "FaceOutcome",
    "FrameOption",
    "Guard",
    "Intercept",
    "Interval",
    "MonteCarloResult",
    "MonteCarloRound",
    "Obstruction",
    "OptimizeResult",
    "RoundResult",
    "ScoredLoadout",
    "Silhouette",
    "StateOdds",
    "SurvivalResult",
    "Survivor",
    "ThreatAttack",
    "ThreatSpec",
    "TooLarge",
    "UnitAnalysis",
    "UnitSpec",
    "UnitState",
    "WeaponOption",
    "WeaponSpec",
    "analyze_unit",
    "attack_damage_distribution",
    "can_intercept",
    "check_budget",
    "contact_probability",
    "cook_off_dice",
    "damage_output",
    "damage_taken",
    "delivered",
    "die_outcomes",
    "estimate",
    "expected_damage",
    "hit_bonus",
    "hit_probability",
    "hit_table",
    "location_outcomes",
    "magazine_rounds",
    "mean_stopped",
    "missiles_destroyed",
    "missiles_removed",
    "optimize",
    "p_no_cook_off",
    "remaining_durability",
    "sampled_survival",
    "silhouette",
    "simulate_survival",
    "state_odds",
    "success_faces",
    "survival",
    "survival_answer",
    "team_score",
    "unit_score",
    "unit_threat",
    "weapon_damage",
    "winner",
]
