"""Artifact rules core: D10 to-hit, D11 evasion, attack and activation odds, D12 survival, D9.

Pure and exact: standard library, ``fractions`` and numpy only; no I/O and no other ``builder``
package. Inputs are the frozen dataclasses of :mod:`.model`; probabilities are ``Fraction`` inside
and floats in the results.
"""

from .actions import allowed_actions, move_distance
from .distributions import binomial, capped_damage, hits_after_evasion
from .evasion import EVADE_TARGET, can_evade, p_evade, worth_evading
from .force import MIN_MS, ForceProblem, check_force
from .model import AttackAction, Threat, ThreatAttack, UnitKind, UnitStats, WeaponStats
from .odds import (
    ActivationResult,
    OddsResult,
    activation_odds,
    attack_distribution,
    attack_odds,
)
from .survival import (
    MAX_ROUNDS,
    ExactRoundResult,
    RoundResult,
    SurvivalResult,
    survival,
    survival_exact,
    survival_states,
)
from .to_hit import NEAR_CM, in_range, near_modifier, needed_face, p_hit, p_success

__all__ = [
    "EVADE_TARGET",
    "MAX_ROUNDS",
    "MIN_MS",
    "NEAR_CM",
    "ActivationResult",
    "AttackAction",
    "ExactRoundResult",
    "ForceProblem",
    "OddsResult",
    "RoundResult",
    "SurvivalResult",
    "Threat",
    "ThreatAttack",
    "UnitKind",
    "UnitStats",
    "WeaponStats",
    "activation_odds",
    "allowed_actions",
    "attack_distribution",
    "attack_odds",
    "binomial",
    "can_evade",
    "capped_damage",
    "check_force",
    "hits_after_evasion",
    "in_range",
    "move_distance",
    "near_modifier",
    "needed_face",
    "p_evade",
    "p_hit",
    "p_success",
    "survival",
    "survival_exact",
    "survival_states",
    "worth_evading",
]
