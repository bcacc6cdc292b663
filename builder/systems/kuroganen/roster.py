"""Kuroganen's rows on the roster sheet (builder/render/roster.py): the map's size and levels,
every unit on it with its cell and floor level, and the planned move with how far it reaches.
A map that reads is usable (``check`` has no "illegal" for maps)."""

from __future__ import annotations

from builder.core.i18n import Labels, Lang, shown_name
from builder.render.roster import Roster, RosterEntry
from builder.systems.kuroganen.models import KuroganenMap
from builder.systems.kuroganen.rules import ReachTooLarge, reach
from builder.systems.kuroganen.text import level_text, map_summary

LABELS = Labels.load(__file__, "roster_labels.yaml")


def _level(team: KuroganenMap, x: int, y: int, lang: Lang) -> str:
    level = team.map[y][x]
    return LABELS.t("pit", lang) if level is None else level_text(level)


def _unit_count(team: KuroganenMap) -> int:
    """Every unit the sheet lists: the planned mover (listed among the units or not) and the
    others, so "Units 0" never heads a sheet that shows a mover."""
    mover = {team.plan.start} if team.plan is not None else set()
    return len(set(team.units) | mover)


def roster(team: KuroganenMap, lang: Lang) -> Roster:
    t = LABELS.t
    s = map_summary(team)
    numbers = [(t("size", lang), t("size_value", lang, w=team.width, h=team.height))]
    if s["lowest"] is not None:
        lo, hi = level_text(s["lowest"]), level_text(s["highest"])
        numbers.append(
            (t("levels", lang), lo if lo == hi else t("levels_value", lang, lo=lo, hi=hi))
        )
    numbers += [
        (t("pits", lang), str(s["pits"])),
        (t("half", lang), str(s["half_levels"])),
        (t("units", lang), str(_unit_count(team))),
    ]
    entries = []
    plan = team.plan
    if plan is not None:
        x, y = plan.start
        plan_numbers = [
            (t("cell", lang), t("cell_value", lang, x=x, y=y)),
            (t("level", lang), _level(team, x, y, lang)),
            (t("move", lang), str(plan.move)),
            (t("risk", lang), str(plan.risk)),
        ]
        try:
            cells = len(reach(team.height_map(), plan.start, plan.move, plan.risk))
            plan_numbers.append((t("reach", lang), str(cells)))
        except ReachTooLarge:
            pass  # the map sheet reports it; the roster still lists the units
        entries.append(RosterEntry(t("mover", lang), "", numbers=tuple(plan_numbers), legal=None))
    for n, (x, y) in enumerate(team.units, start=1):
        if plan is not None and (x, y) == plan.start:
            continue
        cell = ((t("cell", lang), t("cell_value", lang, x=x, y=y)),)
        entries.append(
            RosterEntry(
                t("unit_n", lang, n=n),
                "",
                numbers=(*cell, (t("level", lang), _level(team, x, y, lang))),
                legal=None,
            )
        )
    return Roster(
        team=shown_name(team, lang),
        entries=tuple(entries),
        legal=True,
        numbers=tuple(numbers),
        entry_word=t("unit", lang),
    )
