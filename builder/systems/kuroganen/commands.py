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
from collections.abc import Callable
from pathlib import Path
from typing import cast

from builder.core.problems import InputError, Problem
from builder.core.text_table import fit_text
from builder.systems.base import Command

from .declared import REACH_HELP
from .models import MAX_MOVE, MAX_RISK, KuroganenMap
from .rules import Point, ReachTooLarge, reach
from .text import reach_json_text, reach_text


def cell_arg(text: str) -> Point:
    """``X,Y`` (spaces allowed) → ``(x, y)``."""
    parts = [p.strip() for p in text.replace(" ", ",").split(",") if p.strip()]
    if len(parts) != 2:
        raise argparse.ArgumentTypeError(f"expected X,Y (e.g. 3,2), got {text!r}")
    try:
        x, y = int(parts[0]), int(parts[1])
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"expected two whole numbers X,Y (e.g. 3,2), got {text!r}"
        ) from None
    return (x, y)


def _bounded(name: str, top: int) -> Callable[[str], int]:
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
        if not 0 <= value <= top:
            raise argparse.ArgumentTypeError(f"{name} must be 0-{top}, got {value}")
        return value

    return parse


def configure(p: argparse.ArgumentParser) -> None:
    p.add_argument("map", type=Path, help="kuroganen map file (YAML)")
    p.add_argument(
        "--from",
        dest="start",
        type=cell_arg,
        metavar="X,Y",
        help="the mover's cell, x the column and y the row from 0 (default: the map's plan)",
    )
    p.add_argument(
        "--move",
        type=_bounded("movement", MAX_MOVE),
        metavar="N",
        help=f"movement allowance, 0-{MAX_MOVE} (default: the map's plan)",
    )
    p.add_argument(
        "--risk",
        type=_bounded("risk", MAX_RISK),
        metavar="R",
        help=f"risk carried at the start, 0-{MAX_RISK} (default: the plan's, else 0)",
    )
    p.add_argument(
        "--to", type=cell_arg, metavar="X,Y", help="show the path to this cell, action by action"
    )
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


def _option_problem(option: str, message: str) -> Problem:
    return Problem(option, None, None, "", message)


def load_map(path: Path) -> KuroganenMap:
    """The map file as a kuroganen map; InputError listing every problem."""
    from builder.roster.team_file import read_team

    _system, read = read_team(path, expected="kuroganen")
    if read.team is None or read.problems:
        raise InputError(read.problems)
    team: KuroganenMap = cast(KuroganenMap, read.team)
    return team


def check_cell(team: KuroganenMap, option: str, cell: Point, *, floor: bool = True) -> None:
    x, y = cell
    if not (0 <= x < team.width and 0 <= y < team.height):
        raise InputError(
            [
                _option_problem(
                    option,
                    f"({x},{y}) is off the {team.width}×{team.height} map "
                    f"(x 0-{team.width - 1}, y 0-{team.height - 1})",
                )
            ]
        )
    if floor and team.map[y][x] is None:
        raise InputError([_option_problem(option, f"({x},{y}) is a pit (~): nothing stands there")])


def run(args: argparse.Namespace) -> int:
    team = load_map(args.map)
    plan = team.plan
    start = args.start if args.start is not None else (plan.start if plan else None)
    move = args.move if args.move is not None else (plan.move if plan else None)
    risk = args.risk if args.risk is not None else (plan.risk if plan else 0)
    missing = [
        _option_problem(option, "required: the map file has no 'plan:' to take it from")
        for option, value in (("--from", start), ("--move", move))
        if value is None
    ]
    if missing:
        raise InputError(missing)
    assert start is not None and move is not None
    check_cell(team, "--from", start)
    if args.to is not None:
        check_cell(team, "--to", args.to, floor=False)
    try:
        found = reach(team.height_map(), start, move, risk)
    except ReachTooLarge as exc:
        raise InputError([_option_problem("--move", str(exc))]) from None
    path = next((r for r in found if r.at == args.to), None) if args.to is not None else None
    if args.json:
        cells = found if args.to is None else ([path] if path is not None else [])
        print(reach_json_text(cells, paths=args.paths or args.to is not None))
    else:
        print(fit_text(reach_text(team, start, move, risk, found, args.to, path)))
    sys.stdout.flush()
    return 0


def reach_command() -> Command:
    return Command("reach", REACH_HELP, configure, run)
