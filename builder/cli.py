"""The ``laminim`` command (DESIGN.md "The command line").

Exit codes: 0 success / legal, 1 the team is illegal, 2 bad input (one ``file:line:col: field:
message`` line per problem, never a traceback). Commands that need neither Textual nor weasyprint
do not import them, so ``check`` and ``parts`` start fast.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from builder import __version__

EXIT_OK, EXIT_ILLEGAL, EXIT_BAD_INPUT = 0, 1, 2


class _Parser(argparse.ArgumentParser):
    """argparse that exits 2 with a one-line message (its default is also 2, but with usage)."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.print_usage(sys.stderr)
        self.exit(EXIT_BAD_INPUT, f"laminim: error: {message}\n")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="laminim",
        description="Army builder and unit-card generator for the LAMINIM mech miniatures game. "
        "Without a command, opens the TUI on the bundled catalog and the demo team.",
        epilog="Exit codes: 0 success/legal, 1 illegal team, 2 bad input.",
    )
    parser.add_argument("--version", action="version", version=f"laminim {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    def catalog_option(p: argparse.ArgumentParser) -> None:
        p.add_argument(
            "--catalog",
            metavar="DIR",
            type=Path,
            help="catalog folder (default: the bundled LAMINIM catalog)",
        )

    p = sub.add_parser("tui", help="open the interactive team builder")
    p.add_argument("team", nargs="?", type=Path, help="team file to open (default: the demo team)")
    catalog_option(p)

    p = sub.add_parser("parts", help="list the catalog's frames, weapons and threats")
    catalog_option(p)
    p.add_argument("--json", action="store_true", help="machine-readable output")

    p = sub.add_parser("check", help="check a team file's legality")
    p.add_argument("team", type=Path, help="team file (YAML)")
    catalog_option(p)
    p.add_argument("--json", action="store_true", help="machine-readable output")

    p = sub.add_parser(
        "analyze", help="exposure, exact expected survival and damage output per unit"
    )
    p.add_argument("team", type=Path, help="team file (YAML)")
    catalog_option(p)
    p.add_argument("--unit", metavar="NAME", help="only this unit")
    p.add_argument(
        "--threat",
        metavar="ID|FILE",
        help="threat id from the catalog or a YAML file holding one threat (default: the "
        "catalog's default threat)",
    )
    p.add_argument(
        "--rounds", type=_positive_int, default=6, metavar="N", help="rounds (default 6)"
    )
    p.add_argument("--json", action="store_true", help="machine-readable output")

    p = sub.add_parser("cards", help="print unit cards, missile tokens and base markers (PDF)")
    p.add_argument("team", type=Path, help="team file (YAML)")
    catalog_option(p)
    p.add_argument(
        "-o",
        "--output",
        type=Path,
        default=Path("output"),
        metavar="DIR",
        help="output folder (default: ./output)",
    )
    p.add_argument("--paper", choices=["a4", "letter"], default="a4", help="paper size")
    p.add_argument("--lang", choices=["en", "ja"], default="en", help="card language")
    p.add_argument(
        "--card-size",
        default="poker",
        metavar="SIZE",
        help="card size: poker (63×88 mm, 9 a page) or large (89×127 mm, 4 a page)",
    )
    p.add_argument("--force", action="store_true", help="print even if the team is illegal")
    return parser


def _positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if not 1 <= value <= 50:
        raise argparse.ArgumentTypeError(f"must be between 1 and 50, got {value}")
    return value


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    command = args.command or "tui"
    if command == "tui" and not args.command:
        args.team, args.catalog = None, None
    from builder.catalog.problems import InputError

    try:
        return _COMMANDS[command](args)
    except InputError as exc:
        for problem in exc.problems:
            print(problem, file=sys.stderr)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return EXIT_OK


def _catalog(args):
    from builder.catalog.load import load_catalog

    return load_catalog(args.catalog)


def _dump(data) -> None:
    print(json.dumps(data, ensure_ascii=False, indent=2))


def cmd_tui(args) -> int:
    from builder.tui.app import run

    return run(args.team, args.catalog)


def cmd_parts(args) -> int:
    from builder.cli_output import parts_json, parts_text

    catalog = _catalog(args)
    if args.json:
        _dump(parts_json(catalog))
    else:
        print(parts_text(catalog))
    return EXIT_OK


def _checked_team(args, usable: bool = False):
    """Catalog, team read and legality report of ``args.team``.

    ``usable``: the command needs every id resolved (analyze, cards), so any bad input is an
    InputError (exit 2); ``check`` instead reports it along with the legality findings.
    """
    from builder.catalog.problems import InputError
    from builder.roster.legality import check_team
    from builder.roster.team_file import read_team

    catalog = _catalog(args)
    read = read_team(args.team)
    if read.team is None:
        raise InputError(read.problems)
    report = check_team(read.team, catalog, read)
    if usable and report.bad_input:
        raise InputError(report.errors)
    return catalog, read, report


def cmd_check(args) -> int:
    from builder.cli_output import check_text

    _, read, report = _checked_team(args)
    if args.json:
        _dump(report.to_json())
    else:
        print(check_text(read.team, report), file=sys.stdout)
        for problem in report.errors:
            print(problem, file=sys.stderr)
    return report.exit_code


def cmd_analyze(args) -> int:
    from builder.catalog.problems import InputError, Problem
    from builder.cli_output import analysis_json, analysis_text
    from builder.roster.analysis import analyze
    from builder.roster.specs import find_threat

    catalog, _read, report = _checked_team(args, usable=True)
    threat = find_threat(args.threat, catalog)
    units = report.units
    if args.unit is not None:
        units = [u for u in units if u.name == args.unit]
        if not units:
            names = ", ".join(u.name for u in report.units)
            raise InputError(
                [Problem("--unit", None, None, "", f"no unit named '{args.unit}'; units: {names}")]
            )
    results = [(u, analyze(u.resolved, threat, catalog, args.rounds)) for u in units if u.resolved]
    if args.json:
        _dump(analysis_json(threat, results))
    else:
        print(analysis_text(threat, results, catalog))
        for problem in report.errors:
            print(problem, file=sys.stderr)
    return EXIT_OK


def cmd_cards(args) -> int:
    from builder.render.batch import CARD_SIZES, render_team

    catalog, read, report = _checked_team(args, usable=True)
    if args.card_size not in CARD_SIZES:
        print(
            f"laminim: error: unknown card size '{args.card_size}'; choose from "
            f"{', '.join(CARD_SIZES)}",
            file=sys.stderr,
        )
        return EXIT_BAD_INPUT
    if not report.legal and not args.force:
        for problem in report.errors:
            print(problem, file=sys.stderr)
        print("the team is illegal; fix it or pass --force to print anyway", file=sys.stderr)
        return EXIT_ILLEGAL

    def progress(step: str, done: int, total: int) -> None:
        print(f"[{done}/{total}] {step}", file=sys.stderr, flush=True)

    try:
        paths = render_team(
            read.team,
            catalog,
            args.output,
            paper=args.paper,
            lang=args.lang,
            card_size=args.card_size,
            progress=progress,
        )
    except OSError as exc:
        print(f"{args.output}: cannot write: {exc.strerror or exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    for path in paths:
        print(path)
    return EXIT_OK


_COMMANDS = {
    "tui": cmd_tui,
    "parts": cmd_parts,
    "check": cmd_check,
    "analyze": cmd_analyze,
    "cards": cmd_cards,
}


if __name__ == "__main__":
    sys.exit(main())
