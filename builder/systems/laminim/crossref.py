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
    return attack_problems([(a.weapon, a.bonus) for a in threat.attacks], catalog, weapon_ids)


def raw_threat_problems(data: object, catalog: Catalog) -> list[tuple[tuple, str]]:
    """The catalog problems of a threat file's attacks as written, even where the file breaks
    the schema elsewhere: every problem of the file is reported in one run."""
    attacks = data.get("attacks") if isinstance(data, dict) else None
    if not isinstance(attacks, list):
        return []
    raw: list[tuple[object, object]] = [
        (a.get("weapon"), a.get("bonus", 0)) if isinstance(a, dict) else (None, None)
        for a in attacks
    ]
    return attack_problems(raw, catalog)


def attack_problems(
    attacks: list[tuple[object, object]], catalog: Catalog, weapon_ids: list[str] | None = None
) -> list[tuple[tuple, str]]:
    """Problems of (weapon id, bonus) attacks against a catalog; non-text ids are left to the
    schema check."""
    ids = weapon_ids if weapon_ids is not None else [w.id for w in catalog.weapons]
    out: list[tuple[tuple, str]] = []
    for j, (wid, bonus) in enumerate(attacks):
        if not isinstance(wid, str):
            continue
        weapon = catalog.weapon(wid)
        if weapon is None:
            out.append(
                (
                    ("attacks", j, "weapon"),
                    f"unknown weapon '{wid}'" + did_you_mean(wid, ids),
                )
            )
        elif weapon.type == "special":
            out.append(
                (("attacks", j, "weapon"), f"'{weapon.id}' is a special part and makes no attack")
            )
        elif weapon.type == "missile" and bonus:
            out.append(
                (
                    ("attacks", j, "bonus"),
                    "a missile takes no hit bonus (every missile contacts); remove the bonus",
                )
            )
    return out
