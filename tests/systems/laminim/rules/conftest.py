"""Test-play parts from the seed (テストプレイ用データ) as rules-core specs, plus small threats."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

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


# The bundled catalog as rules-core specs, read straight from the YAML (the catalog layer is
# not the rules core's business, and is being moved).
CATALOG_DIR = Path(__file__).resolve().parents[4] / "parts_catalog" / "laminim"


def _catalog(name: str) -> list[dict]:
    return yaml.safe_load((CATALOG_DIR / f"{name}.yaml").read_text(encoding="utf-8"))[name]


def catalog_weapons() -> list[WeaponOption]:
    out = []
    for raw in _catalog("weapons"):
        abilities = raw.get("abilities") or {}
        guard = abilities.get("guard")
        spec = WeaponSpec(
            raw["id"],
            raw["type"],
            raw["durability"],
            raw.get("power", 0),
            raw.get("attacks", 0),
            raw.get("ammo"),
            raw.get("ammo_per_attack", 0),
            Guard(tuple(guard["faces"]), guard["reduction"]) if guard else None,
            bool(abilities.get("homing")),
        )
        out.append(WeaponOption(spec, raw["weight"]))
    return out


def catalog_frames() -> list[FrameOption]:
    return [FrameOption(f["id"], f["durability"], f["payload"]) for f in _catalog("frames")]


def catalog_threats() -> dict[str, ThreatSpec]:
    specs = {w.id: w.spec for w in catalog_weapons()}
    return {
        t["id"]: ThreatSpec(
            t["id"],
            tuple(ThreatAttack(specs[a["weapon"]], a.get("bonus", 0)) for a in t["attacks"]),
        )
        for t in _catalog("threats")
    }


def catalog_demo_units() -> list[UnitSpec]:
    raw = yaml.safe_load((CATALOG_DIR / "demo_team.yaml").read_text(encoding="utf-8"))
    frames = {f.id: f.durability for f in catalog_frames()}
    specs = {w.id: w.spec for w in catalog_weapons()}
    return [
        UnitSpec(
            u["name"],
            frames[u["frame"]],
            tuple(specs[w] if w else None for w in u["weapons"]),  # type: ignore[arg-type]
        )
        for u in raw["units"]
    ]
