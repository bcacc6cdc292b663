"""Gundam Artifact's part of share and export (:class:`builder.systems.ExchangingGame`,
docs/export.md): the share code's vocabulary, a unit of the open JSON format, a text line and a
CCFOLIA piece (HP and P as status bars, hit and evasion rolls as BCDice success counts)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from builder.core.i18n import Labels, Lang, part_name, shown_name
from builder.systems.artifact.derive import find_unit
from builder.systems.artifact.models import ArtifactCatalog, ForceFile, MobileSuit
from builder.systems.exchange import ccfolia_character

LABELS = Labels.load(__file__, "exchange_labels.yaml")

WORDS = ("ship", "type")
"""The share code's words after the common ones (append only)."""


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class ArtifactWeapon(_Model):
    id: str = Field(description="Id, unique within its unit.")
    name: str = Field(description="English name.")
    name_ja: str = Field(description="Japanese name.")
    range: int = Field(description="Range in cm.")
    attacks: int = Field(description="Dice rolled per attack.")
    to_hit_ms: int = Field(description="A.MS: the n of 'n+' against an MS.")
    to_hit_ship: int = Field(description="A.S: the n of 'n+' against a battleship.")
    damage: int = Field(description="D: damage per hit.")


class UnitType(_Model):
    id: str = Field(description="Catalog id of the MS or ship.")
    name: str = Field(description="English name.")
    name_ja: str = Field(description="Japanese name.")


class ArtifactUnit(_Model):
    """An artifact unit in the open format: the ship first, then the MS in file order."""

    name: str = Field(description="The unit's name in the force.")
    kind: Literal["ship", "ms"] = Field(description="Battleship or mobile suit.")
    type: UnitType
    move: int = Field(description="M: maximum move in cm.")
    hp: int = Field(description="HP.")
    propellant: int | None = Field(description="P of an MS; null for a ship.")
    capacity: int | None = Field(description="How many MS a ship carries; null for an MS.")
    weapons: list[ArtifactWeapon]


def _members(force: ForceFile, catalog: ArtifactCatalog) -> list[tuple[str, str, Any]]:
    """(name, role, catalog unit) of the ship, then each MS; unknown types left out."""
    out = []
    for name, type_id, role in [
        (force.ship.name, force.ship.type, "ship"),
        *((u.name, u.type, "ms") for u in force.units),
    ]:
        unit = find_unit(catalog, type_id)
        if unit is not None:
            out.append((name, role, unit))
    return out


def _kind(unit: Any) -> Literal["ship", "ms"]:
    return "ms" if isinstance(unit, MobileSuit) else "ship"


def export_units(force: ForceFile, catalog: ArtifactCatalog) -> list[dict[str, Any]]:
    out = []
    for name, _role, unit in _members(force, catalog):
        ms = isinstance(unit, MobileSuit)
        out.append(
            ArtifactUnit(
                name=name,
                kind=_kind(unit),
                type=UnitType(id=unit.id, name=unit.name, name_ja=unit.name_ja),
                move=unit.move,
                hp=unit.hp,
                propellant=unit.propellant if ms else None,
                capacity=None if ms else unit.capacity,
                weapons=[ArtifactWeapon(**w.model_dump()) for w in unit.weapons],
            ).model_dump()
        )
    return out


def text_lines(force: ForceFile, catalog: ArtifactCatalog, lang: Lang) -> list[str]:
    """``Nightingale: Nightingale (MS) | M 15, HP 8, P 6 | weapons`` per unit."""
    sep, comma, colon = (" ｜ ", "、", "：") if lang == "ja" else (" | ", ", ", ": ")
    out = []
    names = {u.name: shown_name(u, lang) for u in force.units}
    names[force.ship.name] = shown_name(force.ship, lang)
    for written, _role, unit in _members(force, catalog):
        name = names.get(written, written)
        kind = LABELS.t(_kind(unit), lang)
        numbers = [f"M {unit.move}", f"HP {unit.hp}"]
        if isinstance(unit, MobileSuit):
            numbers.append(f"P {unit.propellant}")
        weapons = comma.join(part_name(w, lang) for w in unit.weapons)
        out.append(
            f"{name}{colon}{part_name(unit, lang)} ({kind}){sep}{comma.join(numbers)}{sep}{weapons}"
        )
    return out


def _memo(unit: Any, lang: Lang) -> str:
    ms = isinstance(unit, MobileSuit)
    p = LABELS.t("memo-p", lang, p=unit.propellant) if ms else ""
    if not ms:
        p = LABELS.t("memo-capacity", lang, capacity=unit.capacity)
    lines = [
        LABELS.t(
            "memo-unit",
            lang,
            type=part_name(unit, lang),
            kind=LABELS.t(_kind(unit), lang),
            move=unit.move,
            hp=unit.hp,
            p=p,
        )
    ]
    for w in unit.weapons:
        lines.append(
            LABELS.t(
                "memo-weapon",
                lang,
                name=part_name(w, lang),
                range=w.range,
                attacks=w.attacks,
                ms=w.to_hit_ms,
                ship=w.to_hit_ship,
                damage=w.damage,
            )
        )
    lines.append(LABELS.t("memo-rules", lang))
    return "\n".join(lines)


def ccfolia_pieces(force: ForceFile, catalog: ArtifactCatalog, lang: Lang) -> list[dict[str, Any]]:
    """One piece per unit: HP (and an MS's P) as status bars; M, the attack and evasion
    modifiers (D10, 0 until the table sets them) and the hits to evade as params; each
    weapon's hit roll against an MS and a ship, and the evasion roll, as BCDice success
    counts (``xB6>=n+{modifier}``)."""
    attack, evade, hits = (LABELS.t(k, lang) for k in ("attack-mod", "evade-mod", "hits"))
    out = []
    names = {u.name: shown_name(u, lang) for u in force.units}
    names[force.ship.name] = shown_name(force.ship, lang)
    for written, _role, unit in _members(force, catalog):
        name = names.get(written, written)
        ms = isinstance(unit, MobileSuit)
        status = [{"label": LABELS.t("hp", lang), "value": unit.hp, "max": unit.hp}]
        if ms:
            status.append(
                {"label": LABELS.t("p", lang), "value": unit.propellant, "max": unit.propellant}
            )
        params = [
            {"label": LABELS.t("m", lang), "value": str(unit.move)},
            {"label": attack, "value": "0"},
            {"label": evade, "value": "0"},
        ]
        commands = []
        for w in unit.weapons:
            wname = part_name(w, lang)
            vs_ms = LABELS.t("vs-ms", lang, name=wname, attacks=w.attacks, n=w.to_hit_ms)
            vs_ship = LABELS.t("vs-ship", lang, name=wname, attacks=w.attacks, n=w.to_hit_ship)
            commands.append(f"{w.attacks}B6>={w.to_hit_ms}+{{{attack}}} 【{vs_ms}】")
            commands.append(f"{w.attacks}B6>={w.to_hit_ship}+{{{attack}}} 【{vs_ship}】")
        if ms:
            params.append({"label": hits, "value": "1"})
            commands.append(f"{{{hits}}}B6>=4+{{{evade}}} 【{LABELS.t('evade', lang)}】")
        out.append(ccfolia_character(name, _memo(unit, lang), status, params, commands))
    return out


Unit = ArtifactUnit
"""The open format's unit of this game (the kit's hook reads ``Unit``)."""
