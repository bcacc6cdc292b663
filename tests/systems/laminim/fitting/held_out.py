"""Held-out LAMINIM catalogs for fitted costs, with planted parts (docs/balance.md "Fitted
costs"). The numbers are their own, not the bundled catalog's.

``BASE`` is balanced: its balance report (3 rounds, its three threats) has no finding at all.
Each planted catalog changes it in one place:

- ``never_worth``: the rifle two weight heavier (5): on no front; two lighter is the fix (one is
  not enough);
- ``must_pick``: the knife one weight lighter (3): on nearly every front; one heavier again;
- ``dominated``: the scout's payload two lower (3, the tank's): the tank carries all it can on
  a tougher hull, so it is dominated everywhere (and, with fewer loadouts about, the cannon
  becomes a must-pick); one more payload gives it back loadouts the tank cannot carry, on a
  hull tougher than the mule's, and both findings go;
- ``hopeless``: a weapon "anchor", heavy and feeble (weight 9, power 1, one attack, durability
  1): never worth it, and two weight lighter it still never is.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

ROUNDS = 3
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


def _frame(fid: str, durability: int, payload: int) -> dict[str, Any]:
    return {
        "id": fid,
        "name": fid.title(),
        "name_ja": f"{fid}型",
        "archetype": "standard",
        "description": "A frame of a held-out catalog.",
        "durability": durability,
        "payload": payload,
        "movement": MOVE,
    }


def _weapon(wid: str, kind: str, durability: int, weight: int, **more: Any) -> dict[str, Any]:
    return {
        "id": wid,
        "name": wid.title(),
        "name_ja": f"{wid}装備",
        "type": kind,
        "description": "A part of a held-out catalog.",
        "durability": durability,
        "weight": weight,
        **more,
    }


FRAMES = [_frame("tank", 23, 3), _frame("scout", 16, 5), _frame("mule", 9, 10)]
WEAPONS = [
    _weapon("rifle", "normal", 5, 3, power=3, attacks=4, ammo=6, ammo_per_attack=1),
    _weapon("cannon", "normal", 6, 3, power=7, attacks=2, ammo=3, ammo_per_attack=1),
    _weapon("knife", "melee", 3, 4, power=4, attacks=3),
    _weapon("guard", "special", 9, 6, abilities={"guard": {"faces": [1], "reduction": 0}}),
    _weapon("rocket", "missile", 8, 4, power=3, attacks=4, ammo=3, ammo_per_attack=1),
]
THREATS = [
    {"id": "fire", "name": "Fire", "name_ja": "射撃", "attacks": [{"weapon": "rifle", "bonus": 2}]},
    {
        "id": "storm",
        "name": "Storm",
        "name_ja": "嵐",
        "attacks": [{"weapon": "cannon", "bonus": 3}, {"weapon": "rocket"}],
    },
    {"id": "rush", "name": "Rush", "name_ja": "突撃", "attacks": [{"weapon": "knife", "bonus": 4}]},
]


def _with(items: list[dict[str, Any]], wid: str, **changes: Any) -> list[dict[str, Any]]:
    return [{**x, **changes} if x["id"] == wid else x for x in items]


PLANTED: dict[str, tuple[list[dict[str, Any]], list[dict[str, Any]]]] = {
    "base": (FRAMES, WEAPONS),
    "never_worth": (FRAMES, _with(WEAPONS, "rifle", weight=5)),
    "must_pick": (FRAMES, _with(WEAPONS, "knife", weight=3)),
    "dominated": (_with(FRAMES, "scout", payload=3), WEAPONS),
    "hopeless": (FRAMES, [*WEAPONS, _weapon("anchor", "normal", 1, 9, power=1, attacks=1)]),
}


def write(folder: Path, name: str = "base") -> Path:
    """The catalog ``name`` (a key of ``PLANTED``) as a catalog folder, with a version."""
    frames, weapons = PLANTED[name]
    folder.mkdir(parents=True, exist_ok=True)
    files = {
        "catalog.yaml": {
            "system": "laminim",
            "name": f"Held out ({name})",
            "version": 3,
            "default_threat": "fire",
            "team_format": {"units": 3, "min_weapons": 1, "max_weapons": 3},
        },
        "frames.yaml": {"frames": frames},
        "weapons.yaml": {"weapons": weapons},
        "threats.yaml": {"threats": THREATS},
    }
    for file, data in files.items():
        (folder / file).write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    return folder
