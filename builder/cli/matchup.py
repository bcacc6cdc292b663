"""``laminim matchup TEAM_A TEAM_B``: every unit of each team against every unit of the other
(docs/matchup.md). The command reads both files, says every problem of both at once (exit 2),
refuses two different games, and leaves the numbers to the game (:class:`Matchups`); the text,
JSON and sheet are the kit's (:mod:`builder.systems.matchup`)."""

from __future__ import annotations

import argparse
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from builder.core.messages import Messages
from builder.core.problems import InputError, Problem, errors_of

MESSAGES = Messages.load(__file__, "matchup_messages.yaml")

HELP = "each unit of one team against each unit of the other, both ways: P(alive), damage"


def add_command(sub: Any, catalog_option: Callable[[argparse.ArgumentParser], None]) -> None:
    """Add ``matchup`` to the ``laminim`` parser."""
    from builder.cli.parser import sheet_options
    from builder.systems import whole_number

    p = sub.add_parser(
        "matchup",
        help=HELP,
        description="Each unit of TEAM_A against each unit of TEAM_B as its threat, and each "
        "unit of TEAM_B against each unit of TEAM_A: P(alive) after N rounds and the damage "
        "delivered over them, with each team's best and worst pairing. How an enemy unit "
        "attacks is its game's rule, said above the tables. Both teams are read against one "
        "catalog: --catalog DIR, else the one both files are pinned to (two files pinned to "
        "different catalogs are refused); see docs/matchup.md.",
    )
    p.add_argument("team_a", type=Path, metavar="TEAM_A", help="the first team's file")
    p.add_argument("team_b", type=Path, metavar="TEAM_B", help="the other team's file")
    catalog_option(p)
    p.add_argument(
        "--rounds",
        type=whole_number(1, 50),
        default=None,
        metavar="N",
        help="rounds, or activations of each enemy unit in a game that counts them (default 6)",
    )
    p.add_argument(
        "--bonus",
        type=whole_number(0, 6),
        default=None,
        metavar="B",
        help="the enemy units' total hit bonus, in a game whose units fire at a chosen bonus "
        "(default 2)",
    )
    sheet_options(
        p, "also write a one-page match-up sheet (never overwrites: OUT-2.pdf … if taken)"
    )
    p.set_defaults(run=cmd_matchup)


WHERE = "matchup"


def cmd_matchup(args: argparse.Namespace) -> int:
    from builder import systems
    from builder.cli.commands import _show
    from builder.cli.words import EXIT_OK
    from builder.core.report_lang import current_lang
    from builder.roster.team_file import catalog_system, read_team
    from builder.systems import (
        DEFAULT_ROUNDS,
        MatchupEntry,
        MatchupOptions,
        Matchups,
        Output,
        PrintOptions,
        matchup_json,
        matchup_printout,
        matchup_text,
    )

    problems: list[Problem] = []
    found: list[tuple[Any, Any, Path]] = []
    folders = _pinned_folders(args)
    for path in (args.team_a, args.team_b):
        system, read = read_team(path, expected=catalog_system(folders[path]))
        if system is None or read.team is None:
            problems += read.problems
        else:
            found.append((system, read, path))
    games = {s.id for s, _, _ in found}
    if len(games) > 1:
        (sa, _, pa), (sb, rb, pb) = found
        message = MESSAGES(
            "other-games",
            a=str(pa),
            game_a=(sa.name, sa.name_ja),
            b=str(pb),
            game_b=(sb.name, sb.name_ja),
        )
        at = rb.source.problem(("system",), message) if rb.source is not None else None
        raise InputError([*problems, at or Problem(str(pb), None, None, "", message)])
    matcher: Matchups | None = None
    catalog: Any = None
    if found:
        system = found[0][0]
        if not isinstance(system, Matchups):
            offered = [s.id for s in map(systems.get, systems.ids()) if isinstance(s, Matchups)]
            message = MESSAGES(
                "no-matchups", game=(system.name, system.name_ja), games=", ".join(offered)
            )
            raise InputError([*problems, Problem(WHERE, None, None, "", message)])
        matcher = system
        loaded: dict[Path | None, Any] = {}
        for s, read, path in found:  # the other file's mistakes too, all in one run
            folder = folders[path]
            if folder not in loaded:
                loaded[folder] = s.load_catalog(folder)
            report = s.check(read, loaded[folder])
            if report.exit_code == 2:
                problems += errors_of(report.problems)
        catalog = loaded[folders[found[0][2]]]
        if len(found) == 2:
            problems += _other_catalogs(system, args, folders)
    if problems:  # a file given twice says its problems once
        raise InputError(list({str(p): p for p in problems}.values()))
    assert len(found) == 2 and matcher is not None
    entries = (
        MatchupEntry(found[0][1], str(found[0][2])),
        MatchupEntry(found[1][1], str(found[1][2])),
    )
    rounds = DEFAULT_ROUNDS if args.rounds is None else args.rounds
    result = matcher.matchup(entries, catalog, MatchupOptions(rounds, args.bonus))
    lang = current_lang()
    _show(Output(matchup_json(result), matchup_text(result, lang), result.notes), args.json, True)
    if args.output is not None:
        from builder.render.report_file import write_report

        sheet = matchup_printout(result, PrintOptions(paper=args.paper, lang=args.lang))
        return write_report(sheet, args.output, args.lang)
    return EXIT_OK


def _pinned_folders(args: argparse.Namespace) -> dict[Path, Path | None]:
    """Each file's catalog folder, as ``analyze`` reads it: ``--catalog DIR`` for both, else
    the folder the file is pinned to (said on stderr; a pinned folder that is gone is a
    warning), else None (the bundled catalog). A file given twice is said once."""
    from builder.cli.commands import _print_warning, pinned_catalog_of

    folders: dict[Path, Path | None] = {}
    for path in (args.team_a, args.team_b):
        if path in folders:
            continue
        if args.catalog is not None:
            folders[path] = args.catalog
            continue
        folder, warning, _ = pinned_catalog_of(path)
        if warning is not None:
            _print_warning(warning)
        folders[path] = folder
    return folders


def _other_catalogs(
    system: Any, args: argparse.Namespace, folders: dict[Path, Path | None]
) -> list[Problem]:
    """The refusal of two files read against two different catalogs (docs/matchup.md): one
    bad-input problem at the second file's pin (the first's when only it has one), naming both
    catalogs and the two ways out; none when both folders hold the same catalog."""
    from builder.catalogs.impact import catalog_folder, identity_of
    from builder.catalogs.pin import pinned_folder
    from builder.cli.commands import _seen_from_here

    a, b = args.team_a, args.team_b
    if args.catalog is not None or a == b:
        return []
    dirs = {p: catalog_folder(system, folders[p]) for p in (a, b)}
    if os.path.realpath(dirs[a]) == os.path.realpath(dirs[b]):
        return []
    ids = {p: identity_of(system, dirs[p]) for p in (a, b)}
    if ids[a].digest == ids[b].digest:  # two copies of one catalog give the same numbers
        return []
    here, other = (b, a) if folders[b] is not None else (a, b)
    pin = pinned_folder(here)
    message = MESSAGES(
        "other-catalogs",
        here=ids[here].said(),
        here_dir=_seen_from_here(dirs[here]),
        other=str(other),
        there=ids[other].said(),
        there_dir=_seen_from_here(dirs[other]),
    )
    line, col = (pin.line, pin.col) if pin is not None else (None, None)
    return [Problem(str(here), line, col, "catalog.path", message)]
