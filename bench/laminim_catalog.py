"""The bundled LAMINIM catalog read straight from YAML as rules-core specs (bench only).

The benchmarks must not import the catalog/roster layers (they are being moved), so this reads
``parts_catalog/laminim/*.yaml`` with ``yaml.safe_load`` and builds the rules core's own specs.
"""

from __future__ import annotations

from pathlib import Path

import yaml

from builder.systems.laminim.rules import Guard, ThreatAttack, ThreatSpec, UnitSpec, WeaponSpec
from builder.systems.laminim.rules.optimize import FrameOption, WeaponOption

CATALOG = Path(__file__).resolve().parents[1] / "parts_catalog" / "laminim"


def _load(name: str) -> list[dict]:
    return yaml.safe_load((CATALOG / f"{name}.yaml").read_text(encoding="utf-8"))[name]


def weapon_spec(raw: dict) -> WeaponSpec:
    abilities = raw.get("abilities") or {}
    guard = abilities.get("guard")
    return WeaponSpec(
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


def frames() -> list[FrameOption]:
    return [FrameOption(f["id"], f["durability"], f["payload"]) for f in _load("frames")]


def weapons() -> list[WeaponOption]:
    return [WeaponOption(weapon_spec(w), w["weight"]) for w in _load("weapons")]


def threats() -> dict[str, ThreatSpec]:
    specs = {w.id: w.spec for w in weapons()}
    return {
        t["id"]: ThreatSpec(
            t["id"],
            tuple(ThreatAttack(specs[a["weapon"]], a.get("bonus", 0)) for a in t["attacks"]),
        )
        for t in _load("threats")
    }


def demo_units() -> list[UnitSpec]:
    raw = yaml.safe_load((CATALOG / "demo_team.yaml").read_text(encoding="utf-8"))
    frame = {f.id: f for f in frames()}
    specs = {w.id: w.spec for w in weapons()}
    return [
        UnitSpec(
            u["name"],
            frame[u["frame"]].durability,
            tuple(specs[w] if w else None for w in u["weapons"]),  # type: ignore[arg-type]
        )
        for u in raw["units"]
    ]
