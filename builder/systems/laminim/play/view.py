"""A LAMINIM battle as ``laminim play`` prints it: the state JSON (docs/play.md, and
docs/design.md "Battle records and actions") and a text that fits 80 columns, in the player's
language."""

from __future__ import annotations

from typing import Any

from builder.core.i18n import Labels, Lang, part_name, shown_name
from builder.core.report_lang import current_lang
from builder.core.text_table import columns, wrap
from builder.core.text_table import table as text_table
from builder.play.state_reader import record_number
from builder.systems.base import Output
from builder.systems.battle import ShowOptions
from builder.systems.battle_names import side_name
from builder.systems.laminim.models import Catalog
from builder.systems.laminim.play.odds import Against, against, odds_of
from builder.systems.laminim.rules import StateOdds
from builder.systems.laminim.rules.play_score import Score, fighter_score, score
from builder.systems.laminim.rules.play_state import Fighter, Table

LABELS = Labels.load(__file__, "view_labels.yaml")


def show(table: Table, catalog: Catalog, options: ShowOptions) -> Output:
    threat = against(table, catalog, options.threat, options.bonus) if options.odds else None
    odds = {f.id: odds_of(table, f, threat) for f in table.fighters}
    return Output(
        state_json(table, catalog, odds, threat), state_text(table, catalog, odds, threat)
    )


def _score_json(result: Score, key: str) -> dict[str, Any]:
    return {
        "sides": [
            {
                "side": s.side,
                "score": s.score,
                "units": [{"id": u, "score": v} for u, v in s.units],
            }
            for s in result.sides
        ],
        key: result.winner,
    }


def odds_json(found: StateOdds | None, threat: Against | None) -> dict[str, Any] | None:
    """D21's figures under keys that say what they are (None: no odds for this unit)."""
    if found is None or threat is None:
        return None
    out: dict[str, Any] = {
        "threat": threat.id,
        "bonus": threat.bonus,
        "method": found.method,
        "from_round": found.round,
        "attacks_done": found.attacks_done,
        "alive_this_round": found.alive_round,
        "alive_end": found.alive_end,
        "expected_remaining_end": found.expected_remaining,
        "cook_off_from_now": found.cook_off,
    }
    first, last = found.survival.rounds[0], found.survival.rounds[-1]
    if first.interval is not None and last.interval is not None:
        out["interval"] = {
            "alive_this_round": list(first.interval.alive),
            "alive_end": list(last.interval.alive),
            "expected_remaining_end": list(last.interval.expected_remaining),
            "cook_off_from_now": list(last.interval.cook_off),
        }
    return out


def _unit_json(f: Fighter, odds: StateOdds | None, threat: Against | None) -> dict[str, Any]:
    slots: list[dict[str, Any] | None] = []
    for i, w in enumerate(f.spec.slots):
        if w is None:
            slots.append(None)
            continue
        slots.append(
            {
                "weapon": w.name,
                "durability": f.parts[i],
                "max": w.durability,
                "destroyed": f.broken[i],
                "ammo": f.ammo[i] if w.ammo is not None else None,
                "ammo_max": w.ammo,
            }
        )
    return {
        "id": f.id,
        "side": f.side,
        "name": f.name,
        "name_ja": f.name_ja,
        "alive": f.alive,
        "frame": {
            "id": f.frame_id,
            "durability": f.frame,
            "max": f.spec.frame_durability,
            "destroyed": f.destroyed,
        },
        "slots": slots,
        "zuzzer": None
        if f.zuzzer is None
        else {"distance": record_number(f.zuzzer.distance), "direction": f.zuzzer.direction},
        "centre": record_number(f.centre),
        "remaining": f.remaining(),
        "score": fighter_score(f),
        "fired": [s + 1 for s in f.fired],
        "single": None if f.single is None else f.single + 1,
        "done": f.done,
        "odds": odds_json(odds, threat),
    }


def state_json(
    table: Table, catalog: Catalog, odds: dict[int, StateOdds | None], threat: Against | None
) -> dict[str, Any]:
    standing = score(table)
    return {
        "round": table.round,
        "last_round": table.last_round,
        "over": table.over,
        "sides": [
            {
                "side": s,
                "name": table.names[s - 1] if len(table.names) >= s else None,
                "name_ja": table.names_ja[s - 1] if len(table.names_ja) >= s else None,
            }
            for s in table.sides()
        ],
        "units": [_unit_json(f, odds.get(f.id), threat) for f in table.fighters],
        "tokens": [
            {
                "id": t.id,
                "owner": t.owner,
                "slot": t.slot + 1,
                "weapon": _weapon_id(table, t.owner, t.slot),
                "target": t.target,
                "count": t.count,
            }
            for t in table.tokens
        ],
        "obstacles": [{"name": n, "damage": d} for n, d in table.obstacles],
        "standing": _score_json(standing, "leader"),
        "score": _score_json(standing, "winner") if table.over else None,
        "odds_against": None
        if threat is None
        else {
            "id": threat.id,
            "name": threat.names[0],
            "name_ja": threat.names[1],
            "bonus": threat.bonus,
        },
    }


def _weapon_id(table: Table, owner: int, slot: int) -> str | None:
    fighter = table.fighter(owner)
    weapon = fighter.spec.slots[slot] if fighter is not None else None
    return None if weapon is None else weapon.name


# -- text ------------------------------------------------------------------------------------


def _pct(p: float) -> str:
    return f"{100 * p:.1f}%"


def _weapon(catalog: Catalog, weapon_id: str, lang: Lang) -> str:
    return weapon_id if lang == "en" else part_name(catalog.weapon(weapon_id), lang, weapon_id)


def _part(value: int, top: int, broken: bool, lang: Lang) -> str:
    """``14/20``; ``0/10!`` at 0 or below (destroyed at the round's end); ``×`` destroyed."""
    if broken:
        return LABELS.t("destroyed", lang)
    return f"{value}/{top}" + ("!" if value <= 0 else "")


def _slot_cell(f: Fighter, i: int, catalog: Catalog, lang: Lang) -> str:
    w = f.spec.slots[i]
    if w is None:
        return "—"
    cell = f"{_weapon(catalog, w.name, lang)} {_part(f.parts[i], w.durability, f.broken[i], lang)}"
    if w.ammo is not None and not f.broken[i]:
        cell += " " + LABELS.t("ammo", lang, ammo=f.ammo[i])
    return cell


def _unit_name(f: Fighter, lang: Lang) -> str:
    """The unit's name in ``lang``, marked when it has left play."""
    name = shown_name(f, lang)
    return name if f.alive else LABELS.t("gone", lang, name=name)


def _marks(f: Fighter, lang: Lang) -> str:
    t = LABELS.t
    marks = []
    if f.zuzzer is not None:
        marks.append(t("mark-zuzzer", lang, distance=f"{f.zuzzer.distance:g}"))
    if f.single is not None:
        marks.append(t("mark-single", lang, slot=f.single + 1))
    elif f.fired:
        marks.append(t("mark-fired", lang, slots=",".join(str(s + 1) for s in f.fired)))
    if f.done:
        marks.append(t("mark-done", lang))
    return " ".join(marks)


def _score_line(table: Table, standing: Score, names: dict[int, str], lang: Lang) -> str:
    """The text's first line: the round (or the game over) and each side's name and score."""
    t = LABELS.t
    totals = {s.side: s.score for s in standing.sides}
    head = t("over" if table.over else "round", lang, round=table.round, last=table.last_round)
    sides = "  ".join(t("side-score", lang, side=s, name=names[s], score=totals[s]) for s in names)
    return f"{head}  {sides}"


def state_text(
    table: Table, catalog: Catalog, odds: dict[int, StateOdds | None], threat: Against | None
) -> str:
    lang = current_lang()
    t = LABELS.t
    standing = score(table)
    names = {s: side_name(table.names, table.names_ja, s, lang) for s in table.sides()}
    lines = [_score_line(table, standing, names, lang), ""]
    for side in table.sides():
        rows = []
        for f in (x for x in table.fighters if x.side == side):
            frame = _part(f.frame, f.spec.frame_durability, f.destroyed, lang)
            name = _unit_name(f, lang)
            rows.append(
                [
                    str(f.id),
                    name,
                    frame,
                    *(_slot_cell(f, i, catalog, lang) for i in range(3)),
                ]
            )
        heads = [t(k, lang) for k in ("id", "unit", "frame", "slot1", "slot2", "slot3")]
        lines += [t("side", lang, side=side, name=names[side]), text_table(heads, rows), ""]
    if table.tokens:
        tokens = ", ".join(
            t("token", lang, id=k.id, count=k.count, owner=k.owner, target=k.target)
            for k in table.tokens
        )
        lines += [t("tokens", lang, tokens=tokens), ""]
    if table.obstacles:
        lines += [
            t("obstacles", lang, obstacles=", ".join(f"{n} {d}" for n, d in table.obstacles)),
            "",
        ]
    lines += _odds_lines(table, odds, threat, lang)
    if table.over:
        won = standing.winner
        lines.append(
            t("won", lang, side=won, name=names.get(won, ""))
            if won is not None
            else t("even", lang)
        )
    elif any(f.centre is None for f in table.fighters if f.alive):
        lines.append(t("centre-unset", lang))
    if any(
        f.frame <= 0 or any(f.parts[i] <= 0 and f.intact(i) for i in range(3))
        for f in table.fighters
        if f.alive
    ):
        lines.append(t("legend-zero", lang))
    return "\n".join(lines).rstrip()


def _odds_lines(
    table: Table, odds: dict[int, StateOdds | None], threat: Against | None, lang: Lang
) -> list[str]:
    t = LABELS.t
    rows = []
    sampled = False
    for f in table.fighters:
        found = odds.get(f.id)
        centre = "—" if f.centre is None else f"{f.centre:g}"
        if found is None:
            cells = ["", "", "", ""]
        else:
            mark = "≈" if found.method == "sampled" else ""
            sampled = sampled or bool(mark)
            cells = [
                mark + _pct(found.alive_round),
                mark + _pct(found.alive_end),
                mark + f"{found.expected_remaining:.1f}",
                mark + _pct(found.cook_off),
            ]
        name = _unit_name(f, lang)
        rows.append([str(f.id), name, *cells, centre, str(fighter_score(f)), _marks(f, lang)])
    if table.over:  # no odds left: what each unit scores
        rows = [
            [
                str(f.id),
                _unit_name(f, lang),
                str(f.remaining()),
                "—" if f.centre is None else f"{f.centre:g}",
                str(fighter_score(f)),
            ]
            for f in table.fighters
        ]
        heads = [t(k, lang) for k in ("id", "unit", "left", "centre", "score")]
        return [t("no-odds", lang), text_table(heads, rows, right={2, 3, 4}), ""]
    heads = [
        t(k, lang)
        for k in (
            "id",
            "unit",
            "alive-now",
            "alive-end",
            "remaining",
            "cook-off",
            "centre",
            "score",
            "marks",
        )
    ]
    if threat is not None and not table.over:
        name = threat.names[1] if lang == "ja" else threat.names[0]
        head = [t("odds-against", lang, name=name, id=threat.id), t("odds-legend", lang)]
    else:
        head = [t("no-odds", lang)]
    lines = [*head, text_table(heads, rows, right=set(range(2, 8))), ""]
    if sampled:
        lines.append(t("sampled", lang))
    return lines


def screen_text(
    table: Table, catalog: Catalog, options: ShowOptions, lang: Lang, width: int = 78
) -> tuple[str, str]:
    """The play screen's text (80 columns): a head that stays in view (the round, each side's
    score, what the odds are against) and each side's units, each unit's parts on one line and
    its odds from the current state (D21), centre, score and marks under it, then the legend of
    every short word they use (wrapped between phrases); ``width``: the screen's columns less
    its scroll bar."""
    t = LABELS.t
    threat = against(table, catalog, options.threat, options.bonus) if options.odds else None
    odds = {f.id: odds_of(table, f, threat) for f in table.fighters}
    names = {s: side_name(table.names, table.names_ja, s, lang) for s in table.sides()}
    heads = [_score_line(table, score(table), names, lang)]
    if threat is not None and not table.over:
        name = threat.names[1] if lang == "ja" else threat.names[0]
        heads.append(t("screen-against", lang, name=name))
    lines: list[str] = []
    pad = max((columns(shown_name(f, lang)) for f in table.fighters), default=0)
    for side in table.sides():
        lines.append(t("side", lang, side=side, name=names[side]))
        for f in (x for x in table.fighters if x.side == side):
            name = _unit_name(f, lang)
            frame = _part(f.frame, f.spec.frame_durability, f.destroyed, lang)
            parts = [
                f"{f.id} {name}" + " " * max(0, pad - columns(name)),
                f"{t('frame', lang)} {frame}",
                *(
                    f"{t('screen-slot', lang, slot=i + 1)} {_slot_cell(f, i, catalog, lang)}"
                    for i in range(3)
                    if f.spec.slots[i] is not None
                ),
            ]
            lines += packed(parts, width)
            lines += packed(_screen_odds(f, odds.get(f.id), lang), width, indent="  ")
        lines.append("")
    if table.tokens:
        tokens = ", ".join(
            t("token", lang, id=k.id, count=k.count, owner=k.owner, target=k.target)
            for k in table.tokens
        )
        lines += [*wrap(t("tokens", lang, tokens=tokens), width, indent="  "), ""]
    if table.over:
        won = score(table).winner
        lines.append(
            t("won", lang, side=won, name=names.get(won, ""))
            if won is not None
            else t("even", lang)
        )
        lines.append("")
    lines += legend(t("screen-legend", lang).split(" · "), width)
    return "\n".join(heads), "\n".join(lines).rstrip()


def packed(pieces: list[str], width: int, indent: str = "") -> list[str]:
    """``pieces`` two spaces apart on lines of at most ``width`` columns, a piece never cut
    (a line that must go on starts under the first piece's second column)."""
    lines: list[str] = []
    line = indent
    for piece in pieces:
        if line.strip() and columns(line) + 2 + columns(piece) > width:
            lines.append(line)
            line = indent + "    "
        line += ("  " if line.strip() else "") + piece
    lines.append(line)
    return lines


def legend(items: list[str], width: int) -> list[str]:
    """The legend of the short words the screen uses: each ``word: meaning`` kept whole, two
    spaces apart, on lines of at most ``width`` columns (one wider than a line wrapped between
    phrases)."""
    lines = [""]
    for item in items:
        if lines[-1] and columns(lines[-1]) + 2 + columns(item) > width:
            lines.append("")
        if columns(item) > width:
            lines[-1:] = [*([lines[-1]] if lines[-1] else []), *wrap(item, width, indent="  ")]
            continue
        lines[-1] += ("  " if lines[-1] else "") + item
    return [line for line in lines if line]


def _screen_odds(f: Fighter, found: StateOdds | None, lang: Lang) -> list[str]:
    t = LABELS.t
    parts = []
    if found is not None:
        mark = "≈" if found.method == "sampled" else ""
        parts.append(
            t(
                "screen-odds",
                lang,
                now=mark + _pct(found.alive_round),
                end=mark + _pct(found.alive_end),
                rem=f"{mark}{found.expected_remaining:.1f}",
                cook=mark + _pct(found.cook_off),
            )
        )
    centre = "—" if f.centre is None else f"{f.centre:g}"
    parts.append(t("screen-score", lang, centre=centre, score=fighter_score(f)))
    marks = _marks(f, lang)
    return [*parts, *([marks] if marks else [])]


__all__ = ["screen_text", "show", "state_json", "state_text"]
