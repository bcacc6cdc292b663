"""Catalog checks that need the whole catalog: duplicate ids and dangling references."""

from __future__ import annotations

from typing import TYPE_CHECKING

from builder.core.problems import did_you_mean

if TYPE_CHECKING:
    from builder.systems.laminim.models import Catalog, Threat


def cross_check(catalog: Catalog) -> list[tuple[tuple, str]]:
    """Problems that need the whole catalog: duplicate ids and dangling references."""
    out: list[tuple[tuple, str]] = []
    for section in ("frames", "weapons", "threats"):
        seen: dict[str, int] = {}
        for i, item in enumerate(getattr(catalog, section)):
            if item.id in seen:
                out.append(
                    (
                        (section, i, "id"),
                        f"duplicate id '{item.id}' (first at {section}[{seen[item.id]}])",
                    )
                )
            else:
                seen[item.id] = i
    weapon_ids = [w.id for w in catalog.weapons]
    for i, threat in enumerate(catalog.threats):
        out.extend(
            ((("threats", i, *loc), msg))
            for loc, msg in threat_problems(threat, catalog, weapon_ids)
        )
    if catalog.default_threat is not None and catalog.threat(catalog.default_threat) is None:
        out.append(
            (
                ("default_threat",),
                f"unknown threat '{catalog.default_threat}'"
                + did_you_mean(catalog.default_threat, [t.id for t in catalog.threats]),
            )
        )
    return out


def threat_problems(
    threat: Threat, catalog: Catalog, weapon_ids: list[str] | None = None
) -> list[tuple[tuple, str]]:
    """Problems of one threat against a catalog (unknown or non-attacking weapons, bonuses)."""
    ids = weapon_ids if weapon_ids is not None else [w.id for w in catalog.weapons]
    out: list[tuple[tuple, str]] = []
    for j, attack in enumerate(threat.attacks):
        weapon = catalog.weapon(attack.weapon)
        if weapon is None:
            out.append(
                (
                    ("attacks", j, "weapon"),
                    f"unknown weapon '{attack.weapon}'" + did_you_mean(attack.weapon, ids),
                )
            )
        elif weapon.type == "special":
            out.append(
                (("attacks", j, "weapon"), f"'{weapon.id}' is a special part and makes no attack")
            )
        elif weapon.type == "missile" and attack.bonus:
            out.append(
                (
                    ("attacks", j, "bonus"),
                    "a missile takes no hit bonus (every missile contacts); remove the bonus",
                )
            )
    return out
