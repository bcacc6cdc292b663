"""LAMINIM rules core: hit table, silhouette, exact survival chain, damage output
(docs/rules.md §1).

The optimiser, the delivered-damage figure, the scoring, the Monte Carlo estimate, a battle's
odds and the hit table's faces load on first use (``__getattr__``): an analysis of a few units
never calls them, and importing them was ~27 M instructions of its start-up
(``bench/bench_startup.py --instructions``) before the last three were added. ``optimize``,
``delivered``, ``state_odds`` and ``hit_table`` are each both a module and the function the
package exports; the package keeps the function, whichever way the module is loaded first
(``_Package``), as the eager imports did."""

import importlib
import sys
import types
from typing import TYPE_CHECKING, Any

from .analysis import UnitAnalysis, analyze_unit
from .budget import Estimate, TooLarge, check_budget, estimate
from .cook_off import cook_off_dice, p_no_cook_off
from .damage_output import DamageOutput, damage_output, weapon_damage
from .distributions import (
    attack_damage_distribution,
    contact_probability,
    damage_taken,
    die_outcomes,
    expected_damage,
    location_outcomes,
    missiles_destroyed,
)
from .hit_odds import hit_bonus, hit_probability, success_faces
from .interception import Intercept, can_intercept, mean_stopped, missiles_removed
from .model import Guard, ThreatAttack, ThreatSpec, UnitSpec, UnitState, WeaponSpec
from .results import Interval
from .sampled import sampled_survival, survival_answer
from .silhouette import FaceInfo, Silhouette, silhouette
from .survival import RoundResult, SurvivalResult, survival

if TYPE_CHECKING:
    from .delivered import Delivered, delivered
    from .hit_table import FaceOutcome, Obstruction, hit_table
    from .montecarlo import MonteCarloResult, MonteCarloRound, simulate_survival
    from .optimize import FrameOption, OptimizeResult, ScoredLoadout, WeaponOption, optimize
    from .scoring import Survivor, remaining_durability, team_score, unit_score, winner
    from .state_odds import LAST_ROUND, StateOdds, magazine_rounds, state_odds, unit_threat

_BOTH = ("delivered", "hit_table", "optimize", "state_odds")  # each a submodule and a function


class _Package(types.ModuleType):
    """Loading submodule ``optimize`` sets the package's ``optimize`` to the module (the import
    system does, after the module ran); the package keeps the function of that name instead."""

    def __setattr__(self, name: str, value: Any) -> None:
        if name in _BOTH and isinstance(value, types.ModuleType):
            value = getattr(value, name)
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Package
for _name in _BOTH:  # a submodule one of the eager imports above already loaded
    if isinstance(globals().get(_name), types.ModuleType):
        globals()[_name] = getattr(globals()[_name], _name)


def _defining(name: str) -> types.ModuleType | None:
    """The submodule that defines ``name``, one of the names loaded on first use (imported now,
    by a literal name the layer test sees), or None."""
    if name in ("FaceOutcome", "Obstruction", "hit_table"):
        return importlib.import_module("builder.systems.laminim.rules.hit_table")
    if name in ("Delivered", "delivered"):
        return importlib.import_module("builder.systems.laminim.rules.delivered")
    if name in ("FrameOption", "OptimizeResult", "ScoredLoadout", "WeaponOption", "optimize"):
        return importlib.import_module("builder.systems.laminim.rules.optimize")
    if name in ("Survivor", "remaining_durability", "team_score", "unit_score", "winner"):
        return importlib.import_module("builder.systems.laminim.rules.scoring")
    if name in ("MonteCarloResult", "MonteCarloRound", "simulate_survival"):
        return importlib.import_module("builder.systems.laminim.rules.montecarlo")
    if name in ("LAST_ROUND", "StateOdds", "magazine_rounds", "state_odds", "unit_threat"):
        return importlib.import_module("builder.systems.laminim.rules.state_odds")
    return None


def __getattr__(name: str) -> Any:
    """The names loaded on first use (module docstring), as the TYPE_CHECKING block names them."""
    module = _defining(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(module, name)
    globals()[name] = value
    return value


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
