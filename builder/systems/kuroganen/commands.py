"""``laminim reach MAP.yaml --from X,Y --move N [--risk R] [--to X,Y] [--json [--paths]]``
(docs/design.md "The command line").

Without ``--from`` / ``--move`` the map's ``plan:`` gives them. Bad input -- an unreadable map,
a start off the map or on a pit, numbers out of range, a job over the planner's budget --
exits 2 with one line per problem; ``--json`` prints exactly ``{"cells": [...]}`` (paths with
``--paths`` or ``--to``).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import cast

from builder.core.messages import Message
from builder.core.problems import InputError, Problem
from builder.core.text_table import fit_text
from builder.systems.base import Command

from .declared import REACH_HELP
from .models import MAX_MOVE, MAX_RISK, KuroganenMap
from .read import MESSAGES, budget_message
from .rules import Point, ReachTooLarge, reach
from .text import reach_json_text, reach_text


def cell_arg(option: str, text: str, found: list[Problem]) -> Point | None:
    """``X,Y`` (spaces allowed) → ``(x, y)``; None, with the problem added to ``found``, when
    ``text`` is not two whole numbers."""
    parts = [p.strip() for p in text.replace(" ", ",").split(",") if p.strip()]
    if len(parts) != 2:
        found.append(_option_problem(option, MESSAGES("option-not-cell", text=repr(text))))
        return None
    try:
        return (int(parts[0]), int(parts[1]))
    except ValueError:
        found.append(_option_problem(option, MESSAGES("option-not-numbers", text=repr(text))))
        return None


def bounded_arg(option: str, text: str, top: int, found: list[Problem]) -> int | None:
    """A whole number 0..``top``; None, with the problem added to ``found``, when it is not."""
    try:
        value = int(text)
    except ValueError:
        found.append(_option_problem(option, MESSAGES("option-not-number", text=repr(text))))
        return None
    if not 0 <= value <= top:
        words = MESSAGES("option-range", top=top, value=value)
        found.append(_option_problem(option, words))
        return None
    return value


def configure(p: argparse.ArgumentParser) -> None:
    p.add_argument("map", type=Path, help="kuroganen map file (YAML)")
    p.add_argument(
        "--from",
        dest="start",
        metavar="X,Y",
        help="the mover's cell, x the column and y the row from 0 (default: the map's plan)",
    )
    p.add_argument(
        "--move",
        metavar="N",
        help=f"movement allowance, 0-{MAX_MOVE} (default: the map's plan)",
    )
    p.add_argument(
        "--risk",
        metavar="R",
        help=f"risk carried at the start, 0-{MAX_RISK} (default: the plan's, else 0)",
    )
    p.add_argument("--to", metavar="X,Y", help="show the path to this cell, action by action")
    p.add_argument(
        "--json",
        action="store_true",
        help='machine-readable: {"cells": [{"x", "y", "risk", "cost"}]} '
        "(with --to, only that cell, with its path)",
    )
    p.add_argument(
        "--paths",
        action="store_true",
        help='with --json, every cell\'s "path" too: [[x, y], ...] from the start',
    )


def _option_problem(option: str, message: Message) -> Problem:
    return Problem(option, None, None, "", message)


def load_map(path: Path) -> KuroganenMap:
    """The map file as a kuroganen map; InputError listing every problem."""
    from builder.roster.team_file import read_team

    _system, read = read_team(path, expected="kuroganen")
    if read.team is None or read.problems:
        raise InputError(read.problems)
    team: KuroganenMap = cast(KuroganenMap, read.team)
    return team


def check_cell(
    team: KuroganenMap, option: str, cell: Point, found: list[Problem], *, floor: bool = True
) -> None:
    """Adds to ``found`` why ``cell`` is off the map (or, with ``floor``, a pit)."""
    x, y = cell
    if not (0 <= x < team.width and 0 <= y < team.height):
        size = {"width": team.width, "height": team.height}
        last = {"last_x": team.width - 1, "last_y": team.height - 1}
        found.append(_option_problem(option, MESSAGES("option-off-map", x=x, y=y, **size, **last)))
    elif floor and team.map[y][x] is None:
        found.append(_option_problem(option, MESSAGES("option-pit", x=x, y=y)))


def _options(
    args: argparse.Namespace, found: list[Problem]
) -> tuple[Point | None, int | None, int | None, Point | None]:
    """``--from``, ``--move``, ``--risk``, ``--to`` as given (None when not given or bad; the
    problems go to ``found``, all of them, in the player's language)."""
    start = cell_arg("--from", args.start, found) if args.start is not None else None
    move = bounded_arg("--move", args.move, MAX_MOVE, found) if args.move is not None else None
    risk = bounded_arg("--risk", args.risk, MAX_RISK, found) if args.risk is not None else None
    to = cell_arg("--to", args.to, found) if args.to is not None else None
    return start, move, risk, to


def run(args: argparse.Namespace) -> int:
    found: list[Problem] = []
    start, move, risk, to = _options(args, found)
    try:
        team = load_map(args.map)
    except InputError as exc:
        raise InputError([*exc.problems, *found]) from None
    plan = team.plan
    if plan is not None:  # what the command line does not give, the plan does
        start = start if args.start is not None else plan.start
        move = move if args.move is not None else plan.move
        risk = risk if args.risk is not None else plan.risk
    for option, given in (("--from", args.start), ("--move", args.move)):
        if given is None and plan is None:
            found.append(_option_problem(option, MESSAGES("option-required")))
    if start is not None:
        check_cell(team, "--from", start, found)
    if to is not None:
        check_cell(team, "--to", to, found, floor=False)
    if found:
        raise InputError(found)
    risk = 0 if risk is None else risk
    assert start is not None and move is not None and risk is not None
    try:
        cells = reach(team.height_map(), start, move, risk)
    except ReachTooLarge as exc:
        raise InputError([_option_problem("--move", budget_message(exc))]) from None
    path = next((r for r in cells if r.at == to), None) if to is not None else None
    if args.json:
        shown = cells if to is None else ([path] if path is not None else [])
        print(reach_json_text(shown, paths=args.paths or to is not None))
    else:
        print(fit_text(reach_text(team, start, move, risk, cells, to, path)))
    sys.stdout.flush()
    return 0


def reach_command() -> Command:
    return Command("reach", REACH_HELP, configure, run)
