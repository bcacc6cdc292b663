"""The ``laminim`` command (docs/design.md "The command line").

It knows no game: a file's ``system:`` key (or ``--system`` / the ``--catalog``'s system) picks
the game system from the registry, and the system does the work. Exit codes: 0 success / legal,
1 illegal, 2 bad input (one ``file:line:col: field: message`` line per problem, never a
traceback). Commands that need neither Textual nor weasyprint do not import them, so ``check``
and ``parts`` start fast.
"""

from __future__ import annotations

import argparse
import gc
import sys
from collections.abc import Sequence
from pathlib import Path

from builder.cli.commands import _COMMANDS
from builder.cli.global_options import VALUED, Arranged, put_back, take_out
from builder.cli.parser import (
    HELP_TABLES,
    _needs_systems,
    _worded,
    build_parser,
    command_names,
    help_tables,
)
from builder.cli.words import EXIT_BAD_INPUT, EXIT_OK, MESSAGES, say
from builder.core.parser_words import lang_of, parser_words, word
from builder.core.pydantic_plugins import skip_plugin_search
from builder.core.report_lang import env_lang, reporting_in

__all__ = ["HELP_TABLES", "MESSAGES", "_worded", "build_parser", "help_tables", "main", "say"]


def main(argv: Sequence[str] | None = None) -> int:
    """``laminim ARGV`` (None: the process's own arguments, as the ``laminim`` script runs it)."""
    skip_plugin_search()  # before any model is built: pydantic's plugin search costs 20 ms
    try:
        return _main(argv)
    finally:
        if argv is None:  # the process ends now: its exit's collection need not walk every
            gc.freeze()  # object the command made (4 % of a check); in-process callers keep it


def _main(argv: Sequence[str] | None) -> int:
    given = list(sys.argv[1:] if argv is None else argv)
    arranged = take_out(given)  # --lang, --catalog, --json: before or after the command
    if _opens_a_file(arranged.words) or _no_command(arranged):
        # `laminim FILE` (and `laminim --lang ja`) open the TUI (docs/design.md "The command line")
        arranged.words.insert(0, "tui")
    words = put_back(arranged)
    first = next((w for w in words if not w.startswith("-")), None)
    # argparse's own refusals and help come before --lang is read: say them in its language
    with parser_words(lang_of(words, env_lang()), help_tables):
        # bare `laminim` opens the TUI: loading every game's commands would only delay it
        parser = build_parser(bool(words) and _needs_systems(first, words), first)
        args, rest = parser.parse_known_args(words)
        if rest and not getattr(args, "passes_on", False):
            parser.error(word("unrecognized arguments: %s") % " ".join(rest))
        args.rest = rest
        return _run(args)


def _no_command(arranged: Arranged) -> bool:
    """Whether the line names no command but gives global options (``laminim --lang ja``, or
    a ``--lang`` left without its value): the TUI, the command that runs without one."""
    left = [w for w in arranged.words if w not in ("-h", "--help", "--version")]
    return (
        len(left) == len(arranged.words)
        and bool(arranged.options or left)
        and all(w in VALUED for w in left)
    )


def _opens_a_file(words: list[str]) -> bool:
    """Whether the line's first word is a file to open rather than a command: a YAML file's
    name, or any existing file that no command is called (``laminim team.txt``)."""
    first = next((w for w in words if w == "--" or not w.startswith("-")), None)
    if first is None or first == "--":
        return False
    if Path(first).suffix.lower() in (".yaml", ".yml"):
        return True
    from builder.core.input_files import exists_safely

    return exists_safely(Path(first)) and not Path(first).is_dir() and first not in command_names()


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
