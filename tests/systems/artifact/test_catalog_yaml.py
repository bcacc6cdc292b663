"""The bundled artifact catalog: every YAML file loads safely, validates, and is the seed's data."""

from __future__ import annotations

import pytest
import yaml
from pydantic import ValidationError

from builder.systems.artifact.models import (
    ArtifactCatalog,
    CatalogInfo,
    ForceFile,
    MobileSuitsFile,
    ShipsFile,
    ThreatsFile,
    Weapon,
)
from builder.systems.artifact.rules import check_force, survival

from .conftest import CATALOG_DIR, load_yaml

# The seed's サンプルデータ, retyped here from seeds/001 (id: move, hp, P or capacity, weapons as
# id: (range, attacks, A.MS, A.S, D)).
SEED_MS = {
    "nightingale": (
        "ナイチンゲール", 15, 12, 10,
        {"beam-rifle": (10, 4, 3, 3, 1), "funnel": (20, 3, 3, 3, 2), "beam-saber": (1, 2, 2, 2, 1)},
    ),
    "rick-dias": (
        "リックディアス", 12, 10, 8,
        {"beam-pistol": (10, 4, 3, 3, 1), "clay-bazooka": (15, 3, 3, 3, 1),
         "beam-saber": (1, 2, 2, 2, 1)},
    ),
    "hi-nu-gundam": (
        "Hi-νガンダム", 15, 10, 10,
        {"beam-rifle": (10, 4, 3, 3, 1), "fin-funnel": (20, 2, 3, 3, 3),
         "beam-saber": (1, 2, 2, 2, 1)},
    ),
    "byalant-custom": (
        "バイアランカスタム", 15, 10, 8,
        {"mega-particle-cannon": (10, 3, 3, 3, 2), "claw-arm": (1, 3, 2, 2, 2)},
    ),
}  # fmt: skip
SEED_SHIPS = {
    "rewloola": (
        "レウルーラ", 15, 25, 12,
        {"main-gun": (20, 4, 5, 3, 3), "missile": (20, 3, 5, 3, 2),
         "machine-gun": (5, 5, 3, 6, 1)},
    ),
    "ra-cailum": (
        "ラーカイラム", 15, 35, 12,
        {"main-gun": (20, 4, 5, 3, 3), "machine-gun": (5, 5, 3, 6, 1)},
    ),
}  # fmt: skip
WEAPON_JA = {
    "beam-rifle": "ビームライフル",
    "funnel": "ファンネル",
    "beam-saber": "ビームサーベル",
    "beam-pistol": "ビームピストル",
    "clay-bazooka": "クレイバズーカ",
    "fin-funnel": "フィンファンネル",
    "mega-particle-cannon": "メガ粒子砲",
    "claw-arm": "クローアーム",
    "main-gun": "主砲",
    "missile": "ミサイル",
    "machine-gun": "機銃",
}


def _weapon_tuple(w: Weapon) -> tuple[int, int, int, int, int]:
    return (w.range, w.attacks, w.to_hit_ms, w.to_hit_ship, w.damage)


@pytest.mark.parametrize(
    ("filename", "model"),
    [
        ("catalog.yaml", CatalogInfo),
        ("mobile_suits.yaml", MobileSuitsFile),
        ("ships.yaml", ShipsFile),
        ("threats.yaml", ThreatsFile),
        ("demo_force.yaml", ForceFile),
    ],
)
def test_every_yaml_file_loads_safely_and_validates(filename, model):
    model.model_validate(yaml.safe_load((CATALOG_DIR / filename).read_text(encoding="utf-8")))


def test_catalog_says_it_is_the_artifact_system_with_a_default_threat(catalog):
    assert catalog.info.system == "artifact"
    assert catalog.info.default_threat in {t.id for t in catalog.threats}


def test_seed_mobile_suits_exactly(catalog):
    got = {m.id: m for m in catalog.mobile_suits}
    assert list(got) == list(SEED_MS)
    for uid, (name_ja, move, hp, p, weapons) in SEED_MS.items():
        m = got[uid]
        assert (m.name_ja, m.move, m.hp, m.propellant) == (name_ja, move, hp, p)
        assert {w.id: _weapon_tuple(w) for w in m.weapons} == weapons
        assert [w.id for w in m.weapons] == list(weapons)  # seed order
        assert all(w.name_ja == WEAPON_JA[w.id] and w.name for w in m.weapons)
        assert m.name and m.description


def test_seed_ships_exactly(catalog):
    got = {s.id: s for s in catalog.ships}
    assert list(got) == list(SEED_SHIPS)
    for uid, (name_ja, move, hp, capacity, weapons) in SEED_SHIPS.items():
        s = got[uid]
        assert (s.name_ja, s.move, s.hp, s.capacity) == (name_ja, move, hp, capacity)
        assert {w.id: _weapon_tuple(w) for w in s.weapons} == weapons
        assert [w.id for w in s.weapons] == list(weapons)
        assert all(w.name_ja == WEAPON_JA[w.id] and w.name for w in s.weapons)


def test_named_threats_exist_and_one_is_mixed(catalog):
    by_id = {t.id: t for t in catalog.threats}
    assert by_id["hi-nu-fin-funnels"].name == "Hi-ν fin funnels"
    assert by_id["ra-cailum-broadside"].name == "Ra Cailum broadside"
    assert any(len({a.unit for a in t.attacks}) > 1 for t in catalog.threats)


def test_every_threat_runs_against_every_unit(units, threats):
    for threat in threats.values():
        for unit in units.values():
            rows = survival(unit, threat, 6).rounds
            assert 0.0 <= rows[-1].alive <= 1.0


def test_demo_force_is_legal_under_d9(units):
    force = ForceFile.model_validate(load_yaml("demo_force.yaml"))
    problems = check_force(
        (force.ship.name, units[force.ship.type]),
        [(u.name, units[u.type]) for u in force.units],
    )
    assert problems == ()


def test_catalog_cross_references_are_checked(catalog):
    data = catalog.model_dump()
    data["threats"][0]["attacks"][0]["weapon"] = "hyper-bazooka"
    with pytest.raises(ValidationError, match="hi-nu-gundam has no 'hyper-bazooka'"):
        ArtifactCatalog.model_validate(data)
    data = catalog.model_dump()
    data["info"]["default_threat"] = "nope"
    with pytest.raises(ValidationError, match="default_threat"):
        ArtifactCatalog.model_validate(data)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"id": "Beam_Rifle"}, "should match pattern"),
        ({"to_hit_ms": 7}, "less than or equal to 6"),
        ({"attacks": 0}, "greater than or equal to 1"),
        ({"colour": "red"}, "Extra inputs are not permitted"),
    ],
)
def test_bad_weapon_entries_are_rejected(change, message):
    good = {
        "id": "beam-rifle",
        "name": "Beam rifle",
        "name_ja": "ビームライフル",
        "range": 10,
        "attacks": 4,
        "to_hit_ms": 3,
        "to_hit_ship": 3,
        "damage": 1,
    }
    Weapon.model_validate(good)
    with pytest.raises(ValidationError, match=message):
        Weapon.model_validate({**good, **change})


def test_duplicate_weapon_ids_within_a_unit_are_rejected():
    data = load_yaml("mobile_suits.yaml")
    assert isinstance(data, dict)
    suit = data["mobile_suits"][0]
    suit["weapons"].append(dict(suit["weapons"][0]))
    with pytest.raises(ValidationError, match="unique within a unit"):
        MobileSuitsFile.model_validate(data)
