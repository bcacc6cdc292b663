"""How a kuroganen battle record is shown (``laminim play RECORD [--json]``, the play screen):
the round, the map with the units where they stand, and each unit's cell, level, risk and its
reach from there.

The reach (docs/rules.md D16–D18, D24): for each unit, the planner from its current cell with
its current risk and its movement allowance, the other units' cells occupied — exactly
``laminim reach MAP --from X,Y --move N --risk R`` on the map with the units where they stand
now. ``--json`` gives every reachable cell (``reach --json``'s ``cells``) and the counts by
final risk; the text gives the counts.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from typing import Any

from builder.core.i18n import Labels, Lang, shown_name
from builder.core.messages import Messages
from builder.core.problems import InputError, Problem
from builder.core.report_lang import current_lang
from builder.core.text_table import table as text_table
from builder.systems.base import Output
from builder.systems.battle import ShowOptions
from builder.systems.battle_names import side_name
from builder.systems.kuroganen.rules import HeightMap, Point, Reach, ReachTooLarge, reach
from builder.systems.kuroganen.rules.play import Field, Mover
from builder.systems.kuroganen.text import _grid, counted, level_text

LABELS = Labels.load(__file__, "view_labels.yaml")
MESSAGES = Messages.load(__file__)

WIDTH = 80
"""Columns the text fits in."""


@lru_cache(maxsize=256)
def _reach(hmap: HeightMap, start: Point, move: int, risk: int) -> tuple[Reach, ...] | None:
    try:
        return tuple(reach(hmap, start, move, risk))
    except ReachTooLarge:
        return None


def reach_of(field: Field, m: Mover) -> tuple[Reach, ...] | None:
    """The unit's reach from where it stands now (None: over the planner's budget)."""
    return _reach(field.height_map(without=m.id), m.cell, m.move, m.risk)


def _by_risk(found: tuple[Reach, ...]) -> dict[str, int]:
    counts = Counter(r.risk for r in found)
    return {str(k): counts[k] for k in sorted(counts)}


def check_options(options: ShowOptions) -> None:
    """``--threat`` and ``--bonus`` say what attack odds are against: a map has no attacks."""
    for option, given in (("--threat", options.threat), ("--bonus", options.bonus)):
        if given is not None:
            said = MESSAGES("no-threat", option=option)
            raise InputError([Problem(option, None, None, "", said)])


def show(field: Field, catalog: Any, options: ShowOptions) -> Output:
    """The state as JSON and text, each unit with its reach (``catalog``: a map has none)."""
    check_options(options)
    reaches = {m.id: reach_of(field, m) if options.odds else None for m in field.movers}
    return Output(state_json(field, reaches), state_text(field, reaches))


def state_json(field: Field, reaches: dict[int, tuple[Reach, ...] | None]) -> dict[str, Any]:
    units = []
    for m in field.movers:
        found = reaches.get(m.id)
        units.append(
            {
                "id": m.id,
                "side": m.side,
                "name": m.name,
                "name_ja": m.name_ja,
                "cell": list(m.cell),
                "level": field.level(m.cell),
                "risk": m.risk,
                "move": m.move,
                "start": list(m.home),
                "reach": None
                if found is None
                else {
                    "move": m.move,
                    "risk": m.risk,
                    "cells": [r.as_dict(path=False) for r in found],
                    "by_risk": _by_risk(found),
                },
            }
        )
    return {
        "round": field.round,
        "over": False,
        "sides": [
            {
                "side": i + 1,
                "name": n,
                "name_ja": field.names_ja[i] if len(field.names_ja) > i else None,
            }
            for i, n in enumerate(field.names)
        ],
        "map": {"width": len(field.levels[0]), "height": len(field.levels)},
        "units": units,
    }


def _reached(found: tuple[Reach, ...] | None, lang: Lang) -> str:
    t = LABELS.t
    if found is None:
        return t("too-large", lang)
    spread = t("list-sep", lang).join(
        t("risk-count", lang, risk=k, n=n) for k, n in _by_risk(found).items()
    )
    return t("reached", lang, cells=counted("cells", len(found), lang), spread=spread)


def map_lines(field: Field, lang: Lang) -> list[str]:
    """The floor levels, each unit as ``[id]`` on its cell; a map too wide for 80 columns is
    named, not drawn."""
    at = {m.cell: m.id for m in field.movers}
    width, height = len(field.levels[0]), len(field.levels)

    def cell(x: int, y: int) -> str:
        if (x, y) in at:
            return f"[{at[(x, y)]}]"
        return level_text(field.levels[y][x])

    lines = _grid(LABELS.t("map-title", lang), width, height, cell)
    if max(len(line) for line in lines) > WIDTH:
        return [LABELS.t("map-too-wide", lang, width=width)]
    return lines


def sides_named(field: Field, lang: Lang) -> str:
    """The sides' names in ``lang``, each once (``Ruined block`` for a map played by both)."""
    named = (
        side_name(field.names, field.names_ja, s, lang) for s in range(1, len(field.names) + 1)
    )
    return " / ".join(dict.fromkeys(named))


def _text_parts(
    field: Field, reaches: dict[int, tuple[Reach, ...] | None], lang: Lang
) -> tuple[list[str], list[str]]:
    t = LABELS.t
    names = sides_named(field, lang)
    head = [t("round", lang, round=field.round, names=names), t("legend", lang)]
    heads = [t(k, lang) for k in ("id", "unit", "side", "cell", "level", "risk", "move", "reach")]
    rows = [
        [
            str(m.id),
            shown_name(m, lang),
            str(m.side),
            f"({m.cell[0]},{m.cell[1]})",
            level_text(field.level(m.cell)),
            str(m.risk),
            str(m.move),
            _reached(reaches.get(m.id), lang),
        ]
        for m in field.movers
    ]
    body = [*map_lines(field, lang), "", text_table(heads, rows, right={0, 2, 4, 5, 6})]
    return head, body


def state_text(
    field: Field, reaches: dict[int, tuple[Reach, ...] | None], lang: Lang | None = None
) -> str:
    head, body = _text_parts(field, reaches, lang or current_lang())
    return "\n".join([head[0], "", *body, "", *head[1:]]).rstrip()


def screen_text(field: Field, catalog: Any, options: ShowOptions, lang: Lang) -> tuple[str, str]:
    """The play screen's text: a head kept in view (the round, what the reach column is) and
    the map and the units with their reach. What the odds are against (the screen's ``t``)
    changes nothing here: a map has no attacks (and no catalog: ``catalog`` is unused)."""
    reaches = {m.id: reach_of(field, m) if options.odds else None for m in field.movers}
    head, body = _text_parts(field, reaches, lang)
    return "\n".join(head).rstrip(), "\n".join(body).rstrip()


__all__ = ["map_lines", "reach_of", "screen_text", "show", "state_json", "state_text"]
