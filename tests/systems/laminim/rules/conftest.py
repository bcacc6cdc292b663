"""Test-play parts from the seed (テストプレイ用データ) as rules-core specs, plus small threats."""

from __future__ import annotations

import pytest

from builder.systems.laminim.rules.model import (
    Guard,
    ThreatAttack,
    ThreatSpec,
    UnitSpec,
    WeaponSpec,
)
from builder.systems.laminim.rules.optimize import FrameOption, WeaponOption

RIFLE = WeaponSpec("rifle", "normal", 10, 3, 4, 10, 1)
MISSILE = WeaponSpec("missile", "missile", 10, 8, 5, 6, 1, homing=True)
GATLING = WeaponSpec("gatling", "normal", 14, 3, 8, 12, 2)
SMG = WeaponSpec("smg", "normal", 8, 2, 5, 6, 1)
QUICK_BOOSTER = WeaponSpec("quick-booster", "special", 10, 0, 0, None, 0)
BLADE = WeaponSpec("blade", "melee", 10, 10, 3, None, 0)
SHIELD = WeaponSpec("shield", "special", 12, 0, 0, None, 0, guard=Guard((1,), 1))
AUTOCANNON = WeaponSpec("autocannon", "normal", 12, 6, 2, 6, 1)

FRAMES = {"striker": 20, "bastion": 40, "lancer": 16}


def unit(frame: str | int, *slots: WeaponSpec | None, name: str = "") -> UnitSpec:
    padded = (*slots, None, None, None)[:3]
    durability = FRAMES[frame] if isinstance(frame, str) else frame
    return UnitSpec(name or str(frame), durability, padded)  # type: ignore[arg-type]


def threat(id: str, *attacks: tuple[WeaponSpec, int]) -> ThreatSpec:
    return ThreatSpec(id, tuple(ThreatAttack(w, b) for w, b in attacks))


@pytest.fixture
def rifle() -> WeaponSpec:
    return RIFLE


@pytest.fixture
def missile() -> WeaponSpec:
    return MISSILE


@pytest.fixture
def gatling() -> WeaponSpec:
    return GATLING


@pytest.fixture
def smg() -> WeaponSpec:
    return SMG


@pytest.fixture
def quick_booster() -> WeaponSpec:
    return QUICK_BOOSTER


@pytest.fixture
def blade() -> WeaponSpec:
    return BLADE


@pytest.fixture
def shield() -> WeaponSpec:
    return SHIELD


@pytest.fixture
def autocannon() -> WeaponSpec:
    return AUTOCANNON


# The three test-play sample units (重装/ミサイラー-like bastion, high-speed melee lancer).
@pytest.fixture
def bastion_barrage() -> UnitSpec:
    return unit("bastion", GATLING, MISSILE, MISSILE, name="bastion")


@pytest.fixture
def lancer_melee() -> UnitSpec:
    return unit("lancer", SMG, QUICK_BOOSTER, BLADE, name="lancer")


@pytest.fixture
def striker_shield() -> UnitSpec:
    return unit("striker", RIFLE, SHIELD, AUTOCANNON, name="striker")


@pytest.fixture
def weak_frame_magazines() -> UnitSpec:
    """Cook-off chains: a weak frame carrying two ammo-heavy, high-power weapons."""
    return unit(12, GATLING, AUTOCANNON, name="magazines")


@pytest.fixture
def rifle_fire() -> ThreatSpec:
    return threat("rifle-fire", (RIFLE, 2))


@pytest.fixture
def skirmish() -> ThreatSpec:
    return threat("skirmish", (RIFLE, 2), (AUTOCANNON, 3))


@pytest.fixture
def missile_salvo() -> ThreatSpec:
    return threat("missile-salvo", (MISSILE, 0))


@pytest.fixture
def full_barrage() -> ThreatSpec:
    return threat("full-barrage", (GATLING, 2), (MISSILE, 0), (MISSILE, 0))


# The bundled catalog as rules-core specs, through the project's own loader and specs
# (builder.systems.laminim.derive is the one place catalog parts become rules-core specs).


def catalog_weapons() -> list[WeaponOption]:
    from builder.systems.laminim.catalog import load_catalog
    from builder.systems.laminim.optimizer import weapon_options

    return weapon_options(load_catalog())


def catalog_frames() -> list[FrameOption]:
    from builder.systems.laminim.catalog import load_catalog
    from builder.systems.laminim.optimizer import pick_frames

    return pick_frames(load_catalog(), None)


def catalog_threats() -> dict[str, ThreatSpec]:
    from builder.systems.laminim.catalog import load_catalog
    from builder.systems.laminim.derive import threat_spec

    catalog = load_catalog()
    return {t.id: threat_spec(t, catalog) for t in catalog.threats}


def catalog_demo_units() -> list[UnitSpec]:
    from builder.core.resources import bundled_catalog_dir
    from builder.roster.team_file import load_team
    from builder.systems.laminim.catalog import load_catalog
    from builder.systems.laminim.derive import unit_spec
    from builder.systems.laminim.legality import resolve_unit

    catalog = load_catalog()
    _, team = load_team(bundled_catalog_dir("laminim") / "demo_team.yaml")
    units = [resolve_unit(u, catalog) for u in team.units]
    return [unit_spec(u) for u in units if u is not None]
