"""What the ``laminim`` commands print: plain-text tables and the documented JSON shapes."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from builder.core.check_text import check_lines
from builder.core.i18n import Labels, Lang, Pair, part_name, shown_name
from builder.core.numbers import percent
from builder.core.problems import warnings_of
from builder.core.report_lang import current_lang
from builder.core.text_table import columns
from builder.core.text_table import table as _table
from builder.systems.laminim.legality import ResolvedUnit, TeamReport, UnitReport
from builder.systems.laminim.models import Catalog, Frame, Threat, Weapon
from builder.systems.laminim.team import Team

if TYPE_CHECKING:  # check and parts must not load numpy
    from builder.systems.laminim.rules import FaceInfo


_width = columns
"""Terminal columns of a text, under the name the compare table and screen import it by."""


def frame_json(frame: Frame) -> dict:
    return {
        "id": frame.id,
        "name": frame.name,
        "name_ja": frame.name_ja,
        "archetype": frame.archetype,
        "description": frame.description,
        "durability": frame.durability,
        "payload": frame.payload,
        "movement": [m.model_dump() for m in frame.movement],
        "heat_capacity": frame.heat_capacity,
        "cooling": frame.cooling,
    }


def weapon_json(weapon: Weapon) -> dict:
    guard = weapon.abilities.guard
    return {
        "id": weapon.id,
        "name": weapon.name,
        "name_ja": weapon.name_ja,
        "description": weapon.description,
        "durability": weapon.durability,
        "weight": weapon.weight,
        "type": weapon.type,
        "power": weapon.power,
        "attacks": weapon.attacks,
        "ammo": weapon.ammo,
        "ammo_per_attack": weapon.ammo_per_attack,
        "homing": weapon.abilities.homing,
        "guard": {"faces": list(guard.faces), "reduction": guard.reduction} if guard else None,
        "abilities": weapon.abilities.model_dump(exclude_defaults=True),
    }


def threat_json(threat: Threat, default: bool) -> dict:
    return {
        "id": threat.id,
        "name": threat.name,
        "name_ja": threat.name_ja,
        "description": threat.description,
        "default": default,
        "attacks": [
            a.model_dump(exclude={"rounds"} if a.rounds is None else None) for a in threat.attacks
        ],
    }


def parts_json(catalog: Catalog) -> dict:
    return {
        "frames": [frame_json(f) for f in catalog.frames],
        "weapons": [weapon_json(w) for w in catalog.weapons],
        "threats": [threat_json(t, t.id == catalog.default_threat) for t in catalog.threats],
    }


PARTS = Labels.load(__file__, "parts_labels.yaml")
"""The words of ``parts``'s text, in the language the command reports in."""


def _modes(frame: Frame, lang: Lang = "en") -> str:
    return PARTS.t("list-and", lang).join(
        m.id if lang == "en" else part_name(m, lang) for m in frame.movement
    )


def _ammo(weapon: Weapon) -> str:
    if weapon.ammo is None:
        return "-"
    return f"{weapon.ammo}/{weapon.ammo_per_attack}"


def _abilities(weapon: Weapon, frame_modes: dict[str, Pair], lang: Lang = "en") -> str:
    a = weapon.abilities
    t = PARTS.t
    out = []
    if a.guard:
        faces = ",".join(map(str, a.guard.faces))
        out.append(t("guard", lang, faces=faces, reduction=a.guard.reduction))
    if a.homing:
        out.append(t("homing", lang))
    elif weapon.type == "missile":
        out.append(t("straight", lang))
    if a.quick_boost:
        mode = frame_modes.get(a.quick_boost.mode, (a.quick_boost.mode, a.quick_boost.mode))
        out.append(
            t(
                "quick-boost",
                lang,
                mode=a.quick_boost.mode if lang == "en" else mode,
                distance=f"{a.quick_boost.distance:g}",
            )
        )
    if a.thruster:
        out.append(t("thruster", lang, distance=f"{a.thruster.distance_bonus:g}"))
    return PARTS.t("ability-and", lang).join(out)


def _mode_names(catalog: Catalog) -> dict[str, Pair]:
    """Every movement mode's two names by id (a quick boost names a mode by its id)."""
    return {m.id: (m.name, m.name_ja) for f in catalog.frames for m in f.movement}


def catalog_name(catalog: Catalog, lang: Lang) -> str:
    """The catalog's name in ``lang`` (its English one when it has no Japanese)."""
    return catalog.name_ja if lang == "ja" and catalog.name_ja else catalog.name


def parts_text(catalog: Catalog) -> str:
    """The catalog as three tables in the language the command reports in: English lists both
    names, Japanese the id a team file uses and the Japanese name."""
    lang = current_lang()
    t = PARTS.t
    ja = lang == "ja"
    names = ["name-ja"] if ja else ["name", "name-ja"]

    def named(part: Frame | Weapon | Threat) -> list[str]:
        return [part.name_ja] if ja else [part.name, part.name_ja]

    frames = _table(
        [t(k, lang) for k in ["frame", *names, "dur", "payload", "movement"]],
        [
            [f.id, *named(f), str(f.durability), str(f.payload), _modes(f, lang)]
            for f in catalog.frames
        ],
    )
    modes = _mode_names(catalog)
    if ja:  # short number heads and the type beside the abilities: 80 columns with wide names
        weapons = _table(
            [t(k, lang) for k in ("weapon", "name-ja", "dur-short", "wt-short", "pow-short")]
            + [t(k, lang) for k in ("att-short", "ammo", "type-abilities")],
            [
                [
                    w.id,
                    w.name_ja,
                    *(str(n) for n in (w.durability, w.weight, w.power, w.attacks)),
                    _ammo(w),
                    " ".join(filter(None, [t(f"type-{w.type}", lang), _abilities(w, modes, lang)])),
                ]
                for w in catalog.weapons
            ],
        )
    else:
        weapons = _table(
            [t(k, lang) for k in ["weapon", "name", "type", "dur", "wt", "pow", "att", "ammo"]]
            + [t("abilities", lang)],
            [
                [
                    w.id,
                    w.name,
                    w.type,
                    str(w.durability),
                    str(w.weight),
                    str(w.power),
                    str(w.attacks),
                    _ammo(w),
                    _abilities(w, modes, lang),
                ]
                for w in catalog.weapons
            ],
        )

    def attacker(weapon_id: str) -> str:
        return part_name(catalog.weapon(weapon_id), lang, weapon_id) if ja else weapon_id

    threats = _table(
        [t(k, lang) for k in ["threat", *names[:1], "attacks"]],
        [
            [
                th.id + (t("default", lang) if th.id == catalog.default_threat else ""),
                th.name_ja if ja else th.name,
                t("list-and", lang).join(
                    attacker(a.weapon) + (f" +{a.bonus}" if a.bonus else "") for a in th.attacks
                ),
            ]
            for th in catalog.threats
        ],
    )
    return f"{catalog_name(catalog, lang)}\n\n{frames}\n\n{weapons}\n\n{threats}"


CHECK = Labels.load(__file__, "check_labels.yaml")
"""The words of ``check``'s text, in the language the command reports in."""


def _unit_line(report: UnitReport, lang: Lang) -> list[str]:
    payload = (
        f"{report.payload_used}/{report.payload_limit}" if report.payload_limit is not None else "?"
    )
    frame, slots = report.shown(lang)
    weapons = CHECK.t("list-comma", lang).join(w or "—" for w in slots) or "—"
    status = CHECK.t("legal" if report.legal else "illegal", lang)
    warn = len(warnings_of(report.problems))
    if warn:
        status += " " + CHECK.t("warnings" if warn > 1 else "one-warning", lang, count=warn)
    return [shown_name(report, lang), frame, weapons, payload, status]


def check_text(team: Team, report: TeamReport) -> str:
    lang = current_lang()
    columns = [CHECK.t(key, lang) for key in ("unit", "frame", "weapons", "payload", "status")]
    units = _table(columns, [_unit_line(u, lang) for u in report.units])
    return check_lines(shown_name(team, lang), report, units, lang)


def analysis_json(threat: Threat, results: list) -> dict:
    """The documented ``laminim analyze --json`` shape (floats at full precision)."""
    units = []
    for report, analysis in results:
        extra = {}
        if analysis.intercept is not None:  # only with --intercept (D19): the recorded shape stays
            extra["intercept"] = {
                "slot": analysis.intercept.slot + 1,
                "bonus": analysis.intercept.bonus,
            }
        units.append(
            {
                **extra,
                "name": report.name,
                "frame": report.frame,
                "exposure": float(analysis.exposure),
                "faces": list(analysis.faces),
                "damage": {
                    "all_weapons": float(analysis.damage.all_weapons),
                    "best_single": float(analysis.damage.best_single),
                    "best_slot": _slot_number(analysis.damage.best_slot),
                    "per_slot": [None if d is None else float(d) for d in analysis.damage.per_slot],
                },
                "method": analysis.survival.method,
                "rounds": [
                    {
                        "round": r.round,
                        "alive": float(r.alive),
                        "expected_remaining": float(r.expected_remaining),
                        "slot_destroyed": [
                            None if s is None else float(s) for s in r.slot_destroyed
                        ],
                        "cook_off": float(r.cook_off),
                        **_interval_json(r),
                    }
                    for r in analysis.survival.rounds
                ],
            }
        )
    return {"threat": threat.id, "units": units}


def _interval_json(r: Any) -> dict[str, Any]:
    """A sampled round's 95 % intervals, figure by figure (nothing for an exact round)."""
    i = r.interval
    if i is None:
        return {}
    return {
        "interval": {
            "alive": list(i.alive),
            "expected_remaining": list(i.expected_remaining),
            "slot_destroyed": [None if s is None else list(s) for s in i.slot_destroyed],
            "cook_off": list(i.cook_off),
        }
    }


def _pm(value: float, span: tuple[float, float], scale: float = 100.0) -> tuple[str, str]:
    """A sampled figure as ``≈ 63.2%`` over ``± 0.4``, the half-width of its 95 % interval:
    two lines of a cell, so a sampled table is as narrow as an exact one."""
    half = max(value - span[0], span[1] - value) * scale
    if scale == 100.0:
        return f"≈ {100 * value:.1f}%", f"± {half:.1f}"
    return f"≈ {value:.2f}", f"± {half:.2f}"


def _slot_number(index: int | None) -> int | None:
    """The rules core counts slots from 0; players and the JSON count them 1–3."""
    return None if index is None else index + 1


def _pct(x: float) -> str:
    return percent(x)


ANALYZE = Labels.load(__file__, "analyze_labels.yaml")
"""The words of ``analyze``'s text, in the language the command reports in."""


def _weapon_word(weapon_id: str, catalog: Catalog, lang: Lang) -> str:
    """A weapon as ``analyze`` names it: its id in English (what a file and ``--threat`` say),
    its Japanese name in Japanese."""
    return weapon_id if lang == "en" else part_name(catalog.weapon(weapon_id), lang, weapon_id)


def threat_attacks_text(threat: Threat, catalog: Catalog, lang: Lang) -> str:
    """A threat's attacks as ``analyze`` lists them: each weapon with its bonus, and the
    rounds its magazine lasts when it does not fire every round (an enemy unit, D21)."""
    t = ANALYZE.t
    words = []
    for a in threat.attacks:
        weapon = _weapon_word(a.weapon, catalog, lang)
        if a.rounds is not None:
            key = "attack-bonus-rounds" if a.bonus else "attack-rounds"
            words.append(t(key, lang, weapon=weapon, bonus=a.bonus, rounds=a.rounds))
        elif a.bonus:
            words.append(t("attack-bonus", lang, weapon=weapon, bonus=a.bonus))
        else:
            words.append(weapon)
    return ", ".join(words) or t("no-attacks", lang)


def analysis_text(threat: Threat, results: list, catalog: Catalog) -> str:
    lang = current_lang()
    t = ANALYZE.t
    attacks = threat_attacks_text(threat, catalog, lang)
    out = [t("threat", lang, name=part_name(threat, lang), id=threat.id, attacks=attacks)]
    if any(a.intercept is not None for _, a in results) and not any(
        (w := catalog.weapon(a.weapon)) is not None and w.type == "missile" for a in threat.attacks
    ):
        out.append(t("no-salvo", lang))
    for report, a in results:
        resolved = report.resolved
        faces = " ".join(f"{f.face}:{_face_name(f, resolved, lang)}" for f in a.face_info)
        total = resolved.frame.durability + sum(w.durability for w in resolved.slots if w)
        best = (
            t(
                "best-slot",
                lang,
                slot=_slot_number(a.damage.best_slot),
                damage=f"{a.damage.best_single:.2f}",
            )
            if a.damage.best_slot is not None
            else t("no-attacker", lang)
        )
        out += [
            "",
            t(
                "unit",
                lang,
                name=shown_name(report, lang),
                frame=part_name(resolved.frame, lang),
                used=report.payload_used,
                limit=report.payload_limit,
                total=total,
            ),
            t(
                "exposure",
                lang,
                exposure=f"{a.exposure:.3f}",
                faces=round(a.exposure * 6),
                names=faces,
            ),
            t("damage", lang, all=f"{a.damage.all_weapons:.2f}", best=best),
        ]
        if a.intercept is not None:
            gun = resolved.slots[a.intercept.slot]
            out.append(
                t(
                    "intercepting",
                    lang,
                    slot=a.intercept.slot + 1,
                    weapon=part_name(gun, lang),
                    bonus=a.intercept.bonus,
                )
            )
        slot_heads = [t("slot-lost", lang, n=i + 1) for i in range(3)]
        rows = []
        for r in a.survival.rounds:
            if r.interval is not None:  # beyond the exact budget: the seeded sampled estimate
                i = r.interval
                cells = [
                    _pm(r.alive, i.alive),
                    _pm(r.expected_remaining, i.expected_remaining, 1.0),
                    *(
                        ("    —", "") if s is None or b is None else _pm(s, b)
                        for s, b in zip(r.slot_destroyed, i.slot_destroyed, strict=True)
                    ),
                    _pm(r.cook_off, i.cook_off),
                ]
                rows += [[str(r.round)] + [c[0] for c in cells], [""] + [c[1] for c in cells]]
                continue
            rows.append(
                [str(r.round), _pct(r.alive), f"{r.expected_remaining:6.2f}"]
                + ["—" if s is None else _pct(s) for s in r.slot_destroyed]
                + [_pct(r.cook_off)]
            )
        if a.survival.method == "sampled":
            out.append(t("sampled", lang, trials=f"{a.survival.trials:,}"))
        heads = [t(k, lang) for k in ("round", "alive", "remaining")]
        numbers = range(1, len(heads) + len(slot_heads) + 1)  # every column but the round's
        table = _table(
            [*heads, *slot_heads, t("cook-off", lang)], rows, right=numbers, width=78
        )  # indented 2
        out += ["  " + line for line in table.splitlines()]
    return "\n".join(out)


def _face_name(face: FaceInfo, resolved: ResolvedUnit, lang: Lang = "en") -> str:
    """What a location die of ``face`` names: the frame, a weapon (its id in English, its
    Japanese name in Japanese), or — for no part."""
    if face.is_frame:
        return ANALYZE.t("face-frame", lang)
    weapon = resolved.slots[face.slot - 1] if face.slot is not None else None
    if weapon is None:
        return "—"
    return weapon.id if lang == "en" else part_name(weapon, lang)
