"""Space Opera Heroes' part of share and export (:class:`builder.systems.ExchangingGame`,
docs/export.md): the share code's vocabulary, a character of the open JSON format with its
derived values, a text line and a CCFOLIA piece (wounds and AP as status bars, attack and
evasion dice as BCDice upper rolls)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from builder.core.i18n import Labels, Lang, part_name
from builder.systems.exchange import ccfolia_character
from builder.systems.soh.derive import Derived, derive_all
from builder.systems.soh.models import Catalog, Crew
from builder.systems.soh.skills import skill_name
from builder.systems.soh.text import character_name

LABELS = Labels.load(__file__, "exchange_labels.yaml")

WORDS = (
    "side",
    "characters",
    "pc",
    "enemy",
    "leader",
    "intellect",
    "agility",
    "dexterity",
    "strength",
    "size",
    "ap",
    "skills",
    "armour",
    "vehicle",
    "weapons",
    "guns",
    "melee",
    "throwing",
    "gunnery",
    "piloting",
    "evasion",
    "powered-suit",
    "tactics",
)
"""The share code's words after the common ones (append only)."""


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Gear(_Model):
    id: str = Field(description="Catalog id of the armour, powered suit or vehicle.")
    name: str = Field(description="English name.")
    name_ja: str = Field(description="Japanese name.")
    kind: str = Field(description="armour, powered-suit, giant-robot or ship.")


class SohWeapon(_Model):
    id: str = Field(description="Catalog id of the weapon.")
    name: str = Field(description="English name.")
    name_ja: str = Field(description="Japanese name.")
    hit: int = Field(description="Hit value: ability - weapon size + skill (no bonuses).")
    damage: int = Field(description="Damage value.")
    type: str = Field(description="A (physical) or B (beam, energy).")
    ammo: int | None = Field(description="Rounds per magazine; null: unlimited.")
    rate: int | None = Field(description="Most attacks per round; null: no limit.")


class SohUnit(_Model):
    """A soh character in the open format, with the values the rules derive."""

    name: str = Field(description="The character's name.")
    name_ja: str | None = Field(description="The Japanese name; null: none.")
    leader: bool = Field(description="The side's leader.")
    ap: int = Field(description="Action points per round after the D15 floor.")
    evasion: int = Field(description="Evasion value: agility - size + evasion skill.")
    evasion_skill: str = Field(description="The skill the evasion value uses.")
    durability_a: int = Field(description="Durability against physical (A) weapons.")
    durability_b: int = Field(description="Durability against beam (B) weapons.")
    gear: Gear | None = Field(description="Armour, powered suit or vehicle; null: none.")
    weapons: list[SohWeapon]


def export_units(crew: Crew, catalog: Catalog) -> list[dict[str, Any]]:
    out = []
    for d in derive_all(crew.characters, catalog):
        ch = d.character
        gear = None
        if d.gear is not None:
            gear = Gear(id=d.gear.id, name=d.gear.name, name_ja=d.gear.name_ja, kind=d.gear.kind)
        out.append(
            SohUnit(
                name=ch.name,
                name_ja=ch.name_ja,
                leader=ch.leader,
                ap=d.ap,
                evasion=d.evasion,
                evasion_skill=d.evasion_skill,
                durability_a=d.durability_a,
                durability_b=d.durability_b,
                gear=gear,
                weapons=[
                    SohWeapon(
                        id=line.weapon.id,
                        name=line.weapon.name,
                        name_ja=line.weapon.name_ja,
                        hit=line.hit,
                        damage=line.weapon.damage,
                        type=line.weapon.type,
                        ammo=line.weapon.ammo,
                        rate=line.weapon.rate,
                    )
                    for line in d.weapons
                ],
            ).model_dump()
        )
    return out


def text_lines(crew: Crew, catalog: Catalog, lang: Lang) -> list[str]:
    """``Captain Ines*: Flak jacket | Revolver 5 | AP 3, evasion 4, A 5 / B 4`` per character
    (``*`` the leader; each weapon with its hit value)."""
    sep, comma, colon = (" ｜ ", "、", "：") if lang == "ja" else (" | ", ", ", ": ")
    out = []
    for d in derive_all(crew.characters, catalog):
        ch = d.character
        star = "★" if ch.leader else ""
        gear = part_name(d.gear, lang) if d.gear is not None else LABELS.t("no-gear", lang)
        weapons = comma.join(f"{part_name(w.weapon, lang)} {w.hit}" for w in d.weapons) or "—"
        values = f"AP {d.ap}{comma}{LABELS.t('evasion', lang)} {d.evasion}{comma}" + (
            f"A {d.durability_a}/B {d.durability_b}"
        )
        out.append(f"{character_name(ch, lang)}{star}{colon}{gear}{sep}{weapons}{sep}{values}")
    return out


def _memo(d: Derived, lang: Lang) -> str:
    ch = d.character
    lines = [
        LABELS.t(
            "memo-abilities",
            lang,
            intellect=ch.intellect,
            agility=ch.agility,
            dexterity=ch.dexterity,
            strength=ch.strength,
            size=ch.size,
            ap=d.ap,
        )
    ]
    if d.gear is not None:
        lines.append(LABELS.t("memo-gear", lang, gear=part_name(d.gear, lang)))
    lines.append(
        LABELS.t(
            "memo-values",
            lang,
            evasion=d.evasion,
            skill=skill_name(d.evasion_skill, lang),
            a=d.durability_a,
            b=d.durability_b,
        )
    )
    for line in d.weapons:
        w = line.weapon
        extra = LABELS.t("memo-ammo", lang, ammo=w.ammo) if w.ammo is not None else ""
        extra += LABELS.t("memo-rate", lang, rate=w.rate) if w.rate is not None else ""
        lines.append(
            LABELS.t(
                "memo-weapon",
                lang,
                name=part_name(w, lang),
                hit=line.hit,
                damage=w.damage,
                type=w.type,
                extra=extra,
            )
        )
    lines.append(LABELS.t("memo-rules", lang))
    return "\n".join(lines)


def ccfolia_pieces(crew: Crew, catalog: Catalog, lang: Lang) -> list[dict[str, Any]]:
    """One piece per character: wounds (a counter) and AP as status bars; the evasion value,
    each weapon's hit value and the durabilities as params; the attack dice of each weapon
    and the evasion dice for 1 to AP action points as BCDice upper rolls (``nU6[6]+value``:
    a 6 is rolled again and added, the best die is the "max" BCDice reports, D13)."""
    out = []
    for d in derive_all(crew.characters, catalog):
        ch = d.character
        ap_label, evasion = LABELS.t("ap", lang), LABELS.t("evasion", lang)
        status = [
            {"label": LABELS.t("wounds", lang), "value": 0, "max": 0},
            {"label": ap_label, "value": d.ap, "max": d.ap},
        ]
        params = [{"label": evasion, "value": str(d.evasion)}]
        params.append(
            {"label": LABELS.t("durability", lang), "value": f"{d.durability_a}/{d.durability_b}"}
        )
        commands = []
        for line in d.weapons:
            name = part_name(line.weapon, lang)
            hit = LABELS.t("hit", lang, name=name)
            params.append({"label": hit, "value": str(line.hit)})
            most = min(d.ap, line.weapon.rate) if line.weapon.rate is not None else d.ap
            for n in range(1, max(1, most) + 1):
                said = LABELS.t("attack", lang, name=name, n=n)
                commands.append(f"{n}U6[6]+{{{hit}}} 【{said}】")
        for n in range(1, max(1, d.ap) + 1):
            commands.append(f"{n}U6[6]+{{{evasion}}} 【{LABELS.t('evade', lang, n=n)}】")
        out.append(
            ccfolia_character(
                character_name(ch, lang), _memo(d, lang), status, params, commands, ch.agility
            )
        )
    return out


Unit = SohUnit
"""The open format's unit of this game (the kit's hook reads ``Unit``)."""
