"""``laminim balance [--catalog DIR] [--threat ID|FILE ...] [--rounds N] [--json] [-o REPORT.pdf]``
(docs/balance.md): the designer's report across every frame, weapon and threat of a catalog.

The scoring is the optimiser's (``balance.run_balance``); this module parses the command line,
shows progress on a terminal's stderr and prints the text or JSON, and writes the PDF with ``-o``.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from builder.core.i18n import LANGS
from builder.core.problems import InputError
from builder.core.report_lang import current_lang
from builder.systems.base import DEFAULT_ROUNDS, Command
from builder.systems.laminim.declared import BALANCE_HELP as HELP
from builder.systems.options import whole_number


def configure(p: argparse.ArgumentParser) -> None:
    from builder.render.layout import PAPERS
    from builder.systems.laminim.commands import MAX_ROUNDS

    p.add_argument("--system", choices=["laminim"], help=argparse.SUPPRESS)
    p.add_argument("--catalog", type=Path, metavar="DIR", help="parts catalog folder")
    p.add_argument(
        "--threat",
        dest="threats",
        action="extend",
        nargs="+",
        default=None,
        metavar="ID|FILE",
        help="threat ids or names, or YAML files (default: every threat of the catalog)",
    )
    p.add_argument(
        "--rounds",
        type=whole_number(1, MAX_ROUNDS),
        default=DEFAULT_ROUNDS,
        metavar="N",
        help=f"rounds survived (default {DEFAULT_ROUNDS})",
    )
    p.add_argument(
        "--exact",
        action="store_true",
        help="refuse (exit 2) a loadout beyond the exact chain's budget instead of sampling it",
    )
    p.add_argument("--json", action="store_true", help="machine-readable (docs/balance.md)")
    p.add_argument("-o", "--output", metavar="REPORT.pdf", help="also write the PDF report")
    p.add_argument("--paper", choices=list(PAPERS), default="a4", help="report paper size")
    p.add_argument(
        "--lang",
        choices=list(LANGS),
        default=None,
        help="text and report language (default: $LAMINIM_LANG, else en)",
    )


def run(args: argparse.Namespace) -> int:
    from builder.systems.laminim.balance import run_balance
    from builder.systems.laminim.balance_text import balance_json, balance_text
    from builder.systems.laminim.optimizer import option_problem
    from builder.systems.laminim.optimizer_run import terminal_progress
    from builder.systems.laminim.refusals import too_large
    from builder.systems.laminim.rules import TooLarge
    from builder.systems.laminim.system import SYSTEM

    lang = args.lang or current_lang()  # the shell's --lang, else LAMINIM_LANG
    catalog = SYSTEM.load_catalog(args.catalog)
    try:
        found = run_balance(
            catalog, args.threats, args.rounds, args.catalog, terminal_progress(), args.exact
        )
    except TooLarge as exc:  # check_size estimates every chain first; this is only a safety net
        raise InputError([option_problem("balance", too_large(exc))]) from None
    if args.json:
        print(json.dumps(balance_json(found, catalog), ensure_ascii=False, indent=2))
    else:
        sys.stdout.write(balance_text(found, catalog, lang) + "\n")
    if args.output is not None:
        from builder.render.report_file import write_report
        from builder.systems.laminim.balance_report import report_printout

        return write_report(report_printout(found, catalog, lang, args.paper), args.output, lang)
    return 0


def command() -> Command:
    return Command("balance", HELP, configure, run)
