"""The bundled LAMINIM catalog as rules-core specs, for the benchmarks.

Read through the project's own loader and ``builder.systems.laminim.derive`` (the one place
catalog parts become rules-core specs), so the benchmark measures the units players get.
"""

from __future__ import annotations

from builder.core.resources import bundled_catalog_dir
from builder.roster.team_file import load_team
from builder.systems.laminim.catalog import load_catalog
from builder.systems.laminim.derive import threat_spec, unit_spec
from builder.systems.laminim.legality import resolve_unit
from builder.systems.laminim.optimizer import pick_frames, weapon_options
from builder.systems.laminim.rules import ThreatSpec, UnitSpec
from builder.systems.laminim.rules.optimize import FrameOption, WeaponOption


def frames() -> list[FrameOption]:
    return pick_frames(load_catalog(), None)


def weapons() -> list[WeaponOption]:
    return weapon_options(load_catalog())


def threats() -> dict[str, ThreatSpec]:
    catalog = load_catalog()
    return {t.id: threat_spec(t, catalog) for t in catalog.threats}


def demo_units() -> list[UnitSpec]:
    catalog = load_catalog()
    _, team = load_team(bundled_catalog_dir("laminim") / "demo_team.yaml")
    units = [resolve_unit(u, catalog) for u in team.units]
    return [unit_spec(u) for u in units if u is not None]
