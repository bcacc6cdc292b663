"""Everything the card and the TUI show for one unit against one threat, in one call."""

from __future__ import annotations

from dataclasses import dataclass

from .damage_output import DamageOutput, damage_output
from .interception import Intercept
from .model import ThreatSpec, UnitSpec
from .results import SurvivalResult
from .sampled import survival_answer
from .silhouette import FaceInfo, silhouette


@dataclass(frozen=True)
class UnitAnalysis:
    """``analyze_unit``'s answer: silhouette, survival and damage output of one unit."""

    name: str
    exposure: float  # valid faces / 6 of the intact unit
    faces: tuple[str | None, ...]  # part named by faces 1..6 ('frame', 'slot1'..), None = invalid
    survival: SurvivalResult
    damage: DamageOutput  # against a target of this unit's own exposure
    guarded: tuple[int | None, ...] = ()  # 0-based shield slot covering faces 1..6
    face_info: tuple[FaceInfo, ...] = ()  # faces 1..6 as typed data (what displays read)
    intercept: Intercept | None = None  # D19's interceptor used for ``survival`` (None: none)


def analyze_unit(
    unit: UnitSpec,
    threat: ThreatSpec,
    rounds: int = 6,
    intercept: Intercept | None = None,
    exact: bool = True,
) -> UnitAnalysis:
    """Silhouette, survival and damage output.

    Survival is exact; beyond the chain's budget it raises ``budget.TooLarge``, or with
    ``exact=False`` is a sampled estimate marked as such (``sampled``).

    Damage output is measured against a target as exposed as this unit (a mirror match), which
    keeps the figure comparable between loadouts without naming an enemy. ``intercept``: D19.
    """
    sil = silhouette(unit)
    exposure = float(sil.exposure)
    return UnitAnalysis(
        name=unit.name,
        exposure=exposure,
        faces=tuple(f.part for f in sil.faces),
        survival=survival_answer(unit, threat, rounds, intercept, exact),
        damage=damage_output(unit, exposure),
        guarded=tuple(f.guarded_by for f in sil.faces),
        face_info=sil.faces,
        intercept=intercept,
    )
