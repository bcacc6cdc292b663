"""The ``laminim`` command (DESIGN.md "The command line").

It knows no game: a file's ``system:`` key (or ``--system`` / the ``--catalog``'s system) picks
the game system from the registry, and the system does the work. Exit codes: 0 success / legal,
1 illegal, 2 bad input (one ``file:line:col: field: message`` line per problem, never a
traceback). Commands that need neither Textual nor weasyprint do not import them, so ``check``
and ``parts`` start fast.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from builder import __version__, systems
from builder.core.i18n import LANGS
from builder.render.layout import PAPERS
from builder.systems import DEFAULT_ROUNDS, AnalyzeOptions, Command, GameSystem, TeamRead

EXIT_OK, EXIT_ILLEGAL, EXIT_BAD_INPUT = 0, 1, 2


GAMES = "<games>"
"""In an analyze option's help: the games whose analyze takes it, filled in only when help is
shown (naming them loads every system, which a generic command otherwise never does)."""


class _Formatter(argparse.HelpFormatter):
    def _expand_help(self, action: argparse.Action) -> str:
        text = super()._expand_help(action)
        if GAMES not in text:
            return text
        games = [s for s in systems.ids() if action.dest in systems.get(s).analyze_options]
        return text.replace(GAMES, f"games: {', '.join(games)}")


class _Parser(argparse.ArgumentParser):
    """argparse that exits 2 with a one-line message (its default is also 2, but with usage)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", _Formatter)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> None:  # type: ignore[override]
        self.print_usage(sys.stderr)
        self.exit(EXIT_BAD_INPUT, f"laminim: error: {message}\n")


def build_parser(system_commands: bool = True) -> argparse.ArgumentParser:
    """The parser; ``system_commands=False`` leaves out the game systems' own sub-commands, so
    a generic command (``check``, ``parts`` …) loads no system it does not touch."""
    parser = _Parser(
        prog="laminim",
        description="Builder, exact odds and card printer for homebrew mech games "
        "(see 'laminim systems'). Without a command, opens the TUI on the default game's "
        "bundled catalog and demo team; 'laminim FILE.yaml' opens that file in the TUI.",
        epilog="Exit codes: 0 success/legal, 1 illegal team, 2 bad input.",
    )
    parser.add_argument("--version", action="version", version=f"laminim {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    def catalog_option(p: argparse.ArgumentParser) -> None:
        p.add_argument(
            "--catalog",
            metavar="DIR",
            type=Path,
            help="catalog folder (default: the bundled catalog of the file's game system)",
        )

    def system_option(p: argparse.ArgumentParser) -> None:
        p.add_argument(
            "--system",
            metavar="ID",
            choices=systems.ids(),
            help=f"game system: {', '.join(systems.ids())} (default: {systems.DEFAULT})",
        )

    p = sub.add_parser("tui", help="open the interactive team builder")
    p.add_argument("team", nargs="?", type=Path, help="team file to open (default: the demo team)")
    system_option(p)
    catalog_option(p)

    p = sub.add_parser("systems", help="list the installed game systems")
    p.add_argument("--json", action="store_true", help="machine-readable output")

    p = sub.add_parser("parts", help="list the catalog's frames, weapons and threats")
    system_option(p)
    catalog_option(p)
    p.add_argument("--json", action="store_true", help="machine-readable output")

    p = sub.add_parser("check", help="check a team file's legality")
    p.add_argument("team", type=Path, help=GAME_FILE)
    catalog_option(p)
    p.add_argument("--json", action="store_true", help="machine-readable output")

    def threat_option(p: argparse.ArgumentParser, games: bool = False) -> None:
        p.add_argument(
            "--threat",
            metavar="ID|FILE",
            help="threat id from the catalog or a YAML file holding one threat (default: the "
            "catalog's default threat" + (f"; {GAMES}" if games else "") + ")",
        )

    def rounds_option(p: argparse.ArgumentParser, games: bool = False) -> None:
        p.add_argument(
            "--rounds",
            type=_positive_int,
            metavar="N",
            help=f"rounds (default {DEFAULT_ROUNDS}{f'; {GAMES}' if games else ''})",
        )

    def intercept_option(p: argparse.ArgumentParser, games: bool = False) -> None:
        p.add_argument(
            "--intercept",
            metavar="SLOT[:BONUS]",
            help="LAMINIM (RULES D19): the normal weapon in SLOT (1-3, or 'auto' for each "
            "unit's best) shoots at the threat's first missile salvo every round it is intact, "
            "with total bonus BONUS (default 2" + (f"; {GAMES}" if games else "") + ")",
        )

    p = sub.add_parser(
        "analyze", help="exposure, exact expected survival and damage output per unit"
    )
    p.add_argument("team", type=Path, help=GAME_FILE)
    catalog_option(p)
    p.add_argument("--unit", metavar="NAME", help=f"only this unit ({GAMES})")
    threat_option(p, games=True)
    rounds_option(p, games=True)
    intercept_option(p, games=True)
    p.add_argument("--json", action="store_true", help="machine-readable output")

    p = sub.add_parser(
        "compare",
        help="two to four units side by side: the better value marked, differences, curves",
    )
    p.add_argument(
        "units",
        nargs="+",
        metavar="FILE[:UNIT]",
        help="a team file's unit (case-insensitive), or a bare FILE for all its units; "
        "2 to 4 units in all",
    )
    catalog_option(p)
    threat_option(p)
    rounds_option(p)
    intercept_option(p)
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.add_argument(
        "-o",
        "--output",
        type=Path,
        metavar="OUT.pdf",
        help="also write a one-page compare sheet (never overwrites: OUT-2.pdf … if taken)",
    )
    p.add_argument("--paper", choices=list(PAPERS), default="a4", help="paper size")
    p.add_argument("--lang", choices=list(LANGS), default="en", help="sheet language")

    p = sub.add_parser("cards", help="print unit cards, missile tokens and base markers (PDF)")
    p.add_argument("team", type=Path, help=GAME_FILE)
    catalog_option(p)
    p.add_argument(
        "-o",
        "--output",
        type=Path,
        default=Path("output"),
        metavar="DIR",
        help="output folder (default: ./output)",
    )
    p.add_argument("--paper", choices=list(PAPERS), default="a4", help="paper size")
    p.add_argument("--lang", choices=list(LANGS), default="en", help="card language")
    p.add_argument(
        "--card-size",
        default=None,
        metavar="SIZE",
        help="card size: poker (63×88 mm, 9 a page) or large (89×127 mm, 4 a page)",
    )
    p.add_argument("--force", action="store_true", help="print even if the file is not legal")

    by_name: dict[str, list[tuple[str, Command]]] = {}
    for sid in systems.ids() if system_commands else []:
        for command in systems.get(sid).commands():
            by_name.setdefault(command.name, []).append((sid, command))
    for name, offered in by_name.items():
        if len(offered) == 1:  # one system's command: its own options
            command = offered[0][1]
            p = sub.add_parser(name, help=command.help, description=command.help)
            command.configure(p)
            p.set_defaults(run=command.run)
            continue
        # several systems offer it (e.g. odds): --system picks whose options the rest are
        ids = [sid for sid, _ in offered]
        p = sub.add_parser(
            name,
            help=" / ".join(dict.fromkeys(c.help for _, c in offered)),
            description=f"'laminim {name} --system ID --help' lists that system's options.",
            add_help=False,
        )
        p.add_argument("--system", required=True, choices=ids, help="game system")
        p.add_argument("-h", "--help", action="store_true", help="show the options")
        p.set_defaults(run=_shared_command(name, dict(offered)), passes_on=True)
    return parser


def _shared_command(name: str, offered: dict[str, Command]) -> Callable[[argparse.Namespace], int]:
    """Run ``name`` as the chosen system's command, parsing the remaining arguments its way."""

    def run(args: argparse.Namespace) -> int:
        command = offered[args.system]
        parser = _Parser(prog=f"laminim {name} --system {args.system}", description=command.help)
        command.configure(parser)
        rest = list(args.rest) + (["--help"] if args.help else [])
        return command.run(parser.parse_args(rest))

    return run


GAME_FILE = "the file (YAML): a team, force, crew or map; its system: key names the game"
"""Help of the file argument of check, analyze and cards (see 'laminim systems')."""


def _positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if not 1 <= value <= 50:
        raise argparse.ArgumentTypeError(f"must be between 1 and 50, got {value}")
    return value


def main(argv: Sequence[str] | None = None) -> int:
    words = list(sys.argv[1:] if argv is None else argv)
    if words and Path(words[0]).suffix.lower() in (".yaml", ".yml"):
        words.insert(0, "tui")  # `laminim FILE` opens FILE in the TUI (DESIGN.md)
    first = next((w for w in words if not w.startswith("-")), None)
    # bare `laminim` opens the TUI: loading every game's commands would only delay its first screen
    parser = build_parser(system_commands=bool(words) and first not in _COMMANDS)
    args, rest = parser.parse_known_args(words)
    if rest and not getattr(args, "passes_on", False):
        parser.error(f"unrecognized arguments: {' '.join(rest)}")
    args.rest = rest
    command = args.command or "tui"
    if command == "tui" and not args.command:
        args.team, args.catalog, args.system = None, None, None
    from builder.core.problems import InputError

    try:
        run = getattr(args, "run", None) or _COMMANDS[command]
        code: int = run(args)
        return code
    except InputError as exc:
        for problem in exc.problems:
            print(problem, file=sys.stderr)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return EXIT_OK


def _dump(data: Any) -> None:
    print(json.dumps(data, ensure_ascii=False, indent=2))


def cmd_tui(args: argparse.Namespace) -> int:
    from builder.roster.team_file import catalog_system
    from builder.tui.app import run

    return run(args.team, args.catalog, args.system or catalog_system(args.catalog))


def cmd_systems(args: argparse.Namespace) -> int:
    rows = [systems.get(sid) for sid in systems.ids()]
    if args.json:
        _dump(
            {
                "systems": [
                    {
                        "id": s.id,
                        "name": s.name,
                        "name_ja": s.name_ja,
                        "default": s.id == systems.DEFAULT,
                    }
                    for s in rows
                ]
            }
        )
    else:
        for s in rows:
            default = "  (default)" if s.id == systems.DEFAULT else ""
            print(f"{s.id:<10} {s.name} / {s.name_ja}{default}")
    return EXIT_OK


def cmd_parts(args: argparse.Namespace) -> int:
    from builder.roster.team_file import catalog_system

    system = systems.get(args.system or catalog_system(args.catalog))
    output = system.describe_catalog(system.load_catalog(args.catalog))
    if args.json:
        _dump(output.json)
    else:
        print(output.text)
    return EXIT_OK


def _read(args: argparse.Namespace) -> tuple[GameSystem, Any, TeamRead]:
    """The file's system, its catalog and the file as read; InputError when it is unusable."""
    from builder.core.problems import InputError
    from builder.roster.team_file import catalog_system, read_team

    system, read = read_team(args.team, expected=catalog_system(args.catalog))
    if system is None:
        raise InputError(read.problems)
    catalog = system.load_catalog(args.catalog)
    if read.team is None:
        raise InputError(read.problems)
    return system, catalog, read


def cmd_check(args: argparse.Namespace) -> int:
    system, catalog, read = _read(args)
    report = system.check(read, catalog)
    if args.json:
        _dump(report.to_json())
    else:
        print(report.text(), file=sys.stdout)
        for problem in report.problems:
            if problem.severity != "warning":
                print(problem, file=sys.stderr)
    return report.exit_code


def cmd_analyze(args: argparse.Namespace) -> int:
    from builder.core.problems import InputError, Problem
    from builder.systems import ANALYZE_OPTIONS

    system, catalog, read = _read(args)
    given = [name for name in ANALYZE_OPTIONS if getattr(args, name) is not None]
    unused = [name for name in given if name not in system.analyze_options]
    if unused:  # refused, not ignored: a player should not read numbers the option never shaped
        takes = ", ".join(f"--{name}" for name in system.analyze_options) or "no options"
        flags = ", ".join(f"--{name}" for name in unused)
        raise InputError(
            [Problem("analyze", None, None, "", f"{flags}: not used by {system.name} "
                     f"(its analyze takes {takes})")]
        )  # fmt: skip
    rounds = DEFAULT_ROUNDS if args.rounds is None else args.rounds
    options = AnalyzeOptions(
        unit=args.unit, threat=args.threat, rounds=rounds, intercept=args.intercept
    )
    output = system.analyze(read, catalog, options)
    if args.json:
        _dump(output.json)
    else:
        print(output.text)
        for problem in output.notes:
            print(problem, file=sys.stderr)
    return EXIT_OK


def _compare_argument(text: str) -> tuple[Path, str | None]:
    """``FILE`` or ``FILE:UNIT``: a whole argument naming a file is a bare FILE (so a path
    with a colon still works); otherwise the part after the last colon is the unit."""
    path = Path(text)
    if path.exists() or ":" not in text:
        return path, None
    head, unit = text.rsplit(":", 1)
    return Path(head), unit or None


def cmd_compare(args: argparse.Namespace) -> int:
    from builder.core.problems import InputError, Problem
    from builder.roster.team_file import catalog_system, read_team
    from builder.systems import (
        COMPARE_MAX,
        CompareEntry,
        CompareOptions,
        Compares,
        PrintOptions,
    )

    def bad(message: str) -> InputError:
        return InputError([Problem("compare", None, None, "", message)])

    if len(args.units) > COMPARE_MAX:
        raise bad(f"at most {COMPARE_MAX} units side by side; got {len(args.units)} arguments")
    entries: list[CompareEntry] = []
    system: GameSystem | None = None
    expected = catalog_system(args.catalog)
    for text in args.units:
        path, unit = _compare_argument(text)
        found, read = read_team(path, expected=expected)
        if found is None or read.team is None:
            raise InputError(read.problems)
        if system is not None and found.id != system.id:
            raise bad(f"{path}: a {found.id} file; the others are {system.id}")
        system = found
        entries.append(CompareEntry(read, unit, str(path)))
    assert system is not None
    if not isinstance(system, Compares):
        raise bad(f"compare is not available for {system.id}")
    catalog = system.load_catalog(args.catalog)
    rounds = DEFAULT_ROUNDS if args.rounds is None else args.rounds
    options = CompareOptions(threat=args.threat, rounds=rounds, intercept=args.intercept)
    output = system.compare(entries, catalog, options)
    if args.json:
        _dump(output.json)
    else:
        print(output.text)
    for problem in output.notes:
        print(problem, file=sys.stderr)
    if args.output is not None:
        from builder.core.outfiles import create_new
        from builder.render.batch import render_html
        from builder.render.pdf import pdf_bytes

        sheet = system.compare_printout(
            entries, catalog, options, PrintOptions(paper=args.paper, lang=args.lang)
        )
        target = Path(args.output)
        suffix = target.suffix or ".pdf"
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            stem = target.name[: -len(target.suffix)] if target.suffix else target.name
            written = create_new(target.parent, stem, suffix, pdf_bytes(render_html(sheet)))
        except OSError as exc:
            print(f"{target}: cannot write: {exc.strerror or exc}", file=sys.stderr)
            return EXIT_BAD_INPUT
        print(f"wrote {written}", file=sys.stderr)
    return EXIT_OK


def cmd_cards(args: argparse.Namespace) -> int:
    from builder.core.problems import InputError
    from builder.render.batch import render_printouts
    from builder.systems import PrintOptions

    system, catalog, read = _read(args)
    report = system.check(read, catalog)
    errors = [p for p in report.problems if p.severity != "warning"]
    if report.exit_code == EXIT_BAD_INPUT:
        raise InputError(errors)
    sizes = list(system.card_sizes)
    size = args.card_size or sizes[0]
    if size not in sizes:
        print(
            f"laminim: error: unknown card size '{size}'; choose from {', '.join(sizes)}",
            file=sys.stderr,
        )
        return EXIT_BAD_INPUT
    if report.exit_code != EXIT_OK and not args.force:
        for problem in errors:
            print(problem, file=sys.stderr)
        print(
            f"the file is not legal for {system.name}; fix it or pass --force to print anyway",
            file=sys.stderr,
        )
        return EXIT_ILLEGAL

    def progress(step: str, done: int, total: int) -> None:
        print(f"[{done}/{total}] {step}", file=sys.stderr, flush=True)

    options = PrintOptions(paper=args.paper, lang=args.lang, card_size=size)
    try:
        paths = render_printouts(
            system.printouts(read.team, catalog, options),
            args.output,
            read.team.name,
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
    "systems": cmd_systems,
    "parts": cmd_parts,
    "check": cmd_check,
    "analyze": cmd_analyze,
    "cards": cmd_cards,
    "compare": cmd_compare,
}


if __name__ == "__main__":
    sys.exit(main())
