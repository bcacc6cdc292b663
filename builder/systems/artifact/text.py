"""What the ``laminim`` commands print for artifact: text tables and the JSON shapes of
docs/design.md "Gundam Artifact".

``parts`` and ``check`` do not load the odds code (numpy); ``analyze`` and ``odds`` do.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from builder.core.check_text import check_lines
from builder.core.i18n import Labels, Lang, part_name, shown_name
from builder.core.numbers import percent
from builder.core.report_lang import current_lang
from builder.core.text_table import table
from builder.systems.artifact.derive import Unit, all_units, find_weapon
from builder.systems.artifact.legality import ForceReport
from builder.systems.artifact.models import (
    ArtifactCatalog,
    MobileSuit,
    Ship,
    Threat,
    ThreatAttack,
    Weapon,
)

if TYPE_CHECKING:
    from builder.systems.artifact.rules import OddsResult, SurvivalResult

MODIFIERS = (0, 1, 2)
"""The D10 attack modifiers ``analyze`` and the cards show: no other enemy MS near, one, two."""


def weapon_json(w: Weapon) -> dict[str, Any]:
    return {
        "id": w.id,
        "name": w.name,
        "name_ja": w.name_ja,
        "range": w.range,
        "attacks": w.attacks,
        "to_hit_ms": w.to_hit_ms,
        "to_hit_ship": w.to_hit_ship,
        "damage": w.damage,
    }


def unit_json(unit: MobileSuit | Ship, extra: dict[str, Any]) -> dict[str, Any]:
    """An MS's or a battleship's entry in ``parts --json``: its id, names, M and HP, ``extra``
    (an MS's P, a ship's capacity), then its weapons."""
    return {
        "id": unit.id,
        "name": unit.name,
        "name_ja": unit.name_ja,
        "move": unit.move,
        "hp": unit.hp,
        **extra,
        "weapons": [weapon_json(w) for w in unit.weapons],
    }


def threat_json(t: Threat, default: bool) -> dict[str, Any]:
    return {
        "id": t.id,
        "name": t.name,
        "name_ja": t.name_ja,
        "description": t.description,
        "default": default,
        "attacks": [a.model_dump() for a in t.attacks],
    }


def parts_json(catalog: ArtifactCatalog) -> dict[str, Any]:
    return {
        "mobile_suits": [unit_json(m, {"propellant": m.propellant}) for m in catalog.mobile_suits],
        "ships": [unit_json(s, {"capacity": s.capacity}) for s in catalog.ships],
        "threats": [threat_json(t, t.id == catalog.info.default_threat) for t in catalog.threats],
    }


WORDS = Labels.load(__file__, "text_labels.yaml")
"""The words of the commands' text, in the language the command reports in."""


def _lang(lang: Lang | None) -> Lang:
    return lang or current_lang()


def _weapon_row(w: Weapon, lang: Lang) -> list[str]:
    """A weapon's line: its id and names (English and Japanese; Japanese alone in Japanese)."""
    names = [w.name, w.name_ja] if lang == "en" else [w.name_ja]
    return [
        "  " + w.id,
        *names,
        f"{w.range}cm",
        str(w.attacks),
        f"{w.to_hit_ms}+",
        f"{w.to_hit_ship}+",
        str(w.damage),
    ]


def _unit_line(u: MobileSuit | Ship, lang: Lang) -> str:
    common = {"id": u.id, "name": u.name, "name_ja": u.name_ja, "move": u.move, "hp": u.hp}
    if isinstance(u, MobileSuit):
        return WORDS.t("part-suit", lang, propellant=u.propellant, **common)
    return WORDS.t("part-ship", lang, capacity=u.capacity, **common)


def _units_table(units: list[MobileSuit] | list[Ship], lang: Lang) -> str:
    """One weapons table for all ``units``, each unit's line (id, names, M, HP, P/cap) above its
    weapons so the columns line up across units."""
    keys = ["part-weapon", "part-name", "part-name-ja", "part-range", "part-attacks"]
    if lang != "en":
        keys.remove("part-name-ja")
    heads = [WORDS.t(key, lang) for key in keys] + ["A.MS", "A.S", "D"]
    numbers = range(len(heads) - 5, len(heads))
    rows: list[list[str]] = []
    starts: list[tuple[int, str]] = []
    for u in units:
        starts.append((len(rows), _unit_line(u, lang)))
        rows += [_weapon_row(w, lang) for w in u.weapons]
    lines = table(heads, rows, frozenset(numbers)).splitlines()
    out = lines[:2]
    body = lines[2:]
    for i, line in enumerate(body):
        for start, header in starts:
            if start == i:
                out.append(header)
        out.append(line)
    return "\n".join(out)


def catalog_name(catalog: ArtifactCatalog, lang: Lang) -> str:
    """The catalog's name in ``lang`` (its English one when it has no Japanese)."""
    info = catalog.info
    return info.name_ja if lang == "ja" and info.name_ja else info.name


def parts_text(catalog: ArtifactCatalog, lang: Lang | None = None) -> str:
    lang = _lang(lang)
    units = all_units(catalog)
    threats = table(
        [WORDS.t(key, lang) for key in ("part-threat", "part-threat-name", "part-threat-attacks")],
        [
            [
                t.id + (WORDS.t("default", lang) if t.id == catalog.info.default_threat else ""),
                part_name(t, lang),
                ", ".join(_attack_text(a, units, lang, by_id=True) for a in t.attacks),
            ]
            for t in catalog.threats
        ],
    )
    return "\n\n".join(
        [
            f"{catalog_name(catalog, lang)}",
            WORDS.t("suits-title", lang) + "\n" + _units_table(list(catalog.mobile_suits), lang),
            WORDS.t("ships-title", lang) + "\n" + _units_table(list(catalog.ships), lang),
            WORDS.t("threats-title", lang) + "\n" + threats,
        ]
    )


def _attack_text(
    a: ThreatAttack, units: Mapping[str, Unit], lang: Lang, by_id: bool = False
) -> str:
    """One attack of a threat: its unit and weapon (ids in ``parts``, which lists the ids;
    names in ``analyze``) and its D10 modifiers."""
    unit = units.get(a.unit)
    weapon = find_weapon(unit, a.weapon) if unit is not None else None
    if by_id or unit is None or weapon is None:
        who = f"{a.unit}/{a.weapon}"
    else:
        who = f"{part_name(unit, lang)} {part_name(weapon, lang)}"
    mods = []
    if a.near:
        mods.append(WORDS.t("modifier", lang, n=a.near))
    if a.evade_near:
        mods.append(WORDS.t("evade-modifier", lang, n=a.evade_near))
    if by_id:
        return who + (f" ({', '.join(mods)})" if mods else "")
    return who + "".join(f" ({m})" for m in mods)


def _member_stats(unit: Unit | None, lang: Lang) -> tuple[str, str, str]:
    if unit is None:
        return "?", "?", "?"
    if isinstance(unit, MobileSuit):
        extra = f"P {unit.propellant}"
    else:
        extra = WORDS.t("cap", lang, capacity=unit.capacity)
    return str(unit.move), str(unit.hp), extra


def check_text(report: ForceReport, lang: Lang | None = None) -> str:
    lang = _lang(lang)
    rows = []
    for m in report.members:
        move, hp, extra = _member_stats(m.unit, lang)
        role = WORDS.t(f"role-{m.role}", lang)
        shown = part_name(m.unit, lang) if lang == "ja" and m.unit is not None else m.type
        rows.append([role, report.shown(m.name, lang), shown, move, hp, extra])
    heads = [WORDS.t(key, lang) for key in ("role", "name", "type")] + ["M", "HP"]
    members = table([*heads, WORDS.t("p-cap", lang)], rows, frozenset({3, 4}))
    return check_lines(shown_name(report, lang), report, members, lang)


def pct(p: float) -> str:
    """A probability as a player reads it (builder.core.numbers: one decimal)."""
    return percent(p)


def reference_targets(catalog: ArtifactCatalog) -> tuple[MobileSuit, Ship]:
    """The MS and the ship ``analyze`` and the cards aim at: the toughest of each (highest HP),
    so capping damage at the target's HP hardly bends the expected damage."""
    ms = max(catalog.mobile_suits, key=lambda m: m.hp)
    ship = max(catalog.ships, key=lambda s: s.hp)
    return ms, ship


def weapon_odds(weapon: Weapon, target: Unit) -> list[OddsResult]:
    """One attack of ``weapon`` at ``target`` without evasion, at each of :data:`MODIFIERS`."""
    from builder.systems.artifact.derive import unit_stats, weapon_stats
    from builder.systems.artifact.rules import AttackAction, attack_odds

    stats = unit_stats(target)
    return [attack_odds(AttackAction(weapon_stats(weapon), near), stats) for near in MODIFIERS]


def analysis_json(
    threat: Threat,
    rows: list[tuple[str, Unit, SurvivalResult]],
    catalog: ArtifactCatalog,
) -> dict[str, Any]:
    """The ``analyze --json`` shape of docs/design.md "Gundam Artifact", plus each unit's weapon
    odds (``weapons``)."""
    ms, ship = reference_targets(catalog)
    units = []
    for name, unit, result in rows:
        entry = result.as_json(name)
        entry["weapons"] = [
            {
                "id": w.id,
                "vs": {
                    key: {
                        "target": target.id,
                        "odds": [
                            {"near": near, "p_hit": o.p_hit, "expected_damage": o.expected_damage}
                            for near, o in zip(MODIFIERS, weapon_odds(w, target), strict=True)
                        ],
                    }
                    for key, target in (("ms", ms), ("ship", ship))
                },
            }
            for w in unit.weapons
        ]
        units.append(entry)
    return {"threat": threat.id, "units": units}


def analysis_text(
    threat: Threat,
    rows: list[tuple[str, Unit, SurvivalResult]],
    catalog: ArtifactCatalog,
    reserve: int = 0,
    lang: Lang | None = None,
) -> str:
    lang = _lang(lang)
    ms, ship = reference_targets(catalog)
    units = all_units(catalog)
    attacks = ", ".join(_attack_text(a, units, lang) for a in threat.attacks)
    out = [
        WORDS.t("weapons-head", lang),
        WORDS.t("weapons-head-2", lang),
        WORDS.t(
            "weapons-targets",
            lang,
            ms=part_name(ms, lang),
            ms_hp=ms.hp,
            ship=part_name(ship, lang),
            ship_hp=ship.hp,
        ),
    ]
    kinds = (WORDS.t("ms", lang), WORDS.t("ship", lang))
    for name, unit, _ in rows:
        out += ["", WORDS.t("unit-head", lang, name=name, type=unit.name, type_ja=unit.name_ja)]
        body = []
        for w in unit.weapons:
            targets: tuple[tuple[str, Unit], ...] = ((kinds[0], ms), (kinds[1], ship))
            for k, (kind, target) in enumerate(targets):
                cells = (
                    [part_name(w, lang), f"{w.range}cm", f"{w.attacks}×{w.damage}"]
                    if k == 0
                    else [""] * 3
                )
                cells.append(kind)
                cells += [
                    f"{percent(o.p_hit)} {o.expected_damage:4.2f}" for o in weapon_odds(w, target)
                ]
                body.append(cells)
        heads = [WORDS.t(key, lang) for key in ("col-weapon", "col-range", "col-attacks", "col-vs")]
        heads += [WORDS.t("col-mod", lang, n=_mod(n)) for n in MODIFIERS]
        lines = table(heads, body, frozenset({1, 2, 4, 5, 6}), width=78).splitlines()
        out += ["  " + line for line in lines]
    out += [
        "",
        WORDS.t(
            "survival-head", lang, threat=part_name(threat, lang), id=threat.id, attacks=attacks
        ),
        WORDS.t("survival-note", lang, reserve=reserve),
    ]
    for name, unit, result in rows:
        if isinstance(unit, MobileSuit):
            head = WORDS.t(
                "survival-ms",
                lang,
                name=name,
                type=part_name(unit, lang),
                hp=unit.hp,
                propellant=unit.propellant,
            )
        else:
            head = WORDS.t("survival-ship", lang, name=name, type=part_name(unit, lang), hp=unit.hp)
        out += ["", head]
        body = [
            [
                str(r.round),
                pct(r.alive),
                f"{r.expected_hp:5.2f}",
                "—" if r.expected_propellant is None else f"{r.expected_propellant:5.2f}",
            ]
            for r in result.rounds
        ]
        heads = [WORDS.t("col-round", lang), WORDS.t("col-alive", lang), "E[HP]", "E[P]"]
        out += ["  " + line for line in table(heads, body, frozenset({0, 1, 2, 3})).splitlines()]
    return "\n".join(out)


def _mod(n: int) -> str:
    return f"-{n}" if n else "0"


def bar(p: float, cols: int = 30) -> str:
    """A bar of ``p`` × ``cols`` columns in eighths (▏…█)."""
    eighths = round(p * cols * 8)
    full, rest = divmod(eighths, 8)
    return "█" * full + (" ▏▎▍▌▋▊▉"[rest] if rest else "")


def odds_text(
    attacker: Unit,
    weapon: Weapon,
    target: Unit,
    near: int,
    evade: bool,
    evade_near: int,
    result: OddsResult,
    lang: Lang | None = None,
) -> str:
    lang = _lang(lang)
    on_ms = isinstance(target, MobileSuit)
    need = weapon.to_hit_ms if on_ms else weapon.to_hit_ship
    evading = (
        WORDS.t("odds-evading", lang, modifier=_mod(evade_near), p=pct(result.p_evade or 0).strip())
        if evade
        else WORDS.t("odds-no-evasion", lang)
    )
    lines = [
        WORDS.t(
            "odds-attack",
            lang,
            attacker=part_name(attacker, lang),
            weapon=part_name(weapon, lang),
            dice=weapon.attacks,
            need_name="A.MS" if on_ms else "A.S",
            need=need,
            damage=weapon.damage,
            target=part_name(target, lang),
            kind=WORDS.t("ms" if on_ms else "ship", lang),
            hp=result.target_hp,
        ),
        WORDS.t("odds-modifier", lang, modifier=_mod(near), p=pct(result.p_hit).strip()) + evading,
        "",
    ]
    rows = [
        [str(k), str(min(k * weapon.damage, result.target_hp)), pct(p), bar(p)]
        for k, p in enumerate(result.hits)
    ]
    heads = [WORDS.t(key, lang) for key in ("col-hits", "col-damage", "col-p")]
    lines.append(table([*heads, ""], rows, frozenset({0, 1, 2})))
    lines += [
        "",
        WORDS.t(
            "odds-expected",
            lang,
            damage=f"{result.expected_damage:.3f}",
            hp=result.target_hp,
            p=pct(result.p_kill).strip(),
        ),
    ]
    return "\n".join(lines)
