"""A homebrew LAMINIM catalog of 10 frames and 20 weapons, for the optimiser benchmark.

Made from the bundled catalog: its 6 frames and 11 weapons, plus "Mk II" variants (frames
tougher with more payload, weapons a little tougher and heavier), so every part is a legal,
plausible one and the optimiser sees about ten times the bundled catalog's loadouts.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
CATALOG = ROOT / "parts_catalog" / "laminim"
FRAMES, WEAPONS = 10, 20


def _variants(entries: list[dict], want: int, tweak) -> list[dict]:
    out = list(entries)
    i = 0
    while len(out) < want:
        base = dict(entries[i % len(entries)])
        base["id"] = f"{base['id']}-mk{2 + i // len(entries)}"
        base["name"] = f"{base['name']} Mk{2 + i // len(entries)}"
        base["name_ja"] = f"{base['name_ja']}改"
        tweak(base)
        out.append(base)
        i += 1
    return out


def _frame(f: dict) -> None:
    f["durability"] += 4
    f["payload"] += 2


def _weapon(w: dict) -> None:
    w["durability"] += 2
    w["weight"] += 1


def write(target: Path) -> Path:
    """The homebrew catalog folder at ``target`` (a copy of the bundled one, extended)."""
    shutil.copytree(CATALOG, target)
    for name, key, want, tweak in (
        ("frames.yaml", "frames", FRAMES, _frame),
        ("weapons.yaml", "weapons", WEAPONS, _weapon),
    ):
        data = yaml.safe_load((target / name).read_text(encoding="utf-8"))
        data[key] = _variants(data[key], want, tweak)
        (target / name).write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    return target
