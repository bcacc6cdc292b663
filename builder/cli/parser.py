"""The ``laminim`` command line's parser: every command and option, ``--help`` in the player's
language (argparse's own words included), each game's own options and commands read from its
declarations (no game is imported to build it), and the options given checked against the file's
game."""

from __future__ import annotations

import argparse
import functools
import sys
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from builder import __version__, systems
from builder.cli.words import EXIT_BAD_INPUT, EXIT_OK, MESSAGES, _refused
from builder.core.i18n import LANGS
from builder.core.messages import MessageError
from builder.core.outfiles import output_dir, output_file_or_folder, output_path
from builder.core.parser_words import (
    SHARED,
    help_text,
    parser_lang,
    word,
)
from builder.core.report_lang import ENV as LANG_ENV
from builder.core.report_lang import env_lang
from builder.core.text_table import columns, fit_text, wrap
from builder.render.layout import BACKS, PAPERS, parse_offset
from builder.systems import (
    DEFAULT_ROUNDS,
    AnySystem,
    Command,
    Option,
)

_COMPARE_KIT = tuple(o for o in systems.COMMON_OPTIONS if o.name != "unit")
"""``compare``'s shared options when no game is loaded (a unit is named as FILE:UNIT)."""


CARD_SIZES = "<card sizes>"
"""In ``cards --card-size``'s help: every game's card sizes, filled in only when help is shown
(naming them loads every system, which a generic command otherwise never does)."""


HELP_TABLES = (
    Path(__file__).with_name("help_labels.yaml"),
    Path(__file__).parent.parent / "catalogs" / "help_labels.yaml",
    Path(__file__).parent.parent / "play" / "help_labels.yaml",
    Path(__file__).parent.parent / "exchange" / "help_labels.yaml",
    Path(__file__).with_name("matchup_help_labels.yaml"),
)
"""The ``--help`` texts in English and Japanese: the command's own and the catalog commands'."""


def help_tables() -> tuple[Path, ...]:
    """Every ``--help`` table: the command's own, then each installed game's (its commands and
    the options it adds)."""
    return (*HELP_TABLES, *systems.help_tables())


class _Formatter(argparse.HelpFormatter):
    """Help in the player's language (:func:`help_text`), wrapped by terminal columns: a
    Japanese character takes two, and argparse's own wrapping counts characters."""

    def _format_usage(
        self,
        usage: str | None,
        actions: Iterable[argparse.Action],
        groups: Iterable[argparse._MutuallyExclusiveGroup],
        prefix: str | None,
    ) -> str:
        # argparse wraps the usage by the prefix's characters: 「使い方: 」 takes more columns
        said = prefix if prefix is not None else word("usage: ")
        wider = columns(said) - len(said)
        self._width -= wider
        try:
            text = super()._format_usage(usage, actions, groups, prefix)
        finally:
            self._width += wider
        first, *rest = text.split("\n")  # continuation lines under the first argument
        return "\n".join([first, *(" " * wider + line if line.strip() else line for line in rest)])

    def _expand_help(self, action: argparse.Action) -> str:
        text = super()._expand_help(action)
        if CARD_SIZES in text:
            sizes: dict[str, str] = {}
            for sid in systems.ids():
                for size in systems.declared(sid).card_sizes:
                    sizes.setdefault(size.id, help_text(size.help))
            comma = "、" if parser_lang() == "ja" else ", "
            text = text.replace(CARD_SIZES, comma.join(sizes.values()))
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
        said = word("%(prog)s: error: %(message)s\n") % _error(message)
        self.exit(EXIT_BAD_INPUT, fit_text(said))  # a list of 15 choices fits 80 columns too


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
    sheet_options(p, "also write a one-page compare sheet (never overwrites: OUT-2.pdf … if taken)")

    p = sub.add_parser(
        "cards",
        help="print the file's cards and play sheets, then its roster sheet (PDF)",
        description="Write the file's printouts as PDFs: its cards and play sheets (tokens, "
        "markers, references, maps), then a one-page roster sheet of every unit with its "
        "legality and the catalog's name and digest.",
    )
    p.add_argument("team", type=Path, nargs="?", help=GAME_FILE)
    catalog_option(p)
    p.add_argument(
        "-o",
        "--output",
        type=output_dir,
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
    p.add_argument(
        "--backs",
        choices=list(BACKS),
        default="none",
        help="card backs: duplex (a back page after each front page, for flipping on the long "
        "edge) or fold (each back beside its front, to fold over)",
    )
    p.add_argument(
        "--offset",
        type=offset_mm,
        default=(0.0, 0.0),
        metavar="X,Y",
        help="move the duplex back pages by X,Y mm (right, down), as the calibration sheet reads",
    )
    p.add_argument(
        "--bleed",
        action="store_true",
        help="one card a page with a 3 mm bleed, for a print shop",
    )
    p.add_argument(
        "--calibrate",
        action="store_true",
        help="write the duplex calibration sheet (no file needed): print it two-sided once and "
        "read the offset",
    )

    from builder.play.command import configure as add_play

    add_play(sub, catalog_option).set_defaults(run=_play)  # docs/play.md: a terminal's screen

    from builder.catalogs.commands import add_commands

    add_commands(sub, catalog_option, system_option)  # pin, catalog diff, migrate

    from builder.exchange.commands import add_commands as add_exchange

    add_exchange(sub, catalog_option, output_file_or_folder)  # share, import, export

    from builder.cli.matchup import add_command as add_matchup

    add_matchup(sub, catalog_option)  # matchup TEAM_A TEAM_B (docs/matchup.md)

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


def sheet_options(p: argparse.ArgumentParser, output_help: str) -> None:
    """``--json``, ``-o OUT.pdf`` (its help ``output_help``: which one-page sheet) and
    ``--paper``: what ``compare`` and ``matchup`` offer beside their text table."""
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.add_argument("-o", "--output", type=output_path, metavar="OUT.pdf", help=output_help)
    p.add_argument("--paper", choices=list(PAPERS), default="a4", help="paper size")


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


def offset_mm(text: str) -> tuple[float, float]:
    """``--offset X,Y`` in mm (``1.5,-0.5``); argparse's error for anything else."""
    try:
        return parse_offset(text)
    except ValueError:
        from builder.cli.words import say

        raise argparse.ArgumentTypeError(say("bad-offset", value=text)) from None


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


def _play(args: argparse.Namespace) -> int:
    from builder.cli.commands import cmd_play

    return cmd_play(args)


def command_names() -> set[str]:
    """Every command's name: the parser's own (whatever commands it has today) and each game's
    (from its declarations; no game is loaded)."""
    from builder.cli.global_options import sub_parsers

    names = set(sub_parsers(build_parser(system_commands=False)))
    for sid in systems.ids():
        names |= set(systems.declared(sid).commands)
    return names


_GENERIC = (
    *("tui", "systems", "parts", "check", "cards", "pin", "catalog", "migrate", "play"),
    *("share", "import", "export", "matchup"),
)
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
