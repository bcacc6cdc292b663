"""The ``laminim`` command (docs/design.md "The command line").

It knows no game: a file's ``system:`` key (or ``--system`` / the ``--catalog``'s system) picks
the game system from the registry, and the system does the work. Exit codes: 0 success / legal,
1 illegal, 2 bad input (one ``file:line:col: field: message`` line per problem, never a
traceback). Commands that need neither Textual nor weasyprint do not import them, so ``check``
and ``parts`` start fast.
"""

from __future__ import annotations

import argparse
import functools
import json
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from builder import __version__, systems
from builder.core.file_unit import split_file_unit
from builder.core.i18n import LANGS
from builder.core.messages import Message, MessageError, Messages
from builder.core.outfiles import output_path
from builder.core.parser_words import (
    SHARED,
    help_text,
    lang_of,
    parser_lang,
    parser_words,
    word,
)
from builder.core.problems import InputError, Problem, errors_of
from builder.core.report_lang import ENV as LANG_ENV
from builder.core.report_lang import current_lang, env_lang, reporting_in
from builder.core.text_table import columns, fit_text, wrap
from builder.render.layout import PAPERS
from builder.systems import (
    DEFAULT_ROUNDS,
    AnalyzeOptions,
    AnySystem,
    Command,
    Option,
    Output,
    TeamModel,
    TeamRead,
)

EXIT_OK, EXIT_ILLEGAL, EXIT_BAD_INPUT = 0, 1, 2

MESSAGES = Messages.load(__file__)
"""The command's own words (its refusals, what it writes beside the output), both languages."""


def say(key: str, **params: object) -> str:
    """The command's message ``key`` in the language it reports in."""
    return MESSAGES(key, **params).text(current_lang())


def _refused(where: str, message: Message) -> InputError:
    """Bad input the command itself refuses (an option, an argument): exit 2, one line."""
    return InputError([Problem(where, None, None, "", message)])


_COMPARE_KIT = tuple(o for o in systems.COMMON_OPTIONS if o.name != "unit")
"""``compare``'s shared options when no game is loaded (a unit is named as FILE:UNIT)."""


CARD_SIZES = "<card sizes>"
"""In ``cards --card-size``'s help: every game's card sizes, filled in only when help is shown
(naming them loads every system, which a generic command otherwise never does)."""


HELP_TABLES = (
    Path(__file__).with_name("help_labels.yaml"),
    Path(__file__).with_name("catalogs") / "help_labels.yaml",
)
"""The ``--help`` texts in English and Japanese: the command's own and the catalog commands'."""


def help_tables() -> tuple[Path, ...]:
    """Every ``--help`` table: the command's own, then each installed game's (its commands and
    the options it adds)."""
    return (*HELP_TABLES, *systems.help_tables())


class _Formatter(argparse.HelpFormatter):
    """Help in the player's language (:func:`help_text`), wrapped by terminal columns: a
    Japanese character takes two, and argparse's own wrapping counts characters."""

    def _expand_help(self, action: argparse.Action) -> str:
        text = super()._expand_help(action)
        if CARD_SIZES in text:
            sizes: dict[str, str] = {}
            for sid in systems.ids():
                for size in systems.declared(sid).card_sizes:
                    sizes.setdefault(size.id, help_text(size.help))
            text = text.replace(CARD_SIZES, ", ".join(sizes.values()))
        return help_text(text)

    def _format_text(self, text: str) -> str:
        return super()._format_text(help_text(text))

    def _split_lines(self, text: str, width: int) -> list[str]:
        if columns(text) == len(text):
            return super()._split_lines(text, width)
        return wrap(" ".join(text.split()), width)

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        if columns(text) == len(text):
            return super()._fill_text(text, width, indent)
        return "\n".join(indent + line for line in wrap(" ".join(text.split()), width))


class _Parser(argparse.ArgumentParser):
    """argparse that exits 2 with a one-line message (its default is also 2, but with usage)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", _Formatter)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> None:  # type: ignore[override]
        self.print_usage(sys.stderr)
        self.exit(EXIT_BAD_INPUT, word("%(prog)s: error: %(message)s\n") % _error(message))


def _error(message: str) -> dict[str, str]:
    """The fill of argparse's "%(prog)s: error: %(message)s" line, as the command says it."""
    return dict(prog="laminim", message=message)  # prog=: the program's name, as argparse


def build_parser(
    system_commands: bool = True, command: str | None = None
) -> argparse.ArgumentParser:
    """The parser; ``system_commands=False`` leaves out what the game systems declare (their
    own sub-commands, their own ``analyze`` / ``compare`` options; the shared ones stay), so a
    command that needs none of it (see :func:`_needs_systems`) reads no game's declarations.
    Those come from each game's ``declared`` module (no game is imported); only the game
    sub-command ``command`` (the one being run) loads the games offering it to take their
    options: the others are listed by name and help."""
    loaded = [(sid, systems.declared(sid)) for sid in systems.ids()] if system_commands else []
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

    p = sub.add_parser("parts", help="list what the game's catalog holds")
    system_option(p)
    catalog_option(p)
    p.add_argument("--json", action="store_true", help="machine-readable output")

    p = sub.add_parser("check", help="check a team file's legality")
    p.add_argument("team", type=Path, help=GAME_FILE)
    catalog_option(p)
    p.add_argument("--json", action="store_true", help="machine-readable output")

    p = sub.add_parser(
        "analyze", help="exposure, expected survival (sampled beyond the exact budget), damage"
    )
    p.add_argument("team", type=Path, help=GAME_FILE)
    catalog_option(p)
    kit: list[tuple[str, Sequence[Option[Any]]]] = [("", systems.COMMON_OPTIONS)]  # no game
    _game_options(
        p, [(sid, d.analyze_options) for sid, d in loaded] or kit, name_games=bool(loaded)
    )
    p.add_argument("--json", action="store_true", help="machine-readable output")

    p = sub.add_parser(
        "compare",
        help="two to four units side by side: * the better value, ~ a plain difference, curves",
    )
    p.add_argument(
        "units",
        nargs="+",
        metavar="FILE[:UNIT]",
        help="a team file's unit (case-insensitive), or a bare FILE for all its units; "
        "2 to 4 units in all",
    )
    catalog_option(p)
    _game_options(p, [(sid, d.compare_options) for sid, d in loaded] or [("", _COMPARE_KIT)])
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.add_argument(
        "-o",
        "--output",
        type=output_path,
        metavar="OUT.pdf",
        help="also write a one-page compare sheet (never overwrites: OUT-2.pdf … if taken)",
    )
    p.add_argument("--paper", choices=list(PAPERS), default="a4", help="paper size")

    p = sub.add_parser(
        "cards",
        help="print the file's cards and play sheets, then its roster sheet (PDF)",
        description="Write the file's printouts as PDFs: its cards and play sheets (tokens, "
        "markers, references, maps), then a one-page roster sheet of every unit with its "
        "legality and the catalog's name and digest.",
    )
    p.add_argument("team", type=Path, help=GAME_FILE)
    catalog_option(p)
    p.add_argument(
        "-o",
        "--output",
        type=output_path,
        default=Path("output"),
        metavar="DIR",
        help="output folder (default: ./output)",
    )
    p.add_argument("--paper", choices=list(PAPERS), default="a4", help="paper size")
    p.add_argument(
        "--card-size",
        default=None,
        metavar="SIZE",
        help=f"card size: {CARD_SIZES} (default: the game's first)",
    )
    p.add_argument("--force", action="store_true", help="print even if the file is not legal")

    from builder.catalogs.commands import add_commands

    add_commands(sub, catalog_option, system_option)  # pin, catalog diff, migrate

    helps: dict[str, list[tuple[str, str]]] = {}  # game command -> (system, help) of each offer
    for sid, offer in loaded:
        for name, text in offer.commands.items():
            helps.setdefault(name, []).append((sid, text))
    for name, offers in helps.items():
        if name != command:  # not the one being run: listed, never parsed
            sub.add_parser(name, help=SHARED.join(dict.fromkeys(t for _, t in offers)))
            continue
        offered = [
            (sid, next(c for c in systems.get(sid).commands() if c.name == name))
            for sid, _ in offers
        ]
        if len(offered) == 1:  # one system's command: its own options
            game_command = offered[0][1]
            p = sub.add_parser(name, help=game_command.help, description=game_command.help)
            game_command.configure(p)
            p.set_defaults(run=game_command.run)
            continue
        # several systems offer it (e.g. odds): --system picks whose options the rest are
        ids = [sid for sid, _ in offered]
        p = sub.add_parser(
            name,
            help=SHARED.join(dict.fromkeys(c.help for _, c in offered)),
            description=f"'laminim {name} --system ID --help' lists that system's options.",
            add_help=False,
        )
        # the default game's command needs no --system (odds, which it does not offer, does)
        default = systems.DEFAULT if systems.DEFAULT in ids else None
        p.add_argument(  # not required=: `laminim odds --help` lists the games offering it
            "--system",
            default=default,
            choices=ids,
            help="game system" + (f" (default {default})" if default else ""),
        )
        p.add_argument("-h", "--help", action="store_true", help="show the options")
        p.set_defaults(run=_shared_command(name, dict(offered), p), passes_on=True)
    for p in sub.choices.values():
        lang_option(p)
        for inner in _sub_parsers(p):  # catalog diff: --lang after the inner command too
            lang_option(inner)
    return parser


def _sub_parsers(p: argparse.ArgumentParser) -> list[argparse.ArgumentParser]:
    """The parsers of ``p``'s own sub-commands (``catalog``'s ``diff``)."""
    return [
        inner
        for action in p._actions
        if isinstance(action, argparse._SubParsersAction)
        for inner in action.choices.values()
    ]


def lang_option(p: argparse.ArgumentParser) -> None:
    """``--lang``: every command that prints text prints it, its problems included, in the
    player's language (docs/design.md "The command line"); ``LAMINIM_LANG`` sets the default."""
    if any("--lang" in a.option_strings for a in p._actions):
        return
    p.add_argument(
        "--lang",
        choices=list(LANGS),
        default=env_lang(),
        help=f"language of the text, messages and cards (default: ${LANG_ENV}, else en)",
    )


def _shared_command(
    name: str, offered: dict[str, Command], shared: argparse.ArgumentParser
) -> Callable[[argparse.Namespace], int]:
    """Run ``name`` as the chosen system's command, parsing the remaining arguments its way;
    without ``--system``, ``--help`` is the help of ``shared`` (which games offer it)."""

    def run(args: argparse.Namespace) -> int:
        if args.system is None:
            if args.help:
                shared.print_help()
                return EXIT_OK
            shared.error(word("the following arguments are required: %s") % "--system")
        command = offered[args.system]
        parser = _Parser(prog=f"laminim {name} --system {args.system}", description=command.help)
        command.configure(parser)
        rest = list(args.rest) + (["--help"] if args.help else [])
        if getattr(args, "lang", None) and any(
            "--lang" in a.option_strings for a in parser._actions
        ):
            rest = ["--lang", args.lang, *rest]  # the shell read --lang (or LAMINIM_LANG) first
        return command.run(parser.parse_args(rest))

    return run


GAME_FILE = "the file (YAML): a team, force, crew or map; its system: key names the game"
"""Help of the file argument of check, analyze and cards (see 'laminim systems')."""


def _game_options(
    p: argparse.ArgumentParser,
    declared: list[tuple[str, Sequence[Option[Any]]]],
    name_games: bool = False,
) -> None:
    """One ``--flag`` per option the games declare (the first declaration's help), in the
    order the games declare them; ``name_games``: the help says which games take it."""
    games: dict[str, list[str]] = {}
    first: dict[str, Option[Any]] = {}
    for sid, options in declared:
        for option in options:
            first.setdefault(option.name, option)
            games.setdefault(option.name, []).append(sid)
    for name, option in first.items():
        text = option.help
        if name_games:
            which = f"games: {', '.join(games[name])}"
            text = f"{text[:-1]}; {which})" if text.endswith(")") else f"{text} ({which})"
        if option.switch:
            p.add_argument(option.flag, dest=name, action="store_const", const=True, help=text)
        else:
            p.add_argument(
                option.flag,
                dest=name,
                metavar=option.metavar,
                type=_worded(option.parse),
                help=text,
            )
    p.set_defaults(declared_options=first)


def _worded(parse: Callable[[str], Any]) -> Callable[[str], Any]:
    """An option's parser whose refusal, when it comes as a :class:`MessageError` (words in
    both languages), reads in the player's language (argparse would print "invalid value")."""

    @functools.wraps(parse)
    def run(text: str) -> Any:
        try:
            return parse(text)
        except MessageError as exc:
            raise argparse.ArgumentTypeError(exc.said.text(parser_lang())) from None

    return run


@dataclass(frozen=True)
class _Given:
    """The options given to ``analyze`` / ``compare``: the shared ones, then the game's own."""

    unit: str | None
    threat: str | None
    rounds: int
    own: dict[str, object]


def _given(
    args: argparse.Namespace, system: AnySystem, takes: Sequence[Option[Any]], command: str
) -> _Given:
    """The options given; InputError naming any the file's game does not take (refused, not
    ignored: a player should not read numbers the option never shaped)."""
    names = {o.name for o in takes}
    declared: dict[str, Option[Any]] = args.declared_options
    given = {k: v for k, v in vars(args).items() if k in declared and v is not None}
    unused = [k for k in given if k not in names]
    if unused:
        flags = ", ".join(declared[k].flag for k in unused)
        taken = ", ".join(o.flag for o in takes)
        game = (system.name, system.name_ja)
        key = "option-not-used" if taken else "option-not-used-any"
        message = MESSAGES(key, flags=flags, game=game, command=command, taken=taken)
        raise _refused(command, message)
    unit, threat, rounds = systems.COMMON_OPTIONS
    own = {k: v for k, v in given.items() if k not in (unit.name, threat.name, rounds.name)}
    return _Given(unit.of(given), threat.of(given), rounds.of(given) or DEFAULT_ROUNDS, own)


_GENERIC = ("tui", "systems", "parts", "check", "cards", "pin", "catalog", "migrate")
"""Commands that need no game's declarations to parse (they load only the file's system)."""

_PLAIN = ("--catalog", "--json", "-o", "--output", "--paper", "--lang")
"""Options of ``analyze`` / ``compare`` that are no game's."""


def _needs_systems(command: str | None, words: list[str]) -> bool:
    """Whether parsing ``words`` needs what the games declare: their own commands, help (it
    names the games per option), or an ``analyze`` / ``compare`` option beyond the shared ones.
    So ``laminim analyze FILE --threat X`` loads only FILE's game, as ``check`` does."""
    if command in _GENERIC:
        return False
    if command not in ("analyze", "compare"):
        return True
    known = {*_PLAIN, *(o.flag for o in systems.COMMON_OPTIONS)}
    return any(w.startswith("-") and w.split("=", 1)[0] not in known for w in words)


def main(argv: Sequence[str] | None = None) -> int:
    words = list(sys.argv[1:] if argv is None else argv)
    if words and Path(words[0]).suffix.lower() in (".yaml", ".yml"):
        # `laminim FILE` opens FILE in the TUI (docs/design.md "The command line")
        words.insert(0, "tui")
    first = next((w for w in words if not w.startswith("-")), None)
    # argparse's own refusals and help come before --lang is read: say them in its language
    with parser_words(lang_of(words, env_lang()), help_tables()):
        # bare `laminim` opens the TUI: loading every game's commands would only delay it
        parser = build_parser(bool(words) and _needs_systems(first, words), first)
        args, rest = parser.parse_known_args(words)
        if rest and not getattr(args, "passes_on", False):
            parser.error(word("unrecognized arguments: %s") % " ".join(rest))
        args.rest = rest
        return _run(args)


def _run(args: argparse.Namespace) -> int:
    """Run the parsed command in its language; bad input is its problems, never a traceback."""
    command = args.command or "tui"
    if command == "tui" and not args.command:
        args.team, args.catalog, args.system = None, None, None
    from builder.core.problems import InputError

    with reporting_in(getattr(args, "lang", None) or env_lang()):
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
            default = "  " + say("default-system") if s.id == systems.DEFAULT else ""
            print(f"{s.id:<10} {s.name} / {s.name_ja}{default}")
    return EXIT_OK


def cmd_parts(args: argparse.Namespace) -> int:
    from builder.catalogs.commands import describe_identity
    from builder.roster.team_file import catalog_system

    system = systems.get(args.system or catalog_system(args.catalog))
    output = system.describe_catalog(system.load_catalog(args.catalog))
    output = describe_identity(system, output, args.catalog)  # its version and digest
    if args.json:
        _dump(output.json)
    else:
        print(fit_text(output.text))
    return EXIT_OK


def _read(args: argparse.Namespace) -> tuple[AnySystem, Any, TeamRead[TeamModel], TeamModel]:
    """The file's system, its catalog, the file as read and its team; InputError when it is
    unusable."""
    from builder.core.problems import InputError
    from builder.roster.team_file import catalog_system, read_team

    system, read = read_team(args.team, expected=catalog_system(args.catalog))
    if system is None:
        raise InputError(read.problems)
    catalog = system.load_catalog(args.catalog)
    if read.team is None:
        raise InputError(read.problems)
    return system, catalog, read, read.team


def cmd_check(args: argparse.Namespace) -> int:
    from builder.catalogs.impact import catalog_folder
    from builder.catalogs.notice import check_notice

    system, catalog, read, _ = _read(args)
    report = system.check(read, catalog)
    # a pinned file checked against another catalog, ids the catalog renamed: warnings only
    notice = check_notice(system, args.team, read, catalog, catalog_folder(system, args.catalog))
    if args.json:
        data = report.to_json()
        _dump(data if notice.json is None else {**data, "catalog": notice.json})
    else:
        print(fit_text(report.text()), file=sys.stdout)
        for problem in errors_of(report.problems):
            print(notice.mark(problem), file=sys.stderr)
        for problem in notice.warnings:
            print(problem, file=sys.stderr)
    return report.exit_code


def cmd_analyze(args: argparse.Namespace) -> int:
    system, catalog, read, _ = _read(args)
    given = _given(args, system, system.analyze_options, "analyze")
    options = AnalyzeOptions(given.unit, given.threat, given.rounds, given.own)
    _show(system.analyze(read, catalog, options), args.json)
    return EXIT_OK


def _show(output: Output, as_json: bool, notes_with_json: bool = False) -> None:
    """Print an output as JSON or text; its notes go to stderr beside the text (and beside
    the JSON too with ``notes_with_json``)."""
    if as_json:
        _dump(output.json)
    else:
        print(fit_text(output.text))
    if notes_with_json or not as_json:
        for problem in output.notes:
            print(problem, file=sys.stderr)


def cmd_compare(args: argparse.Namespace) -> int:
    from builder.core.problems import InputError, Problem
    from builder.roster.team_file import catalog_system, read_team
    from builder.systems import (
        COMPARE_MAX,
        CompareEntry,
        CompareOptions,
        Compares,
        PrintOptions,
        nothing_to_compare,
    )

    if len(args.units) > COMPARE_MAX:
        raise _refused("compare", MESSAGES("compare-too-many", max=COMPARE_MAX, n=len(args.units)))
    entries: list[CompareEntry] = []
    system: AnySystem | None = None
    expected = catalog_system(args.catalog)
    for text in args.units:
        path, unit = split_file_unit(text)
        found, read = read_team(path, expected=expected)
        if found is None or read.team is None:
            raise InputError(read.problems)
        if system is not None and found.id != system.id:
            other = MESSAGES("compare-other-game", path=path, found=found.id, system=system.id)
            raise _refused("compare", other)
        system = found
        entries.append(CompareEntry(read, unit, str(path)))
    assert system is not None
    if not isinstance(system, Compares):
        games = [s.id for s in map(systems.get, systems.ids()) if isinstance(s, Compares)]
        message = nothing_to_compare((system.name, system.name_ja), games)
        raise InputError([Problem("compare", None, None, "", message)])
    catalog = system.load_catalog(args.catalog)
    given = _given(args, system, system.compare_options, "compare")
    options = CompareOptions(given.threat, given.rounds, given.own)
    _show(system.compare(entries, catalog, options), args.json, notes_with_json=True)
    if args.output is not None:
        from builder.render.report_file import write_report

        sheet = system.compare_printout(
            entries, catalog, options, PrintOptions(paper=args.paper, lang=args.lang)
        )
        return write_report(sheet, args.output, args.lang)
    return EXIT_OK


def cmd_cards(args: argparse.Namespace) -> int:
    from builder.core.problems import InputError
    from builder.render.batch import render_printouts
    from builder.systems import PrintOptions

    system, catalog, read, team = _read(args)
    report = system.check(read, catalog)
    errors = errors_of(report.problems)
    if report.exit_code == EXIT_BAD_INPUT:
        raise InputError(errors)
    sizes = [c.id for c in system.card_sizes]
    size = args.card_size or sizes[0]
    if size not in sizes:
        refusal = say("unknown-card-size", size=size, sizes=", ".join(sizes))
        print(word("%(prog)s: error: %(message)s\n") % _error(refusal), end="", file=sys.stderr)
        return EXIT_BAD_INPUT
    if report.exit_code != EXIT_OK and not args.force:
        for problem in errors:
            print(problem, file=sys.stderr)
        print(say("not-legal-to-print", game=(system.name, system.name_ja)), file=sys.stderr)
        return EXIT_ILLEGAL

    def progress(step: str, done: int, total: int) -> None:
        print(f"[{done}/{total}] {step}", file=sys.stderr, flush=True)

    options = PrintOptions(paper=args.paper, lang=args.lang, card_size=size)
    try:
        paths = render_printouts(
            system.printouts(team, catalog, options),
            args.output,
            team.name,
            progress=progress,
            parallel=True,
        )
    except OSError as exc:
        print(say("cannot-write", target=args.output, reason=exc.strerror or exc), file=sys.stderr)
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
