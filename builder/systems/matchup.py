"""Match-ups between two teams (``laminim matchup TEAM_A TEAM_B``, docs/matchup.md): the kit.

A game that offers match-ups (:class:`Matchups`) works out, for every unit of one team against
every unit of the other as its threat, both ways, a :class:`Cell`: P(the unit is alive after N
rounds, or N activations) and the damage it delivers over them. This module holds what every
game shares: the options, the result, its JSON and 80-column text, each team's best and worst
pairing, and the one-page sheet's plain data (``templates/common/matchup.html``). The numbers
are the game's; nothing here computes odds.

Best and worst: a pairing is as good for a team as the damage its unit delivers there, then its
P(alive); figures within ``TIE`` are equal (docs/balance.md "Ties"), and of equal pairings the
first in the team's order is named.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from builder.core.i18n import Labels, Lang, pick
from builder.core.numbers import percent
from builder.core.problems import Problem
from builder.core.text_table import columns, table
from builder.render.printout import Printout
from builder.systems.base import DEFAULT_ROUNDS, PrintOptions, TeamRead

LABELS = Labels.load(__file__, "matchup_labels.yaml")

TIE = 1e-9
"""Figures closer than this are equal (the exact chains' accuracy; docs/balance.md "Ties")."""


@dataclass(frozen=True)
class MatchupOptions:
    """``--rounds`` (rounds, or activations) and ``--bonus`` (None: the game's default)."""

    rounds: int = DEFAULT_ROUNDS
    bonus: int | None = None


@dataclass(frozen=True)
class MatchupEntry:
    """One team of a match-up: the file as read, and the path the player gave."""

    read: TeamRead[Any]
    path: str


@dataclass(frozen=True)
class Cell:
    """One unit against one enemy unit as its threat."""

    alive: float  # P(alive after the rounds)
    delivered: float  # expected damage the unit deals over them
    sampled: bool = False  # an estimate (beyond the exact budget), not the exact figure
    extra: Mapping[str, Any] = field(default_factory=dict)  # the game's own JSON keys


@dataclass(frozen=True)
class Side:
    """One team: its file, name, units (in file order) and ``cells[unit][enemy unit]``.

    ``team`` and ``units`` are the names the file, the JSON and ``--threat FILE:UNIT`` use;
    ``team_ja`` and ``units_ja`` (unit by unit, None where the file gives none) the Japanese
    names a player reads under ``--lang ja`` (:meth:`team_name`, :meth:`unit_names`)."""

    file: str
    team: str
    units: tuple[str, ...]
    cells: tuple[tuple[Cell, ...], ...]
    team_ja: str | None = None
    units_ja: tuple[str | None, ...] = ()

    def team_name(self, lang: Lang) -> str:
        """The team's name as a player reads it in ``lang``."""
        return self.team_ja if lang == "ja" and self.team_ja else self.team

    def unit_names(self, lang: Lang) -> tuple[str, ...]:
        """The units' names as a player reads them in ``lang`` (``units`` where no
        Japanese name is given)."""
        if lang != "ja":
            return self.units
        ja = (*self.units_ja, *(None,) * (len(self.units) - len(self.units_ja)))
        return tuple(j or name for name, j in zip(self.units, ja, strict=True))


@dataclass(frozen=True)
class Matchup:
    """Both teams' cells. ``measure``: ``rounds`` or ``activations`` (what ``rounds`` counts);
    ``rule``: how an enemy unit attacks, (English, Japanese); ``notes``: problems that did not
    stop the match-up (an illegal team is still matched), printed on stderr."""

    system: str
    rounds: int
    bonus: int | None
    measure: str
    rule: tuple[str, str]
    sides: tuple[Side, Side]
    notes: list[Problem] = field(default_factory=list)
    extra: Mapping[str, Any] = field(default_factory=dict)


@runtime_checkable
class Matchups(Protocol):
    """Optional part of a game system: ``laminim matchup``. ``matchup`` raises InputError
    (exit 2) for bad input in either file (every problem of both) or an option the game does
    not take."""

    def matchup(
        self, entries: tuple[MatchupEntry, MatchupEntry], catalog: Any, options: MatchupOptions
    ) -> Matchup: ...


# --- best and worst ---------------------------------------------------------------------------


def _better(a: Cell, b: Cell) -> bool:
    """``a`` is a better pairing than ``b`` for its team: more damage delivered, then alive."""
    if abs(a.delivered - b.delivered) > TIE:
        return a.delivered > b.delivered
    return a.alive - b.alive > TIE


def best_and_worst(side: Side) -> tuple[tuple[int, int], tuple[int, int]] | None:
    """(unit, enemy) of the side's best and worst pairing; None when it has no cell."""
    found = [(i, j) for i, row in enumerate(side.cells) for j in range(len(row))]
    if not found:
        return None
    best = worst = found[0]
    for i, j in found[1:]:
        cell = side.cells[i][j]
        if _better(cell, side.cells[best[0]][best[1]]):
            best = (i, j)
        if _better(side.cells[worst[0]][worst[1]], cell):
            worst = (i, j)
    return best, worst


# --- JSON -------------------------------------------------------------------------------------


def _cell_json(cell: Cell, enemy: str) -> dict[str, Any]:
    return {
        "enemy": enemy,
        "alive": cell.alive,
        "delivered": cell.delivered,
        "method": "sampled" if cell.sampled else "exact",
        **cell.extra,
    }


def _pairing_json(side: Side, other: Side, at: tuple[int, int]) -> dict[str, Any]:
    i, j = at
    return {"unit": side.units[i], **_cell_json(side.cells[i][j], other.units[j])}


def matchup_json(m: Matchup) -> dict[str, Any]:
    """``laminim matchup --json`` (docs/matchup.md)."""
    sides = []
    for k, side in enumerate(m.sides):
        other = m.sides[1 - k]
        picks = best_and_worst(side)
        sides.append(
            {
                "file": side.file,
                "team": side.team,
                "units": [
                    {
                        "name": name,
                        "against": [
                            _cell_json(c, e) for c, e in zip(row, other.units, strict=True)
                        ],
                    }
                    for name, row in zip(side.units, side.cells, strict=True)
                ],
                "best": None if picks is None else _pairing_json(side, other, picks[0]),
                "worst": None if picks is None else _pairing_json(side, other, picks[1]),
            }
        )
    return {
        "system": m.system,
        "rounds": m.rounds,
        "measure": m.measure,
        "bonus": m.bonus,
        **m.extra,
        "sides": sides,
    }


# --- text -------------------------------------------------------------------------------------


def _alive(cell: Cell) -> str:
    return ("≈" if cell.sampled else "") + percent(cell.alive)


def _dealt(cell: Cell) -> str:
    return ("≈" if cell.sampled else "") + f"{cell.delivered:.1f}"


def _heads(units: Sequence[str], room: int) -> list[str]:
    """The enemy units as column heads: their names, or ``#1``… (named in a key) when the names
    would not fit ``room`` columns."""
    if sum(columns(u) + 2 for u in units) <= room:
        return list(units)
    return [f"#{j + 1}" for j in range(len(units))]


def pairing_line(m: Matchup, k: int, lang: Lang) -> list[str]:
    """Side ``k``'s best and worst pairings as sentences (none for a side without units)."""
    side, other = m.sides[k], m.sides[1 - k]
    picks = best_and_worst(side)
    if picks is None:
        return [LABELS.t("no-units", lang, team=side.team_name(lang))]
    out = []
    for key, (i, j) in zip(("best", "worst"), picks, strict=True):
        cell = side.cells[i][j]
        out.append(
            LABELS.t(
                key,
                lang,
                unit=side.unit_names(lang)[i],
                enemy=other.unit_names(lang)[j],
                alive=_alive(cell),
                delivered=_dealt(cell),
            )
        )
    return out


def side_title(m: Matchup, k: int, lang: Lang) -> str:
    """``{team} ({file}) against {enemy}``, the names in ``lang``."""
    side, other = m.sides[k], m.sides[1 - k]
    return LABELS.t(
        "side-title", lang, team=side.team_name(lang), file=side.file, enemy=other.team_name(lang)
    )


def side_text(m: Matchup, k: int, lang: Lang, width: int = 80, pairings: bool = True) -> list[str]:
    """Side ``k``'s block: its title, its two tables in ``width`` columns (enemies as ``#1``…
    with a key when their names do not fit), then (``pairings``) a blank line and its best and
    worst pairings."""
    side, other = m.sides[k], m.sides[1 - k]
    lines = [side_title(m, k, lang)]
    if not side.units or not other.units:
        empty = side if not side.units else other
        return [*lines, LABELS.t("no-units", lang, team=empty.team_name(lang))]
    units, enemies = side.unit_names(lang), other.unit_names(lang)
    unit_width = max(columns(u) for u in (*units, LABELS.t("unit-head", lang)))
    heads = _heads(enemies, width - unit_width - 2)
    corner = LABELS.t("unit-head", lang)
    for key, show in (("alive-table", _alive), ("delivered-table", _dealt)):
        lines.append("")
        lines.append(LABELS.t(key, lang, rounds=m.rounds, measure=_measure(m, lang)))
        rows = [[u, *(show(c) for c in row)] for u, row in zip(units, side.cells, strict=True)]
        lines.append(table([corner, *heads], rows, right=range(1, len(heads) + 1)))
    if heads != list(enemies):
        key = LABELS.t("list-sep", lang).join(f"#{j + 1} {u}" for j, u in enumerate(enemies))
        lines.append(LABELS.t("key", lang, units=key))
    if pairings:
        lines.append("")
        lines += [f"  {s}" for s in pairing_line(m, k, lang)]
    return lines


def _measure(m: Matchup, lang: Lang) -> str:
    return LABELS.t(f"measure-{m.measure}", lang)


def title(m: Matchup, lang: Lang) -> str:
    a, b = m.sides
    return LABELS.t("title", lang, a=a.team_name(lang), b=b.team_name(lang))


def subtitle(m: Matchup, lang: Lang) -> str:
    """What a cell is: the rounds, how the enemy unit attacks (the game's rule)."""
    return LABELS.t(f"subtitle-{m.measure}", lang, rounds=m.rounds, rule=pick(m.rule, lang))


def matchup_text(m: Matchup, lang: Lang) -> str:
    """The 80-column text: a title, then each team's two tables (P(alive), damage delivered)
    with its best and worst pairing."""
    from builder.core.text_table import fit_text

    lines = [title(m, lang), fit_text(subtitle(m, lang)), ""]
    lines += side_text(m, 0, lang)
    lines.append("")
    lines += side_text(m, 1, lang)
    if sampled(m):
        lines += ["", fit_text(LABELS.t("sampled", lang))]
    return "\n".join(lines)


def matchup_parts(m: Matchup, lang: Lang, width: int = 80) -> list[tuple[str, str]]:
    """The text of :func:`matchup_text` as ``(kind, text)`` parts for a screen to style, the
    tables laid out in ``width`` columns: kinds ``title``, ``subtitle``, ``side`` (a team's
    heading), ``tables``, ``best``, ``worst``, ``empty`` (a team without units), ``note``."""
    out = [("title", title(m, lang)), ("subtitle", subtitle(m, lang))]
    for k in (0, 1):
        head, *tables = side_text(m, k, lang, width, pairings=False)
        out += [("side", head), ("tables", "\n".join(tables))]
        if len(tables) > 1:  # else the one line says a team has no unit
            out += list(zip(("best", "worst"), pairing_line(m, k, lang), strict=True))
    if sampled(m):
        out.append(("note", LABELS.t("sampled", lang)))
    return out


def sampled(m: Matchup) -> bool:
    """Some cell is a sampled estimate (the ``≈`` note is said)."""
    return any(c.sampled for s in m.sides for row in s.cells for c in row)


# --- the sheet --------------------------------------------------------------------------------

SHEET_MARGIN = 12.0  # mm, as the compare sheet's
UNIT_COLUMN = 36.0  # mm: the units' column (templates/common/matchup.css)
CELL_PADDING = 1.2  # mm, each side of a cell (matchup.css)


def _shade(cell: Cell, top: float) -> str:
    """A light grey behind a cell, darker the more damage its unit delivers (print-safe)."""
    level = 0.0 if top <= 0 else max(0.0, min(1.0, cell.delivered / top))
    grey = round(255 - 70 * level)
    return f"rgb({grey},{grey},{grey})"


def sheet_context(m: Matchup, options: PrintOptions) -> dict[str, Any]:
    """The one-page sheet's plain data (``templates/common/matchup.html``)."""
    from builder.render.layout import PAPERS

    lang = options.lang
    page_w, page_h = PAPERS[options.paper]
    blocks = []
    for k, side in enumerate(m.sides):
        other = m.sides[1 - k]
        top = max((c.delivered for row in side.cells for c in row), default=0.0)
        picks = best_and_worst(side)
        marks = {} if picks is None else {picks[0]: "best", picks[1]: "worst"}
        blocks.append(
            {
                "title": side_title(m, k, lang),
                "enemies": list(other.unit_names(lang)),
                "enemy_width": (page_w - 2 * SHEET_MARGIN - UNIT_COLUMN) / max(1, len(other.units))
                - 2 * CELL_PADDING,
                "rows": [
                    {
                        "unit": u,
                        "cells": [
                            {
                                "alive": _alive(c),
                                "delivered": _dealt(c),
                                "shade": _shade(c, top),
                                "mark": marks.get((i, j), ""),
                            }
                            for j, c in enumerate(row)
                        ],
                    }
                    for i, (u, row) in enumerate(
                        zip(side.unit_names(lang), side.cells, strict=True)
                    )
                ],
                "pairings": pairing_line(m, k, lang),
            }
        )
    return {
        "system": "common",
        "kind": "matchup",
        "lang": lang,
        "title": title(m, lang),
        "subtitle": subtitle(m, lang),
        "labels": {
            "unit": LABELS.t("unit-head", lang),
            "cell": LABELS.t("sheet-cell", lang, rounds=m.rounds, measure=_measure(m, lang)),
            "legend": LABELS.t("sheet-legend", lang),
            "sampled": LABELS.t("sampled", lang) if sampled(m) else "",
        },
        "blocks": blocks,
        "unit_width": UNIT_COLUMN - 2 * CELL_PADDING,  # mm a name has: a longer word may break
        "page": {"width": page_w, "height": page_h, "paper": options.paper},
        "item": {"width": page_w - 2 * SHEET_MARGIN, "height": page_h - 2 * SHEET_MARGIN},
        "pages": [{"items": [{"x": SHEET_MARGIN, "y": SHEET_MARGIN, "item": {}}], "marks": []}],
    }


def matchup_printout(m: Matchup, options: PrintOptions) -> Printout:
    return Printout("matchup", "common/matchup.html", sheet_context(m, options))
