"""Fixtures: the bundled artifact catalog, validated, and its units as rules-core stats."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from builder.systems.artifact.derive import unit_stats
from builder.systems.artifact.models import (
    ArtifactCatalog,
    CatalogInfo,
    MobileSuitsFile,
    ShipsFile,
    ThreatsFile,
)
from builder.systems.artifact.rules import AttackAction, Threat, ThreatAttack, UnitStats

CATALOG_DIR = Path(__file__).resolve().parents[3] / "parts_catalog" / "artifact"


def load_yaml(name: str) -> object:
    return yaml.safe_load((CATALOG_DIR / name).read_text(encoding="utf-8"))


def load_catalog() -> ArtifactCatalog:
    return ArtifactCatalog(
        info=CatalogInfo.model_validate(load_yaml("catalog.yaml")),
        mobile_suits=MobileSuitsFile.model_validate(load_yaml("mobile_suits.yaml")).mobile_suits,
        ships=ShipsFile.model_validate(load_yaml("ships.yaml")).ships,
        threats=ThreatsFile.model_validate(load_yaml("threats.yaml")).threats,
    )


@pytest.fixture(scope="session")
def catalog() -> ArtifactCatalog:
    return load_catalog()


@pytest.fixture(scope="session")
def units(catalog: ArtifactCatalog) -> dict[str, UnitStats]:
    return {u.id: unit_stats(u) for u in (*catalog.mobile_suits, *catalog.ships)}


@pytest.fixture(scope="session")
def threats(catalog: ArtifactCatalog, units: dict[str, UnitStats]) -> dict[str, Threat]:
    return {
        t.id: Threat(
            t.id,
            tuple(
                ThreatAttack(
                    a.unit, AttackAction(units[a.unit].weapon(a.weapon), a.near, a.evade_near)
                )
                for a in t.attacks
            ),
        )
        for t in catalog.threats
    }
