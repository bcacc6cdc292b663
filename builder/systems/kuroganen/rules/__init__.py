"""Kuroganen Gauge rules core: steps, jumps, falls and the reach planner (docs/rules.md §4,
D16–D18).

Pure: the standard library only. Maps come in as ``HeightMap``; nothing here reads files.
"""

from .falls import COLLISION_RISK, FORCED_FALL_RISK, digest, fall_risk
from .height_map import DIRECTIONS, HeightMap, Level, Point
from .jumps import MIN_JUMP, Jump, RunCell, jump_run, jumps_from
from .planner import (
    MAX_WORK,
    Leg,
    Reach,
    ReachTooLarge,
    check_budget,
    max_move,
    path_to,
    planner_work,
    reach,
)
from .steps import CLIMB_COST, STEP_COST, Step, climb_cost, step, steps_from
from .stomp import Stomp, nearest_free, pushed_fall_risk, stomp

__all__ = [
    "CLIMB_COST",
    "COLLISION_RISK",
    "DIRECTIONS",
    "FORCED_FALL_RISK",
    "MAX_WORK",
    "MIN_JUMP",
    "STEP_COST",
    "HeightMap",
    "Jump",
    "Leg",
    "Level",
    "Point",
    "Reach",
    "ReachTooLarge",
    "RunCell",
    "Step",
    "Stomp",
    "check_budget",
    "climb_cost",
    "digest",
    "fall_risk",
    "jump_run",
    "jumps_from",
    "max_move",
    "nearest_free",
    "path_to",
    "planner_work",
    "pushed_fall_risk",
    "reach",
    "step",
    "steps_from",
    "stomp",
]
