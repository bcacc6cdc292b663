"""What the ``laminim`` commands print for artifact: text tables and the JSON shapes of
docs/design.md "Gundam Artifact".

``parts`` and ``check`` do not load the odds code (numpy); ``analyze`` and ``odds`` do.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from builder.core.problems import verdict
from builder.core.report_lang import current_lang
from builder.core.text_table import table
from builder.systems.artifact.derive import Unit, all_units
from builder.systems.artifact.legality import ForceReport
from builder.systems.artifact.models import ArtifactCatalog, MobileSuit, Ship, Threat, Weapon

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


def suit_json(m: MobileSuit) -> dict[str, Any]:
    return {
        "id": m.id,
        "name": m.name,
        "name_ja": m.name_ja,
        "move": m.move,
        "hp": m.hp,
        "propellant": m.propellant,
        "weapons": [weapon_json(w) for w in m.weapons],
    }


def ship_json(s: Ship) -> dict[str, Any]:
    return {
        "id": s.id,
        "name": s.name,
        "name_ja": s.name_ja,
        "move": s.move,
        "hp": s.hp,
        "capacity": s.capacity,
        "weapons": [weapon_json(w) for w in s.weapons],
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
        "mobile_suits": [suit_json(m) for m in catalog.mobile_suits],
        "ships": [ship_json(s) for s in catalog.ships],
        "threats": [threat_json(t, t.id == catalog.info.default_threat) for t in catalog.threats],
    }


def _weapon_row(w: Weapon) -> list[str]:
    return [
        "  " + w.id,
        w.name,
        w.name_ja,
        f"{w.range}cm",
        str(w.attacks),
        f"{w.to_hit_ms}+",
        f"{w.to_hit_ship}+",
        str(w.damage),
    ]


def _units_table(units: list[MobileSuit] | list[Ship]) -> str:
    """One weapons table for all ``units``, each unit's line (id, names, M, HP, P/cap) above its
    weapons so the columns line up across units."""
    heads = ["weapon", "name", "名前", "range", "att", "A.MS", "A.S", "D"]
    rows: list[list[str]] = []
    starts: list[tuple[int, str]] = []
    for u in units:
        extra = f"P {u.propellant}" if isinstance(u, MobileSuit) else f"capacity {u.capacity}"
        starts.append(
            (len(rows), f"{u.id}  {u.name} / {u.name_ja}  M {u.move}  HP {u.hp}  {extra}")
        )
        rows += [_weapon_row(w) for w in u.weapons]
    lines = table(heads, rows, frozenset({3, 4, 5, 6, 7})).splitlines()
    out = lines[:2]
    body = lines[2:]
    for i, line in enumerate(body):
        for start, header in starts:
            if start == i:
                out.append(header)
        out.append(line)
    return "\n".join(out)


def parts_text(catalog: ArtifactCatalog) -> str:
    threats = table(
        ["threat", "name", "attacks every round"],
        [
            [
                t.id + (" (default)" if t.id == catalog.info.default_threat else ""),
                t.name,
                ", ".join(_attack_text(a.unit, a.weapon, a.near, a.evade_near) for a in t.attacks),
            ]
            for t in catalog.threats
        ],
    )
    return "\n\n".join(
        [
            f"{catalog.info.name}",
            "Mobile suits (MS)\n" + _units_table(list(catalog.mobile_suits)),
            "Battleships\n" + _units_table(list(catalog.ships)),
            "Threats (for analyze)\n" + threats,
        ]
    )


def _attack_text(unit: str, weapon: str, near: int, evade_near: int) -> str:
    mods = []
    if near:
        mods.append(f"-{near}")
    if evade_near:
        mods.append(f"evade -{evade_near}")
    return f"{unit}/{weapon}" + (f" ({', '.join(mods)})" if mods else "")


def _member_stats(unit: Unit | None) -> tuple[str, str, str]:
    if unit is None:
        return "?", "?", "?"
    extra = f"P {unit.propellant}" if isinstance(unit, MobileSuit) else f"cap {unit.capacity}"
    return str(unit.move), str(unit.hp), extra


def _verdict(report: ForceReport) -> str:
    """The one summary word every game's check uses, in the report's language."""
    return verdict(report.exit_code).text(current_lang())


def check_text(report: ForceReport) -> str:
    n_err, n_warn = len(report.errors), len(report.warnings)
    lines = [
        f"{report.name}: {_verdict(report)} "
        f"({n_err} error{'s' * (n_err != 1)}, {n_warn} warning{'s' * (n_warn != 1)})",
        "",
    ]
    rows = []
    for m in report.members:
        move, hp, extra = _member_stats(m.unit)
        rows.append([m.role, m.name, m.type, move, hp, extra])
    lines.append(table(["role", "name", "type", "M", "HP", "P / cap"], rows, frozenset({3, 4})))
    if report.warnings:
        lines += ["", *(f"warning: {p}" for p in report.warnings)]
    return "\n".join(lines)


def pct(p: float) -> str:
    return f"{100 * p:5.1f}%"


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
) -> str:
    ms, ship = reference_targets(catalog)
    units = all_units(catalog)
    attacks = ", ".join(
        f"{units[a.unit].name} {_weapon_name(units[a.unit], a.weapon)}"
        + (f" (-{a.near})" if a.near else "")
        + (f" (evade -{a.evade_near})" if a.evade_near else "")
        for a in threat.attacks
    )
    out = [
        "Weapons: one attack, no evasion, at modifier 0 / -1 / -2 —",
        "  hit chance per die and expected damage",
        f"  vs MS = {ms.name} (HP {ms.hp}), vs ship = {ship.name} (HP {ship.hp})",
    ]
    for name, unit, _ in rows:
        out += ["", f"{name} — {unit.name} / {unit.name_ja}"]
        body = []
        for w in unit.weapons:
            targets: tuple[tuple[str, Unit], ...] = (("MS", ms), ("ship", ship))
            for k, (kind, target) in enumerate(targets):
                cells = [w.name, f"{w.range}cm", f"{w.attacks}×{w.damage}"] if k == 0 else [""] * 3
                cells.append(kind)
                cells += [
                    f"{100 * o.p_hit:3.0f}% {o.expected_damage:4.2f}"
                    for o in weapon_odds(w, target)
                ]
                body.append(cells)
        heads = ["weapon", "range", "att×D", "vs", "mod 0", "mod -1", "mod -2"]
        lines = table(heads, body, frozenset({1, 2, 4, 5, 6}), width=78).splitlines()
        out += ["  " + line for line in lines]
    out += [
        "",
        f"Survival under {threat.name} [{threat.id}] — every round: {attacks}",
        f"  (the unit evades every attack that hits while its P is above {reserve}; "
        "P never refills)",
    ]
    for name, unit, result in rows:
        out += [
            "",
            f"{name} — {unit.name} (HP {unit.hp}"
            + (
                f", P {unit.propellant})" if isinstance(unit, MobileSuit) else ", ship: no evasion)"
            ),
        ]
        body = [
            [
                str(r.round),
                pct(r.alive),
                f"{r.expected_hp:5.2f}",
                "—" if r.expected_propellant is None else f"{r.expected_propellant:5.2f}",
            ]
            for r in result.rounds
        ]
        out += [
            "  " + line
            for line in table(
                ["round", "alive", "E[HP]", "E[P]"], body, frozenset({0, 1, 2, 3})
            ).splitlines()
        ]
    return "\n".join(out)


def _weapon_name(unit: Unit, weapon_id: str) -> str:
    return next((w.name for w in unit.weapons if w.id == weapon_id), weapon_id)


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
) -> str:
    kind = "MS" if isinstance(target, MobileSuit) else "ship"
    need = weapon.to_hit_ms if kind == "MS" else weapon.to_hit_ship
    lines = [
        f"{attacker.name} {weapon.name} ({weapon.attacks} dice, "
        f"{'A.MS' if kind == 'MS' else 'A.S'} {need}+, D {weapon.damage}) "
        f"→ {target.name} ({kind}, HP {result.target_hp})",
        f"attack modifier {_mod(near)}: per-die hit {pct(result.p_hit).strip()}"
        + (
            f"; evading (4+, modifier {_mod(evade_near)}): "
            f"per-hit evade {pct(result.p_evade or 0).strip()}"
            if evade
            else "; no evasion"
        ),
        "",
    ]
    rows = [
        [str(k), str(min(k * weapon.damage, result.target_hp)), pct(p), bar(p)]
        for k, p in enumerate(result.hits)
    ]
    lines.append(table(["hits", "damage", "P", ""], rows, frozenset({0, 1, 2})))
    lines += [
        "",
        f"expected damage {result.expected_damage:.3f}   "
        f"kill (damage ≥ {result.target_hp}) {pct(result.p_kill).strip()}",
    ]
    return "\n".join(lines)
