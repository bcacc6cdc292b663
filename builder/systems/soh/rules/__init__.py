"""Space Opera Heroes rules core: exploding best die, multiplier and wounds, AP planner
(docs/rules.md §3).

Pure: stdlib and numpy only, no I/O. Every probability is exact to 1e-12 (D13).
"""

from .action_points import Leader, evasion_movement, initiative, normalise_ap, tactical_ability
from .bonuses import (
    packed_targets_bonus,
    sniping_reduction,
    sniping_rounds,
    sniping_size_penalty,
    transferred_dice,
)
from .exploding import MAX_DICE, best_of, pmf, support_cap, survival
from .multiplier import multiplier_of, wounds_of
from .odds import LIST_CUTOFF, OddsResult, odds
from .planner import Combatant, Plan, PlanRow, Split, partitions, plan, splits
from .values import (
    CharacterStats,
    Protection,
    WeaponStats,
    durability,
    evasion_value,
    hit_ability,
    hit_value,
)

__all__ = [
    "LIST_CUTOFF",
    "MAX_DICE",
    "CharacterStats",
    "Combatant",
    "Leader",
    "OddsResult",
    "Plan",
    "PlanRow",
    "Protection",
    "Split",
    "WeaponStats",
    "best_of",
    "durability",
    "evasion_movement",
    "evasion_value",
    "hit_ability",
    "hit_value",
    "initiative",
    "multiplier_of",
    "normalise_ap",
    "odds",
    "packed_targets_bonus",
    "partitions",
    "plan",
    "pmf",
    "sniping_reduction",
    "sniping_rounds",
    "sniping_size_penalty",
    "splits",
    "support_cap",
    "survival",
    "tactical_ability",
    "transferred_dice",
    "wounds_of",
]
