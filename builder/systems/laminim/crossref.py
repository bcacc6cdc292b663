"""Catalog checks that need the whole catalog: duplicate ids and dangling references."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from builder.core.messages import Message, Messages

MESSAGES = Messages.load(__file__)

if TYPE_CHECKING:
    from builder.systems.laminim.models import Catalog, Threat


def cross_check(catalog: Catalog) -> list[tuple[tuple, Message]]:
    """Problems that need the whole catalog: duplicate ids and dangling references."""
    out: list[tuple[tuple, Message]] = []
    for section in ("frames", "weapons", "threats"):
        seen: dict[str, int] = {}
        for i, item in enumerate(getattr(catalog, section)):
            if item.id in seen:
                out.append(
                    (
                        (section, i, "id"),
                        MESSAGES("duplicate-id", id=item.id, first=f"{section}[{seen[item.id]}]"),
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
    default = catalog.default_threat
    if default is not None and catalog.threat(default) is None:
        said = catalog.threat_names.refusal(
            default, lambda hint: MESSAGES("unknown-threat", threat=default, hint=hint)
        )
        out.append((("default_threat",), said))
    return out


def threat_problems(
    threat: Threat, catalog: Catalog, weapon_ids: list[str] | None = None
) -> list[tuple[tuple, Message]]:
    """Problems of one threat against a catalog (unknown or non-attacking weapons, bonuses)."""
    return attack_problems([(a.weapon, a.bonus) for a in threat.attacks], catalog, weapon_ids)


def raw_threat_problems(data: object, catalog: Catalog) -> list[tuple[tuple, Message]]:
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
) -> list[tuple[tuple, Message]]:
    """Problems of (weapon id, bonus) attacks against a catalog; non-text ids are left to the
    schema check."""
    out: list[tuple[tuple, Message]] = []
    for j, (wid, bonus) in enumerate(attacks):
        if not isinstance(wid, str):
            continue
        weapon = catalog.weapon(wid)
        if weapon is None:
            said = catalog.weapon_names.refusal(
                wid, partial(MESSAGES, "unknown-weapon", weapon=wid)
            )
            out.append((("attacks", j, "weapon"), said))
        elif weapon.type == "special":
            out.append((("attacks", j, "weapon"), MESSAGES("special-no-attack", weapon=weapon.id)))
        elif weapon.type == "missile" and bonus:
            out.append(
                (
                    ("attacks", j, "bonus"),
                    MESSAGES("missile-no-bonus"),
                )
            )
    return out
