"""A small LAMINIM catalog the balance report was never tuned to, with two planted parts.

Four frames (one, ``husk``, with no legal loadout at all), four ordinary weapons, two threats,
numbers of its own (not the bundled catalog's); planted: ``anvil``, heavy and weak (it fills a
frame's payload for one weak shot), and ``railgun``, overpowered (light, tough, strong, no ammo to
cook off).
"""

from __future__ import annotations

from pathlib import Path

import yaml

MOVE = [
    {
        "id": "normal",
        "name": "Move",
        "name_ja": "移動",
        "direction": "any",
        "distance": 1,
        "turn": 60,
    }
]


def _frame(fid: str, durability: int, payload: int) -> dict:
    return {
        "id": fid,
        "name": fid.title(),
        "name_ja": f"{fid}型",
        "archetype": "standard",
        "description": "A frame of the planted catalog.",
        "durability": durability,
        "payload": payload,
        "movement": MOVE,
    }


def _gun(
    wid: str, durability: int, weight: int, power: int, attacks: int, ammo: int | None = None
) -> dict:
    gun = {
        "id": wid,
        "name": wid.title(),
        "name_ja": f"{wid}砲",
        "type": "normal",
        "description": "A gun of the planted catalog.",
        "durability": durability,
        "weight": weight,
        "power": power,
        "attacks": attacks,
    }
    if ammo is not None:
        gun.update({"ammo": ammo, "ammo_per_attack": 1})
    return gun


FRAMES = [
    _frame("warden", 30, 9),
    _frame("runner", 14, 5),
    _frame("brick", 22, 7),
    _frame("husk", 10, 0),  # no weapon fits: no legal loadout
]
WEAPONS = [
    _gun("carbine", 9, 3, 3, 3, ammo=8),
    _gun("cannon", 12, 5, 5, 2, ammo=4),
    _gun("pistol", 6, 1, 2, 2),
    {
        "id": "plate",
        "name": "Plate",
        "name_ja": "装甲板",
        "type": "special",
        "description": "A plate of the planted catalog.",
        "durability": 10,
        "weight": 3,
        "abilities": {"guard": {"faces": [1], "reduction": 1}},
    },
    _gun("anvil", 1, 7, 1, 1),  # planted: heavy and weak
    _gun("railgun", 30, 1, 9, 4),  # planted: overpowered
]
THREATS = [
    {
        "id": "volley",
        "name": "Volley",
        "name_ja": "一斉射撃",
        "attacks": [{"weapon": "carbine", "bonus": 2}],
    },
    {
        "id": "shelling",
        "name": "Shelling",
        "name_ja": "砲撃",
        "attacks": [{"weapon": "cannon", "bonus": 3}],
    },
]


def write(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    files = {
        "catalog.yaml": {
            "system": "laminim",
            "name": "Planted",
            "default_threat": "volley",
            "team_format": {"units": 3, "min_weapons": 1, "max_weapons": 3},
        },
        "frames.yaml": {"frames": FRAMES},
        "weapons.yaml": {"weapons": WEAPONS},
        "threats.yaml": {"threats": THREATS},
    }
    for name, data in files.items():
        (folder / name).write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    return folder
