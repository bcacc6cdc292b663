"""LAMINIM's part of share and export (:class:`builder.systems.ExchangingGame`, docs/export.md):
the share code's vocabulary, a unit in the open JSON format, a text line and a CCFOLIA piece."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from builder.core.i18n import Labels, Lang, part_name, shown_name
from builder.systems.exchange import ccfolia_character
from builder.systems.laminim.legality import check_team, resolve_unit
from builder.systems.laminim.models import Catalog, Weapon
from builder.systems.laminim.team import SLOTS, Team

LABELS = Labels.load(__file__, "exchange_labels.yaml")

WORDS = ("frame", "weapons")
"""The share code's words after the common ones (append only: codes made earlier read them)."""


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class FramePart(_Model):
    id: str = Field(description="Catalog id of the frame.")
    name: str = Field(description="English name.")
    name_ja: str = Field(description="Japanese name.")
    durability: int = Field(description="Durability points of the frame.")
    payload: int = Field(description="Payload limit: total weapon weight allowed.")


class LaminimWeapon(_Model):
    slot: int = Field(ge=1, description="Slot number (location faces 4, 5, 6 for slots 1–3).")
    id: str = Field(description="Catalog id of the weapon.")
    name: str = Field(description="English name.")
    name_ja: str = Field(description="Japanese name.")
    type: str = Field(description="normal, melee, missile or special.")
    durability: int = Field(description="Durability points of the part.")
    weight: int = Field(description="Weight counted against the payload.")
    power: int = Field(description="Damage per hit (0 for a special part).")
    attacks: int = Field(description="Dice per attack, or missiles per launch.")
    ammo: int | None = Field(description="Ammo capacity; null: uses no ammo.")
    ammo_per_attack: int = Field(description="Ammo spent per attack.")


class Payload(_Model):
    used: int = Field(description="Total weight of the weapons mounted.")
    limit: int = Field(description="The frame's payload limit.")


class LaminimUnit(_Model):
    """A LAMINIM unit in the open format: its parts with their numbers, slot by slot."""

    name: str = Field(description="The unit's name.")
    frame: FramePart
    weapons: list[LaminimWeapon | None] = Field(description="One entry per slot; null: empty.")
    payload: Payload
    legal: bool = Field(description="Whether the unit is legal on its own.")


def _weapon(slot: int, w: Weapon) -> dict[str, Any]:
    return LaminimWeapon(
        slot=slot,
        id=w.id,
        name=w.name,
        name_ja=w.name_ja,
        type=w.type,
        durability=w.durability,
        weight=w.weight,
        power=w.power,
        attacks=w.attacks,
        ammo=w.ammo,
        ammo_per_attack=w.ammo_per_attack,
    ).model_dump()


def export_units(team: Team, catalog: Catalog) -> list[dict[str, Any]]:
    report = check_team(team, catalog)
    out = []
    for unit, unit_report in zip(team.units, report.units, strict=True):
        resolved = resolve_unit(unit, catalog)
        if resolved is None:
            continue
        f = resolved.frame
        out.append(
            LaminimUnit(
                name=unit.name,
                frame=FramePart.model_validate(f, from_attributes=True),
                weapons=[
                    None if w is None else LaminimWeapon(**_weapon(i + 1, w))
                    for i, w in enumerate(resolved.slots)
                ],
                payload=Payload(used=resolved.payload_used, limit=f.payload),
                legal=unit_report.legal,
            ).model_dump()
        )
    return out


def text_lines(team: Team, catalog: Catalog, lang: Lang) -> list[str]:
    """``Kestrel: Striker | Rifle, Missile, — | payload 9/10`` per unit."""
    sep, comma, colon = (" ｜ ", "、", "：") if lang == "ja" else (" | ", ", ", ": ")
    out = []
    for unit in team.units:
        resolved = resolve_unit(unit, catalog)
        if resolved is None:
            continue
        weapons = [
            LABELS.t("empty", lang) if w is None else part_name(w, lang) for w in resolved.slots
        ]
        payload = f"{LABELS.t('payload', lang)} {resolved.payload_used}/{resolved.frame.payload}"
        out.append(
            f"{shown_name(unit, lang)}{colon}{part_name(resolved.frame, lang)}{sep}"
            f"{comma.join(weapons)}{sep}"
            f"{payload}"
        )
    return out


def _memo(resolved: Any, lang: Lang) -> str:
    f = resolved.frame
    lines = [
        LABELS.t(
            "memo-frame",
            lang,
            frame=part_name(f, lang),
            durability=f.durability,
            used=resolved.payload_used,
            limit=f.payload,
        )
    ]
    for slot, w in enumerate(resolved.slots[:SLOTS], start=1):
        if w is None:
            continue
        ammo = (
            LABELS.t("memo-ammo", lang, ammo=w.ammo, per=w.ammo_per_attack)
            if w.ammo is not None
            else ""
        )
        part: dict[str, object] = {
            "slot": slot,
            "name": part_name(w, lang),
            "durability": w.durability,
            "ammo": ammo,
        }
        key = "memo-special"  # a special part makes no attack
        if w.type != "special":
            kind = LABELS.t(f"kind-{w.type}", lang)
            key = "memo-weapon"
            part |= {"kind": kind, "power": w.power, "attacks": w.attacks}
        lines.append(LABELS.t(key, lang, **part))
    lines.append(LABELS.t("memo-location", lang))
    return "\n".join(lines)


def ccfolia_pieces(team: Team, catalog: Catalog, lang: Lang) -> list[dict[str, Any]]:
    """One piece per unit: the frame's and each weapon's durability and each weapon's ammo as
    status bars; the hit target (6 with no bonus; the table edits it) and the payload as
    params; a hit roll per weapon as a success count at that target, the location die and
    each ammo weapon's cook-off dice (a 1 cooks off) as the chat palette (BCDice)."""
    target = LABELS.t("target", lang)
    out = []
    for unit in team.units:
        resolved = resolve_unit(unit, catalog)
        if resolved is None:
            continue
        f = resolved.frame
        status = [{"label": LABELS.t("frame", lang), "value": f.durability, "max": f.durability}]
        commands = []
        for slot, w in enumerate(resolved.slots[:SLOTS], start=1):
            if w is None:
                continue
            name = part_name(w, lang)
            label = LABELS.t("slot-part", lang, slot=slot, name=name)
            status.append({"label": label, "value": w.durability, "max": w.durability})
            if w.ammo is not None:
                ammo = LABELS.t("ammo", lang, slot=slot)
                status.append({"label": ammo, "value": w.ammo, "max": w.ammo})
            if w.type != "special":
                said = LABELS.t("hit-roll", lang, name=name, attacks=w.attacks)
                commands.append(f"{w.attacks}B6>={{{target}}} 【{said}】")
        commands.append(f"1D6 【{LABELS.t('location', lang)}】")
        for slot, w in enumerate(resolved.slots[:SLOTS], start=1):
            if w is not None and w.ammo is not None:
                ammo = LABELS.t("ammo", lang, slot=slot)
                said = LABELS.t("cook-off", lang, name=part_name(w, lang))
                commands.append(f"{{{ammo}}}B6<=1 【{said}】")
        params = [
            {"label": target, "value": "6"},
            {
                "label": LABELS.t("payload-label", lang),
                "value": f"{resolved.payload_used}/{f.payload}",
            },
        ]
        name = shown_name(unit, lang)
        out.append(ccfolia_character(name, _memo(resolved, lang), status, params, commands))
    return out


Unit = LaminimUnit
"""The open format's unit of this game (the kit's hook reads ``Unit``)."""
